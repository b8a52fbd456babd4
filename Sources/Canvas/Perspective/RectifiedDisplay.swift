// The rectified picture at display size: rendered by the confined decoder off the main thread, the newest request only.

import CropKit
import Decoding
import Foundation
import GtkSupport
import ImagingCore

/// The picture a committed perspective correction shows: made by the decoder with the export's
/// own warp, at the size the view needs (the screen's at most), in the background; a newer
/// correction cancels the render on its way. The crop area shows the picture stretched over the
/// rectified box for the moment the render takes.
@MainActor
final class RectifiedDisplay {
    /// What a render is of: the picture (its surface's identity), its turn and flip, the correction.
    struct Key: Equatable {
        let source: ImageSurface
        let transform: ImageOrientation
        let rectification: Rectification

        static func == (a: Key, b: Key) -> Bool {
            a.source === b.source && a.transform == b.transform && a.rectification == b.rectification
        }
    }

    /// The rectified picture for `shown`, once rendered.
    private var shown: (key: Key, picture: LoadedImage)?
    /// The render asked for last, so an unchanged correction does not ask again.
    private var wanted: Key?
    /// Counts requests so only the newest render is kept.
    private var generation = 0
    private var cancellation: RenderCancellation?
    /// Called when a rendered picture has arrived (the canvas redraws).
    var onReady: (() -> Void)?

    /// The rectified picture for `key`, if it has been rendered.
    func picture(for key: Key) -> LoadedImage? { shown?.key == key ? shown?.picture : nil }

    /// Asks for `key`'s picture of `image`, no larger than `limit` device pixels, unless it is
    /// shown or on its way already. A picture without bytes for the decoder (the demo) has none.
    func want(_ key: Key, of image: LoadedImage, limit: (width: Int, height: Int)) {
        guard key != wanted, shown?.key != key, let info = image.info, let source = image.decoderSource else { return }
        stop()
        wanted = key
        let generation = self.generation
        let cancellation = RenderCancellation()
        self.cancellation = cancellation
        let full = key.rectification.size
        let fit = min(1, Double(limit.width) / Double(full.width), Double(limit.height) / Double(full.height))
        let width = max(1, Int((Double(full.width) * fit).rounded())), height = max(1, Int((Double(full.height) * fit).rounded()))
        Task { @MainActor [weak self] in
            let surface = await Task.detached(priority: .userInitiated) { () -> ImageSurface? in
                guard
                    let rendered = try? DecoderPool.shared.renderRectified(
                        info, from: source, transform: key.transform, rectification: key.rectification, region: .unit,
                        width: width, height: height, cancellation: cancellation)
                else { return nil }
                return ImageSource.surface(from: rendered.pixels)
            }.value
            guard let self, self.generation == generation, let surface else { return }
            self.cancellation = nil
            let picture = LoadedImage(
                title: image.title, path: image.path, surface: surface, pixelWidth: full.width, pixelHeight: full.height)
            self.shown = (key, picture)
            self.onReady?()
        }
    }

    /// Lets the picture go, and any render on its way (a new picture, or no correction).
    func drop() {
        stop()
        shown = nil
        wanted = nil
    }

    private func stop() {
        generation += 1
        cancellation?.cancel()
        cancellation = nil
    }
}
