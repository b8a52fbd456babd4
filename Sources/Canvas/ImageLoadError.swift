// Why a file could not be shown: the cause as it happened, worded only when someone reads it.

import Foundation
import ImagingCore
import Wording

/// Why a file could not be shown. The cause stays typed (the imaging module's own error) until the
/// window words it, so a caller can tell a hostile file from a full screen's worth of pixels.
public enum ImageLoadError: Error, Sendable, Equatable {
    /// Decoding `name` failed for this reason.
    case imaging(name: String, ImagingError)
    /// `name` decoded, but its display surface would be larger than the screen can hold.
    case tooLargeToDisplay(name: String)

    /// In words, for the window's toast: "“photo.jpg”: the file is empty".
    public var message: String {
        switch self {
        case .imaging(let name, let error): return Localization.format(tr("“%1$s”: %2$s"), [name, error.message])
        case .tooLargeToDisplay(let name): return Localization.format(tr("“%s” is too large to display"), [name])
        }
    }
}
