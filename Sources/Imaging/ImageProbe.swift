// Reading an image file's header with libvips: the loader allowed, the file complete, the size within the limit.

import CVips
import CropKit
import Foundation
import ImagingCore

/// The header read of every job: the one door a file goes through before libvips decodes it.
public enum ImageProbe {
    /// Checks a path and reads its header: a clear error for anything the app will not open.
    public static func probe(path: String) throws(ImagingError) -> ImageInfo {
        ImagingLibraries.pipelineLock.lock()
        defer { ImagingLibraries.pipelineLock.unlock() }
        try ImagingLibraries.start()
        try ImageInfo.checkReadable(path)
        guard let loaderName = vips_foreign_find_load(path) else {
            vips_error_clear()
            throw .unsupported(.notAnImage)
        }
        let loader = String(cString: loaderName)
        guard SupportedImages.allowedLoaders.contains(loader) else {
            throw .unsupported(.format)
        }
        try checkComplete(path, loader: loader)
        if loader == SupportedImages.tiffLoader, let layout = TIFFVariant(path: path)?.undecodable {
            throw .unsupported(.tiff(layout))
        }
        // The buffer holds whatever an earlier call left (a JPEG's repaired header warns even when
        // it opens): this failure's words must be this file's.
        vips_error_clear()
        guard let image = cv_open(path, loader == SupportedImages.jpegLoader ? 1 : 0) else {
            let detail = ImagingLibraries.vipsDetail()
            if loader == SupportedImages.tiffLoader, let detail,
                let layout = TIFFVariant.unsupported(path: path, libvipsMessage: detail)
            {
                throw .unsupported(.tiff(layout))
            }
            throw .damaged(.unopenable(detail: detail))
        }
        defer { cv_unref(image) }
        vips_error_clear()
        let w = Int(vips_image_get_width(image)), h = Int(vips_image_get_height(image))
        guard w > 0, h > 0 else { throw .damaged(.noPixels) }
        let limit = SupportedImages.pixelLimit
        guard w.multipliedReportingOverflow(by: h).partialValue <= limit, w <= limit, h <= limit else {
            throw .tooLarge(.image, width: w, height: h, limit: limit)
        }
        var orientation: Int32 = 1
        if vips_image_get_typeof(image, "orientation") != 0 { vips_image_get_int(image, "orientation", &orientation) }
        let format = vips_image_get_format(image)
        let bits = (format == VIPS_FORMAT_USHORT || format == VIPS_FORMAT_SHORT) ? 16 : 8
        return ImageInfo(
            path: path, loader: loader, storedWidth: w, storedHeight: h,
            orientation: ImageOrientation(exifValue: Int(orientation)),
            bands: Int(vips_image_get_bands(image)), bitsPerSample: bits,
            hasAlpha: vips_image_hasalpha(image) != 0)
    }

    /// A PNG ends with its IEND chunk and a JPEG with its EOI marker: a file cut short (an
    /// interrupted copy or download) lacks them, and decoders would otherwise fill the missing
    /// rows with black. Either may carry other data after its end (a JPEG's gain map or preview
    /// images, bytes some tool appended), so the end is looked for in the last 64 KiB. A PNG chunk
    /// claiming more bytes than the file holds is a file cut short too.
    static func checkComplete(_ path: String, loader: String) throws(ImagingError) {
        let isPNG = loader.contains("Png"), isJPEG = loader == SupportedImages.jpegLoader
        guard isPNG || isJPEG, let handle = FileHandle(forReadingAtPath: path) else { return }
        defer { try? handle.close() }
        let size = (try? handle.seekToEnd()) ?? 0
        if isPNG, !PNGChunks.fit(handle, size: size) { throw .incomplete(.fileCutShort) }
        let end: [UInt8] = isPNG ? [0, 0, 0, 0] + Array("IEND".utf8) : [0xFF, 0xD9]
        guard FileTail.holds(end, handle, size: size) else { throw .incomplete(.fileCutShort) }
    }
}
