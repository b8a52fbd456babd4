// Everything the decoder's libraries would open lazily, loaded before the confinement forbids opening files.

import CSeccomp
import Decoding
import Foundation
import Imaging

enum DecoderStartup {
    /// The address space a decoder may reserve: a gigapixel picture's 16-bit decode fits, a
    /// decompression bomb past the pixel limit does not (its allocation fails, the job ends in an error).
    static let addressSpaceLimit: UInt64 = 8 << 30
    /// Each job's processor time: past it the kernel ends the process (SIGXCPU). A test build's
    /// decoder started by the test harness takes `CROP_EDITOR_DECODER_CPU_SECONDS` instead.
    static let cpuSecondsPerJob: UInt64 = {
        #if DECODER_TEST_REQUESTS
            let environment = ProcessInfo.processInfo.environment
            if environment["CROP_EDITOR_DECODER_TEST_REQUESTS"] == "1",
                let seconds = environment["CROP_EDITOR_DECODER_CPU_SECONDS"].flatMap(UInt64.init)
            {
                return seconds
            }
        #endif
        return 120
    }()

    /// libvips with its HEIF module, gexiv2 and its XMP namespaces, and Foundation's JSON coders,
    /// each used once, so nothing they load on first use is left for after the confinement.
    static func prepare() {
        Imaging.prepareForConfinement()
        Sidecar.prepare()
        let warm = MessageCoding.encode(DecoderReply.failed(.decoderStopped))
        _ = MessageCoding.decode(DecoderReply.self, warm)
    }
}
