// The editor's or a decoder's end of their socketpair: whole messages (SOCK_SEQPACKET), descriptors beside them (SCM_RIGHTS).

import Foundation
import Glibc

/// A message and the descriptors that came with it, each closed with the last reference to it
/// (whatever the message turns out to be, nothing it carried stays open by mistake).
package struct ReceivedMessage {
    package let bytes: [UInt8]
    package let descriptors: [OwnedDescriptor]
}

/// Sends and receives one message per call. Messages are JSON a few hundred bytes long; pixels
/// never travel here (they come in a sealed memfd passed as a descriptor).
package struct DescriptorSocket {
    package let fd: Int32

    package init(fd: Int32) { self.fd = fd }

    /// The longest message either side sends (a sidecar's words, an error's libvips detail).
    static let messageLimit = 256 * 1024
    /// The most descriptors one message carries (a source and its sidecar, or a source and a result).
    static let descriptorLimit = 4

    /// A connected pair, both ends closed on exec (the child's end is moved to a fixed number by the spawn).
    static func pair() -> (Int32, Int32)? {
        var fds: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0 else {
            return nil
        }
        return (fds[0], fds[1])
    }

    /// The control buffer's size for `count` descriptors: CMSG_SPACE(count × 4).
    private static func controlSpace(_ count: Int) -> Int {
        let header = MemoryLayout<cmsghdr>.size
        return header + ((count * 4 + 7) & ~7)
    }

    /// A `msghdr` over `data` and the first `controlLength` bytes of `control` (none when 0), for `body`.
    private static func withHeader<Result>(
        _ data: UnsafeMutableRawBufferPointer, _ control: UnsafeMutableRawBufferPointer, controlLength: Int,
        _ body: (inout msghdr) -> Result
    ) -> Result {
        var vector = iovec(iov_base: data.baseAddress, iov_len: data.count)
        return withUnsafeMutablePointer(to: &vector) { vectorPointer in
            var header = msghdr()
            header.msg_iov = vectorPointer
            header.msg_iovlen = 1
            if controlLength > 0 {
                header.msg_control = control.baseAddress
                header.msg_controllen = controlLength
            }
            return body(&header)
        }
    }

    /// The descriptor slots after the control message's header.
    private static func slots(_ control: UnsafeMutableRawBufferPointer) -> UnsafeMutablePointer<Int32> {
        (control.baseAddress! + MemoryLayout<cmsghdr>.size).assumingMemoryBound(to: Int32.self)
    }

    /// Sends `bytes` with `descriptors` (duplicated into the receiver; ours stay open). False when
    /// the other end is gone (no SIGPIPE: MSG_NOSIGNAL).
    package func send(_ bytes: [UInt8], descriptors: [Int32] = []) -> Bool {
        precondition(descriptors.count <= Self.descriptorLimit)
        var payload = bytes
        let controlLength = descriptors.isEmpty ? 0 : Self.controlSpace(descriptors.count)
        var control = [UInt8](repeating: 0, count: max(controlLength, 1))
        return payload.withUnsafeMutableBytes { data in
            control.withUnsafeMutableBytes { controlBytes in
                if !descriptors.isEmpty {
                    let cmsg = controlBytes.baseAddress!.assumingMemoryBound(to: cmsghdr.self)
                    cmsg.pointee.cmsg_len = MemoryLayout<cmsghdr>.size + descriptors.count * 4
                    cmsg.pointee.cmsg_level = SOL_SOCKET
                    cmsg.pointee.cmsg_type = Int32(SCM_RIGHTS)
                    for (index, descriptor) in descriptors.enumerated() { Self.slots(controlBytes)[index] = descriptor }
                }
                return Self.withHeader(data, controlBytes, controlLength: controlLength) { header in
                    while true {
                        let sent = sendmsg(fd, &header, Int32(MSG_NOSIGNAL))
                        if sent < 0, errno == EINTR { continue }
                        return sent == data.count
                    }
                }
            }
        }
    }

    /// Whether a message (or the other end's closing) arrives within `seconds`.
    package func isReadable(within seconds: Double) -> Bool {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, Int32((seconds * 1000).rounded(.up))) > 0
    }

    /// Waits up to `timeout` seconds (nil: for ever) for a message. nil when the other end closed,
    /// the wait ran out, or the message was cut (too long, too many descriptors): the caller ends
    /// the peer then.
    package func receive(timeout: Double?) -> ReceivedMessage? {
        let deadline = timeout.map { Date().addingTimeInterval($0) }
        while true {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let wait = deadline.map { Int32(max(0, min($0.timeIntervalSinceNow * 1000, Double(Int32.max)).rounded(.up))) } ?? -1
            let ready = poll(&poller, 1, wait)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { return nil }
            break
        }
        var data = [UInt8](repeating: 0, count: Self.messageLimit)
        let controlLength = Self.controlSpace(Self.descriptorLimit)
        var control = [UInt8](repeating: 0, count: controlLength)
        var received = 0
        var flags: Int32 = 0
        let descriptors: [Int32] = data.withUnsafeMutableBytes { dataBytes in
            control.withUnsafeMutableBytes { controlBytes in
                Self.withHeader(dataBytes, controlBytes, controlLength: controlLength) { header in
                    repeat { received = recvmsg(fd, &header, Int32(MSG_CMSG_CLOEXEC)) } while received < 0 && errno == EINTR
                    flags = header.msg_flags
                    // Collected even for an empty message: what the kernel installed here must be closed.
                    guard received >= 0, header.msg_controllen >= MemoryLayout<cmsghdr>.size else { return [] }
                    let cmsg = controlBytes.baseAddress!.assumingMemoryBound(to: cmsghdr.self)
                    guard cmsg.pointee.cmsg_level == SOL_SOCKET, cmsg.pointee.cmsg_type == Int32(SCM_RIGHTS) else { return [] }
                    let count = min(max((Int(cmsg.pointee.cmsg_len) - MemoryLayout<cmsghdr>.size) / 4, 0), Self.descriptorLimit)
                    return (0..<count).map { Self.slots(controlBytes)[$0] }
                }
            }
        }
        guard received > 0, flags & Int32(MSG_TRUNC) == 0, flags & Int32(MSG_CTRUNC) == 0 else {
            descriptors.forEach { _ = close($0) }
            return nil
        }
        return ReceivedMessage(bytes: Array(data[0..<received]), descriptors: descriptors.map(OwnedDescriptor.init))
    }
}

/// JSON both ways (Foundation's coders, the same in both processes).
package enum MessageCoding {
    package static func encode<Message: Encodable>(_ message: Message) -> [UInt8] {
        (try? Array(JSONEncoder().encode(message))) ?? []
    }

    package static func decode<Message: Decodable>(_ type: Message.Type, _ bytes: [UInt8]) -> Message? {
        try? JSONDecoder().decode(type, from: Data(bytes))
    }
}
