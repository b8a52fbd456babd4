// `crop-bench thumbnail PATH MAXWIDTH MAXHEIGHT`: one display thumbnail decoded in this process, for scripts/bench-export.

import BenchSupport
import Foundation
import Imaging

enum ThumbnailMode {
    /// Decodes `PATH` once through `DisplayThumbnail.load`, libvips in this process, and prints
    /// its size and the call's own time. The same through the confined decoder, from a program
    /// that links no libvips (as the window and the command line are), is `crop-bench-client`.
    static func run(_ arguments: [String]) -> Int32 {
        let sizes = arguments.dropFirst().compactMap(Int.init).filter { $0 > 0 }
        let path = arguments.first ?? ""
        return TimedMode.run(
            valid: arguments.count == 3 && sizes.count == 2, usage: "crop-bench thumbnail PATH MAXWIDTH MAXHEIGHT",
            path: path
        ) {
            let pixels = try DisplayThumbnail.load(path: path, maxWidth: sizes[0], maxHeight: sizes[1]).pixels
            return "thumbnail \(pixels.width)×\(pixels.height) RGBA"
        }
    }
}
