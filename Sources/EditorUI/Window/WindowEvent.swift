// What a window reports to an observer the tests inject; the window itself keeps no record of it.

import CropKit

/// Something a window told the person, or did on its own, that a watcher may want to know.
enum WindowEvent: Equatable {
    /// A passing message, with the action of its button if it has one.
    case toast(String, action: String?)
    /// A message about something that failed (also shown as a toast).
    case error(String)
    /// Keep Crop wrote this sidecar.
    case keptSidecar(String)
    /// Opening a photo restored the crop kept beside it.
    case restoredCrop(CropRect)
}
