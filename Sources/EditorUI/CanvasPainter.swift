// How a canvas frame is painted: the cached display image, the even-odd dim, guides, frame and corner brackets (seed 000).

import CGtk
import CropKit
import GtkSupport

/// The visible part of the image scaled once to its on-screen size in device pixels, plain and
/// under the 55 % dim. Zoomed in, it holds only what the view shows, so its size is bounded by
/// the view's, never by the image's.
struct DisplayCache {
    let width: Int
    let height: Int
    /// The surface it was scaled from, held so its identity cannot be reused by a new one.
    let source: ImageSurface
    /// The turn and flip it was drawn with.
    let transform: ImageOrientation
    /// The normalized part of the picture (as shown) it holds.
    let region: CropRect
    /// The sharp region drawn into it, if any.
    let sharp: SharpTile?
    let surface: ImageSurface
    /// The same pixels with the dim already applied: a drag frame copies instead of blending.
    let dimmed: ImageSurface
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

/// What changes how a frame looks besides the crop: keyboard focus, the high-contrast style,
/// which guide shows (none when guides show only while dragging and no drag is on), the crop's
/// shape and whether the frame is fixed (no handles to grab then, so no corner brackets).
struct PaintState: Sendable {
    var focused = false
    var highContrast = false
    var guides = GuideStyle.thirds
    var shape = CropShape.rectangle
    var fixedFrame = false
}

/// A region of the full-resolution picture rendered at screen resolution for a zoomed view.
final class SharpTile: Sendable {
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

/// Paints canvas frames. It owns the display cache, so it is the only thing that scales the image,
/// and only when the on-screen size, the device scale or the image changes.
///
/// Cost per frame is what a drag pays, so every full-area pass is a plain copy on whole device
/// pixels (Cairo's fast path), and each thin line is filled on its own so Cairo's antialiasing mask
/// covers that line, not the whole frame.
@MainActor
final class CanvasPainter {
    private(set) var displayCache: DisplayCache?
    /// How many times the display cache was rebuilt (a drag must not rebuild it).
    private(set) var cacheBuilds = 0

    /// Lets the cached copies go (two screen-sized surfaces) when there is no picture.
    func dropCache() { displayCache = nil }

    /// Draws one frame into `c` for a view of the given size (points) and device scale, with the
    /// picture zoomed and panned by `zoom`, and `sharp` over the thumbnail where it has pixels.
    func draw(_ c: Cairo, image: LoadedImage?, crop: CropRect, width: Double, height: Double, scale: Int,
              state: PaintState = PaintState(), transform: ImageOrientation = .up, zoom: ZoomState = .fit,
              sharp: SharpTile? = nil) {
        c.setColor(OverlayStyle.background)
        guard let image else { cairo_paint(c.cr); return }
        let shown = transform.displayedSize(storedWidth: image.pixelWidth, storedHeight: image.pixelHeight)
        let viewport = Viewport(imageWidth: shown.width, imageHeight: shown.height,
                                viewSize: CropSize(width: width, height: height), zoom: zoom)
        let s = Double(max(scale, 1))
        let bounds = CropRect(x: 0, y: 0, width: width, height: height)
        guard let visible = viewport.imageFrame.intersection(bounds) else { cairo_paint(c.cr); return }
        // The visible picture sits on whole device pixels so copying it needs no resampling.
        let left = (visible.minX * s).rounded(), top = (visible.minY * s).rounded()
        let right = (visible.maxX * s).rounded(), bottom = (visible.maxY * s).rounded()
        guard right - left >= 1, bottom - top >= 1 else { cairo_paint(c.cr); return }
        let placed = CropRect(left: left / s, top: top / s, right: right / s, bottom: bottom / s)
        let usableSharp = sharp.flatMap { $0.source === image.surface ? $0 : nil }
        guard let cache = displaySurface(for: image, transform: transform, region: viewport.normalizedRect(placed),
                                         width: Int(right - left), height: Int(bottom - top), sharp: usableSharp)
        else { cairo_paint(c.cr); return }
        // Only around the picture: painting under it too would cost a full-screen fill per frame.
        fillEvenOdd(c, outer: bounds, hole: placed)
        let frame = viewport.viewRect(crop)
        drawImageAndDim(c, cache: cache, at: placed, hole: frame, shape: state.shape, scale: s)
        drawGuides(c, frame: frame, style: state.guides, highContrast: state.highContrast,
                   shape: state.shape, brackets: !state.fixedFrame)
        if state.focused, let ring = placed.insetBy(dx: -OverlayStyle.focusRingGap, dy: -OverlayStyle.focusRingGap)
            .intersection(bounds.insetBy(dx: OverlayStyle.focusRingWidth, dy: OverlayStyle.focusRingWidth)) {
            drawFocusRing(c, around: ring)
        }
    }

