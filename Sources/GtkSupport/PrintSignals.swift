// The signals of a GtkPrintOperation as Swift closures: a page to draw, the dialog's tab made and told the page chosen.

import CGtk

extension Signal {
    /// `draw-page`: the print context of the page to draw (a one-page operation has only page 0).
    @discardableResult
    static func connectDrawPage(
        _ operation: UnsafeMutableRawPointer, _ handler: @escaping @MainActor (OpaquePointer) -> Void
    ) -> UInt {
        typealias Handler = @MainActor (OpaquePointer) -> Void
        typealias Thunk =
            @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, Int32, UnsafeMutableRawPointer?)
            -> Void
        let thunk: Thunk = { _, context, _, data in
            guard let context else { return }
            MainActor.assumeIsolated { box(data, as: Handler.self).handler(context) }
        }
        return GtkSupport.connect(operation, "draw-page", handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// A signal with no arguments that answers a new widget (`create-custom-widget`: GTK takes it into the dialog).
    @discardableResult
    static func connectMakingWidget(
        _ instance: UnsafeMutableRawPointer, _ signal: String,
        _ handler: @escaping @MainActor () -> UnsafeMutablePointer<GtkWidget>
    ) -> UInt {
        typealias Handler = @MainActor () -> UnsafeMutablePointer<GtkWidget>
        typealias Thunk = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?
        let thunk: Thunk = { _, data in
            // The pointer crosses out of the isolated closure as a bit pattern (GTK takes it on this thread).
            let widget = MainActor.assumeIsolated { UInt(bitPattern: box(data, as: Handler.self).handler()) }
            return UnsafeMutableRawPointer(bitPattern: widget)
        }
        return GtkSupport.connect(instance, signal, handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `update-custom-widget`: the page setup the dialog now has (its paper, orientation and margins).
    @discardableResult
    static func connectPageChanged(
        _ operation: UnsafeMutableRawPointer, _ handler: @escaping @MainActor (OpaquePointer) -> Void
    ) -> UInt {
        typealias Handler = @MainActor (OpaquePointer) -> Void
        typealias Thunk =
            @convention(c) (
                UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, OpaquePointer?, OpaquePointer?,
                UnsafeMutableRawPointer?
            ) -> Void
        let thunk: Thunk = { _, _, setup, _, data in
            guard let setup else { return }
            MainActor.assumeIsolated { box(data, as: Handler.self).handler(setup) }
        }
        return GtkSupport.connect(operation, "update-custom-widget", handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }
}
