// crop-editor-decoder: the confined process that parses pictures and sidecars for the editor, reading only the descriptors it is handed and answering on its socket.

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
DecoderStartup.prepare()
let confined = cc_confine(DecoderStartup.limits)
let confinement = Confinement(
    noNewPrivileges: confined.noNewPrivileges != 0, landlockABI: Int(confined.landlockABI), seccomp: confined.seccomp != 0)
let channel = DescriptorSocket(fd: CDS_SOCKET_FD)
guard channel.send(MessageCoding.encode(DecoderReply.ready(confinement))) else { exit(0) }
// One job at a time until the editor closes its end (or ends this process).
while let message = channel.receive(timeout: nil) {
    let (reply, descriptors) = DecoderJobs.run(message)
    let sent = channel.send(MessageCoding.encode(reply), descriptors: descriptors)
    descriptors.forEach { _ = close($0) }
    message.descriptors.forEach { _ = close($0) }
    guard sent else { break }
}
exit(0)
