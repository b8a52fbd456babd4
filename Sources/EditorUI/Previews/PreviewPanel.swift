// The previews side panel: the committed crop at 256, 128 and 48 pixels, drawn 1:1 in device pixels as it will come out.

import CGtk
import Canvas
import CropKit
import Decoding
import Foundation
import GtkSupport
import ImagingCore

@MainActor
final class PreviewPanel {
    /// Longer sides of the previews, in points: a large view, a thumbnail, an icon (where a crop is often shown).
    /// On a scale-2 screen each has twice as many device pixels, rendered for that, never magnified.
    nonisolated static let sizes = [256, 128, 48]
    /// Wait this long after the last commit before rendering from the file, so a run of key presses renders once.
    static let fileRenderDelayMilliseconds: UInt32 = 120

    let widget: UnsafeMutablePointer<GtkWidget>
    /// One drawing area per size, in `sizes` order: an N×N slot, the preview centred in it.
    private(set) var areas: [UnsafeMutablePointer<GtkWidget>] = []
    /// The previews on screen (for tests): size → surface, in device pixels.
    private(set) var rendered: [Int: ImageSurface] = [:]
    /// Device pixels per point they were rendered for.
    private(set) var renderedScale = 1
    /// Whether they were rendered from the full-resolution file (the display thumbnail had too few pixels).
    private(set) var renderedFromFile = false

    /// What the previews show, kept to render them again when the screen's scale changes.
    private struct Request {
        let image: LoadedImage
        let crop: CropRect
        let transform: ImageOrientation
        let shownSize: (width: Int, height: Int)
        let shape: CropShape
        /// The straighten angle: the crop is then on the turned picture's box.
        var angle = StraightenAngle.zero

        var turned: TurnedPicture { TurnedPicture(width: shownSize.width, height: shownSize.height, angle: angle) }
        /// The crop in whole pixels of the box it is measured on.
        var pixels: PixelRect {
            let box = turned.boundingSize
            return crop.pixelRect(imageWidth: box.width, imageHeight: box.height)
        }
    }
    private var request: Request?
    /// Counts requests so that only the newest file render is shown.
    private var generation = 0

    init() {
        widget = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        widget.setMargins(top: 12, start: 12, end: 12)
        widget.requestSize(width: Int32(PreviewPanel.sizes[0] + 24), height: -1)
        widget.addCSSClasses("view")
        for size in PreviewPanel.sizes {
            let area = DrawingArea.make()
            area.requestSize(width: Int32(size), height: Int32(size))
            area.halign = GTK_ALIGN_CENTER
            area.setAccessibleLabel(String(format: tr("Preview at %d pixels"), size))
            DrawingArea.setDrawFunc(area) { [weak self] c, width, height in self?.draw(size, c, width: width, height: height) }
            let caption = Widgets.label(String(format: tr("%d px"), size))
            caption.addCSSClasses("dim-label")
            widget.append(area)
            widget.append(caption)
            areas.append(area)
        }
        // Moved to a screen of another scale: render for its device pixels.
        Signal.connectPointer(widget.raw, "notify::scale-factor") { [weak self] _ in
            guard let self, let request = self.request else { return }
            self.update(
                image: request.image, crop: request.crop, transform: request.transform,
                shownSize: request.shownSize, shape: request.shape, angle: request.angle)
        }
    }

    /// Renders `crop` of the picture as shown (turned by `transform`) at each size: longer side N
    /// points, N × scale device pixels. A circle crop's previews are the inscribed ellipse on
    /// transparency, as the export writes it. From the display thumbnail at once; from the file a
    /// moment later when the thumbnail has fewer pixels across the crop than the largest preview.
    func update(
        image: LoadedImage?, crop: CropRect, transform: ImageOrientation, shownSize: (width: Int, height: Int),
        shape: CropShape = .rectangle, angle: StraightenAngle = .zero
    ) {
        guard let image else { return }
        let request = Request(
            image: image, crop: crop, transform: transform, shownSize: shownSize, shape: shape, angle: angle)
        self.request = request
        generation += 1
        show(request, from: image.surface, covering: .unit, fromFile: false)
        guard let needed = fileRenderScale(request) else { return }
        let generation = self.generation
        Timer.once(milliseconds: PreviewPanel.fileRenderDelayMilliseconds) { [weak self] in
            guard let self, self.generation == generation else { return }
            self.renderFromOriginal(request, scale: needed, generation: generation)
        }
    }

