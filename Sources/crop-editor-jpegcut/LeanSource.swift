// A JPEG read by CJPEGCut: its probe as libvips' would answer it, and its crop encoded as libvips' jpegsave writes it.

import CJPEGCut
import CropKit
import Foundation
import Glibc
import ImagingCore
import ImagingMetadata

enum LeanSource {
    /// The facts `ImageProbe.probe` gives for this JPEG, or `NotMine` for any JPEG the lean way does not
    /// make exactly (the decoder then probes it, and says what it says of a damaged or odd file).
    static func probe(path: String) throws(LeanJobs.NotMine) -> ImageInfo {
        var source = cjl_source()
        defer { cjl_free(&source) }
        guard cjl_open(&source, path) == 0 else { throw .init(reason: "unreadable") }
        if let refused = source.refused { throw .init(reason: String(cString: refused)) }
        // `ImageProbe.checkComplete`'s test: a JPEG cut short is the decoder's to refuse.
        guard FileTail.holds([0xFF, 0xD9], path: path) else { throw .init(reason: "no end of image") }
        let w = Int(source.width), h = Int(source.height)
        guard w > 0, h > 0, w * h <= SupportedImages.pixelLimit else { throw .init(reason: "size") }
        return ImageInfo(
            path: path, loader: SupportedImages.jpegLoader, storedWidth: w, storedHeight: h,
            orientation: ImageOrientation(exifValue: Int(source.orientation)), bands: Int(source.components),
            bitsPerSample: 8, hasAlpha: false)
    }

    /// Encodes `crop` (of the picture as shown: `info`'s orientation, then `transform`) of the JPEG into
    /// `output` (a name of the result's memfd). A turned crop is decoded whole first, as the decoder's is.
    static func encode(
        _ info: ImageInfo, crop: PixelRect, transform: ImageOrientation, into output: String, quality: Int, strip: Bool
    ) throws(LeanJobs.NotMine) {
        var source = cjl_source()
        defer { cjl_free(&source) }
        guard cjl_open(&source, info.path) == 0, source.refused == nil,
            ImageOrientation(exifValue: Int(source.orientation)) == info.orientation
        else { throw .init(reason: "not this decoder's file") }
        // The upright turn took the main orientation's field away before libvips saves.
        cje_remove(&source.state, "exif-ifd0-Orientation")
        let turn = info.orientation.followed(by: transform)
        let stored = turn.storedPixelRect(fromDisplayed: crop, storedWidth: info.storedWidth, storedHeight: info.storedHeight)
        guard cjl_seek(&source, Int32(stored.x), Int32(stored.y), Int32(stored.width), Int32(stored.height)) == 0 else {
            throw .init(reason: "a warning or an error from libjpeg")
        }
        var turned = cjl_turned()
        defer { free(turned.pixels) }
        if turn != .up {
            let (quarters, mirrors) = turn.quartersAndMirror
            guard cjl_turn(&source, quarters, mirrors ? 1 : 0, &turned) == 0 else {
                throw .init(reason: "a warning or an error from libjpeg")
            }
        }
        guard let file = fopen(output, "wb") else { throw .init(reason: "no result") }
        var why: UnsafePointer<CChar>?
        let status = withUnsafePointer(to: turned) {
            cjl_encode(&source, turn == .up ? nil : $0, file, Int32(quality), strip ? 1 : 0, &why)
        }
        guard fclose(file) == 0, status == 0 else { throw .init(reason: why.map { String(cString: $0) } ?? "encode") }
    }
}

extension ImageOrientation {
    /// The clockwise quarter turns, then whether a left-right mirror follows, that show the stored grid as
    /// this orientation does (as `OrientationOps` turns a libvips image).
    fileprivate var quartersAndMirror: (Int32, Bool) {
        switch self {
        case .up: (0, false)
        case .upMirrored: (0, true)
        case .down: (2, false)
        case .downMirrored: (2, true)
        case .right: (1, false)
        case .left: (3, false)
        case .leftMirrored: (1, true)
        case .rightMirrored: (3, true)
        }
    }
}
