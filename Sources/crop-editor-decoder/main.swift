// crop-editor-decoder: the confined process that parses pictures and sidecars for the editor, reading and writing only the descriptors it is handed.

import CDecoderSupport
import CSeccomp
import Decoding
import Foundation
import Glibc

// Only the socket (descriptor 3) and the standard three come from the editor; anything else it
// left open by mistake goes before a byte of input is read.
cds_close_from(4)
DecoderStartup.prepare()
let confined = cc_confine(DecoderStartup.addressSpaceLimit, DecoderStartup.cpuSecondsPerJob)
let confinement = Confinement(
    noNewPrivileges: confined.noNewPrivileges != 0, landlockABI: Int(confined.landlockABI), seccomp: confined.seccomp != 0)
let channel = DescriptorSocket(fd: CDS_SOCKET_FD)
guard channel.send(MessageCoding.encode(DecoderReply.ready(confinement))) else { exit(0) }
// One job at a time until the editor closes its end (or ends this process).
while let message = channel.receive(timeout: nil) {
    cc_cpu_budget(DecoderStartup.cpuSecondsPerJob)
    let (reply, descriptors) = DecoderJobs.run(message)
    let sent = channel.send(MessageCoding.encode(reply), descriptors: descriptors)
    descriptors.forEach { _ = close($0) }
    message.descriptors.forEach { _ = close($0) }
    guard sent else { break }
}
exit(0)
