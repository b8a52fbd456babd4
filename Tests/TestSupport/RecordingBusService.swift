// A D-Bus service of the test's own on its session bus: it takes a well-known name, records each call and answers as told.

import CGtk
import Foundation
import GtkSupport

/// Stands in for a desktop service (the file manager's `org.freedesktop.FileManager1`, the portal's
/// `org.freedesktop.portal.Desktop`) on the session bus the tests run on: it owns `name`, serves one
/// object at `path` with the interface that `xml` (D-Bus introspection) describes, records every
/// call with its arguments and the bytes behind each descriptor sent, and answers with `answer`'s
/// reply. It answers from this process's GLib loop: a test waits for it with `GtkDisplay.pump`.
@MainActor
final class RecordingBusService {
    /// One method call as the service received it.
    struct Call {
        let method: String
        let arguments: BusValue
        /// The unique name of the caller (`:1.42`).
        let sender: String
        /// What each file descriptor sent with the call read, in order.
        let descriptorContents: [Data]
    }

    /// What the service answers a call: a reply (GVariant text, a tuple such as `(@o '/a/b',)`, or
    /// `()`), and a signal to emit to the caller afterwards (a portal's Response).
    struct Answer {
        var reply = "()"
        var signal: (path: String, interface: String, member: String, arguments: String)?
    }

    private(set) var calls: [Call] = []
    let name: String
    private let connection: OpaquePointer
    private let node: UnsafeMutablePointer<GDBusNodeInfo>
    private var registration: UInt32 = 0
    private let answer: @MainActor (Call) -> Answer
    /// Property values by name, as GVariant text (`uint32 1`).
    private let properties: [String: String]

    init(
        name: String, path: String, xml: String, properties: [String: String] = [:],
        answer: @escaping @MainActor (Call) -> Answer = { _ in Answer() }
    ) throws {
        self.name = name
        self.answer = answer
        self.properties = properties
        var error: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else { throw Self.failure(error) }
        connection = bus
        guard let node = g_dbus_node_info_new_for_xml(xml, &error) else { throw Self.failure(error) }
        self.node = node
        var vtable = GDBusInterfaceVTable()
        vtable.method_call = { _, sender, _, _, method, parameters, invocation, data in
            guard let data, let method, let parameters, let invocation else { return }
            let call = (
                String(cString: method), BusValue(parameters), sender.map { String(cString: $0) } ?? "",
                RecordingBusService.descriptorContents(of: invocation)
            )
            MainActor.assumeIsolated {
                Unmanaged<RecordingBusService>.fromOpaque(data).takeUnretainedValue().received(
                    Call(method: call.0, arguments: call.1, sender: call.2, descriptorContents: call.3), invocation: invocation)
            }
        }
        vtable.get_property = { _, _, _, _, property, _, data in
            guard let data, let property else { return nil }
            let name = String(cString: property)
            let text = MainActor.assumeIsolated {
                Unmanaged<RecordingBusService>.fromOpaque(data).takeUnretainedValue().properties[name]
            }
            return text.flatMap { g_variant_parse(nil, $0, nil, nil, nil) }
        }
        // The service outlives its registration: `stop()` unregisters before it goes.
        let me = Unmanaged.passUnretained(self).toOpaque()
        registration = g_dbus_connection_register_object(bus, path, node.pointee.interfaces[0], &vtable, me, nil, &error)
        guard registration != 0 else { throw Self.failure(error) }
        let reply = try Self.callBus(bus, "RequestName", "(su)", name, 4)  // 4: do not queue
        guard reply == 1 else {
            throw NSError(domain: "RecordingBusService", code: 1, userInfo: [NSLocalizedDescriptionKey: "\(name) is taken"])
        }
    }

    /// Gives the name back and stops answering.
    func stop() {
        guard registration != 0 else { return }
        g_dbus_connection_unregister_object(connection, registration)
        registration = 0
        _ = try? Self.callBus(connection, "ReleaseName", "(s)", name, nil)
        g_dbus_node_info_unref(node)
    }

    private func received(_ call: Call, invocation: OpaquePointer) {
        calls.append(call)
        let answer = self.answer(call)
        let reply = g_variant_parse(nil, answer.reply, nil, nil, nil)
        g_dbus_method_invocation_return_value(invocation, reply)
        if let reply { g_variant_unref(reply) }
        if let signal = answer.signal, let arguments = g_variant_parse(nil, signal.arguments, nil, nil, nil) {
            g_dbus_connection_emit_signal(connection, call.sender, signal.path, signal.interface, signal.member, arguments, nil)
            g_variant_unref(arguments)
        }
    }

    /// The bytes behind each descriptor sent with a call (read from the start).
    nonisolated private static func descriptorContents(of invocation: OpaquePointer) -> [Data] {
        guard let message = g_dbus_method_invocation_get_message(invocation),
            let list = g_dbus_message_get_unix_fd_list(message)
        else { return [] }
        return (0..<g_unix_fd_list_get_length(list)).compactMap { index in
            let fd = g_unix_fd_list_get(list, index, nil)
            guard fd >= 0 else { return nil }
            lseek(fd, 0, SEEK_SET)
            return FileHandle(fileDescriptor: fd, closeOnDealloc: true).readDataToEndOfFile()
        }
    }

    /// Calls the bus itself (`org.freedesktop.DBus`) with a string and, when given, a number; the reply's number.
    @discardableResult
    private static func callBus(
        _ bus: OpaquePointer, _ method: String, _ type: String, _ text: String, _ number: UInt32?
    ) throws
        -> UInt32?
    {
        var children: [OpaquePointer?] = [g_variant_new_string(text)] + (number.map { [g_variant_new_uint32($0)] } ?? [])
        let arguments = g_variant_new_tuple(&children, gsize(children.count))
        var error: UnsafeMutablePointer<GError>?
        guard
            let reply = g_dbus_connection_call_sync(
                bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", method, arguments, nil,
                G_DBUS_CALL_FLAGS_NONE, -1, nil, &error)
        else { throw failure(error) }
        defer { g_variant_unref(reply) }
        if case .uint(let value) = BusValue(reply)[0] { return value }
        return nil
    }

    private static func failure(_ error: UnsafeMutablePointer<GError>?) -> NSError {
        defer { if let error { g_error_free(error) } }
        let words = error.map { String(cString: $0.pointee.message) } ?? "unknown"
        return NSError(domain: "RecordingBusService", code: 2, userInfo: [NSLocalizedDescriptionKey: words])
    }
}
