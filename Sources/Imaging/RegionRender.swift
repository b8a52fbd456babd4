// The sharp picture for a zoomed view: one region of the full-resolution image at screen size, decoded so memory stays bounded.

import CTurboJPEG
import CVips
import CropKit
import Foundation
import ImagingCore

/// The sharp region a zoomed view asks for.
public enum RegionRender {
    /// Renders `region` (a normalized rectangle of the upright picture) at `scale` output pixels
    /// per picture pixel, upright, as RGBA bytes. Only the region is decoded, in one top-to-bottom
    /// pass (and shrunk while decoding when a JPEG is larger than needed), so even a 100-megapixel
    /// photo is never held whole in memory. At scale 1 the pixels are the picture's own, not
    /// resampled. Slow for big files: call it off the main thread. Setting `cancellation` stops it
    /// early with `ImagingError.renderCancelled`, also while it waits for its turn at the lock.
    public static func render(
        _ info: ImageInfo, region: CropRect, scale: Double,
        cancellation: RenderCancellation? = nil
    ) throws(ImagingError) -> RenderedRegion {
        ImagingLibraries.pipelineLock.lock()
        defer { ImagingLibraries.pipelineLock.unlock() }
        try cancellation?.check()
        guard scale.isFinite, scale > 0, let wanted = region.intersection(.unit) else {
            throw .invalidRequest(.emptyRegion)
        }
        // The same region in the stored (not yet turned) pixels.
        let stored = info.orientation.storedRect(fromDisplayed: wanted)
        // JPEG decodes at 1/2, 1/4 or 1/8 for free: the largest that still has enough pixels.
        var shrink = 1
        while shrink < 8, scale * Double(shrink * 2) <= 1 { shrink *= 2 }
        let region = try cut(info, stored: stored, shrink: shrink, cancellation: cancellation)
        let cut = region.image
        defer { cv_unref(cut) }
        try cancellation?.check()
        // What is left of the scale after the decoder's shrink (a PNG is never shrunk while decoding).
        let remaining = scale * Double(info.storedWidth) / Double(region.pictureWidth)
        var scaled: UnsafeMutablePointer<VipsImage>?
        if abs(remaining - 1) < 1e-9 {
            g_object_ref(cut)
            scaled = cut
        } else {
            guard cv_resize(cut, &scaled, remaining, remaining) == 0 else {
                throw ImagingLibraries.vipsFailure(.regionScale)
            }
        }
        guard let scaled else { throw ImagingLibraries.vipsFailure(.regionScale) }
        defer { cv_unref(scaled) }
        guard let upright = info.orientation.applied(to: scaled) else {
            throw ImagingLibraries.vipsFailure(.regionTurnUpright)
        }
        defer { cv_unref(upright) }
        return RenderedRegion(
            pixels: try DisplayThumbnail.rgba8(upright), region: info.orientation.displayedRect(fromStored: region.covered))
    }

    /// The `stored` rectangle (normalized on the stored grid) decoded alone, shrunk while decoding
    /// by `shrink` (1, 2, 4 or 8) where the format allows: a JPEG through libjpeg's partial
    /// decoding, anything else streamed. The caller unrefs the cut's image.
    static func cut(
        _ info: ImageInfo, stored: CropRect, shrink: Int, cancellation: RenderCancellation?
    ) throws(ImagingError) -> RegionCut {
        if info.isJPEG, let jpeg = try jpegRegion(info, stored: stored, shrink: shrink) { return jpeg }
        return try streamedRegion(info, stored: stored, shrink: shrink, cancellation: cancellation)
    }

    /// `rect` (normalized) rounded outward to whole pixels of a `width`×`height` picture, inside it:
    /// left, top, right, bottom; nil when nothing is left.
    private static func outwardPixels(_ rect: CropRect, width: Int, height: Int) -> (Int, Int, Int, Int)? {
        let left = max(Int((rect.minX * Double(width)).rounded(.down)), 0)
        let top = max(Int((rect.minY * Double(height)).rounded(.down)), 0)
        let right = min(Int((rect.maxX * Double(width)).rounded(.up)), width)
        let bottom = min(Int((rect.maxY * Double(height)).rounded(.up)), height)
        return right > left && bottom > top ? (left, top, right, bottom) : nil
    }

