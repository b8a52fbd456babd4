// What the canvas tells its owner, through its one callback: edits with CropKit's changes, the zoom, the angle, and requests.

import CropKit

/// One thing the canvas reports. The owner (the window) decides what each means for its parts.
public enum CanvasEvent {
    /// An operation of the editing model changed something: CropKit's `Changes` say what
    /// (the committed crop, whether undo or redo is possible, the picture's turn, what is drawn).
    case edited(CropEditor.Changes)
    /// The straighten angle changed (before the edit that changed it reports).
    case angleChanged
    /// The zoom changed.
    case zoomChanged
    /// Suggest was asked for (S, `crop.suggest`): the owner knows the file to suggest from.
    case suggestAsked
    /// Trim Borders was asked for (T, `crop.trim`): the owner knows the picture to measure.
    case trimAsked
    /// Level found no lines to go by.
    case nothingToLevel
}
