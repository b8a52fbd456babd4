// The snapshot a widget's `snapshot` vfunc fills, typed: a Cairo drawing GTK records, or a texture of pixels.

import CGtk

/// A GtkSnapshot being filled for one frame of a widget, in the widget's points.
@MainActor
public struct Snapshot {
    /// The `GtkSnapshot`.
    public let pointer: OpaquePointer

    public init(_ pointer: OpaquePointer) { self.pointer = pointer }

    /// Appends a Cairo node covering `width`×`height` points from the origin and draws it with
    /// `body`; GTK records the drawing and replays it when it renders. False when GTK gave no context.
    @discardableResult
    public func drawWithCairo(width: Double, height: Double, _ body: (Cairo) -> Void) -> Bool {
        var bounds = Snapshot.bounds(width: width, height: height)
        guard let cr = gtk_snapshot_append_cairo(pointer, &bounds) else { return false }
        body(Cairo(cr))
        cairo_destroy(cr)
        return true
    }

    /// Appends `texture` stretched over `width`×`height` points from the origin (the node holds a
    /// reference of its own).
    public func append(_ texture: Texture, width: Double, height: Double) {
        var bounds = Snapshot.bounds(width: width, height: height)
        gtk_snapshot_append_texture(pointer, texture.pointer, &bounds)
    }

    private static func bounds(width: Double, height: Double) -> graphene_rect_t {
        graphene_rect_t(
            origin: graphene_point_t(x: 0, y: 0), size: graphene_size_t(width: Float(width), height: Float(height)))
    }
}
