// Several crops of one picture from one decode: the upright picture decoded into memory once, every export cut from it.

import CSpng
import CVips
import Foundation
import ImagingCore

/// The upright picture (after its EXIF orientation) decoded whole into memory, for several
/// exports of it (`CropExporter.export(_:crop:output:options:decoded:)`): a PNG or a TIFF cannot be
/// decoded in part, so without it every crop of a scan decodes the scan again.
public final class DecodedPicture: @unchecked Sendable {
    /// The picture the pixels are of (`ImageInfo.path`).
    let path: String
    /// A memory image with the fields of libvips' own load of the file, its metadata included.
    let image: UnsafeMutablePointer<VipsImage>

    private init(path: String, image: UnsafeMutablePointer<VipsImage>) {
        self.path = path
        self.image = image
    }

    deinit { cv_unref(image) }

    /// The most memory the decoded picture may take: a quarter of the address space a decoder may
    /// reserve, the rest left to the exports' own pipelines. A larger picture's crops each decode it.
    public static let memoryBudget = 2 << 30

    /// Whether decoding once pays for `crops` (a crop and its options each) of the picture `info`
    /// describes: at least two of them decode the whole picture, i.e. are not a JPEG's crop decoded
    /// alone or cut losslessly (a straightened, rectified or joined crop, or any of another format).
    public static func pays(_ info: ImageInfo, crops: [ExportOptions]) -> Bool {
        let whole = crops.filter { options in
            !info.isJPEG || !options.straighten.isZero || options.perspective != nil || !options.cuts.isEmpty
        }
        return whole.count >= 2
    }

    /// `info`'s picture decoded into memory, upright, under the decoding policy every export applies;
    /// nil when it would take more than `memoryBudget` or the decode fails: each export then decodes
    /// the picture itself, as it would alone, and fails (or not) as it would.
    public static func decode(_ info: ImageInfo) -> DecodedPicture? {
        ImagingLibraries.pipelineLock.lock()
        defer { ImagingLibraries.pipelineLock.unlock() }
        // Read once from the top, as the file is stored; turned upright in memory after.
        guard (try? ImagingLibraries.start()) != nil, let opened = cv_open_sequential(info.path, info.isJPEG ? 1 : 0) else {
            vips_error_clear()
            return nil
        }
        defer { cv_unref(opened) }
        let bytes =
            Int(vips_image_get_width(opened)) * Int(vips_image_get_height(opened)) * Int(vips_image_get_bands(opened))
            * Int(vips_format_sizeof(vips_image_get_format(opened)))
        guard bytes <= memoryBudget, let stored = pngRows(info, fields: opened) ?? held(info, opened) else { return nil }
        decodes += 1
        var upright: UnsafeMutablePointer<VipsImage>?
        guard cv_autorot(stored.image, &upright) == 0, let upright else {
            vips_error_clear()
            return nil
        }
        return DecodedPicture(path: info.path, image: upright)
    }

    /// How many pictures this process has decoded whole, for the tests of one decode per scan.
    package static var wholeDecodes: Int {
        ImagingLibraries.pipelineLock.lock()
        defer { ImagingLibraries.pipelineLock.unlock() }
        return decodes
    }

    /// `wholeDecodes`, changed under the pipeline lock.
    nonisolated(unsafe) private static var decodes = 0

    /// Which PNGs were decoded from libspng's rows, for the tests (`PNGRowsThumbnail`'s way).
    package static let shortcut = DecodeShortcut()

    /// `image` (libvips' own load) in memory, under the decoding policy; nil when it fails.
    private static func held(_ info: ImageInfo, _ image: UnsafeMutablePointer<VipsImage>) -> DecodedPicture? {
        // Released (and so unreferenced) when the policy refuses what was decoded.
        let picture = try? DecodePolicy.computed(info, failure: { ImagingLibraries.vipsFailure(.decode) }) {
            () throws(ImagingError) -> DecodedPicture in
            guard let memory = vips_image_copy_memory(image) else { throw ImagingLibraries.vipsFailure(.decode) }
            return DecodedPicture(path: info.path, image: memory)
        }
        vips_error_clear()
        return picture
    }

    /// A PNG's pixels from libspng's rows (`PNGRowsThumbnail`: libvips' own samples, decoded faster)
    /// with `fields`' metadata, in memory; nil when that way does not apply or libspng gave up
    /// (libvips' own load then decides about the file, as it always has).
    private static func pngRows(_ info: ImageInfo, fields: UnsafeMutablePointer<VipsImage>) -> DecodedPicture? {
        guard info.loader.contains("Png"), shortcut.allows(info.path),
            let png = cvp_open(info.path, Double(SupportedImages.pixelLimit))
        else { return nil }
        defer { cvp_release(png) }
        guard let rows = cvp_image(png, fields) else { return nil }
        defer { cv_unref(rows) }
        let memory = vips_image_copy_memory(rows)
        vips_error_clear()
        // Only rows read to the end, the checksums after them checked, stand (as for the thumbnail).
        guard let memory else { return nil }
        guard cvp_finished(png) != 0, cvp_gave_up(png) == 0 else {
            cv_unref(memory)
            return nil
        }
        shortcut.add(info.path)
        return DecodedPicture(path: info.path, image: memory)
    }

    /// Whether the pixels are of the picture at `path`.
    public func isOf(_ path: String) -> Bool { self.path == path }

    /// A new reference to the pixels when they are of `info`'s picture (the caller unrefs it).
    func upright(of info: ImageInfo) -> UnsafeMutablePointer<VipsImage>? {
        guard info.path == path else { return nil }
        _ = g_object_ref(image)
        return image
    }

    /// The display thumbnail of the pixels, no larger than `maxWidth` × `maxHeight` (never enlarged):
    /// libvips' thumbnail of them, as `DisplayThumbnail.load` makes it of a PNG's rows.
    func thumbnail(maxWidth: Int, maxHeight: Int) throws(ImagingError) -> RGBAPixels {
        ImagingLibraries.pipelineLock.lock()
        defer { ImagingLibraries.pipelineLock.unlock() }
        var thumb: UnsafeMutablePointer<VipsImage>?
        guard cv_thumbnail_image(image, &thumb, Int32(max(maxWidth, 1)), Int32(max(maxHeight, 1))) == 0, let thumb else {
            throw ImagingLibraries.vipsFailure(.decode)
        }
        defer { cv_unref(thumb) }
        return try DisplayThumbnail.rgba8(thumb)
    }
}