    private func drawFocusRing(_ c: Cairo, around ring: CropRect) {
        c.rectangle(ring.x, ring.y, ring.width, ring.height)
        c.stroke(width: OverlayStyle.focusRingWidth, color: OverlayStyle.focusRing)
    }

    /// The picture with the area outside the frame dimmed: the dimmed copy fills the picture minus
    /// the frame (even-odd), the plain copy fills the frame. The frame's edges are rounded to device
    /// pixels for the copy only; the white frame line drawn over them is exact. A circle crop's
    /// hole is the ellipse inscribed in the frame, anti-aliased.
    private func drawImageAndDim(_ c: Cairo, cache: DisplayCache, at placed: CropRect, hole: CropRect,
                                 shape: CropShape, scale s: Double) {
        let snappedHole = CropRect(left: (hole.minX * s).rounded() / s, top: (hole.minY * s).rounded() / s,
                                   right: (hole.maxX * s).rounded() / s, bottom: (hole.maxY * s).rounded() / s)
        c.saved {
            cairo_set_operator(c.cr, CAIRO_OPERATOR_SOURCE)
            for (surface, isHole) in [(cache.dimmed, false), (cache.surface, true)] {
                cairo_set_source_surface(c.cr, surface.surface, 0, 0)
                var matrix = cairo_matrix_t()
                // Source pixels map 1:1 to device pixels, offset to the picture's corner.
                cairo_matrix_init(&matrix, s, 0, 0, s, -placed.x * s, -placed.y * s)
                cairo_pattern_set_matrix(cairo_get_source(c.cr), &matrix)
                switch (shape, isHole) {
                case (.rectangle, true):
                    c.rectangle(snappedHole.x, snappedHole.y, snappedHole.width, snappedHole.height)
                    cairo_fill(c.cr)
                case (.rectangle, false):
                    fillEvenOdd(c, outer: placed, hole: snappedHole)
                case (.circle, true):
                    CanvasPainter.ellipse(c, in: hole)
                    cairo_fill(c.cr)
                case (.circle, false):
                    c.rectangle(placed.x, placed.y, placed.width, placed.height)
                    CanvasPainter.ellipse(c, in: hole)
                    cairo_set_fill_rule(c.cr, CAIRO_FILL_RULE_EVEN_ODD)
                    cairo_fill(c.cr)
                    cairo_set_fill_rule(c.cr, CAIRO_FILL_RULE_WINDING)
                }
            }
        }
    }

    /// Adds the ellipse inscribed in `rect` to the path, as its own closed sub-path.
    static func ellipse(_ c: Cairo, in rect: CropRect) {
        guard rect.width > 0, rect.height > 0 else { return }
        c.saved {
            cairo_translate(c.cr, rect.midX, rect.midY)
            cairo_scale(c.cr, rect.width / 2, rect.height / 2)
            cairo_new_sub_path(c.cr)
            cairo_arc(c.cr, 0, 0, 1, 0, 2 * Double.pi)
            cairo_close_path(c.cr)
        }
    }

