// What perspective mode draws over the picture: the dim outside the quadrilateral, its sides, the corner grips, the magnifier.

import CGtk
import CropKit
import GtkSupport

/// The magnifier beside a corner being placed: the pixels around it, enlarged.
@_spi(Benchmark) public struct PerspectiveMagnifier: Sendable {
    /// The picture it enlarges (the display thumbnail) and how it is shown (turns and flips).
    let surface: ImageSurface
    let transform: ImageOrientation
    /// The part of the picture as shown it holds, normalized, centred on the corner.
    let region: CropRect
    /// Where it is drawn: its centre, in view points.
    let centre: CropPoint
}

/// One frame of perspective mode, in view points: fixed before painting starts like the rest of a frame.
@_spi(Benchmark) public struct PerspectiveDrawing: Sendable, OverlayDrawing {
    /// The quadrilateral's corners, clockwise from the top left.
    let corners: [CropPoint]
    /// The picture on screen, dimmed outside the quadrilateral.
    let picture: CropRect
    /// The corner the keys move, drawn larger and in the accent colour.
    let selected: Int
    let magnifier: PerspectiveMagnifier?

    /// What perspective mode draws for `editing` over a view laid out by `viewport` (which measures
    /// the picture as shown), the magnifier enlarging `picture` (the display thumbnail, shown by
    /// `transform`) during a corner's drag; nil when the picture is out of view.
    @_spi(Benchmark) public init?(
        _ editing: PerspectiveEditing, viewport: Viewport, picture: ImageSurface, transform: ImageOrientation
    ) {
        guard let placed = viewport.visibleFrame else { return nil }
        let corners = PerspectiveQuad.Corner.allCases.map { editing.viewPoint(of: $0, in: viewport) }
        (self.corners, self.picture, self.selected) = (corners, placed, editing.selected.rawValue)
        magnifier = PerspectiveDrawing.magnifier(
            editing, viewport: viewport, corners: corners, picture: picture, transform: transform)
    }

    /// The magnifier while a corner is dragged: the picture around it, placed away from the
    /// quadrilateral's middle so the hand and the shape do not cover it.
    private static func magnifier(
        _ editing: PerspectiveEditing, viewport: Viewport, corners: [CropPoint], picture: ImageSurface,
        transform: ImageOrientation
    ) -> PerspectiveMagnifier? {
        guard let drag = editing.drag else { return nil }
        let at = corners[drag.corner.rawValue]
        let middle = CropPoint(x: corners.map(\.x).reduce(0, +) / 4, y: corners.map(\.y).reduce(0, +) / 4)
        var away = CropSize(width: at.x - middle.x, height: at.y - middle.y)
        let length = (away.width * away.width + away.height * away.height).squareRoot()
        away = length > 0 ? CropSize(width: away.width / length, height: away.height / length) : CropSize(width: -1, height: 0)
        let centre = CropPoint(
            x: at.x + away.width * OverlayStyle.magnifierOffset, y: at.y + away.height * OverlayStyle.magnifierOffset)
        let frame = viewport.imageFrame
        guard frame.width > 0, frame.height > 0 else { return nil }
        let side = 2 * OverlayStyle.magnifierRadius / OverlayStyle.magnification
        let point = viewport.normalizedPoint(at)
        let w = side / frame.width, h = side / frame.height
        return PerspectiveMagnifier(
            surface: picture, transform: transform,
            region: CropRect(x: point.x - w / 2, y: point.y - h / 2, width: w, height: h), centre: centre)
    }

    @_spi(Benchmark) public func paint(_ c: Cairo, scale: Double, highContrast: Bool) {
        guard corners.count == 4 else { return }
        // The dim outside the quadrilateral, by the even-odd rule as the crop frame's.
        c.rectangle(picture.x, picture.y, picture.width, picture.height)
        addQuad(c)
        cairo_set_fill_rule(c.cr, CAIRO_FILL_RULE_EVEN_ODD)
        c.setColor(OverlayStyle.dim)
        cairo_fill(c.cr)
        cairo_set_fill_rule(c.cr, CAIRO_FILL_RULE_WINDING)
        let halo = highContrast ? OverlayStyle.highContrastHalo : OverlayStyle.halo
        for (width, color) in [(OverlayStyle.frameWidth + OverlayStyle.haloExtra, halo), (OverlayStyle.frameWidth, RGBA.white)] {
            addQuad(c)
            c.stroke(width: width, color: color)
        }
        for (index, corner) in corners.enumerated() { paintGrip(c, at: corner, chosen: index == selected, halo: halo) }
        if let magnifier { paintMagnifier(c, magnifier, halo: halo) }
    }

