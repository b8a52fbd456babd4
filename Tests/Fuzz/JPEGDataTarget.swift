// Fuzzing the C region decoder and the image-data scan (libjpeg driven by our code) on hostile JPEGs.

import CTurboJPEG
import Foundation

@testable import Imaging

enum JPEGDataTarget {
    /// The first five bytes choose the region (as a zoomed view would ask for one); the rest is the file.
    static func run(_ bytes: [UInt8]) {
        guard bytes.count > 5 else { return }
        let path = FuzzTargets.file("data.jpg", bytes[5...])
        // As in the app, the decoders see only what the probe accepted, and then only pictures small
        // enough to fuzz: libjpeg allocates by the header's size (10 GB for a 58368 × 60672 one).
        guard let info = try? ImageProbe.probe(path: path), info.isJPEG, info.width * info.height <= 1 << 24 else { return }
        let x = Int32(bytes[0]) * 8, y = Int32(bytes[1]) * 8
        let w = Int32(bytes[2]) + 1, h = Int32(bytes[3]) + 1
        let denominator: Int32 = [1, 2, 4, 8][Int(bytes[4] & 3)]
        var region = cjr_region()
        if cjr_decode(path, x, y, w, h, denominator, &region) == 0 {
            precondition(region.width > 0 && region.height > 0 && region.pixels != nil, "an empty region decoded")
            // Every byte of the region is written: reading them all lets the sanitizer see any that is not.
            var sum = 0
            for i in 0..<Int(region.width) * Int(region.height) * 4 { sum &+= Int(region.pixels[i]) }
            _ = sum
            free(region.pixels)
        }
        try? DecodePolicy.checkJPEGData(path: path)
    }
}
