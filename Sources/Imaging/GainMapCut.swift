// An Ultra HDR gain map cut to the crop: the same region, turned like the picture, at its own resolution, with its description.

import CVips
import CropKit
import Foundation
import ImagingCore

/// How the result's picture was made from the stored one, so its gain map is made the same way.
struct GainMapGeometry {
    /// Stored grid → the grid the crop is measured on: the file's orientation and the user's turn
    /// for a re-encode or a turned lossless cut, `.up` for a lossless cut on the stored grid.
    let turn: ImageOrientation
    /// The crop on that grid.
    let crop: PixelRect
    let storedWidth: Int
    let storedHeight: Int
    /// The result's size: the crop's, or the output size it was scaled to.
    let resultWidth: Int
    let resultHeight: Int
}

/// An Ultra HDR result's gain map, made the way its picture was.
enum GainMapCut {
    /// The gain map for a result: the source gain map (`jpeg`) turned as the picture was, the crop's
    /// region of it resampled to the result's size times the gain map's own scale (a quarter-size
    /// gain map stays a quarter of the result), encoded as JPEG with `segments` (its XMP and ISO
    /// 21496-1 parameters) after SOI.
    static func cut(
        _ jpeg: [UInt8], carrying segments: [[UInt8]],
        _ geometry: GainMapGeometry
    ) throws(ImagingError) -> [UInt8] {
        // A gain map is at most the picture's size; a header claiming more is not decoded.
        let limit = Double(geometry.storedWidth) * Double(geometry.storedHeight)
        let decoded = jpeg.withUnsafeBytes { cvg_decode($0.baseAddress, $0.count, limit) }
        guard let decoded else { throw ImagingLibraries.vipsFailure(.gainMapDecode) }
        defer { cv_unref(decoded) }
        guard let turned = geometry.turn.applied(to: decoded) else { throw ImagingLibraries.vipsFailure(.gainMapTurn) }
        defer { cv_unref(turned) }
        let shown = geometry.turn.displayedSize(storedWidth: geometry.storedWidth, storedHeight: geometry.storedHeight)
        // Gain-map pixels per picture pixel, on each axis of the turned grid.
        let fx = Double(vips_image_get_width(turned)) / Double(shown.width)
        let fy = Double(vips_image_get_height(turned)) / Double(shown.height)
        let width = max(1, Int((Double(geometry.resultWidth) * fx).rounded()))
        let height = max(1, Int((Double(geometry.resultHeight) * fy).rounded()))
        // The crop's edges on the gain map, in its pixel edges; each result pixel's centre samples
        // the matching point (libvips samples output X at X / scale − idx, counted from centres).
        let left = Double(geometry.crop.x) * fx, top = Double(geometry.crop.y) * fy
        let xscale = Double(width) / (Double(geometry.crop.width) * fx)
        let yscale = Double(height) / (Double(geometry.crop.height) * fy)
        var cut: UnsafeMutablePointer<VipsImage>?
        guard
            cvg_resample(
                turned, &cut, xscale, yscale, -(left + 0.5 / xscale - 0.5), -(top + 0.5 / yscale - 0.5),
                Int32(width), Int32(height)) == 0, let cut
        else {
            throw ImagingLibraries.vipsFailure(.gainMapCut)
        }
        defer { cv_unref(cut) }
        var data: UnsafeMutableRawPointer?
        var size = 0
        let quality = JPEGQuality.estimate(Data(jpeg)) ?? ExportOptions.defaultQuality
        guard cvg_encode(cut, &data, &size, Int32(quality)) == 0, let data else {
            throw ImagingLibraries.vipsFailure(.gainMapEncode)
        }
        defer { cv_free(data) }
        let encoded = [UInt8](UnsafeRawBufferPointer(start: data, count: size))
        guard encoded.count > 2 else { throw .library(.gainMapEncode, detail: nil) }
        return Array(encoded[..<2]) + segments.joined() + encoded[2...]
    }
}
