// `crop-bench thumbnail PATH MAXWIDTH MAXHEIGHT`: one display thumbnail, decoded once, for scripts/bench-export.

import Foundation
import Imaging

enum ThumbnailMode {
    /// Decodes `PATH` once through `Imaging.displayThumbnail` and prints its size and the call's own time.
    static func run(_ arguments: [String]) -> Int32 {
        let sizes = arguments.dropFirst().compactMap(Int.init).filter { $0 > 0 }
        let path = arguments.first ?? ""
        return TimedMode.run(
            valid: arguments.count == 3 && sizes.count == 2,
            usage: "crop-bench thumbnail PATH MAXWIDTH MAXHEIGHT", path: path
        ) {
            let (_, pixels) = try Imaging.displayThumbnail(path: path, maxWidth: sizes[0], maxHeight: sizes[1])
            return "thumbnail \(pixels.width)×\(pixels.height) RGBA"
        }
    }
}
