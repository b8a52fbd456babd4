// `crop-bench thumbnail PATH MAXWIDTH MAXHEIGHT`: one display thumbnail, decoded once, for scripts/bench-export.

import Foundation
import Imaging

enum ThumbnailMode {
    /// Decodes `PATH` once through `Imaging.displayThumbnail`, prints its size and the call's own time,
    /// and returns the process exit status (2 for bad arguments, 1 when decoding fails).
    static func run(_ arguments: [String]) -> Int32 {
        guard arguments.count == 3, let maxWidth = Int(arguments[1]), let maxHeight = Int(arguments[2]),
              maxWidth > 0, maxHeight > 0 else {
            FileHandle.standardError.write(Data("usage: crop-bench thumbnail PATH MAXWIDTH MAXHEIGHT\n".utf8))
            return 2
        }
        let path = arguments[0]
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let (_, pixels) = try Imaging.displayThumbnail(path: path, maxWidth: maxWidth, maxHeight: maxHeight)
            let elapsed = clock.now - start
            let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            print(String(format: "thumbnail %d×%d RGBA in %.1f ms (in process)", pixels.width, pixels.height, ms))
            return 0
        } catch {
            FileHandle.standardError.write(Data("crop-bench: \(path): \(error)\n".utf8))
            return 1
        }
    }
}
