// Lets Swift concurrency's main queue run under the GLib main loop (Task { @MainActor in }, DispatchQueue.main).

import CGtk
import Glibc

/// Under `g_application_run` nothing drains libdispatch's main queue, so `@MainActor` tasks and
/// `DispatchQueue.main.async` blocks would never run. libdispatch signals pending work on an
/// eventfd; GLib watches it and drains the queue on the main thread.
public enum MainQueueBridge {
    private static let installed: Bool = {
        let fd = _dispatch_get_main_queue_handle_4CF()
        guard fd >= 0 else { return false }
        g_unix_fd_add(
            fd, G_IO_IN,
            { fd, _, _ in
                // Consume the eventfd's count first, or the fd stays readable and the loop spins at 100 % CPU.
                var counter: UInt64 = 0
                _ = read(fd, &counter, MemoryLayout<UInt64>.size)
                _dispatch_main_queue_callback_4CF(nil)
                return 1  // keep watching
            }, nil)
        return true
    }()

    /// Installs the bridge once; later calls do nothing. Returns whether it is installed.
    @discardableResult
    public static func install() -> Bool { installed }
}
