// Calls to the desktop's services on the session bus (GDBus), answered on the main thread, and their signals followed.

import CGtk
import Glibc

/// A failed call: the bus's error name (`org.freedesktop.DBus.Error.ServiceUnknown`) when it gave
/// one, and its words.
public struct BusFailure: Error, Equatable, Sendable {
    public let name: String?
    public let message: String
}

/// A followed signal, until `cancel()`.
@MainActor
public final class BusSubscription {
    private var id: UInt32?
    fileprivate init(id: UInt32) { self.id = id }

    public func cancel() {
        guard let id, let bus = SessionBus.connection else { return }
        g_dbus_connection_signal_unsubscribe(bus, id)
        self.id = nil
    }
}

@MainActor
public enum SessionBus {
    /// The session bus, or nil without one (no desktop session).
    static let connection: OpaquePointer? = {
        var error: UnsafeMutablePointer<GError>?
        let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error)
        if let error { g_error_free(error) }
        return bus
    }()

    /// This process's unique name on the bus (`:1.42`), or nil without a bus.
    public static var uniqueName: String? {
        connection.flatMap { g_dbus_connection_get_unique_name($0) }.map { String(cString: $0) }
    }

    /// A call awaiting its reply: the closure GLib's callback gives it to.
    @MainActor private final class Pending {
        let reply: @MainActor (Result<BusValue, BusFailure>) -> Void
        init(_ reply: @escaping @MainActor (Result<BusValue, BusFailure>) -> Void) { self.reply = reply }
    }

    /// Calls `method` of `interface` on `service`'s object `path` with `arguments` (a tuple), sending
    /// `descriptors` along (an argument `.handle(i)` names the i-th); `reply` gets the reply's tuple or
    /// the failure, on the main thread. A service that is not running is started if the bus can.
    public static func call(
        _ service: String, _ path: String, _ interface: String, _ method: String, _ arguments: [BusValue],
        descriptors: [Int32] = [], timeout milliseconds: Int32 = -1,
        reply: @escaping @MainActor (Result<BusValue, BusFailure>) -> Void
    ) {
        guard let bus = connection else {
            return reply(.failure(BusFailure(name: nil, message: "no session bus")))
        }
        let fds = g_unix_fd_list_new()!
        defer { g_object_unref(fds.raw) }
        for descriptor in descriptors { _ = g_unix_fd_list_append(fds, descriptor, nil) }
        let pending = Unmanaged.passRetained(Pending(reply)).toOpaque()
        g_dbus_connection_call_with_unix_fd_list(
            bus, service, path, interface, method, BusValue.tuple(arguments).variant, nil, G_DBUS_CALL_FLAGS_NONE,
            milliseconds, fds, nil,
            { source, result, data in
                var error: UnsafeMutablePointer<GError>?
                let value = g_dbus_connection_call_with_unix_fd_list_finish(OpaquePointer(source), nil, result, &error)
                let outcome: Result<BusValue, BusFailure>
                if let value {
                    outcome = .success(BusValue(value))
                    g_variant_unref(value)
                } else {
                    outcome = .failure(SessionBus.failure(error))
                }
                if let error { g_error_free(error) }
                MainActor.assumeIsolated { Unmanaged<Pending>.fromOpaque(data!).takeRetainedValue().reply(outcome) }
            }, pending)
    }

    /// A GError as a failure, with the bus's error name when the error came from the bus.
    nonisolated private static func failure(_ error: UnsafeMutablePointer<GError>?) -> BusFailure {
        guard let error else { return BusFailure(name: nil, message: "no reply") }
        let name = g_dbus_error_get_remote_error(error).map { text in
            defer { g_free(text) }
            return String(cString: text)
        }
        if name != nil { g_dbus_error_strip_remote_error(error) }
        return BusFailure(name: name, message: String(cString: error.pointee.message))
    }

    /// The value of `property` of `interface` on `service`'s object `path` (Properties.Get).
    public static func property(
        _ service: String, _ path: String, _ interface: String, _ property: String,
        reply: @escaping @MainActor (Result<BusValue, BusFailure>) -> Void
    ) {
        call(service, path, "org.freedesktop.DBus.Properties", "Get", [.string(interface), .string(property)]) { result in
            reply(
                result.map { value in
                    if case .variant(let inner) = value[0] { return inner }
                    return value[0] ?? value
                })
        }
    }

    /// A followed signal's handler.
    @MainActor private final class Follower {
        let handler: @MainActor (BusValue) -> Void
        init(_ handler: @escaping @MainActor (BusValue) -> Void) { self.handler = handler }
    }

    /// Runs `handler` with the arguments (a tuple) of each signal `member` of `interface` that
    /// `sender` emits from `path`, until the subscription is cancelled.
    public static func follow(
        sender: String, interface: String, member: String, path: String,
        _ handler: @escaping @MainActor (BusValue) -> Void
    ) -> BusSubscription? {
        guard let bus = connection else { return nil }
        let follower = Unmanaged.passRetained(Follower(handler)).toOpaque()
        let id = g_dbus_connection_signal_subscribe(
            bus, sender, interface, member, path, nil, G_DBUS_SIGNAL_FLAGS_NONE,
            { _, _, _, _, _, parameters, data in
                guard let parameters, let data else { return }
                let value = BusValue(parameters)
                MainActor.assumeIsolated { Unmanaged<Follower>.fromOpaque(data).takeUnretainedValue().handler(value) }
            }, follower,
            { data in
                guard let data else { return }
                Unmanaged<Follower>.fromOpaque(data).release()
            })
        return BusSubscription(id: id)
    }
}
