// crop-editor-jpegcut: the lean confined decoder for plain JPEG-to-JPEG crops (libjpeg, libexif, gexiv2; no libvips).

import CDecoderSupport
import CExiv
import CSeccomp
import Decoding
import Foundation
import Glibc

// Started, confined and checked as crop-editor-decoder is (docs/CONFINEMENT.md): dies with the editor
// (argv[1] is its pid), only its socket on descriptor 3, confined before a byte of input is read.
guard CommandLine.arguments.count > 1, let parent = pid_t(CommandLine.arguments[1]), cds_end_with_parent(parent) == 0
else { exit(0) }
_ = cds_quiet_standard_streams(1)
cds_close_from(4)
// What would otherwise load on first use, loaded before the confinement: gexiv2 and exiv2, the JSON coders.
_ = gexiv2_initialize()
_ = MessageCoding.decode(DecoderReply.self, MessageCoding.encode(DecoderReply.failed(.decoderStopped)))
let handle = cds_pidfd_self()
// The decoder's limits, soft and hard alike (crop-editor-decoder's `DecoderStartup.limits` says why each).
let confined = cc_confine(
    cc_limits(
        addressSpace: DecoderLimits.addressSpace, cpuSeconds: DecoderLimits.cpuSecondsPerProcess,
        fileSize: DecoderLimits.largestResult, descriptors: DecoderLimits.descriptors))
guard confined.threads == 1 else { exit(1) }
let confinement = Confinement(
    noNewPrivileges: confined.noNewPrivileges != 0, landlockABI: Int(confined.landlockABI), seccomp: confined.seccomp != 0)
let channel = DescriptorSocket(fd: CDS_SOCKET_FD)
guard handle >= 0, channel.send(MessageCoding.encode(DecoderReply.ready(confinement, opensHEIF: false)), descriptors: [handle])
else { exit(0) }
close(handle)
while let message = channel.receive(timeout: nil) {
    let (reply, descriptors) = LeanJobs.run(message)
    let sent = channel.send(MessageCoding.encode(reply), descriptors: descriptors)
    descriptors.forEach { _ = close($0) }
    guard sent else { break }
}
_exit(0)