    private var scaleFactor: Int { max(Int(gtk_widget_get_scale_factor(widget)), 1) }

    /// Picture pixels per upright picture pixel the largest preview needs, when the thumbnail has
    /// fewer than that (and the file more); nil when the thumbnail is enough.
    private func fileRenderScale(_ request: Request) -> Double? {
        guard request.image.info != nil else { return nil }
        let pixels = request.pixels
        let needed = Double(PreviewPanel.sizes[0] * scaleFactor) / Double(max(pixels.width, pixels.height))
        let thumbnail = Double(request.image.surface.width) / Double(request.image.pixelWidth)
        guard thumbnail < 1, needed > thumbnail * CropCanvas.sharpThreshold else { return nil }
        return min(needed, 1)
    }

    private func renderFromOriginal(_ request: Request, scale: Double, generation: Int) {
        // A pasted picture is rendered from its sealed bytes, a file's from the file.
        guard let info = request.image.info, let source = request.image.decoderSource else { return }
        // At an angle the crop shows a turned part of the picture: render what holds all of it.
        guard let shown = request.angle.isZero ? request.crop : request.turned.pictureRegion(coveringBox: request.crop)
        else { return }
        let region = request.transform.storedRect(fromDisplayed: shown)
        Task { @MainActor [weak self] in
            let rendered = await Task.detached(priority: .utility) { () -> (ImageSurface, CropRect)? in
                guard let rendered = try? DecoderPool.shared.renderRegion(info, from: source, region: region, scale: scale),
                    let surface = ImageSource.surface(from: rendered.pixels)
                else { return nil }
                return (surface, rendered.region)
            }.value
            guard let self, self.generation == generation, let (surface, covering) = rendered else { return }
            self.show(request, from: surface, covering: covering, fromFile: true)
        }
    }

    /// Renders every size from `source` (which holds `covering` of the upright picture) and shows them.
    private func show(_ request: Request, from source: ImageSurface, covering: CropRect, fromFile: Bool) {
        let scale = scaleFactor
        let pixels = request.pixels
        for (size, area) in zip(PreviewPanel.sizes, areas) {
            guard
                let surface = PreviewPanel.render(
                    request, from: source, covering: covering, longerSide: size * scale,
                    cropWidth: pixels.width, cropHeight: pixels.height)
            else { continue }
            rendered[size] = surface
            area.queueDraw()
        }
        renderedScale = scale
        renderedFromFile = fromFile
    }

    /// One preview: the crop with its longer side `longerSide` device pixels, the other in proportion.
    private static func render(
        _ request: Request, from source: ImageSurface, covering: CropRect, longerSide: Int,
        cropWidth: Int, cropHeight: Int
    ) -> ImageSurface? {
        let scale = Double(longerSide) / Double(max(cropWidth, cropHeight))
        let w = max(1, Int((Double(cropWidth) * scale).rounded())), h = max(1, Int((Double(cropHeight) * scale).rounded()))
        guard let surface = ImageSurface(width: w, height: h) else { return nil }
        surface.draw { c in
            SourceMapping.setSource(
                c, source, transform: request.transform, turned: request.turned, shown: request.crop, width: w, height: h,
                covering: covering)
            // The source always holds the whole crop: its edge pixels continue past it rather than
            // fading into transparency over the last half pixel.
            cairo_pattern_set_extend(cairo_get_source(c.cr), CAIRO_EXTEND_PAD)
            if request.shape == .circle {
                FramePlan.ellipse(c, in: CropRect(x: 0, y: 0, width: Double(w), height: Double(h)))
                cairo_fill(c.cr)
            } else {
                cairo_paint(c.cr)
            }
        }
        return surface
    }

    /// Paints a preview's device pixels one to one, centred in its slot (whole device pixels, so
    /// nothing is resampled on the way to the screen).
    private func draw(_ size: Int, _ c: Cairo, width: Int, height: Int) {
        guard let surface = rendered[size] else { return }
        let scale = Double(renderedScale)
        let x = Double((width * renderedScale - surface.width) / 2) / scale
        let y = Double((height * renderedScale - surface.height) / 2) / scale
        cairo_save(c.cr)
        cairo_translate(c.cr, x, y)
        cairo_scale(c.cr, 1 / scale, 1 / scale)
        cairo_set_source_surface(c.cr, surface.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(c.cr), CAIRO_FILTER_NEAREST)
        cairo_paint(c.cr)
        cairo_restore(c.cr)
    }
}
