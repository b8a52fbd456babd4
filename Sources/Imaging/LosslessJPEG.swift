// Cutting a JPEG without re-encoding (TurboJPEG's lossless transform), and when the geometry allows it.

import CTurboJPEG
import CropKit
import Foundation
import ImagingCore

public enum LosslessJPEG {
    /// Reads the file's JPEG header through TurboJPEG.
    static func header(of data: Data) throws(ImagingError) -> (width: Int, height: Int, subsampling: Int32) {
        guard let handle = tjInitTransform() else { throw .libraryUnavailable(.jpeg) }
        defer { tjDestroy(handle) }
        var w: Int32 = 0, h: Int32 = 0, sub: Int32 = 0, space: Int32 = 0
        let status = data.withUnsafeBytes { buffer in
            tjDecompressHeader3(handle, buffer.bindMemory(to: UInt8.self).baseAddress, UInt(buffer.count), &w, &h, &sub, &space)
        }
        // A warning (bytes skipped before a marker) still read the whole header: the decoding policy
        // keeps what libjpeg repairs.
        guard status == 0 || (tjGetErrorCode(handle) == TJERR_WARNING.rawValue && w > 0 && h > 0) else {
            throw .library(.jpegHeader, detail: String(cString: tjGetErrorStr2(handle)))
        }
        return (Int(w), Int(h), sub)
    }

    /// The lossless check for an upright crop of a JPEG.
    static func check(info: ImageInfo, crop: PixelRect, data: Data) throws(ImagingError) -> LosslessCheck {
        let header = try header(of: data)
        let stored = info.orientation.storedPixelRect(fromDisplayed: crop, storedWidth: header.width, storedHeight: header.height)
        return LosslessCheck(
            storedRect: stored, mcuWidth: Int(ctj_mcu_width(header.subsampling)),
            mcuHeight: Int(ctj_mcu_height(header.subsampling)))
    }

    /// Cuts `check.storedRect` out of `data` without decoding, keeping every marker (EXIF, ICC,
    /// XMP) unless `copyMarkers` is false (strip all).
    /// `path`: where `data` was read from, for the decoding policy's check of a JPEG libjpeg warned about.
    static func crop(_ data: Data, path: String, check: LosslessCheck, copyMarkers: Bool = true) throws(ImagingError) -> Data {
        if let reason = check.reason { throw .notLossless(reason) }
        // Written from the source's coefficients where they lie (`cjc_crop`), not from a copy of the crop.
        let region = check.storedRect
        var output: UnsafeMutablePointer<UInt8>?
        var outputSize: UInt = 0
        var warnings: Int32 = 0
        var message = [CChar](repeating: 0, count: Int(JMSG_LENGTH_MAX))
        let status = data.withUnsafeBytes { buffer in
            cjc_crop(
                buffer.bindMemory(to: UInt8.self).baseAddress, UInt(buffer.count), Int32(region.x), Int32(region.y),
                Int32(region.width), Int32(region.height), copyMarkers ? 1 : 0, &output, &outputSize, &warnings, &message)
        }
        defer { free(output) }
        guard status == 0, let output, outputSize > 0 else {
            throw .library(.losslessCut, detail: String(cString: message))
        }
        // The same policy as a decode: repairs are kept, image data that stops early is refused.
        if warnings > 0 { try DecodePolicy.checkJPEGData(path: path) }
        return Data(bytes: output, count: Int(outputSize))
    }

    /// One TurboJPEG lossless transform of `data`: `operation` (a turn, a flip or none), then the
    /// crop `region`, with every marker copied unless `copyMarkers` is false.
    static func transform(
        _ data: Data, path: String, region: PixelRect, operation: TJXOP, options: Int32,
        copyMarkers: Bool, failure: ImagingError.LibraryStage
    ) throws(ImagingError) -> Data {
        guard let handle = tjInitTransform() else { throw .libraryUnavailable(.jpeg) }
        defer { tjDestroy(handle) }
        var transform = tjtransform()
        transform.r = tjregion(x: Int32(region.x), y: Int32(region.y), w: Int32(region.width), h: Int32(region.height))
        transform.op = Int32(operation.rawValue)
        transform.options = options | (copyMarkers ? 0 : TJXOPT_COPYNONE)
        var output: UnsafeMutablePointer<UInt8>?
        var outputSize: UInt = 0
        let status = data.withUnsafeBytes { buffer in
            tjTransform(
                handle, buffer.bindMemory(to: UInt8.self).baseAddress, UInt(buffer.count), 1,
                &output, &outputSize, &transform, 0)
        }
        defer { if let output { tjFree(output) } }
        let warned = status != 0 && tjGetErrorCode(handle) == TJERR_WARNING.rawValue
        guard status == 0 || warned, let output, outputSize > 0 else {
            throw .library(failure, detail: String(cString: tjGetErrorStr2(handle)))
        }
        // The same policy as a decode: repairs are kept, image data that stops early is refused.
        if warned { try DecodePolicy.checkJPEGData(path: path) }
        return Data(bytes: output, count: Int(outputSize))
    }
}

extension LosslessJPEG {
    /// The MCU grid of the JPEG at `path` (nil for other formats or an unreadable header).
    /// Reads only the start of the file: the header precedes the image data.
    public static func grid(path: String) -> LosslessGrid? {
        guard let info = try? ImageProbe.probe(path: path) else { return nil }
        return grid(info: info)
    }

    /// The same for a file already probed (opening a picture probes it once for everything).
    public static func grid(info: ImageInfo) -> LosslessGrid? {
        let path = info.path
        guard info.isJPEG, let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        // Headers (with EXIF thumbnails and ICC profiles) fit in 1 MiB; a partial file is fine for the header.
        guard let segments = JPEGSegments.header(from: handle), let header = try? LosslessJPEG.header(of: Data(segments.bytes))
        else { return nil }
        return LosslessGrid(mcuWidth: Int(ctj_mcu_width(header.subsampling)), mcuHeight: Int(ctj_mcu_height(header.subsampling)))
    }

    /// Whether an upright pixel crop of the JPEG at `path` can be cut without re-encoding.
    public static func check(path: String, crop: PixelRect) throws(ImagingError) -> LosslessCheck {
        let info = try ImageProbe.probe(path: path)
        guard info.isJPEG else { throw .invalidRequest(.losslessNeedsJPEGSource) }
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe) } catch {
            throw .unreadable(.readFailed)
        }
        return try check(info: info, crop: crop, data: data)
    }
}