    /// A cut region: its pixels on the stored grid, and where it lies in the picture shrunk while
    /// decoding, whose pixel k covers the stored picture's pixels k·shrink…(k + 1)·shrink.
    struct RegionCut {
        let image: UnsafeMutablePointer<VipsImage>
        /// The shrunk picture's size, in its pixels.
        let pictureWidth, pictureHeight: Int
        /// The cut's top-left pixel in the shrunk picture.
        let left, top: Int
        /// Stored pixels per pixel of the cut, each way.
        let shrink: Int

        var width: Int { Int(vips_image_get_width(image)) }
        var height: Int { Int(vips_image_get_height(image)) }

        /// The normalized stored rectangle the cut covers.
        var covered: CropRect {
            let w = Double(pictureWidth), h = Double(pictureHeight)
            return CropRect(x: Double(left) / w, y: Double(top) / h, width: Double(width) / w, height: Double(height) / h)
        }
    }

    /// A JPEG's region through libjpeg's partial decoding: rows above it skipped, rows below never
    /// read, so memory holds the region only (libvips' sequential reader keeps every row it passes
    /// on the way down, so a region at a big photo's foot holds most of the photo). Nil when libjpeg
    /// cannot decode it this way (CMYK).
    private static func jpegRegion(_ info: ImageInfo, stored: CropRect, shrink: Int) throws(ImagingError) -> RegionCut? {
        guard let (x, y, right, bottom) = outwardPixels(stored, width: info.storedWidth, height: info.storedHeight) else {
            throw .invalidRequest(.emptyRegion)
        }
        var region = cjr_region()
        guard cjr_decode(info.path, Int32(x), Int32(y), Int32(right - x), Int32(bottom - y), Int32(shrink), &region) == 0,
            let pixels = region.pixels
        else { return nil }
        defer { free(pixels) }
        let size = Int(region.width) * Int(region.height) * 4
        guard let image = vips_image_new_from_memory_copy(pixels, size, region.width, region.height, 4, VIPS_FORMAT_UCHAR) else {
            throw ImagingLibraries.vipsFailure(.regionKeep)
        }
        return RegionCut(
            image: image, pictureWidth: Int(region.scaled_width), pictureHeight: Int(region.scaled_height),
            left: Int(region.left), top: Int(region.top), shrink: shrink)
    }

    /// Any other format's region through libvips, read top to bottom in one pass that keeps only
    /// the region (see `cvr_stream_cut`).
    private static func streamedRegion(
        _ info: ImageInfo, stored: CropRect, shrink: Int,
        cancellation: RenderCancellation?
    ) throws(ImagingError) -> RegionCut {
        guard let image = cvr_open_shrunk(info.path, Int32(shrink), info.isJPEG ? 1 : 0) else {
            throw ImagingLibraries.vipsFailure(.open)
        }
        defer { cv_unref(image) }
        // Outward to whole pixels of the (shrunk) image.
        let w = Int(vips_image_get_width(image)), h = Int(vips_image_get_height(image))
        guard let (left, top, right, bottom) = outwardPixels(stored, width: w, height: h) else {
            throw .invalidRequest(.emptyRegion)
        }
        // The pass decodes: a loader's failure lost in a worker thread is caught by its words.
        let cut = try DecodePolicy.computed(info, failure: { ImagingLibraries.vipsFailure(.regionCut) }) {
            () throws(ImagingError) in
            guard
                let cut = cvr_stream_cut(
                    image, Int32(left), Int32(top), Int32(right - left), Int32(bottom - top),
                    cancellation?.pointer)
            else {
                try cancellation?.check()
                throw ImagingLibraries.vipsFailure(.regionCut)
            }
            return cut
        }
        // libvips shrinks only a JPEG while decoding (libjpeg's DCT scaling, as above).
        return RegionCut(
            image: cut, pictureWidth: w, pictureHeight: h, left: left, top: top, shrink: info.isJPEG ? shrink : 1)
    }
}
