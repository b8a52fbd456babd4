// The pipe protocol between a batch and its worker processes: each message a 4-byte little-endian length and that much JSON.

import Foundation
import Glibc

enum WorkerFrames {
    /// Larger messages are a broken peer, not a job (a job is a few hundred bytes of arguments).
    static let largest = 16 << 20

    /// Sends `value` whole; false when the peer is gone. MSG_NOSIGNAL on a socket: a dead peer is
    /// an error here, not a SIGPIPE for the whole process (the window's included).
    static func send<Value: Encodable>(_ value: Value, to descriptor: Int32, socket: Bool) -> Bool {
        guard let body = try? JSONEncoder().encode(value), body.count <= largest else { return false }
        var bytes = [UInt8](repeating: 0, count: 4)
        let length = UInt32(body.count)
        for index in 0..<4 { bytes[index] = UInt8(truncatingIfNeeded: length >> (8 * UInt32(index))) }
        bytes += body
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                socket
                    ? Glibc.send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                    : Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// The next message, or nil at the end of the stream (or on a malformed one).
    static func receive<Value: Decodable>(_ type: Value.Type, from descriptor: Int32) -> Value? {
        guard let header = readExactly(4, from: descriptor) else { return nil }
        let length = header.enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
        guard length <= largest, let body = readExactly(length, from: descriptor) else { return nil }
        return try? JSONDecoder().decode(type, from: Data(body))
    }

    private static func readExactly(_ count: Int, from descriptor: Int32) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var offset = 0
        while offset < count {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + offset, count - offset) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { return nil }
            offset += got
        }
        return bytes
    }
}
