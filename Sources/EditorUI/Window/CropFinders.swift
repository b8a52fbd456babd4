// The window's searches of the picture's pixels for a crop, Suggest's and Trim Borders': the state that keeps each to one at a time.

/// What the window's crop-finding work holds while it runs off the main thread.
@MainActor
final class CropFinders {
    /// A smart crop suggestion is being computed (`EditorWindow+Suggest`).
    var isSuggesting = false
    /// Trim Borders (T, `crop.trim`, the main menu).
    let trim = TrimController()
}
