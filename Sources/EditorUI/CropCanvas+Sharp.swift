// Zoomed past the display thumbnail's resolution, the visible region is rendered sharp from the full image in the background.

import CGtk
import CropKit
import Foundation
import GtkSupport
import Imaging

/// One region of the upright picture at a number of device pixels per picture pixel: what a
/// sharp render makes.
struct SharpRequest: Equatable, Sendable {
    let region: CropRect
    let scale: Double
}

extension CropCanvas {
    /// How much the thumbnail may be magnified before a sharp render is worth it.
    static let sharpThreshold = 1.05
    /// Wait this long after the last view change, so a run of wheel notches renders once.
    static let sharpDelayMilliseconds: UInt32 = 120

    /// The region the view shows and the size it needs, when the thumbnail is too coarse for it.
    var neededSharpRequest: SharpRequest? {
        guard let image, image.info != nil, let viewport else { return nil }
        // Thumbnail pixels per picture pixel against screen pixels per picture pixel.
        let thumbnailDensity = Double(image.surface.width) / Double(image.pixelWidth)
        guard viewport.scale * deviceScale > thumbnailDensity * CropCanvas.sharpThreshold,
              let visible = viewport.visibleFrame
        else { return nil }
        guard visible.width * deviceScale >= 1, visible.height * deviceScale >= 1 else { return nil }
        return SharpRequest(region: transform.storedRect(fromDisplayed: viewport.normalizedRect(visible)),
                            scale: viewport.scale * deviceScale)
    }

    /// Asks for a sharp render of what the view shows, unless one for it is already there or on
    /// its way; drops the sharp region when the thumbnail suffices again.
    func requestSharpRegionIfNeeded() {
        guard viewGesture == nil, !session.isDragging else { return }
        guard let request = neededSharpRequest else {
            if sharpTile != nil || sharpRequest != nil {
                dropSharpRegion()
                gtk_widget_queue_draw(widget)
            }
            return
        }
        guard request != sharpRequest else { return }
        sharpRequest = request
        sharpGeneration += 1
        let generation = sharpGeneration
        Timer.once(milliseconds: CropCanvas.sharpDelayMilliseconds) { [weak self] in
            guard let self, self.sharpGeneration == generation else { return }
            self.renderSharp(request, generation: generation)
        }
    }

    /// Lets the sharp region go, and any render still on its way (a new picture, none, or the fit).
    /// The region is kept across turns and flips: it is measured on the upright picture.
    func dropSharpRegion() {
        sharpTile = nil
        sharpRequest = nil
        sharpGeneration += 1
    }

    private func renderSharp(_ request: SharpRequest, generation: Int) {
        guard let image, let info = image.info else { return }
        let source = image.surface
        Task { @MainActor [weak self] in
            let (tile, onMainThread) = await Task.detached(priority: .utility) { () -> (SharpTile?, Bool) in
                let onMainThread = Thread.isMainThread
                guard let rendered = try? Imaging.renderRegion(info, region: request.region, scale: request.scale),
                      let surface = ImageSource.surface(from: rendered.pixels) else { return (nil, onMainThread) }
                return (SharpTile(surface: surface, region: rendered.region, source: source), onMainThread)
            }.value
            guard let self else { return }
            self.sharpRenderedOnMainThread = self.sharpRenderedOnMainThread || onMainThread
            // A newer view or picture asked meanwhile: this one is stale.
            guard self.sharpGeneration == generation, self.image?.surface === source, let tile else { return }
            self.sharpRenders += 1
            self.sharpTile = tile
            gtk_widget_queue_draw(self.widget)
        }
    }
}