    @_spi(Benchmark) public func isSame(as other: any OverlayDrawing) -> Bool {
        guard let other = other as? PerspectiveDrawing else { return false }
        return corners == other.corners && picture == other.picture && selected == other.selected
            && magnifier?.centre == other.magnifier?.centre && magnifier?.region == other.magnifier?.region
            && magnifier?.surface === other.magnifier?.surface
    }

    private func addQuad(_ c: Cairo) {
        c.moveTo(corners[0].x, corners[0].y)
        for corner in corners.dropFirst() { c.lineTo(corner.x, corner.y) }
        cairo_close_path(c.cr)
    }

    /// A round grip: white over its halo, the chosen one larger with the accent colour inside.
    private func paintGrip(_ c: Cairo, at p: CropPoint, chosen: Bool, halo: RGBA) {
        let radius = chosen ? OverlayStyle.chosenGripRadius : OverlayStyle.gripRadius
        cairo_new_sub_path(c.cr)
        cairo_arc(c.cr, p.x, p.y, radius + OverlayStyle.haloExtra / 2, 0, 2 * Double.pi)
        c.setColor(halo)
        cairo_fill(c.cr)
        cairo_new_sub_path(c.cr)
        cairo_arc(c.cr, p.x, p.y, radius, 0, 2 * Double.pi)
        c.setColor(RGBA.white)
        cairo_fill(c.cr)
        if chosen {
            cairo_new_sub_path(c.cr)
            cairo_arc(c.cr, p.x, p.y, radius / 2, 0, 2 * Double.pi)
            c.setColor(OverlayStyle.focusRing)
            cairo_fill(c.cr)
        }
    }

    /// The enlarged pixels in a circle with a cross at the corner's point, ringed white.
    private func paintMagnifier(_ c: Cairo, _ m: PerspectiveMagnifier, halo: RGBA) {
        let r = OverlayStyle.magnifierRadius, side = 2 * r
        c.saved {
            cairo_new_sub_path(c.cr)
            cairo_arc(c.cr, m.centre.x, m.centre.y, r, 0, 2 * Double.pi)
            cairo_clip(c.cr)
            cairo_translate(c.cr, m.centre.x - r, m.centre.y - r)
            SourceMapping.setSource(c, m.surface, transform: m.transform, shown: m.region, width: Int(side), height: Int(side))
            cairo_pattern_set_filter(cairo_get_source(c.cr), CAIRO_FILTER_NEAREST)
            cairo_paint(c.cr)
        }
        for (width, color) in [(OverlayStyle.frameWidth + OverlayStyle.haloExtra, halo), (OverlayStyle.frameWidth, RGBA.white)] {
            c.moveTo(m.centre.x - r / 4, m.centre.y)
            c.lineTo(m.centre.x + r / 4, m.centre.y)
            c.moveTo(m.centre.x, m.centre.y - r / 4)
            c.lineTo(m.centre.x, m.centre.y + r / 4)
            cairo_new_sub_path(c.cr)
            cairo_arc(c.cr, m.centre.x, m.centre.y, r, 0, 2 * Double.pi)
            c.stroke(width: width, color: color)
        }
    }
}

extension OverlayStyle {
    /// A corner grip as drawn; the area that takes the pointer is the 44-point grip around it.
    static let gripRadius = 7.0
    static let chosenGripRadius = 10.0
    /// The magnifier's radius, and how much it enlarges the picture as the view shows it.
    static let magnifierRadius = 56.0
    static let magnification = 4.0
    /// How far from the corner the magnifier's centre sits, away from the quadrilateral.
    static let magnifierOffset = 90.0
}
