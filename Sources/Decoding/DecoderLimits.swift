// The limits a decoding process lives under, known to both sides: the decoder sets them, the editor checks replies by them.

import Foundation

package enum DecoderLimits {
    /// The address space a decoder may reserve, in bytes.
    package static let addressSpace: UInt64 = 8 << 30
    /// The longest encoded result (an export or a sidecar) a decoder may hand back, in bytes: a
    /// gigapixel picture (the pixel limit) as uncompressed 8-bit RGBA, and room for metadata.
    package static let largestResult: UInt64 = (4 << 30) + (64 << 20)
    /// The longest sidecar a decoder may hand back, in bytes (an XMP packet of a few kilobytes,
    /// with room for what other programs keep in it).
    package static let sidecarLimit = 16 << 20
    /// Open descriptors: the socket, a job's few files, the libraries' duplicates of them.
    package static let descriptors: UInt64 = 64

    /// Each job's processor time, in seconds. Under the test harness `CROP_EDITOR_DECODER_CPU_SECONDS`
    /// makes it shorter, never longer (the editor reads it too, to retire in time).
    package static let cpuSecondsPerJob: UInt64 = {
        let environment = ProcessInfo.processInfo.environment
        if environment["CROP_EDITOR_DECODER_TEST_REQUESTS"] == "1",
            let seconds = environment["CROP_EDITOR_DECODER_CPU_SECONDS"].flatMap(UInt64.init)
        {
            return min(seconds, 120)
        }
        return 120
    }()

    /// The whole process's processor time (soft and hard limit alike). The editor retires a process
    /// that has used `cpuSecondsPerJob` before handing it another job, so each job has that much.
    package static var cpuSecondsPerProcess: UInt64 { 2 * cpuSecondsPerJob }

    /// The most an encoded result of `width` × `height` pixels may take: 8 bytes a pixel (16-bit
    /// RGBA, uncompressed, the largest any of the formats writes) and room for metadata.
    package static func resultLimit(width: Int, height: Int) -> Int {
        let pixels = UInt64(max(width, 1)) * UInt64(max(height, 1))
        return Int(min(pixels * 8 + (64 << 20), largestResult))
    }

    /// The environment a decoder starts with: nothing of the user's (tokens, `LD_PRELOAD`,
    /// `LD_LIBRARY_PATH`, GLib's and libvips' knobs), only what is named here and set for us:
    /// - `CROP_EDITOR_DECODER_TEST_REQUESTS`, `CROP_EDITOR_DECODER_CPU_SECONDS`,
    ///   `CROP_EDITOR_DECODER_TAKEOVER`, `CROP_EDITOR_DECODER_HOSTILE`, `CROP_EDITOR_DECODER_FORGED`: the test harness's requests, obeyed by test builds only
    ///   (a release build's decoder has no code that reads them but the CPU budget, which they can
    ///   only shorten);
    /// - `MALLOC_MMAP_THRESHOLD_`, `MALLOC_TRIM_THRESHOLD_`: glibc's allocator told by a batch
    ///   worker to reuse freed pages between the jobs of one picture;
    /// - `GLIBC_TUNABLES`: a batch worker's request for transparent huge pages (see `ProcessRunner`).
    package static func environment(from ours: [String: String]) -> [String] {
        let passed = [
            "CROP_EDITOR_DECODER_TEST_REQUESTS", "CROP_EDITOR_DECODER_CPU_SECONDS", "CROP_EDITOR_DECODER_TAKEOVER",
            HostileDecoder.variable, HostileDecoder.forgedVariable,
            "MALLOC_MMAP_THRESHOLD_", "MALLOC_TRIM_THRESHOLD_", "GLIBC_TUNABLES",
        ]
        return passed.compactMap { name in ours[name].map { "\(name)=\($0)" } }
    }
}
