// Typed Swift for the application: kept alive, registered on the bus, its windows, its accelerators, its main loop.

import CGtk
import Glibc

extension UnsafeMutablePointer where Pointee == AdwApplication {
    /// The same object as a GApplication and as a GtkApplication.
    public var asApplication: UnsafeMutablePointer<GApplication> { cgtk_gapplication(raw) }
    public var asGtkApplication: UnsafeMutablePointer<GtkApplication> { cgtk_application(raw) }
}

extension UnsafeMutablePointer where Pointee == GApplication {
    /// Keeps the application running without a window until `release()` (a save or a copy outliving it).
    @MainActor public func hold() { g_application_hold(self) }
    @MainActor public func release() { g_application_release(self) }

    /// Registers it on the session bus; false when that failed.
    @MainActor public func register() -> Bool { g_application_register(self, nil, nil) != 0 }

    /// Whether another process is the primary instance (after `register()`).
    @MainActor public var isRemote: Bool { g_application_get_is_remote(self) != 0 }

    /// Activates the primary instance's action `name` (no parameter) and waits until the bus has sent it.
    @MainActor public func activateRemotely(_ name: String) {
        g_action_group_activate_action(OpaquePointer(self), name, nil)
        g_dbus_connection_flush_sync(g_application_get_dbus_connection(self), nil, nil)
    }

    /// Runs the main loop with `arguments` (the program's name first); returns the exit status.
    @MainActor public func run(_ arguments: [String]) -> Int32 {
        var cStrings = arguments.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        return cStrings.withUnsafeMutableBufferPointer { buffer in
            g_application_run(self, Int32(buffer.count), buffer.baseAddress)
        }
    }
}

extension UnsafeMutablePointer where Pointee == GtkApplication {
    /// Installs `accels` as the keys of the detailed action `action` (`win.save`) in every window.
    @MainActor public func setAccels(_ accels: [String], for action: String) {
        let cStrings: [UnsafeMutablePointer<CChar>?] = accels.map { strdup($0) } + [nil]
        defer { cStrings.forEach { free($0) } }
        cStrings.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                gtk_application_set_accels_for_action(self, action, $0)
            }
        }
    }

    /// Its windows, most recently focused first.
    @MainActor public var windows: [UnsafeMutablePointer<GtkWindow>] {
        var windows: [UnsafeMutablePointer<GtkWindow>] = []
        var list = gtk_application_get_windows(self)
        while let node = list {
            if let data = node.pointee.data { windows.append(data.assumingMemoryBound(to: GtkWindow.self)) }
            list = node.pointee.next
        }
        return windows
    }

    /// The window the user works in, or nil before the first one.
    @MainActor public var activeWindow: UnsafeMutablePointer<GtkWindow>? { gtk_application_get_active_window(self) }
}
