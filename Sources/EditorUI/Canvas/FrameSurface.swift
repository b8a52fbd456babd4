// A frame surface and the frame it holds.

import CGtk
import GtkSupport
import Synchronization

/// A frame surface and the frame it holds.
final class FrameSurface: @unchecked Sendable {
    // Unchecked: `holds` is read and written on the main thread only (snapshots, benchmarks).
    let image: ImageSurface
    var holds: FrameContent?
    init(_ image: ImageSurface) { self.image = image }
}
