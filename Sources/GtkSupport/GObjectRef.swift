// An owning reference to a GObject: taken (floating ones sunk) on creation, released when the Swift value goes.

import CGtk

/// Holds one reference to a GObject for as long as it lives, so ownership follows Swift's instead
/// of pairing `g_object_ref`/`g_object_unref` by hand. Create it either around an object someone
/// else owns (`retaining:`, which takes a reference of its own and sinks a floating one, as a parent
/// would) or around a full reference a `*_new` or getter handed over (`adopting:`). Release happens
/// on the thread that drops the last Swift reference: keep widget references on the main thread.
public final class GObjectRef {
    /// The object, as GLib's `gpointer`.
    public let raw: UnsafeMutableRawPointer

    /// Takes a reference of its own; a floating object (a new widget) is sunk instead.
    public init(retaining object: UnsafeMutableRawPointer) {
        raw = object
        g_object_ref_sink(object)
    }

    /// Takes over a full reference the caller owns (a new non-floating object such as a
    /// `GtkFileFilter`, `GMenu` or `GSimpleAction`, or a transfer-full getter's result).
    public init(adopting object: UnsafeMutableRawPointer) {
        raw = object
        // A floating object adopted would be freed by its first parent's sink and our unref.
        if g_object_is_floating(object) != 0 { g_object_ref_sink(object) }
    }

    /// Nil-tolerant forms for C calls that may return NULL.
    public convenience init?(retaining object: UnsafeMutableRawPointer?) {
        guard let object else { return nil }
        self.init(retaining: object)
    }

    public convenience init?(adopting object: UnsafeMutableRawPointer?) {
        guard let object else { return nil }
        self.init(adopting: object)
    }

    deinit { g_object_unref(raw) }

    /// The object as the C type a call wants: `ref.as(GtkWidget.self)`. The one cast, checked by
    /// the type system only as far as the caller names the right type (as GTK's own macros).
    public func `as`<T>(_: T.Type) -> UnsafeMutablePointer<T> { raw.assumingMemoryBound(to: T.self) }

    /// The object for C calls that take an incomplete (opaque) type.
    public var opaque: OpaquePointer { OpaquePointer(raw) }

    /// The object's current reference count (tests check ownership with it).
    public var referenceCount: UInt32 { raw.assumingMemoryBound(to: GObject.self).pointee.ref_count }
}
