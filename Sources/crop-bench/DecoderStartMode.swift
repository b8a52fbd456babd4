// `crop-bench decoder-start [N]`: a confined decoder's time from its start to its first word, alone and forked from a zygote.

import Decoding
import Foundation

enum DecoderStartMode {
    /// N fresh pools, each timed from nothing to its first decoder saying it is confined and
    /// ready; then, in one pool, N decoders more, one per file (each a fork of the zygote), timed
    /// from the request to the answer of a probe of a 1 × 1 picture.
    static func run(_ arguments: [String]) -> Int32 {
        let count = max(arguments.first.flatMap(Int.init) ?? 11, 1)
        let clock = ContinuousClock()
        func milliseconds(_ elapsed: Duration) -> Double {
            Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        }
        var first: [Double] = []
        var summary = ""
        for _ in 0..<count {
            let pool = DecoderPool(size: 1)
            let start = clock.now
            guard let confinement = pool.confinement() else {
                FileHandle.standardError.write(Data("crop-bench: the decoder could not start\n".utf8))
                return 1
            }
            first.append(milliseconds(clock.now - start))
            summary = confinement.summary
            pool.shutdown()
        }
        // A tiny picture under N names: each name is another source file, so another decoder.
        let folder = NSTemporaryDirectory() + "crop-bench-forks-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let png: [UInt8] = [
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1,
            8, 0, 0, 0, 0, 0x3A, 0x7E, 0x9B, 0x55, 0, 0, 0, 0x0A, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x60, 0,
            0, 0, 2, 0, 1, 0x48, 0xAF, 0xA4, 0x71, 0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
        ]
        let pool = DecoderPool(size: 1)
        _ = pool.confinement()
        var forks: [Double] = []
        for index in 0...count {
            let path = folder + "/\(index).png"
            FileManager.default.createFile(atPath: path, contents: Data(png))
            let start = clock.now
            guard (try? pool.probe(path: path)) != nil else {
                FileHandle.standardError.write(Data("crop-bench: a forked decoder could not probe\n".utf8))
                return 1
            }
            // The first probe went to the process the confinement question started.
            if index > 0 { forks.append(milliseconds(clock.now - start)) }
        }
        pool.shutdown()
        first.sort()
        forks.sort()
        print(
            String(
                format: "decoder start-up: first of a pool median %.1f ms (fastest %.1f, slowest %.1f, %d pools); "
                    + "each one after it, to a probe's answer, median %.1f ms (fastest %.1f, slowest %.1f, %d forks); %@",
                first[first.count / 2], first[0], first[first.count - 1], first.count, forks[forks.count / 2], forks[0],
                forks[forks.count - 1], forks.count, summary))
        return 0
    }
}
