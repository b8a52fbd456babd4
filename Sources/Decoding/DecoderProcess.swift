// One confined decoding process seen from the editor: started, handed one job at a time with its descriptors, ended when it overruns or dies.

import CDecoderSupport
import Foundation
import Glibc
import Imaging

/// A running crop-editor-decoder. Not thread-safe: the pool lends it to one job at a time.
final class DecoderProcess: @unchecked Sendable {
    let pid: pid_t
    let confinement: Confinement
    private let socket: DescriptorSocket
    private(set) var isAlive = true

    /// How long a new process may take to load its libraries and confine itself.
    static let startLimit = 20.0

    /// Starts the program and waits for it to say it is confined; nil when it cannot start.
    init?(program: String) {
        guard let (mine, theirs) = DescriptorSocket.pair() else { return nil }
        // Its messages (a crash's trace) only when asked for: CROP_EDITOR_DECODER_STDERR=1.
        let quiet: Int32 = ProcessInfo.processInfo.environment["CROP_EDITOR_DECODER_STDERR"] == "1" ? 0 : 1
        let started = cds_spawn(program, "crop-editor-decoder", theirs, quiet)
        close(theirs)
        guard started > 0 else {
            close(mine)
            return nil
        }
        let socket = DescriptorSocket(fd: mine)
        guard let message = socket.receive(timeout: Self.startLimit),
            case .ready(let confinement)? = MessageCoding.decode(DecoderReply.self, message.bytes)
        else {
            kill(started, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(started, &status, 0)
            close(mine)
            return nil
        }
        message.descriptors.forEach { _ = close($0) }
        pid = started
        self.socket = socket
        self.confinement = confinement
    }

    deinit { end() }

    /// Runs one job: the request with `descriptors` (ours stay open), the reply with the
    /// descriptors it brought. Past `timeout` seconds, or when the process dies or answers
    /// nonsense, the process is ended and the job fails with `decoderStopped`.
    /// Returns nil, without running anything, when the process had died while it waited for a
    /// job (the request could not even be sent): the pool then starts a fresh one for it.
    /// `whileWaiting` runs every 20 ms until the answer comes (a render's cancellation is passed on).
    func run(
        _ request: DecoderRequest, descriptors: [Int32], timeout: Double, whileWaiting: (() -> Void)? = nil
    ) throws(ImagingError) -> (DecoderReply, [Int32])? {
        guard isAlive, socket.send(MessageCoding.encode(request), descriptors: descriptors) else {
            end()
            return nil
        }
        let deadline = Date().addingTimeInterval(timeout)
        if let whileWaiting {
            while !socket.isReadable(within: min(0.02, max(deadline.timeIntervalSinceNow, 0))), Date() < deadline {
                whileWaiting()
            }
        }
        guard let message = socket.receive(timeout: max(deadline.timeIntervalSinceNow, 0)),
            let reply = MessageCoding.decode(DecoderReply.self, message.bytes)
        else {
            end()
            throw .decoderStopped
        }
        return (reply, message.descriptors)
    }

    /// Lets an idle process end itself (it exits when its socket closes) and reaps it, so its time
    /// counts in ours (`time crop-editor …` measures both); killed if it has not ended within a second.
    func finish() {
        guard isAlive else { return }
        isAlive = false
        close(socket.fd)
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(1)
        while waitpid(pid, &status, WNOHANG) == 0 {
            guard Date() < deadline else {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0, errno == EINTR {}
                return
            }
            sched_yield()
        }
    }

    /// Kills and reaps the process (once).
    func end() {
        guard isAlive else { return }
        isAlive = false
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        close(socket.fd)
    }
}
