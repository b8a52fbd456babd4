// What a frame surface was last painted with, so the next frame repaints only what changed.

import CropKit
import GtkSupport

/// The content a frame surface was last painted with. The picture is held weakly: once its cache
/// is gone the next frame repaints everything (a new cache could even reuse its address).
@_spi(Benchmark) public struct FrameContent {
    weak var picture: ImageSurface?
    let hadPicture: Bool
    let bounds: CropRect
    let scale: Double
    let placed: CropRect
    let frame: CropRect
    let state: PaintState
    let focusRing: CropRect?
}
