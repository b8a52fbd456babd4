// The decoder's start-up: what its libraries would open lazily, loaded before the confinement; the limits it then keeps.

import CSeccomp
import Decoding
import Foundation
import Imaging

enum DecoderStartup {
    /// The limits, soft and hard alike: the filter forbids changing them afterwards.
    /// - address space: a gigapixel picture's 16-bit decode fits, a decompression bomb past the
    ///   pixel limit does not (its allocation fails, the job ends in an error);
    /// - processor time: the whole process's (it serves one source file), past it the kernel ends
    ///   it (SIGXCPU); the editor retires a process that has used a job's worth, so every job
    ///   starts with at least that much left;
    /// - file size: the largest result it may write into a memfd (a memfd's pages are not counted
    ///   in the address space);
    /// - descriptors: a job holds at most a handful.
    static let limits = cc_limits(
        addressSpace: DecoderLimits.addressSpace, cpuSeconds: DecoderLimits.cpuSecondsPerProcess,
        fileSize: DecoderLimits.largestResult, descriptors: DecoderLimits.descriptors)

    /// Whether this libvips opens HEIF and AVIF, found once by `prepare` (its forks inherit it) and
    /// said in `ready`: the parents link no libvips to ask.
    static let opensHEIF = ImagingLibraries.supportsHEIF

    /// libvips with its HEIF module, gexiv2 and its XMP namespaces, and Foundation's JSON coders,
    /// each used once, so nothing they load on first use is left for after the confinement. liborc,
    /// libvips' run-time code generator, is turned off: it maps memory executable, which the
    /// confinement forbids.
    /// `heif` false: a decoder for one file that is not HEIF or AVIF loads no HEIF module.
    static func prepare(heif: Bool) {
        ImagingLibraries.prepareForConfinement(heif: heif)
        _ = opensHEIF
        Sidecar.prepare()
        let warm = MessageCoding.encode(DecoderReply.failed(.decoderStopped))
        _ = MessageCoding.decode(DecoderReply.self, warm)
    }
}
