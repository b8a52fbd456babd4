// One-shot GLib timeouts running a Swift closure on the main loop.

import CGtk

@MainActor
public enum Timer {
    /// Runs `body` once after `milliseconds` on the main loop.
    public static func once(milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) {
        let box = Unmanaged.passRetained(SignalBox(body) as AnyObject).toOpaque()
        g_timeout_add_full(
            G_PRIORITY_DEFAULT, milliseconds,
            { data in
                nonisolated(unsafe) let data = data
                MainActor.assumeIsolated {
                    Unmanaged<SignalBox<@MainActor () -> Void>>.fromOpaque(data!).takeUnretainedValue().handler()
                }
                return 0  // once
            }, box,
            { data in
                guard let data else { return }
                Unmanaged<AnyObject>.fromOpaque(data).release()
            })
    }
}
