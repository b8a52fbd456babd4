// Sharp regions of a zoomed view: the request, the tile, and one owner for the render on its way, its delay and cancellation.

import CGtk
import CropKit
import Decoding
import Foundation
import GtkSupport
import ImagingCore

/// One region of the upright picture at a number of device pixels per picture pixel: what a
/// sharp render makes. With `rectified`, the region is of the rectified picture that correction
/// makes of the picture turned and flipped by its transform, and the scale per rectified pixel.
struct SharpRequest: Equatable, Sendable {
    let region: CropRect
    let scale: Double
    var rectified: (transform: ImageOrientation, rectification: Rectification)? = nil

    static func == (a: SharpRequest, b: SharpRequest) -> Bool {
        a.region == b.region && a.scale == b.scale && a.rectified?.transform == b.rectified?.transform
            && a.rectified?.rectification == b.rectified?.rectification
    }
}

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

/// Renders the region a zoomed view shows from the full-resolution file, in the background, one
/// at a time: a newer request cancels the older render (also while it waits for the libvips lock),
/// and a run of requests closer together than `delay` renders only the last.
@MainActor
final class SharpRegionLoader {
    /// Wait this long after the last view change, so a run of wheel notches renders once.
    static let delayMilliseconds: UInt32 = 120

    /// The region last rendered, once it has arrived.
    private(set) var tile: SharpTile?
    /// The region last asked for, so an unchanged view does not ask again.
    private var request: SharpRequest?
    /// Counts requests so only the newest render is shown.
    private var generation = 0
    /// The render on its way (or waiting for its turn), cancelled by a newer request.
    private var cancellation: RenderCancellation?
    /// Called when a new tile has arrived (the canvas redraws).
    var onTile: (() -> Void)?
    /// Told of each render that finished and whether it ran on the main thread (tests watch it).
    var onRendered: ((_ onMainThread: Bool) -> Void)?

    /// Asks for `request` of `image` (decoded from `original`'s file: the rectified picture's is
    /// the picture's), unless it is the one already shown or on its way.
    func want(_ request: SharpRequest, of image: LoadedImage, decodedFrom original: LoadedImage? = nil) {
        let original = original ?? image
        guard request != self.request, let info = original.info, let from = original.decoderSource else { return }
        stopPending()
        self.request = request
        let generation = self.generation
        let cancellation = RenderCancellation()
        self.cancellation = cancellation
        let source = image.surface
        Timer.once(milliseconds: SharpRegionLoader.delayMilliseconds) { [weak self] in
            guard let self, self.generation == generation else { return }
            self.render(request, info: info, from: from, source: source, generation: generation, cancellation: cancellation)
        }
    }

    /// Lets the tile go, and any render still on its way (a new picture, none, or the fit).
    /// Returns whether there was anything to let go.
    @discardableResult
    func drop() -> Bool {
        let had = tile != nil || request != nil
        stopPending()
        tile = nil
        request = nil
        return had
    }

    /// Makes any render asked for so far stale, and stops it where it is.
    private func stopPending() {
        generation += 1
        cancellation?.cancel()
        cancellation = nil
    }

    private func render(
        _ request: SharpRequest, info: ImageInfo, from: DecoderSource, source: ImageSurface, generation: Int,
        cancellation: RenderCancellation
    ) {
        Task { @MainActor [weak self] in
            let (tile, onMainThread) = await Task.detached(priority: .utility) { () -> (SharpTile?, Bool) in
                let onMainThread = Thread.isMainThread
                guard let rendered = SharpRegionLoader.rendered(request, info: info, from: from, cancellation: cancellation),
                    let surface = ImageSource.surface(from: rendered.pixels)
                else { return (nil, onMainThread) }
                return (SharpTile(surface: surface, region: rendered.region, source: source), onMainThread)
            }.value
            // A newer view or picture asked meanwhile: this one is stale.
            guard let self, self.generation == generation, let tile else { return }
            self.cancellation = nil
            self.tile = tile
            self.onRendered?(onMainThread)
            self.onTile?()
        }
    }

    /// The decoder's render of `request`: a region of the picture, or of the rectified picture at
    /// the size its scale gives (the part inside the picture).
    nonisolated private static func rendered(
        _ request: SharpRequest, info: ImageInfo, from: DecoderSource, cancellation: RenderCancellation
    ) -> RenderedRegion? {
        guard let (transform, rectification) = request.rectified else {
            return try? DecoderPool.shared.renderRegion(
                info, from: from, region: request.region, scale: request.scale, cancellation: cancellation)
        }
        guard let region = request.region.intersection(.unit) else { return nil }
        let size = rectification.size
        let width = Int((region.width * Double(size.width) * request.scale).rounded())
        let height = Int((region.height * Double(size.height) * request.scale).rounded())
        guard width >= 1, height >= 1 else { return nil }
        return try? DecoderPool.shared.renderRectified(
            info, from: from, transform: transform, rectification: rectification, region: region, width: width,
            height: height, cancellation: cancellation)
    }
}
