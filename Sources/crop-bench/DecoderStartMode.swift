// `crop-bench decoder-start [N]`: how long a confined decoder takes from its spawn to its first word (confined, ready).

import Decoding
import Foundation

enum DecoderStartMode {
    /// Starts N fresh decoders one after the other (a pool of its own each) and prints the median,
    /// fastest and slowest time from the spawn to the decoder saying it is confined and ready.
    static func run(_ arguments: [String]) -> Int32 {
        let count = arguments.first.flatMap(Int.init) ?? 11
        let clock = ContinuousClock()
        var times: [Double] = []
        var summary = ""
        for _ in 0..<max(count, 1) {
            let pool = DecoderPool(size: 1)
            let start = clock.now
            guard let confinement = pool.confinement() else {
                FileHandle.standardError.write(Data("crop-bench: the decoder could not start\n".utf8))
                return 1
            }
            let elapsed = clock.now - start
            times.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
            summary = confinement.summary
        }
        times.sort()
        print(
            String(
                format: "decoder start-up: median %.1f ms (fastest %.1f, slowest %.1f, %d starts); %@",
                times[times.count / 2], times[0], times[times.count - 1], times.count, summary))
        return 0
    }
}
