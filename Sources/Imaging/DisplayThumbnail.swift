// The picture the window shows: a shrink-on-load, upright, sRGB thumbnail sized to the screen, as RGBA bytes.

import CVips
import Foundation
import ImagingCore

/// The window's picture, decoded small; and the RGBA conversion other jobs share.
public enum DisplayThumbnail {
    /// Decodes `path` no larger than `maxWidth`×`maxHeight` (never enlarged), upright. JPEG and
    /// WebP shrink while decoding, so a big photo is never decoded at full size just to show it.
    public static func load(
        path: String, maxWidth: Int, maxHeight: Int
    )
        throws(ImagingError) -> (info: ImageInfo, pixels: RGBAPixels)
    {
        ImagingLibraries.pipelineLock.lock()
        defer { ImagingLibraries.pipelineLock.unlock() }
        let info = try ImageProbe.probe(path: path)
        if let rows = try PNGRowsThumbnail.thumbnail(info, maxWidth: maxWidth, maxHeight: maxHeight) { return (info, rows) }
        var thumb: UnsafeMutablePointer<VipsImage>?
        vips_error_clear()
        let shrink = Int32(jpegShrink(width: info.width, height: info.height, maxWidth: maxWidth, maxHeight: maxHeight))
        let box = (width: Int32(max(maxWidth, 1)), height: Int32(max(maxHeight, 1)))
        guard cv_thumbnail(path, &thumb, box.width, box.height, info.isJPEG ? 1 : 0, shrink) == 0,
            let thumb
        else {
            throw ImagingLibraries.pipelineError(info)
        }
        defer { cv_unref(thumb) }
        let pixels = try DecodePolicy.computed(info, failure: { ImagingLibraries.vipsFailure(.decode) }) {
            () throws(ImagingError) in try rgba8(thumb)
        }
        return (info, pixels)
    }

    /// libjpeg's scale for a picture of `width`×`height` (upright) shown in the box: the largest of 1, 2, 4
    /// and 8 that still leaves at least the box's fitting size, so the picture is never coarser than
    /// asked and the reduce after it is by less than 2. (libjpeg scales in the DCT, which filters as
    /// well as a box shrink does; what is left is one short Lanczos pass.)
    public static func jpegShrink(width: Int, height: Int, maxWidth: Int, maxHeight: Int) -> Int {
        guard width > 0, height > 0 else { return 1 }
        // The factor that fits the picture inside the box (as vips_thumbnail computes it).
        let factor = max(Double(width) / Double(max(maxWidth, 1)), Double(height) / Double(max(maxHeight, 1)))
        var shrink = 1
        while shrink < 8, Double(shrink * 2) <= factor { shrink *= 2 }
        return shrink
    }

    /// Any image as 4-band 8-bit sRGB bytes.
    static func rgba8(_ image: UnsafeMutablePointer<VipsImage>) throws(ImagingError) -> RGBAPixels {
        let rgba = try rgba8Image(image)
        defer { cv_unref(rgba) }
        var data: UnsafeMutableRawPointer?
        var size = 0
        guard cv_write_to_memory(rgba, &data, &size) == 0, let data else {
            throw ImagingLibraries.vipsFailure(.decode)
        }
        defer { cv_free(data) }
        let w = Int(vips_image_get_width(rgba)), h = Int(vips_image_get_height(rgba))
        guard size == w * h * 4 else { throw .library(.decodedSize, detail: nil) }
        return RGBAPixels(width: w, height: h, bytes: [UInt8](UnsafeRawBufferPointer(start: data, count: size)))
    }

    /// Any image as a 4-band 8-bit sRGB image, not yet computed (the caller unrefs it).
    static func rgba8Image(_ image: UnsafeMutablePointer<VipsImage>) throws(ImagingError) -> UnsafeMutablePointer<VipsImage> {
        var srgb: UnsafeMutablePointer<VipsImage>?
        guard cv_colourspace(image, &srgb, VIPS_INTERPRETATION_sRGB) == 0, let srgb else {
            throw ImagingLibraries.vipsFailure(.convertColours)
        }
        defer { cv_unref(srgb) }
        var bytesImage: UnsafeMutablePointer<VipsImage>?
        guard cv_cast(srgb, &bytesImage, VIPS_FORMAT_UCHAR) == 0, let bytesImage else {
            throw ImagingLibraries.vipsFailure(.convertTo8Bits)
        }
        defer { cv_unref(bytesImage) }
        var rgba: UnsafeMutablePointer<VipsImage>?
        if vips_image_get_bands(bytesImage) == 3 {
            guard cv_bandjoin_const1(bytesImage, &rgba, 255) == 0 else { throw ImagingLibraries.vipsFailure(.addAlpha) }
        } else {
            guard cv_extract_band(bytesImage, &rgba, 0, 4) == 0 else { throw ImagingLibraries.vipsFailure(.extractBands) }
        }
        guard let rgba else { throw .library(.convert, detail: nil) }
        return rgba
    }
}
