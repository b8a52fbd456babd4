// Fuzzing the header and trailer checks: PNG's IEND and JPEG's EOI search, TIFF layouts, and the whole probe (sizes).

import Foundation

@testable import Imaging

enum HeaderTarget {
    static func run(_ bytes: [UInt8]) {
        let path = FuzzTargets.file("picture", bytes)
        try? ImageProbe.checkComplete(path, loader: "VipsForeignLoadPngFile")
        try? ImageProbe.checkComplete(path, loader: SupportedImages.jpegLoader)
        _ = TIFFVariant(path: path)?.undecodable
        _ = TIFFVariant.unsupported(path: path, libvipsMessage: "fuzz")
    }

    /// The whole probe, libvips' header read and the size limits included (slower: libvips per input).
    static func probe(_ bytes: [UInt8]) {
        let path = FuzzTargets.file("probed", bytes)
        if let info = try? ImageProbe.probe(path: path) {
            precondition(info.width > 0 && info.height > 0 && info.width <= SupportedImages.pixelLimit, "a size past the checks")
        }
    }
}
