// crop-bench-client: a display thumbnail through the confined decoder, from a program linking no libvips (scripts/bench-export).

import BenchSupport
import Decoding
import Foundation

// `crop-bench-client thumbnail PATH MAXWIDTH MAXHEIGHT`: what the window pays for its picture, as a
// whole process: this program links what the window's own process links of the decoding (no
// libvips, gexiv2 or TurboJPEG), so the decoder's start-up stands where libvips' would in
// `crop-bench thumbnail`. The decoder is started first thing and ready before the call's own clock
// starts (the window's decoder is started with the application), on its own with no zygote, and
// killed as the program exits: as the command line does with its one file.
DecoderPool.shared.decodesOneFile = true
_ = DecoderPool.shared.confinement()
let arguments = Array(CommandLine.arguments.dropFirst())
let sizes = arguments.dropFirst(2).compactMap(Int.init).filter { $0 > 0 }
let path = arguments.count > 1 ? arguments[1] : ""
let status = TimedMode.run(
    valid: arguments.count == 4 && arguments[0] == "thumbnail" && sizes.count == 2,
    usage: "crop-bench-client thumbnail PATH MAXWIDTH MAXHEIGHT", path: path, where: "in the confined decoder"
) {
    let pixels = try DecoderPool.shared.displayThumbnail(path: path, maxWidth: sizes[0], maxHeight: sizes[1]).pixels
    return "thumbnail \(pixels.width)×\(pixels.height) RGBA"
}
DecoderPool.shared.killForExit()
exit(status)
