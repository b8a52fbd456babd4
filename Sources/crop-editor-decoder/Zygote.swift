// The zygote: a started decoder that forks a fresh one per source file, so a process per file costs a fork, not a start-up.

import CDecoderSupport
import CSeccomp
import Decoding
import Foundation
import Glibc

enum Zygote {
    /// The argument that starts the decoder as a zygote.
    static let argument = Decoding.ZygoteProtocol.argument

    /// Answers the editor's requests until it closes the socket: each brings one descriptor, a
    /// socket for a new decoder, which is forked with that socket as its descriptor 3. The zygote
    /// reads no file and no picture: only these requests. It gives up files and privileges before
    /// the first (no new privileges; Landlock with no file access, which its children inherit), and
    /// reaps its children, so their processor time counts in the editor's. Returns only in a child.
    static func serve() {
        let me = getpid()
        // A fork copies only the thread that forks: with a second thread here, a lock it held
        // would stay locked in every decoder.
        guard cc_thread_count() == 1 else { exit(1) }
        _ = cc_no_new_privileges()
        let abi = cc_landlock_abi()
        if abi > 0 { _ = cc_landlock_restrict(abi) }
        let channel = DescriptorSocket(fd: CDS_SOCKET_FD)
        while true {
            _ = cds_reap_children(0)
            guard channel.isReadable(within: 0.2) else { continue }
            guard let message = channel.receive(timeout: 0) else { break }
            // Anything else is closed with the message.
            guard message.descriptors.count == 1 else { continue }
            let socket = message.descriptors[0].take()
            let child = cds_fork()
            if child == 0 {
                // The child: its own socket on 3 (the zygote's goes), nothing else, dies with the zygote.
                guard dup2(socket, CDS_SOCKET_FD) == CDS_SOCKET_FD else { exit(1) }
                cds_close_from(CDS_SOCKET_FD + 1)
                guard cds_end_with_parent(me) == 0 else { exit(0) }
                return
            }
            close(socket)
        }
        // The editor is done: wait for the decoders still ending, then end.
        _ = cds_reap_children(1)
        exit(0)
    }
}
