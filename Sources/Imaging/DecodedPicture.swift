// Several crops of one picture from one decode: the upright picture decoded into memory once, every export cut from it.

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
        guard bytes <= memoryBudget else { return nil }
        // Released (and so unreferenced) when the policy refuses what was decoded.
        let stored = try? DecodePolicy.computed(info, failure: { ImagingLibraries.vipsFailure(.decode) }) {
            () throws(ImagingError) -> DecodedPicture in
            guard let memory = vips_image_copy_memory(opened) else { throw ImagingLibraries.vipsFailure(.decode) }
            return DecodedPicture(path: info.path, image: memory)
        }
        vips_error_clear()
        var upright: UnsafeMutablePointer<VipsImage>?
        guard let stored, cv_autorot(stored.image, &upright) == 0, let upright else {
            vips_error_clear()
            return nil
        }
        return DecodedPicture(path: info.path, image: upright)
    }

    /// A new reference to the pixels when they are of `info`'s picture (the caller unrefs it).
    func upright(of info: ImageInfo) -> UnsafeMutablePointer<VipsImage>? {
        guard info.path == path else { return nil }
        _ = g_object_ref(image)
        return image
    }
}
