// One canvas frame resolved on the main thread (layout, cache, overlay state) and its Cairo drawing, safe on any thread.

import CGtk
import CropKit
import GtkSupport

/// Everything a frame draws, fixed before drawing starts: painting it reads only these values and
/// the display cache's pixels, which nothing writes once built, so bands of one frame can be
/// painted on several threads at once.
public struct FramePlan: Sendable {
    /// The view in points and its device scale.
    let bounds: CropRect
    let scale: Double
    /// The cached picture and where it sits (whole device pixels); nil draws the background only.
    let cache: DisplayCache?
    let placed: CropRect
    /// The crop frame in view points.
    let frame: CropRect
    let state: PaintState
    /// Where the keyboard focus ring goes, when it shows.
    let focusRing: CropRect?

    /// Draws the frame into `c`, reading the cache's own surfaces.
    func paint(_ c: Cairo) {
        paint(c, plain: cache?.surface.surface, dimmed: cache?.dimmed.surface)
    }

    /// Draws the frame into `c` with the picture taken from `plain` and `dimmed` (the cache's
    /// pixels, possibly through surfaces of the calling thread's own).
    func paint(_ c: Cairo, plain: OpaquePointer?, dimmed: OpaquePointer?) {
        c.setColor(OverlayStyle.background)
        guard let plain, let dimmed else { cairo_paint(c.cr); return }
        // Only around the picture: painting under it too would cost a full-screen fill per frame.
        FramePlan.fillEvenOdd(c, outer: bounds, hole: placed)
        drawImageAndDim(c, plain: plain, dimmed: dimmed)
        state.joins?.paint(c, scale: scale, highContrast: state.highContrast)
        if state.fineGrid { drawFineGrid(c) }
        if !state.noFrame { drawGuides(c) }
        state.otherFrames?.paint(c, scale: scale, highContrast: state.highContrast)
        state.overlay?.paint(c, scale: scale, highContrast: state.highContrast)
        if let focusRing {
            c.rectangle(focusRing.x, focusRing.y, focusRing.width, focusRing.height)
            c.stroke(width: OverlayStyle.focusRingWidth, color: OverlayStyle.focusRing)
        }
    }

    /// The picture with the area outside every frame dimmed: the dimmed copy fills the picture minus
    /// the active frame (even-odd), the plain copy fills it and each other frame. The frame's edges are rounded to device
    /// pixels for the copy only; the white lines drawn over them are placed for crispness. A circle crop's
    /// hole is the ellipse inscribed in the frame, anti-aliased over the whole dimmed picture.
    /// Every pixel of the picture is written whatever the target held: frame surfaces are reused.
    private func drawImageAndDim(_ c: Cairo, plain: OpaquePointer, dimmed: OpaquePointer) {
        // With no frame the whole picture is the hole: nothing is dimmed.
        let s = scale, hole = state.noFrame ? placed : frame
        // A quick cache (the angle changing) has fewer pixels than the device: magnified by
        // nearest pixel, the cheapest magnification pixman has, for a frame within 60 Hz on 4K.
        let k = Double(cache?.reduction ?? 1)
        let snappedHole = hole.snappedToDevicePixels(scale: s)
        c.saved {
            cairo_set_operator(c.cr, CAIRO_OPERATOR_SOURCE)
            for (surface, isHole) in [(dimmed, false), (plain, true)] {
                cairo_set_source_surface(c.cr, surface, 0, 0)
                var matrix = cairo_matrix_t()
                // Source pixels map 1:1 to device pixels, offset to the picture's corner.
                cairo_matrix_init(&matrix, s / k, 0, 0, s / k, -placed.x * s / k, -placed.y * s / k)
                cairo_pattern_set_matrix(cairo_get_source(c.cr), &matrix)
                if k > 1 {
                    cairo_pattern_set_filter(cairo_get_source(c.cr), CAIRO_FILTER_FAST)
                    cairo_pattern_set_extend(cairo_get_source(c.cr), CAIRO_EXTEND_PAD)
                }
                switch (state.shape, isHole) {
                case (.rectangle, true):
                    c.rectangle(snappedHole.x, snappedHole.y, snappedHole.width, snappedHole.height)
                    cairo_fill(c.cr)
                case (.rectangle, false):
                    FramePlan.fillEvenOdd(c, outer: placed, hole: snappedHole)
                case (.circle, false):
                    c.rectangle(placed.x, placed.y, placed.width, placed.height)
                    cairo_fill(c.cr)
                case (.circle, true):
                    // Over the dimmed copy: an edge pixel blends the two by its coverage. Copying
                    // (SOURCE) would blend in whatever the surface held before instead.
                    cairo_set_operator(c.cr, CAIRO_OPERATOR_OVER)
                    FramePlan.ellipse(c, in: hole)
                    cairo_fill(c.cr)
                }
                // The other frames are holes too: the dim lies once outside them all, never twice
                // where frames overlap. Over the dimmed copy, as the circle's edge blends.
                if isHole, let others = state.otherFrames {
                    cairo_set_operator(c.cr, CAIRO_OPERATOR_OVER)
                    others.fillInsides(c, scale: s)
                }
            }
        }
    }

