// The line drawn over the picture in straighten mode to level it by, from where the drag began to where it is.

import CGtk
import CropKit
import GtkSupport

/// A line drawn over the picture in straighten mode, from where the drag began to where it is.
@_spi(Benchmark) public struct LevelLine: Equatable, Sendable {
    var start: CropPoint
    var end: CropPoint
}
