// crop-editor-decoder: the confined process that parses pictures and sidecars, reading only the descriptors it is handed.

import CDecoderSupport
import CSeccomp
import Decoding
import Foundation
import Glibc

// Dies with the editor, whichever way the editor ends (argv[1] is the editor's pid).
guard CommandLine.arguments.count > 1, let parent = pid_t(CommandLine.arguments[1]), cds_end_with_parent(parent) == 0
else { exit(0) }
// Only the socket (descriptor 3) comes from the editor, with /dev/null on 0 and 1 (and 2 unless
// the editor passed its standard error on for a log); anything else open goes before a byte of
// input is read.
_ = cds_quiet_standard_streams(1)
cds_close_from(4)
// liborc (libvips' run-time code generator) still compiles some programs on first use even with
// libvips' vector paths off (`Imaging`), mapping memory executable, which the confinement forbids:
// told to emulate, it generates no code at all. Set before the libraries read it.
setenv("ORC_CODE", "emulate", 1)
let mode = CommandLine.arguments.count > 2 ? CommandLine.arguments[2] : nil
// Started for one file the editor saw is not HEIF or AVIF (`crop-editor-decoder PID without-heif`),
// it does not load the HEIF module.
DecoderStartup.prepare(heif: mode != ZygoteProtocol.withoutHEIF)
// Started as the zygote (`crop-editor-decoder PID zygote`), it forks one decoder per source file
// with everything above done once; this returns only in such a child.
let forked = mode == Zygote.argument
if forked { Zygote.serve() }
// With a handle on this process (a pidfd, opened while the filter still allows it) the editor
// signals and waits for exactly this process.
let handle = cds_pidfd_self()
let confined = cc_confine(DecoderStartup.limits)
// The filter is loaded for every thread (TSYNC), but a thread started before it could be mid-way
// through something the filter would have stopped: a decoder that had more than its own never
// says it is ready. A fork has one thread whatever its parent had (and the zygote checked that it
// had one: `/proc` is closed to its children).
guard forked || confined.threads == 1 else { exit(1) }
let confinement = Confinement(
    noNewPrivileges: confined.noNewPrivileges != 0, landlockABI: Int(confined.landlockABI), seccomp: confined.seccomp != 0)
let channel = DescriptorSocket(fd: CDS_SOCKET_FD)
guard handle >= 0,
    channel.send(
        MessageCoding.encode(DecoderReply.ready(confinement, opensHEIF: DecoderStartup.opensHEIF)), descriptors: [handle])
else { exit(0) }
close(handle)
// One job at a time until the editor closes its end (or ends this process).
// The descriptors a job came with are closed with its message.
while let message = channel.receive(timeout: nil) {
    let (bytes, descriptors) = DecoderTestRequests.hostileAnswer(to: message) ?? DecoderJobs.answer(message)
    let sent = channel.send(bytes, descriptors: descriptors)
    descriptors.forEach { _ = close($0) }
    guard sent else { break }
}
// Straight out: the libraries' exit handlers have nothing to save, and a retired decoder's exit
// should not take longer than its start.
_exit(0)
