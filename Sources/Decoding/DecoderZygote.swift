// The editor's side of the decoders' zygote, started once: it forks a decoder per source file, its libraries loaded.

import CDecoderSupport
import Foundation
import Glibc

/// A running `crop-editor-decoder PID zygote`. Start it and ask it for decoders from one thread at a
/// time (the pool's `Spawner`): the zygote dies with the thread that started it, and its decoders
/// with it.
final class DecoderZygote: @unchecked Sendable {
    let pid: pid_t
    private let socket: DescriptorSocket
    private var isAlive = true

    /// Starts the zygote with `environment` (its decoders inherit it); nil when it cannot start.
    init?(program: String, environment: [String]) {
        guard let (started, mine) = Self.spawn(program: program, mode: ZygoteProtocol.argument, environment: environment)
        else { return nil }
        pid = started
        socket = DescriptorSocket(fd: mine)
    }

    /// Starts `crop-editor-decoder PID MODE` (the zygote, or with no mode a decoder on its own)
    /// with `environment` and a socket on its descriptor 3: its pid and our end, or nil.
    static func spawn(program: String, mode: String?, environment: [String]) -> (pid: pid_t, socket: Int32)? {
        guard let (mine, theirs) = DescriptorSocket.pair() else { return nil }
        // Its messages (a crash's trace) only when asked for: CROP_EDITOR_DECODER_STDERR=1.
        let quiet: Int32 = ProcessInfo.processInfo.environment["CROP_EDITOR_DECODER_STDERR"] == "1" ? 0 : 1
        let variables = environment.map { strdup($0) } + [nil]
        defer { variables.forEach { free($0) } }
        let started = cds_spawn(program, (program as NSString).lastPathComponent, mode, theirs, quiet, variables)
        close(theirs)
        guard started > 0 else {
            close(mine)
            return nil
        }
        return (started, mine)
    }

    deinit {
        // Killed outright: its decoders end with it (their parent-death signal).
        guard isAlive else { return }
        Glibc.kill(pid, SIGKILL)
        close(socket.fd)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    }

    /// A new decoder forked by the zygote: our end of its socket (it answers there, first with
    /// `ready`), or nil when the zygote is gone.
    func fork() -> Int32? {
        guard isAlive, let (mine, theirs) = DescriptorSocket.pair() else { return nil }
        let sent = socket.send(ZygoteProtocol.request, descriptors: [theirs])
        close(theirs)
        guard sent else {
            close(mine)
            return nil
        }
        return mine
    }

    /// Kills the zygote without waiting for it (a command about to exit): its decoders have
    /// been killed already, and any it was still forking die with it (their parent-death signal).
    /// The pid is safe to signal: the zygote is our child and not yet reaped.
    func kill() {
        guard isAlive else { return }
        isAlive = false
        Glibc.kill(pid, SIGKILL)
        close(socket.fd)
    }

    /// Closes the zygote's socket and waits for it: it waits for its decoders first, so their time
    /// counts in ours.
    func finish() {
        guard isAlive else { return }
        isAlive = false
        close(socket.fd)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    }
}
