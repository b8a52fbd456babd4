// `crop-bench thumbnail PATH MAXWIDTH MAXHEIGHT [--confined]`: one display thumbnail, decoded once, for scripts/bench-export.

import Decoding
import Foundation
import Imaging

enum ThumbnailMode {
    /// Decodes `PATH` once through `Imaging.displayThumbnail` (or, with `--confined`, through the
    /// confined decoder, as the window does) and prints its size and the call's own time. The
    /// decoder is started before the clock, as the window starts it with the application.
    static func run(_ arguments: [String]) -> Int32 {
        let confined = arguments.last == "--confined"
        let arguments = confined ? Array(arguments.dropLast()) : arguments
        let sizes = arguments.dropFirst().compactMap(Int.init).filter { $0 > 0 }
        let path = arguments.first ?? ""
        if confined { _ = DecoderPool.shared.confinement() }
        // Reaped before the end, so the decoder's time counts in this process's.
        defer { if confined { DecoderPool.shared.shutdown() } }
        return TimedMode.run(
            valid: arguments.count == 3 && sizes.count == 2,
            usage: "crop-bench thumbnail PATH MAXWIDTH MAXHEIGHT [--confined]", path: path,
            where: confined ? "in the confined decoder" : "in process"
        ) {
            let pixels =
                confined
                ? try DecoderPool.shared.displayThumbnail(path: path, maxWidth: sizes[0], maxHeight: sizes[1]).pixels
                : try Imaging.displayThumbnail(path: path, maxWidth: sizes[0], maxHeight: sizes[1]).pixels
            return "thumbnail \(pixels.width)×\(pixels.height) RGBA"
        }
    }
}