    /// The display-size copies of the visible picture, rebuilt only when the view's size, zoom or
    /// pan, the device scale, the image or its sharp region changes (never during a crop drag).
    private func displaySurface(for image: LoadedImage, transform: ImageOrientation, region: CropRect,
                                width: Int, height: Int, sharp: SharpTile?) -> DisplayCache? {
        if let cache = displayCache, cache.width == width, cache.height == height, cache.source === image.surface,
           cache.transform == transform, cache.region == region, cache.sharp === sharp {
            return cache
        }
        // Opaque (RGB24) with transparency shown over a checkerboard: copying an opaque surface
        // each frame is a plain row copy, where blending an ARGB one costs several times more.
        guard let surface = ImageSurface(width: width, height: height, opaque: true),
              let dimmed = ImageSurface(width: width, height: height, opaque: true) else { return nil }
        surface.draw { c in
            CanvasPainter.checkerboard(c, width: Double(width), height: Double(height))
            SourceMapping.setSource(c, image.surface, transform: transform, shown: region, width: width, height: height)
            cairo_paint(c.cr)
            // The sharp region over the thumbnail: transparent outside it, so a stale one (during
            // a pan) still sharpens what it covers.
            if let sharp {
                SourceMapping.setSource(c, sharp.surface, transform: transform, shown: region, width: width,
                                        height: height, covering: sharp.region)
                cairo_paint(c.cr)
            }
        }
        dimmed.draw { c in
            cairo_set_source_surface(c.cr, surface.surface, 0, 0)
            cairo_paint(c.cr)
            c.setColor(OverlayStyle.dim)
            cairo_paint(c.cr)
        }
        let cache = DisplayCache(width: width, height: height, source: image.surface, transform: transform,
                                 region: region, sharp: sharp, surface: surface, dimmed: dimmed)
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

    /// Fills `outer` minus `hole` with the current source, by the even-odd rule.
    private func fillEvenOdd(_ c: Cairo, outer: CropRect, hole: CropRect) {
        c.rectangle(outer.x, outer.y, outer.width, outer.height)
        c.rectangle(hole.x, hole.y, hole.width, hole.height)
        cairo_set_fill_rule(c.cr, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_fill(c.cr)
        cairo_set_fill_rule(c.cr, CAIRO_FILL_RULE_WINDING)
    }

    /// The composition guide (CropKit's lines), the frame and the corner brackets, each over its
    /// dark halo. Every segment is stroked alone: one stroke of them all would make Cairo mask the
    /// whole frame.
    private func drawGuides(_ c: Cairo, frame f: CropRect, style: GuideStyle, highContrast: Bool,
                            shape: CropShape = .rectangle, brackets showsBrackets: Bool = true) {
        let halo = highContrast ? OverlayStyle.highContrastHalo : OverlayStyle.halo
        let guide = highContrast ? OverlayStyle.highContrastGuide : OverlayStyle.guide
        typealias Polyline = [(Double, Double)]
        let guides: [Polyline] = style.lines(in: f).map { [($0.0.x, $0.0.y), ($0.1.x, $0.1.y)] }
        let edges: [Polyline] = [[(f.minX, f.minY), (f.maxX, f.minY)], [(f.maxX, f.minY), (f.maxX, f.maxY)],
                                 [(f.maxX, f.maxY), (f.minX, f.maxY)], [(f.minX, f.maxY), (f.minX, f.minY)]]
        let length = min(OverlayStyle.bracketLength, min(f.width, f.height) / 2)
        var brackets: [Polyline] = []
        for (x, y, dx, dy) in [(f.minX, f.minY, length, length), (f.maxX, f.minY, -length, length),
                               (f.maxX, f.maxY, -length, -length), (f.minX, f.maxY, length, -length)] {
            brackets.append([(x + dx, y), (x, y), (x, y + dy)])
        }
        var layers: [([Polyline], Double, RGBA, Bool)] = [
            (guides, OverlayStyle.guideWidth, guide, false),
            (edges, OverlayStyle.frameWidth, RGBA.white, true),
        ]
        if showsBrackets { layers.append((brackets, OverlayStyle.bracketWidth, RGBA.white, true)) }
        // A circle crop also shows its edge: the ellipse the export keeps.
        if shape == .circle {
            for (lineWidth, lineColor) in [(OverlayStyle.frameWidth + OverlayStyle.haloExtra, halo), (OverlayStyle.frameWidth, RGBA.white)] {
                CanvasPainter.ellipse(c, in: f)
                c.stroke(width: lineWidth, color: lineColor)
            }
        }
        for (polylines, width, color, round) in layers {
            for (lineWidth, lineColor) in [(width + OverlayStyle.haloExtra, halo), (width, color)] {
                for points in polylines {
                    c.moveTo(points[0].0, points[0].1)
                    for p in points.dropFirst() { c.lineTo(p.0, p.1) }
                    c.stroke(width: lineWidth, color: lineColor, round: round)
                }
            }
        }
    }
}
