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
        guard endsWithEOI(path) else { throw .init(reason: "no end of image") }
        let w = Int(source.width), h = Int(source.height)
        guard w > 0, h > 0, w * h <= SupportedImages.pixelLimit else { throw .init(reason: "size") }
        guard source.orientation == 1 else { throw .init(reason: "turned by its EXIF") }
        return ImageInfo(
            path: path, loader: SupportedImages.jpegLoader, storedWidth: w, storedHeight: h,
            orientation: ImageOrientation(exifValue: Int(source.orientation)), bands: Int(source.components),
            bitsPerSample: 8, hasAlpha: false)
    }

    /// Encodes `crop` of the JPEG at `path` into `output` (a name of the result's memfd).
    static func encode(
        _ path: String, crop: PixelRect, into output: String, quality: Int, strip: Bool
    ) throws(LeanJobs.NotMine) {
        var source = cjl_source()
        defer { cjl_free(&source) }
        guard cjl_open(&source, path) == 0, source.refused == nil, source.orientation == 1 else {
            throw .init(reason: "not this decoder's file")
        }
        // The upright turn took the main orientation's field away before libvips saves.
        cje_remove(&source.state, "exif-ifd0-Orientation")
        guard cjl_seek(&source, Int32(crop.x), Int32(crop.y), Int32(crop.width), Int32(crop.height)) == 0 else {
            throw .init(reason: "a warning or an error from libjpeg")
        }
        guard let file = fopen(output, "wb") else { throw .init(reason: "no result") }
        var why: UnsafePointer<CChar>?
        let status = cjl_encode(&source, file, Int32(quality), strip ? 1 : 0, &why)
        guard fclose(file) == 0, status == 0 else { throw .init(reason: why.map { String(cString: $0) } ?? "encode") }
    }

    /// `ImageProbe.checkComplete`'s test for a JPEG: its end-of-image marker within the last 64 KiB.
    private static func endsWithEOI(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let size = (try? handle.seekToEnd()) ?? 0
        try? handle.seek(toOffset: size > 65_536 ? size - 65_536 : 0)
        let tail = [UInt8](handle.readDataToEndOfFile())
        return tail.count >= 2 && (0..<(tail.count - 1)).contains { tail[$0] == 0xFF && tail[$0 + 1] == 0xD9 }
    }
}
