// Drags out of a widget and drops onto one, as copies: the content made as a drag starts, a drop's formats and its end.

import CGtk

@MainActor
public enum DragAndDrop {
    /// Lets the person drag a copy of something out of `widget`: `content` makes it when a drag
    /// starts (a new provider, which GTK takes), or nil to refuse the drag.
    public static func offerCopy(
        from widget: UnsafeMutablePointer<GtkWidget>,
        _ content: @escaping @MainActor () -> UnsafeMutablePointer<GdkContentProvider>?
    ) {
        let source = gtk_drag_source_new()!
        gtk_drag_source_set_actions(source, GDK_ACTION_COPY)
        Signal.connectPrepare(source.raw) { _, _ in content() }
        widget.addController(source.raw)
    }

    /// Takes drops of `formats` (which the target takes) on `widget` as copies: `dropped` gets each
    /// drop to read, and answers whether it takes it (then it calls `finish` once read).
    public static func acceptCopies(
        on widget: UnsafeMutablePointer<GtkWidget>, formats: OpaquePointer,
        _ dropped: @escaping @MainActor (OpaquePointer) -> Bool
    ) {
        let target = gtk_drop_target_async_new(formats, GDK_ACTION_COPY)!
        Signal.connectAsyncDrop(UnsafeMutableRawPointer(target), dropped)
        widget.addController(UnsafeMutableRawPointer(target))
    }

    /// What `drop` offers.
    public static func formats(of drop: OpaquePointer) -> OpaquePointer? { gdk_drop_get_formats(drop) }

    /// Ends `drop` once read: taken as a copy, or refused.
    public static func finish(_ drop: OpaquePointer, taken: Bool) {
        gdk_drop_finish(drop, taken ? GDK_ACTION_COPY : GdkDragAction(0))
    }
}
