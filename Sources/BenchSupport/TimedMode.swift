// The benchmark programs' one-shot modes: check the arguments, time one call, print one line, exit 0, 1 or 2.

import Foundation
import ImagingCore
import Wording

public enum TimedMode {
    /// Runs `body` once when `valid`, printing `usage` otherwise (status 2). `body` returns its
    /// line's subject (e.g. "thumbnail 1800×1200 RGBA"); the call's own time is appended. A thrown
    /// error is one line on standard error naming `path` (status 1).
    public static func run(
        valid: Bool, usage: String, path: String, where place: String = "in process", _ body: () throws -> String
    ) -> Int32 {
        guard valid else {
            FileHandle.standardError.write(Data("usage: \(usage)\n".utf8))
            return 2
        }
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let subject = try body()
            let elapsed = clock.now - start
            let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            print(String(format: "%@ in %.1f ms (%@)", subject, ms, place))
            return 0
        } catch {
            let reason = (error as? ImagingError)?.message ?? "\(error)"
            FileHandle.standardError.write(
                Data("\((CommandLine.arguments.first ?? "crop-bench") as NSString).lastPathComponent): \(path): \(reason)\n".utf8)
            )
            return 1
        }
    }
}
