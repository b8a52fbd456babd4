// A region of the full-resolution picture rendered at screen resolution for a zoomed view.

import CGtk
import CropKit
import GtkSupport

/// A region of the full-resolution picture rendered at screen resolution for a zoomed view.
@_spi(Benchmark) public final class SharpTile: Sendable {
    let surface: ImageSurface
    /// The normalized region of the upright picture it shows.
    let region: CropRect
    /// The picture it was rendered from.
    let source: ImageSurface

    init(surface: ImageSurface, region: CropRect, source: ImageSurface) {
        self.surface = surface
        self.region = region
        self.source = source
    }
}
