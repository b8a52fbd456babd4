// One-shot GLib timeouts and idle callbacks running a Swift closure on the main loop.

import CGtk

@MainActor
public enum Timer {
    /// Runs `body` once after `milliseconds` on the main loop.
    public static func once(milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) {
        g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, runOnce, retained(body), release)
    }

    /// Runs `body` once the main loop has nothing more urgent to do: after the frames due now are
    /// drawn (GTK draws at a higher priority), so work that no frame needs does not delay one.
    public static func whenIdle(_ body: @escaping @MainActor () -> Void) {
        g_idle_add_full(G_PRIORITY_LOW, runOnce, retained(body), release)
    }

    private static func retained(_ body: @escaping @MainActor () -> Void) -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(SignalBox(body) as AnyObject).toOpaque()
    }

    private static let runOnce: GSourceFunc = { data in
        nonisolated(unsafe) let data = data
        MainActor.assumeIsolated {
            Unmanaged<SignalBox<@MainActor () -> Void>>.fromOpaque(data!).takeUnretainedValue().handler()
        }
        return 0  // once
    }

    private static let release: GDestroyNotify = { data in
        guard let data else { return }
        Unmanaged<AnyObject>.fromOpaque(data).release()
    }
}
