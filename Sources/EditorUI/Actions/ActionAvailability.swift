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
    /// As `batch`, outside Cut Out mode: there Delete puts the chosen band back (the crop area's own
    /// key, which a disabled Move to Trash leaves to it).
    case trash
    /// As `batch`, and the crop has no perspective correction: the folder's other photos have their
    /// own pages at their own slants, which one photo's corners do not fit.
    case applyToAll
    /// A picture without a perspective correction, which levels the picture itself: straightening.
    case straighten
    /// Perspective mode is on: its corners can be applied.
    case perspectiveMode
    /// Perspective mode or guided Upright is on: it can be left.
    case perspectiveTools
    /// Perspective mode is on or a correction is committed: its proportions can be chosen.
    case perspectiveRatio
    /// The finder can measure the picture shown, and none of its kind is running.
    case finder(CropFinder)
    /// A frame can be added: a picture without a perspective correction, with room for another frame.
    case addFrame
    /// The picture has several frames: one can be removed, the next or the one before chosen.
    case severalFrames
}
