// The frames besides the active one on the crop area: each a thin white outline over the halo, numbered at its top-left corner.

import CGtk
import CropKit
import GtkSupport

/// The outlines of the frames that are not being edited, in view points, fixed before painting as
/// the rest of a frame plan. The active frame keeps the handles; these are outlined and left undimmed
/// (the dim lies outside every frame), so the picture stays readable under several.
@_spi(Benchmark) public struct OtherFramesDrawing: Equatable, Sendable {
    struct Outline: Equatable, Sendable {
        /// The frame's place, from 1, as its file is named and the description says it.
        let number: Int
        /// Its corners from the top left, clockwise as seen; `rect` when it is upright on screen.
        let corners: [CropPoint]
        let rect: CropRect?

        init(number: Int, rect: CropRect) {
            self.number = number
            self.rect = rect
            corners = [
                CropPoint(x: rect.minX, y: rect.minY), CropPoint(x: rect.maxX, y: rect.minY),
                CropPoint(x: rect.maxX, y: rect.maxY), CropPoint(x: rect.minX, y: rect.maxY),
            ]
        }

        /// A frame shown turned against the active one (measured at another angle).
        init(number: Int, corners: [CropPoint]) {
            self.number = number
            self.corners = corners
            rect = nil
        }

        /// Whether `point` lies inside: on the inner side of every edge.
        func contains(_ point: CropPoint) -> Bool {
            let turns = corners.indices.map { i -> Double in
                let a = corners[i], b = corners[(i + 1) % corners.count]
                return (b.x - a.x) * (point.y - a.y) - (b.y - a.y) * (point.x - a.x)
            }
            return turns.allSatisfy { $0 >= 0 } || turns.allSatisfy { $0 <= 0 }
        }
    }

    let frames: [Outline]

    init(frames: [Outline]) { self.frames = frames }

    /// Upright frames at `rects` (view points), numbered from 2 as the frames after the active first one.
    @_spi(Benchmark) public init(upright rects: [CropRect]) {
        frames = rects.enumerated().map { Outline(number: $0.offset + 2, rect: $0.element) }
    }

    /// The outline is thinner than the active frame's, so which one the handles move stays plain.
    static let lineWidth = 1.0
    static let fontSize = 13.0
    /// Room around the number's digits on its dark label.
    static let labelPadding = 3.0
    /// The label's ground: darker than the dim, since it lies on the undimmed picture inside the frame.
    static let labelGround = RGBA(0, 0, 0, 0.8)

    /// Fills the inside of each frame with the current source, one fill each so overlapping frames
    /// are filled once whichever way their corners turn; upright ones on whole device pixels, as the
    /// active frame's hole is.
    func fillInsides(_ c: Cairo, scale: Double) {
        for frame in frames {
            if let r = frame.rect?.snappedToDevicePixels(scale: scale) {
                c.rectangle(r.x, r.y, r.width, r.height)
            } else {
                c.moveTo(frame.corners[0].x, frame.corners[0].y)
                for p in frame.corners.dropFirst() { c.lineTo(p.x, p.y) }
                cairo_close_path(c.cr)
            }
            cairo_fill(c.cr)
        }
    }

    func paint(_ c: Cairo, scale: Double, highContrast: Bool) {
        let halo = highContrast ? OverlayStyle.highContrastHalo : OverlayStyle.halo
        for frame in frames {
            let crisp = frame.rect.map { $0.centredForCrispLines(width: Self.lineWidth, scale: scale) }
            for (width, color) in [(Self.lineWidth + OverlayStyle.haloExtra, halo), (Self.lineWidth, RGBA.white)] {
                if let r = crisp {
                    c.rectangle(r.x, r.y, r.width, r.height)
                } else {
                    c.moveTo(frame.corners[0].x, frame.corners[0].y)
                    for p in frame.corners.dropFirst() { c.lineTo(p.x, p.y) }
                    cairo_close_path(c.cr)
                }
                c.stroke(width: width, color: color)
            }
            label(c, "\(frame.number)", at: frame.corners[0])
        }
    }

    /// The number on a dark label inside the frame's top-left corner.
    private func label(_ c: Cairo, _ text: String, at r: CropPoint) {
        cairo_select_font_face(c.cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        cairo_set_font_size(c.cr, Self.fontSize)
        var extents = cairo_text_extents_t()
        cairo_text_extents(c.cr, text, &extents)
        let p = Self.labelPadding
        c.rectangle(r.x, r.y, extents.x_advance + 2 * p, Self.fontSize + 2 * p)
        c.setColor(Self.labelGround)
        cairo_fill(c.cr)
        c.setColor(RGBA.white)
        cairo_move_to(c.cr, r.x + p, r.y + p + Self.fontSize - 2)
        cairo_show_text(c.cr, text)
    }
}
