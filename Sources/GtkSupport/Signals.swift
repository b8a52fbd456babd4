// Connecting GObject signals to Swift closures: GLib holds each closure's box and releases it when the object goes.

import CGtk

/// Holds one signal handler; GLib owns a retained reference and releases it through the destroy notify.
@MainActor
final class SignalBox<Handler> {
    let handler: Handler
    init(_ handler: Handler) { self.handler = handler }
}

/// Released by GLib when the handler is disconnected or its object is finalized.
private let releaseBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

@MainActor
func connect<Handler>(
    _ instance: UnsafeMutableRawPointer, _ signal: String, _ handler: Handler,
    thunk: GCallback
) -> UInt {
    let box = Unmanaged.passRetained(SignalBox(handler) as AnyObject).toOpaque()
    return UInt(cgtk_signal_connect(instance, signal, thunk, box, releaseBox))
}

@MainActor
func box<Handler>(_ data: UnsafeMutableRawPointer?, as _: Handler.Type) -> SignalBox<Handler> {
    Unmanaged<SignalBox<Handler>>.fromOpaque(data!).takeUnretainedValue()
}

/// Signal connections for any GObject instance pointer. GTK emits on the main thread, which the
/// thunks assert with `MainActor.assumeIsolated` (a trap there would reveal a threading bug).
@MainActor
public enum Signal {
    /// A signal with no arguments and no result (`clicked`, `activate`, `destroy`, …).
    @discardableResult
    public static func connect(
        _ instance: UnsafeMutableRawPointer, _ signal: String,
        _ handler: @escaping @MainActor () -> Void
    ) -> UInt {
        typealias Thunk = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
        let thunk: Thunk = { _, data in
            MainActor.assumeIsolated { box(data, as: (@MainActor () -> Void).self).handler() }
        }
        return GtkSupport.connect(instance, signal, handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// A signal with no arguments that returns a boolean (`close-request`: true stops the default).
    @discardableResult
    public static func connectReturningBool(
        _ instance: UnsafeMutableRawPointer, _ signal: String,
        _ handler: @escaping @MainActor () -> Bool
    ) -> UInt {
        typealias Thunk = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean
        let thunk: Thunk = { _, data in
            MainActor.assumeIsolated { box(data, as: (@MainActor () -> Bool).self).handler() ? 1 : 0 }
        }
        return GtkSupport.connect(instance, signal, handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// A signal with one pointer argument (`notify`, `response` as an int fits here too via `connectInt`).
    @discardableResult
    public static func connectPointer(
        _ instance: UnsafeMutableRawPointer, _ signal: String,
        _ handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void
    ) -> UInt {
        typealias Thunk =
            @convention(c) (
                UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
                UnsafeMutableRawPointer?
            ) -> Void
        let thunk: Thunk = { _, arg, data in
            MainActor.assumeIsolated { box(data, as: (@MainActor (UnsafeMutableRawPointer?) -> Void).self).handler(arg) }
        }
        return GtkSupport.connect(instance, signal, handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// A signal with one int argument (`response` of a native dialog).
    @discardableResult
    public static func connectInt(
        _ instance: UnsafeMutableRawPointer, _ signal: String,
        _ handler: @escaping @MainActor (Int32) -> Void
    ) -> UInt {
        typealias Thunk = @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?) -> Void
        let thunk: Thunk = { _, value, data in
            MainActor.assumeIsolated { box(data, as: (@MainActor (Int32) -> Void).self).handler(value) }
        }
        return GtkSupport.connect(instance, signal, handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// A signal with two doubles (`drag-begin`, `drag-update`, `drag-end`, `motion`, `enter`).
    @discardableResult
    public static func connectPoint(
        _ instance: UnsafeMutableRawPointer, _ signal: String,
        _ handler: @escaping @MainActor (Double, Double) -> Void
    ) -> UInt {
        typealias Thunk = @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> Void
        let thunk: Thunk = { _, x, y, data in
            MainActor.assumeIsolated { box(data, as: (@MainActor (Double, Double) -> Void).self).handler(x, y) }
        }
        return GtkSupport.connect(instance, signal, handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// A signal with two doubles that answers whether it was handled (`scroll` of a GtkEventControllerScroll).
    @discardableResult
    public static func connectPointReturningBool(
        _ instance: UnsafeMutableRawPointer, _ signal: String,
        _ handler: @escaping @MainActor (Double, Double) -> Bool
    ) -> UInt {
        typealias Thunk = @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> gboolean
        let thunk: Thunk = { _, x, y, data in
            MainActor.assumeIsolated { box(data, as: (@MainActor (Double, Double) -> Bool).self).handler(x, y) ? 1 : 0 }
        }
        return GtkSupport.connect(instance, signal, handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// A signal with one double (`scale-changed` of a GtkGestureZoom).
    @discardableResult
    public static func connectDouble(
        _ instance: UnsafeMutableRawPointer, _ signal: String,
        _ handler: @escaping @MainActor (Double) -> Void
    ) -> UInt {
        typealias Thunk = @convention(c) (UnsafeMutableRawPointer?, Double, UnsafeMutableRawPointer?) -> Void
        let thunk: Thunk = { _, value, data in
            MainActor.assumeIsolated { box(data, as: (@MainActor (Double) -> Void).self).handler(value) }
        }
        return GtkSupport.connect(instance, signal, handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// A signal with an int and two doubles (`pressed` of a GtkGestureClick: presses, x, y).
    @discardableResult
    public static func connectPress(
        _ instance: UnsafeMutableRawPointer, _ signal: String,
        _ handler: @escaping @MainActor (Int32, Double, Double) -> Void
    ) -> UInt {
        typealias Thunk = @convention(c) (UnsafeMutableRawPointer?, Int32, Double, Double, UnsafeMutableRawPointer?) -> Void
        let thunk: Thunk = { _, count, x, y, data in
            MainActor.assumeIsolated { box(data, as: (@MainActor (Int32, Double, Double) -> Void).self).handler(count, x, y) }
        }
        return GtkSupport.connect(instance, signal, handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `key-pressed` of a GtkEventControllerKey: keyval, keycode, modifier state; true stops propagation.
    @discardableResult
    public static func connectKeyPressed(
        _ instance: UnsafeMutableRawPointer,
        _ handler: @escaping @MainActor (UInt32, UInt32, UInt32) -> Bool
    ) -> UInt {
        typealias Thunk =
            @convention(c) (
                UnsafeMutableRawPointer?, UInt32, UInt32, UInt32,
                UnsafeMutableRawPointer?
            ) -> gboolean
        let thunk: Thunk = { _, keyval, keycode, state, data in
            MainActor.assumeIsolated {
                box(data, as: (@MainActor (UInt32, UInt32, UInt32) -> Bool).self).handler(keyval, keycode, state) ? 1 : 0
            }
        }
        return GtkSupport.connect(instance, "key-pressed", handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `key-released` of a GtkEventControllerKey: keyval, keycode, modifier state.
    @discardableResult
    public static func connectKeyReleased(
        _ instance: UnsafeMutableRawPointer,
        _ handler: @escaping @MainActor (UInt32, UInt32, UInt32) -> Void
    ) -> UInt {
        typealias Thunk = @convention(c) (UnsafeMutableRawPointer?, UInt32, UInt32, UInt32, UnsafeMutableRawPointer?) -> Void
        let thunk: Thunk = { _, keyval, keycode, state, data in
            MainActor.assumeIsolated {
                box(data, as: (@MainActor (UInt32, UInt32, UInt32) -> Void).self).handler(keyval, keycode, state)
            }
        }
        return GtkSupport.connect(instance, "key-released", handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `drop` of a GtkDropTarget: the dropped value and the point; true accepts the drop.
    @discardableResult
    public static func connectDrop(
        _ instance: UnsafeMutableRawPointer,
        _ handler: @escaping @MainActor (UnsafePointer<GValue>?, Double, Double) -> Bool
    ) -> UInt {
        typealias Thunk =
            @convention(c) (
                UnsafeMutableRawPointer?, UnsafePointer<GValue>?, Double, Double,
                UnsafeMutableRawPointer?
            ) -> gboolean
        let thunk: Thunk = { _, value, x, y, data in
            MainActor.assumeIsolated {
                box(data, as: (@MainActor (UnsafePointer<GValue>?, Double, Double) -> Bool).self).handler(value, x, y) ? 1 : 0
            }
        }
        return GtkSupport.connect(instance, "drop", handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `drop` of a GtkDropTargetAsync: the GdkDrop (read it, then `gdk_drop_finish`) and the point; true takes it.
    @discardableResult
    public static func connectAsyncDrop(
        _ instance: UnsafeMutableRawPointer, _ handler: @escaping @MainActor (OpaquePointer) -> Bool
    ) -> UInt {
        typealias Thunk =
            @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, Double, Double, UnsafeMutableRawPointer?) -> gboolean
        let thunk: Thunk = { _, drop, _, _, data in
            guard let drop else { return 0 }
            return MainActor.assumeIsolated { box(data, as: (@MainActor (OpaquePointer) -> Bool).self).handler(drop) ? 1 : 0 }
        }
        return GtkSupport.connect(instance, "drop", handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `prepare` of a GtkDragSource: the point the drag starts at; the content to offer (a new
    /// reference, which GTK takes), or nil to refuse the drag.
    @discardableResult
    public static func connectPrepare(
        _ instance: UnsafeMutableRawPointer,
        _ handler: @escaping @MainActor (Double, Double) -> UnsafeMutablePointer<GdkContentProvider>?
    ) -> UInt {
        typealias Handler = @MainActor (Double, Double) -> UnsafeMutablePointer<GdkContentProvider>?
        typealias Thunk =
            @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> UnsafeMutablePointer<
                GdkContentProvider
            >?
        let thunk: Thunk = { _, x, y, data in
            // The pointer crosses out of the isolated closure as a bit pattern (GTK takes it on this thread).
            let provider = MainActor.assumeIsolated { UInt(bitPattern: box(data, as: Handler.self).handler(x, y)) }
            return UnsafeMutablePointer(bitPattern: provider)
        }
        return GtkSupport.connect(instance, "prepare", handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `open` of a GApplication: the files asked for (command line, file manager, D-Bus).
    @discardableResult
    public static func connectOpen(
        _ application: UnsafeMutableRawPointer,
        _ handler: @escaping @MainActor ([OpaquePointer]) -> Void
    ) -> UInt {
        typealias Thunk =
            @convention(c) (
                UnsafeMutableRawPointer?, UnsafeMutablePointer<OpaquePointer?>?, Int32,
                UnsafePointer<CChar>?, UnsafeMutableRawPointer?
            ) -> Void
        let thunk: Thunk = { _, files, count, _, data in
            let list = (0..<Int(max(count, 0))).compactMap { files?[$0] }
            MainActor.assumeIsolated { box(data, as: (@MainActor ([OpaquePointer]) -> Void).self).handler(list) }
        }
        return GtkSupport.connect(application, "open", handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }
}
