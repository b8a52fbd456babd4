// When an action can be used: the conditions one function of the window answers for every action.

/// When an action can be used; `EditorWindow.isEnabled(_:)` decides each.
enum ActionAvailability: Equatable {
    case always
    /// A picture is shown (the demo counts).
    case picture
    /// A photo from a file is shown: the demo has nothing to save or keep beside.
    case file
    /// A picture with a result to save or copy: from a file or pasted (not the demo).
    case result
    /// The clipboard holds an image or image files to paste.
    case paste
    case undo, redo
    /// A save has written a result to open.
    case savedResult
    /// A file to open in another application: the result saved from the picture shown, or its photo.
    case fileToOpen
    /// The JPEG's crop is off its block grid and can be snapped onto it.
    case losslessSnap
    /// The folder has a photo after / before the one shown.
    case photo(FolderSession.Neighbour)
    /// A photo from a file is shown and no Apply to All is running.
    case batch
    /// The finder can measure the picture shown, and none of its kind is running.
    case finder(CropFinder)
}
