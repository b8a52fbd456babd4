// How a canvas frame is painted: the cached display image, the even-odd dim, guides, frame and corner brackets (seed 000).

import CGtk
import CropKit
import GtkSupport

/// The image scaled once to its on-screen size in device pixels.
struct DisplayCache {
    let width: Int
    let height: Int
    let source: ObjectIdentifier
    let surface: ImageSurface
}

/// The overlay's look, all in view points (seed 000's numbers).
enum OverlayStyle {
    static let dim = RGBA(0, 0, 0, 0.55)
    static let guide = RGBA(1, 1, 1, 0.5)
    static let guideWidth = 0.5
    static let frameWidth = 1.5
    static let bracketWidth = 4.0
    /// Longest arm of a corner bracket; shorter on a frame under 44 points.
    static let bracketLength = 22.0
    /// A faint dark line under each white one keeps the frame visible on a white photo.
    static let halo = RGBA(0, 0, 0, 0.35)
    static let haloExtra = 2.0
    /// Behind the picture; dark in both styles so the photo's colours read true.
    static let background = RGBA(0.11, 0.11, 0.12)
    /// In the high-contrast style the halo is solid and the guides opaque.
    static let highContrastHalo = RGBA(0, 0, 0, 1)
    static let highContrastGuide = RGBA(1, 1, 1, 1)
    /// The keyboard focus ring: GNOME's accent blue, outside the picture so it never hides pixels.
    static let focusRing = RGBA(0.21, 0.52, 0.89, 0.9)
    static let focusRingWidth = 2.0
    static let focusRingGap = 4.0
}

/// What changes how a frame looks besides the crop: keyboard focus and the high-contrast style.
struct PaintState: Sendable {
    var focused = false
    var highContrast = false
}

/// Paints canvas frames. It owns the display cache, so it is the only thing that scales the image,
/// and only when the on-screen size, the device scale or the image changes.
@MainActor
final class CanvasPainter {
    private(set) var displayCache: DisplayCache?
    /// How many times the display cache was rebuilt (a drag must not rebuild it).
    private(set) var cacheBuilds = 0

    /// Draws one frame into `c` for a view of the given size (points) and device scale.
    func draw(_ c: Cairo, image: LoadedImage?, crop: CropRect, width: Double, height: Double, scale: Int,
              state: PaintState = PaintState()) {
        c.setColor(OverlayStyle.background)
        guard let image else { cairo_paint(c.cr); return }
        let viewport = Viewport(imageWidth: image.pixelWidth, imageHeight: image.pixelHeight,
                                viewSize: CropSize(width: width, height: height))
        let imageFrame = viewport.imageFrame
        guard imageFrame.width >= 1, imageFrame.height >= 1 else { cairo_paint(c.cr); return }
        // Only around the picture: painting under it too would cost a full-screen fill per frame.
        fillEvenOdd(c, outer: CropRect(x: 0, y: 0, width: width, height: height), hole: imageFrame)
        drawImage(c, image: image, in: imageFrame, scale: max(scale, 1))
        let frame = viewport.viewRect(crop)
        drawDim(c, image: imageFrame, hole: frame)
        drawGuides(c, frame: frame, highContrast: state.highContrast)
        if state.focused { drawFocusRing(c, around: imageFrame) }
    }

    private func drawFocusRing(_ c: Cairo, around frame: CropRect) {
        let gap = OverlayStyle.focusRingGap
        c.rectangle(frame.x - gap, frame.y - gap, frame.width + 2 * gap, frame.height + 2 * gap)
        c.stroke(width: OverlayStyle.focusRingWidth, color: OverlayStyle.focusRing)
    }

    private func drawImage(_ c: Cairo, image: LoadedImage, in frame: CropRect, scale: Int) {
        let cache = displaySurface(for: image, width: Int((frame.width * Double(scale)).rounded()),
                                   height: Int((frame.height * Double(scale)).rounded()))
        guard let cache else { return }
        // The cache already has the on-screen size in device pixels: placed on a whole device pixel
        // with no scaling, Cairo copies it row by row instead of resampling (a drag frame's biggest cost).
        let s = Double(scale)
        c.saved {
            cairo_translate(c.cr, (frame.x * s).rounded() / s, (frame.y * s).rounded() / s)
            cairo_scale(c.cr, 1 / s, 1 / s)
            cairo_set_source_surface(c.cr, cache.surface.surface, 0, 0)
            cairo_set_operator(c.cr, CAIRO_OPERATOR_SOURCE)
            c.rectangle(0, 0, Double(cache.width), Double(cache.height))
            cairo_fill(c.cr)
        }
    }

