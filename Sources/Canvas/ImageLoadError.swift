// Why a file could not be shown, in words for the user.

import CGtk
import Decoding
import Foundation
import GtkSupport
import Imaging

/// Why a file could not be shown, in words for the user.
public struct ImageLoadError: Error, Sendable {
    public let message: String
}