    /// Adds the ellipse inscribed in `rect` to the path, as its own closed sub-path.
    public static func ellipse(_ c: Cairo, in rect: CropRect) {
        guard rect.width > 0, rect.height > 0 else { return }
        c.saved {
            cairo_translate(c.cr, rect.midX, rect.midY)
            cairo_scale(c.cr, rect.width / 2, rect.height / 2)
            cairo_new_sub_path(c.cr)
            cairo_arc(c.cr, 0, 0, 1, 0, 2 * Double.pi)
            cairo_close_path(c.cr)
        }
    }

    /// Fills `outer` minus `hole` with the current source, by the even-odd rule.
    private static func fillEvenOdd(_ c: Cairo, outer: CropRect, hole: CropRect) {
        c.rectangle(outer.x, outer.y, outer.width, outer.height)
        c.rectangle(hole.x, hole.y, hole.width, hole.height)
        cairo_set_fill_rule(c.cr, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_fill(c.cr)
        cairo_set_fill_rule(c.cr, CAIRO_FILL_RULE_WINDING)
    }

    /// The composition guide (CropKit's lines), the frame and the corner brackets, each over its
    /// dark halo. Every segment is stroked alone: one stroke of them all would make Cairo mask the
    /// whole frame.
    private func drawGuides(_ c: Cairo) {
        // Frame lines and brackets each centred where they cover whole device pixels.
        let f = frame.centredForCrispLines(width: OverlayStyle.frameWidth, scale: scale)
        let b = frame.centredForCrispLines(width: OverlayStyle.bracketWidth, scale: scale)
        let halo = state.highContrast ? OverlayStyle.highContrastHalo : OverlayStyle.halo
        let guide = state.highContrast ? OverlayStyle.highContrastGuide : OverlayStyle.guide
        typealias Polyline = [(Double, Double)]
        let guides: [Polyline] = state.guides.lines(in: frame).map { [($0.0.x, $0.0.y), ($0.1.x, $0.1.y)] }
        let edges: [Polyline] = [
            [(f.minX, f.minY), (f.maxX, f.minY)], [(f.maxX, f.minY), (f.maxX, f.maxY)],
            [(f.maxX, f.maxY), (f.minX, f.maxY)], [(f.minX, f.maxY), (f.minX, f.minY)],
        ]
        let length = min(OverlayStyle.bracketLength, min(b.width, b.height) / 2)
        var brackets: [Polyline] = []
        for (x, y, dx, dy) in [
            (b.minX, b.minY, length, length), (b.maxX, b.minY, -length, length),
            (b.maxX, b.maxY, -length, -length), (b.minX, b.maxY, length, -length),
        ] {
            brackets.append([(x + dx, y), (x, y), (x, y + dy)])
        }
        var layers: [([Polyline], Double, RGBA, Bool)] = [
            (guides, OverlayStyle.guideWidth, guide, false),
            (edges, OverlayStyle.frameWidth, RGBA.white, true),
        ]
        // The fixed frame has no handles to grab, so no brackets.
        if !state.fixedFrame { layers.append((brackets, OverlayStyle.bracketWidth, RGBA.white, true)) }
        // A circle crop also shows its edge: the ellipse the export keeps.
        if state.shape == .circle {
            for (lineWidth, lineColor) in [
                (OverlayStyle.frameWidth + OverlayStyle.haloExtra, halo),
                (OverlayStyle.frameWidth, RGBA.white),
            ] {
                FramePlan.ellipse(c, in: frame)
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