    /// The display-size copy of the image, rebuilt only when its size or the image changes.
    private func displaySurface(for image: LoadedImage, width: Int, height: Int) -> DisplayCache? {
        let id = ObjectIdentifier(image.surface)
        if let cache = displayCache, cache.width == width, cache.height == height, cache.source == id {
            return cache
        }
        // Opaque (RGB24) with transparency shown over a checkerboard: copying an opaque surface
        // each frame is a plain row copy, where blending an ARGB one costs several times more.
        guard let surface = ImageSurface(width: width, height: height, opaque: true) else { return nil }
        surface.draw { c in
            CanvasPainter.checkerboard(c, width: Double(width), height: Double(height))
            cairo_scale(c.cr, Double(width) / Double(image.surface.width), Double(height) / Double(image.surface.height))
            cairo_set_source_surface(c.cr, image.surface.surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(c.cr), CAIRO_FILTER_GOOD)
            cairo_pattern_set_extend(cairo_get_source(c.cr), CAIRO_EXTEND_PAD)
            cairo_paint(c.cr)
        }
        let cache = DisplayCache(width: width, height: height, source: id, surface: surface)
        displayCache = cache
        cacheBuilds += 1
        return cache
    }

    /// The usual grey checkerboard behind transparent pixels, in 8-pixel squares.
    private static func checkerboard(_ c: Cairo, width: Double, height: Double) {
        c.setColor(RGBA(0.6, 0.6, 0.6))
        cairo_paint(c.cr)
        c.setColor(RGBA(0.4, 0.4, 0.4))
        let square = 8.0
        var y = 0.0, row = 0
        while y < height {
            var x = row % 2 == 0 ? 0 : square
            while x < width { c.rectangle(x, y, square, square); x += 2 * square }
            y += square; row += 1
        }
        cairo_fill(c.cr)
    }

    /// Darkens the picture outside the frame: the image rectangle and the frame, filled even-odd.
    private func drawDim(_ c: Cairo, image: CropRect, hole: CropRect) {
        c.setColor(OverlayStyle.dim)
        fillEvenOdd(c, outer: image, hole: hole)
    }

    /// Fills `outer` minus `hole` with the current source, by the even-odd rule.
    private func fillEvenOdd(_ c: Cairo, outer: CropRect, hole: CropRect) {
        c.rectangle(outer.x, outer.y, outer.width, outer.height)
        c.rectangle(hole.x, hole.y, hole.width, hole.height)
        cairo_set_fill_rule(c.cr, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_fill(c.cr)
        cairo_set_fill_rule(c.cr, CAIRO_FILL_RULE_WINDING)
    }

    /// Rule-of-thirds lines, the frame and the corner brackets, each over its dark halo.
    private func drawGuides(_ c: Cairo, frame: CropRect, highContrast: Bool) {
        let halo = highContrast ? OverlayStyle.highContrastHalo : OverlayStyle.halo
        let guide = highContrast ? OverlayStyle.highContrastGuide : OverlayStyle.guide
        for (path, width, color, round) in [
            (thirdsPath, OverlayStyle.guideWidth, guide, false),
            (framePath, OverlayStyle.frameWidth, RGBA.white, false),
            (bracketsPath, OverlayStyle.bracketWidth, RGBA.white, true),
        ] as [((Cairo, CropRect) -> Void, Double, RGBA, Bool)] {
            path(c, frame)
            c.stroke(width: width + OverlayStyle.haloExtra, color: halo, round: round)
            path(c, frame)
            c.stroke(width: width, color: color, round: round)
        }
    }

    private func thirdsPath(_ c: Cairo, _ f: CropRect) {
        for part in [1.0 / 3, 2.0 / 3] {
            c.moveTo(f.minX + f.width * part, f.minY); c.lineTo(f.minX + f.width * part, f.maxY)
            c.moveTo(f.minX, f.minY + f.height * part); c.lineTo(f.maxX, f.minY + f.height * part)
        }
    }

    private func framePath(_ c: Cairo, _ f: CropRect) {
        c.rectangle(f.x, f.y, f.width, f.height)
    }

    private func bracketsPath(_ c: Cairo, _ f: CropRect) {
        let length = min(OverlayStyle.bracketLength, min(f.width, f.height) / 2)
        for (x, y, dx, dy) in [(f.minX, f.minY, length, length), (f.maxX, f.minY, -length, length),
                               (f.maxX, f.maxY, -length, -length), (f.minX, f.maxY, length, -length)] {
            c.moveTo(x + dx, y); c.lineTo(x, y); c.lineTo(x, y + dy)
        }
    }
}
