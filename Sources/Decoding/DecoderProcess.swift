// One confined decoder seen from the editor: forked by the zygote, checked in /proc, given one file's jobs, ended if it overruns.

import CDecoderSupport
import Foundation
import Glibc
import ImagingCore

/// A running crop-editor-decoder. Not thread-safe: the pool lends it to one job at a time.
final class DecoderProcess: @unchecked Sendable {
    let pid: pid_t
    let confinement: Confinement
    /// Whether its libvips opens HEIF and AVIF (it says so in `ready`).
    let opensHEIF: Bool
    /// Whether the kernel showed it confined when it started (false only under the opt-out).
    let isConfinedByKernel: Bool
    private let socket: DescriptorSocket
    /// The kernel's handle on the process (its own pidfd, sent with its first message).
    private let pidfd: Int32
    private(set) var isAlive = true
    /// The source file whose jobs this process does (nil until its first file's job). A process
    /// never serves a second file: what one picture did to it cannot reach another's pixels.
    var file: String?

    /// How long a new process may take to load its libraries and confine itself.
    static let startLimit = 20.0

    /// Why a process could not be had.
    enum StartFailure: Error {
        /// It could not start, or did not say it was ready.
        case cannotStart
        /// It started, but the kernel does not show it confined (and the opt-out is not set).
        case unconfined
    }

    /// Has the zygote fork a decoder, waits for it to say it is ready (with a pidfd of itself: the
    /// kernel's handle on exactly that process, never a pid that could be reused), and checks from
    /// outside that it is confined: `/proc/PID/status` of each of its threads must say
    /// `NoNewPrivs: 1` and `Seccomp: 2` (what a decoder says about itself proves nothing). Unless
    /// `allowUnconfined`, a process that is not is ended.
    convenience init(zygote: DecoderZygote, allowUnconfined: Bool) throws(StartFailure) {
        guard let mine = zygote.fork() else { throw .cannotStart }
        try self.init(connectedTo: mine, allowUnconfined: allowUnconfined)
    }

    /// A decoder started on its own, without a zygote (`crop-editor-decoder PID [without-heif]`: it loads its
    /// libraries and confines itself in one process), for a program that decodes one file: there a
    /// zygote's fork would only come on top of the one start-up. Checked as a forked one is.
    /// `mode`: its third argument (nil, or `ZygoteProtocol.withoutHEIF`).
    convenience init(program: String, mode: String? = nil, environment: [String], allowUnconfined: Bool) throws(StartFailure) {
        guard let (_, mine) = DecoderZygote.spawn(program: program, mode: mode, environment: environment) else {
            throw .cannotStart
        }
        try self.init(connectedTo: mine, allowUnconfined: allowUnconfined)
    }

    /// Waits on `mine`, our end of a new decoder's socket, for its `ready`, and checks it.
    private init(connectedTo mine: Int32, allowUnconfined: Bool) throws(StartFailure) {
        let socket = DescriptorSocket(fd: mine)
        guard let message = socket.receive(timeout: Self.startLimit),
            case .ready(let confinement, let opensHEIF)? = MessageCoding.decode(DecoderReply.self, message.bytes),
            message.descriptors.count == 1, (0...99).contains(confinement.landlockABI)
        else {
            // A decoder that said nothing useful: whatever it sent is closed with the message, and our end here.
            close(mine)
            throw .cannotStart
        }
        let handle = message.descriptors[0].take()
        let started = cds_pidfd_pid(handle)
        let confined = started > 0 && Self.isConfined(started)
        guard started > 0, allowUnconfined || confined else {
            _ = cds_pidfd_kill(handle)
            _ = cds_pidfd_wait(handle, -1)
            cds_pidfd_reap(handle)
            close(handle)
            close(mine)
            throw started > 0 ? .unconfined : .cannotStart
        }
        pid = started
        isConfinedByKernel = confined
        pidfd = handle
        self.socket = socket
        self.confinement = confinement
        self.opensHEIF = opensHEIF
    }

    deinit { end() }

    /// Whether every thread of `pid` runs with no new privileges and a seccomp filter, as the
    /// kernel says in `/proc/PID/task/TID/status`.
    static func isConfined(_ pid: pid_t) -> Bool {
        guard let threads = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task"), !threads.isEmpty
        else { return false }
        return threads.allSatisfy { thread in
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(thread)/status", encoding: .utf8)
            else { return false }
            let lines = Set(status.split(separator: "\n").map { $0.replacingOccurrences(of: "\t", with: " ") })
            return lines.contains("NoNewPrivs: 1") && lines.contains("Seccomp: 2")
        }
    }

    /// The processor time the process has used, in seconds (user and system, from `/proc/PID/stat`).
    var processorSeconds: Double? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = text.lastIndex(of: ")")
        else { return nil }
        // After the name in parentheses: state is field 3; utime and stime are fields 14 and 15.
        let fields = text[text.index(after: end)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Runs one job: the request with `descriptors` (ours stay open), the reply with the
    /// descriptors it brought (closed with their last owner). Past `timeout` seconds, or when the process dies or answers
    /// nonsense, the process is ended and the job fails with `decoderStopped`.
    /// Returns nil, without running anything, when the process had died while it waited for a
    /// job (the request could not even be sent): the pool then starts a fresh one for it.
    /// `whileWaiting` runs every 20 ms until the answer comes (a render's cancellation is passed on).
    func run(
        _ request: DecoderRequest, descriptors: [OwnedDescriptor], timeout: Double, whileWaiting: (() -> Void)? = nil
    ) throws(ImagingError) -> (DecoderReply, [OwnedDescriptor])? {
        let sent = withExtendedLifetime(descriptors) {
            isAlive && socket.send(MessageCoding.encode(request), descriptors: descriptors.map(\.fd))
        }
        guard sent else {
            end()
            return nil
        }
        let deadline = Date().addingTimeInterval(timeout)
        if let whileWaiting {
            while !socket.isReadable(within: min(0.02, max(deadline.timeIntervalSinceNow, 0))), Date() < deadline {
                whileWaiting()
            }
        }
        // A reply that cannot be decoded closes what came with it as the message goes.
        guard let message = socket.receive(timeout: max(deadline.timeIntervalSinceNow, 0)),
            let reply = MessageCoding.decode(DecoderReply.self, message.bytes)
        else {
            end()
            throw .decoderStopped
        }
        return (reply, message.descriptors)
    }

    /// Lets an idle process end itself (it exits when its socket closes) and waits for it (the
    /// zygote reaps it, so its time counts in ours); killed if it has not ended within a second.
    func finish() {
        guard isAlive else { return }
        isAlive = false
        close(socket.fd)
        if cds_pidfd_wait(pidfd, 1000) == 0 {
            _ = cds_pidfd_kill(pidfd)
            _ = cds_pidfd_wait(pidfd, -1)
        }
        // One started without a zygote is our child: reaped here (a forked one is the zygote's).
        cds_pidfd_reap(pidfd)
        close(pidfd)
    }

    /// Kills the process (SIGKILL: nothing of it runs after this) without waiting for the kernel to
    /// take it down: for a command that is about to exit (once).
    func kill() {
        guard isAlive else { return }
        isAlive = false
        _ = cds_pidfd_kill(pidfd)
        close(pidfd)
        close(socket.fd)
    }

    /// Kills the process and waits until it has ended (once).
    func end() {
        guard isAlive else { return }
        isAlive = false
        _ = cds_pidfd_kill(pidfd)
        _ = cds_pidfd_wait(pidfd, -1)
        cds_pidfd_reap(pidfd)
        close(pidfd)
        close(socket.fd)
    }
}
