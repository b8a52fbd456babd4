// A frame surface and the frame it holds.

import CGtk
import GtkSupport
import Synchronization

/// A frame surface and the frame it holds.
@_spi(Benchmark) public final class FrameSurface: @unchecked Sendable {
    // Unchecked: `holds` is read and written on the main thread only (snapshots, benchmarks).
    let image: ImageSurface
    @_spi(Benchmark) public var holds: FrameContent?
    init(_ image: ImageSurface) { self.image = image }
}
