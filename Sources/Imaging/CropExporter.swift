// The real crop: exactly the chosen pixels of the upright full-resolution image (or them scaled, or in a circle), saved safely.

import CVips
import CropKit
import Foundation
import ImagingCore

/// The export: one crop of one picture written to one file, whole or not at all.
public enum CropExporter {
    /// Crops `source` to `crop` (pixels of the upright image turned and flipped by
    /// `options.transform`, i.e. as shown) and writes `output`, whose extension picks the format. Never writes the source unless explicitly allowed; on any
    /// failure nothing is left at `output` (an existing file there stays as it was).
    /// `options.outputSize` then scales the cut, and `options.shape` cuts it in a circle; the
    /// result's size is the written one.
    public static func export(
        source: String, crop: PixelRect, output: String,
        options: ExportOptions = ExportOptions()
    ) throws(ImagingError) -> ExportResult {
        ImagingLibraries.pipelineLock.lock()
        defer { ImagingLibraries.pipelineLock.unlock() }
        return try export(try ImageProbe.probe(path: source), crop: crop, output: output, options: options)
    }

    /// The same for a file already probed (the command line probes first to measure the crop):
    /// probing again would make libvips test every loader against the file a second time.
    /// `decoded`: the picture already decoded (`DecodedPicture`), cut instead of decoding it again
    /// where the crop would decode it whole; the result is the same.
    public static func export(
        _ info: ImageInfo, crop: PixelRect, output: String,
        options: ExportOptions = ExportOptions(), decoded: DecodedPicture? = nil
    ) throws(ImagingError) -> ExportResult {
        ImagingLibraries.pipelineLock.lock()
        defer { ImagingLibraries.pipelineLock.unlock() }
        let (format, size) = try ExportCheck.check(info, crop: crop, output: output, options: options)
        let gainMap = GainMapPlan(info: info, format: format, options: options)
        let file = try AtomicFile(target: output)
        do {
            let written: WrittenPicture
            let lossless = options.lossless || prefersLossless(info: info, crop: crop, format: format, options: options)
            if options.transform != .up, lossless {
                written = try writeTurnedLossless(info: info, crop: crop, format: format, file: file, options: options)
            } else if lossless {
                written = try writeLossless(info: info, crop: crop, format: format, file: file, options: options)
            } else {
                written = try writeReencoded(
                    info: info, crop: crop, size: size, format: format, file: file, options: options,
                    dropGainMap: gainMap.drops, decoded: decoded)
            }
            if format == .jpeg, let ppi = options.writtenResolution, let written = JPEGSegments(try file.read()) {
                // libvips writes no JFIF header beside EXIF, and a lossless cut no pixels: the JFIF
                // density says the resolution to readers that look only there.
                try file.write(Data(written.withDensity(ppi: ppi)))
            }
            let leftOut = try finish(written, info: info, format: format, file: file, options: options, gainMap: gainMap)
            try file.commit()
            return ExportResult(
                outputPath: file.target, width: written.width, height: written.height,
                lossless: lossless, leftOut: leftOut)
        } catch {
            file.discard()
            throw error
        }
    }

    private static func writeLossless(
        info: ImageInfo, crop: PixelRect, format: OutputFormat, file: AtomicFile,
        options: ExportOptions
    ) throws(ImagingError) -> WrittenPicture {
        guard info.isJPEG, format == .jpeg else {
            throw .invalidRequest(.losslessNeedsJPEG)
        }
        let data: Data
        // Mapped, not read: TurboJPEG reads it once, and a copy would be a second pass over it.
        do { data = try Data(contentsOf: URL(fileURLWithPath: info.path), options: .alwaysMapped) } catch {
            throw .unreadable(.readFailed)
        }
        let check = try LosslessJPEG.check(info: info, crop: crop, data: data)
        let cut = try LosslessJPEG.crop(data, path: info.path, check: check, copyMarkers: options.strip != .all)
        try file.write(cut)
        let stored = check.storedRect
        // The stored orientation is kept (the pixels were not turned), so the tag stays true; the
        // gain map is cut on the stored grid too.
        return WrittenPicture(
            width: crop.width, height: crop.height, metadataWidth: stored.width,
            metadataHeight: stored.height, resetOrientation: false,
            gainMap: GainMapGeometry(
                turn: .up, crop: stored, storedWidth: info.storedWidth,
                storedHeight: info.storedHeight, resultWidth: stored.width,
                resultHeight: stored.height),
            writeWithoutMetadata: { (keepingXMP) throws(ImagingError) in
                try file.dropJPEGMetadata(keepingXMP: keepingXMP)
            })
    }

    /// `size`: the result's, after the output size (`resultSize`).
    /// `dropGainMap`: the source's gain-map description leaves the XMP (the result cannot carry the gain map).
    private static func writeReencoded(
        info: ImageInfo, crop: PixelRect, size: (width: Int, height: Int),
        format: OutputFormat, file: AtomicFile, options: ExportOptions,
        dropGainMap: Bool, decoded: DecodedPicture?
    ) throws(ImagingError) -> WrittenPicture {
        try saveReencoded(
            info: info, crop: crop, size: size, format: format, file: file, options: options,
            bare: nil, dropGainMap: dropGainMap, decoded: decoded)
        return WrittenPicture(
            width: size.width, height: size.height, metadataWidth: size.width,
            metadataHeight: size.height, resetOrientation: true,
            exifSource: format == .tiff ? info.path : nil,
            gainMap: GainMapGeometry(
                turn: info.orientation.followed(by: options.transform), crop: crop,
                storedWidth: info.storedWidth, storedHeight: info.storedHeight,
                resultWidth: size.width, resultHeight: size.height),
            writeWithoutMetadata: { (keepingXMP) throws(ImagingError) in
                try saveReencoded(
                    info: info, crop: crop, size: size, format: format, file: file,
                    options: options, bare: keepingXMP ? .keepingXMP : .all,
                    dropGainMap: dropGainMap, decoded: decoded)
            })
    }

    /// Whether the save runs with one libvips worker instead of one per core: a cut of an upright
    /// picture saved as JPEG or PNG, nothing else done to its pixels. The picture is read in order,
    /// a strip at a time (the sequential load), and saved as it comes, by a thread of the saver's
    /// own; a second worker only waits its turn for the next strip, and the wait costs more than it
    /// saves (docs/BENCHMARKS.md, "Export"). A turn, a resize, a straighten or a WebP save has work
    /// for every core, and keeps them. Pipelines run one at a
    /// time (`ImagingLibraries.pipelineLock`), so the process-wide setting is this save's alone.
    static func savesWithOneWorker(info: ImageInfo, format: OutputFormat, options: ExportOptions) -> Bool {
        info.orientation == .up && options.transform == .up && !options.changesPixels && [.jpeg, .png].contains(format)
    }

    /// Decodes, cuts, turns, shapes and saves into `file`'s temporary. `bare`: without the EXIF
    /// (and the XMP), the ICC profile kept, for a result whose metadata could not be fixed.
    private static func saveReencoded(
        info: ImageInfo, crop: PixelRect, size: (width: Int, height: Int),
        format: OutputFormat, file: AtomicFile, options: ExportOptions,
        bare: LeftOutMetadata?, dropGainMap: Bool, decoded: DecodedPicture?, cropAlone: Bool = true
    ) throws(ImagingError) {
        let upright = try openUpright(info, options: options, decoded: decoded)
        defer { cv_unref(upright) }
        // A JPEG's crop is decoded alone when it can be (`JPEGCropDecode`), else cut from libvips' load.
        let alone = cropAlone ? JPEGCropDecode(info: info, crop: crop, options: options) : nil
        let turned =
            if let cut = alone?.shownCut(fields: upright) { cut } else {
                try shownCut(upright, info: info, crop: crop, options: options)
            }
        defer { cv_unref(turned) }
        let shapedRegion = try shaped(turned, size: size, options: options)
        defer { cv_unref(shapedRegion) }
        let edited = try editedMetadata(shapedRegion, bare: bare, dropGainMap: dropGainMap)
        defer { cv_unref(edited) }
        var resolved: VipsPointer?
        defer { cv_unref(resolved) }
        if let ppi = options.writtenResolution {
            guard cv_with_resolution(edited ?? shapedRegion, &resolved, Double(ppi)) == 0 else {
                throw ImagingLibraries.pipelineError(info)
            }
        }
        let region = resolved ?? edited ?? shapedRegion
        let strip: Int32 = options.strip == .all ? 1 : 0
        // A decode error in a worker thread can leave the save "successful" with black tiles; what
        // libvips reported meanwhile is in its error buffer, so start it empty and look after
        // (`acceptRepairs` tells a JPEG's repairs from data that is missing).
        vips_error_clear()
        let quality = Int32(options.quality ?? sourceQuality(info) ?? ExportOptions.defaultQuality)
        let oneWorker = savesWithOneWorker(info: info, format: format, options: options)
        let workers = vips_concurrency_get()
        if oneWorker { vips_concurrency_set(1) }
        defer { if oneWorker { vips_concurrency_set(workers) } }
        let status: Int32
        switch format {
        case .jpeg: status = cv_jpegsave(region, file.temporary, quality, strip)
        case .png:
            // pngsave would turn CMYK into 16-bit RGB and then clip it to 8 bits (all white): convert first.
            var rgb: UnsafeMutablePointer<VipsImage>?
            defer { cv_unref(rgb) }
            if vips_image_get_interpretation(region) == VIPS_INTERPRETATION_CMYK {
                guard cv_colourspace(region, &rgb, VIPS_INTERPRETATION_sRGB) == 0 else {
                    throw ImagingLibraries.pipelineError(info)
                }
            }
            // Pixels that became 8-bit on the way (16-bit CMYK or Lab turned sRGB) are not widened again.
            let sixteenBit = info.bitsPerSample == 16 && vips_image_get_format(rgb ?? region) != VIPS_FORMAT_UCHAR
            status = cv_pngsave(rgb ?? region, file.temporary, strip, sixteenBit ? 16 : 8)
        case .webp:
            // A lossless WebP stays lossless: its pixels were exact, a lossy re-encode would not be.
            let lossless: Int32 = WebPKind(path: info.path) == .lossless && options.quality == nil ? 1 : 0
            status = cv_webpsave(region, file.temporary, quality, strip, lossless)
        case .tiff: status = cv_tiffsave(region, file.temporary, strip)
        }
        guard status == 0 else {
            guard alone?.gaveUp == true else { throw ImagingLibraries.pipelineError(info) }
            vips_error_clear()
            return try saveReencoded(
                info: info, crop: crop, size: size, format: format, file: file, options: options, bare: bare,
                dropGainMap: dropGainMap, decoded: decoded, cropAlone: false)
        }
        try DecodePolicy.acceptRepairs(info)
    }

    /// The upright picture (a new reference): the decoded one when given, else the file opened and
    /// turned by its EXIF orientation. Upright files stream: crop then save reads each row once and
    /// never holds the whole image. Turned ones (by EXIF or by the user) need random access for the
    /// rotation, as a perspective warp does.
    private static func openUpright(
        _ info: ImageInfo, options: ExportOptions, decoded: DecodedPicture?
    ) throws(ImagingError) -> VipsPointer {
        if let upright = decoded?.upright(of: info) { return upright }
        let jpeg: Int32 = info.isJPEG ? 1 : 0
        let opened =
            info.orientation == .up && options.transform == .up && options.perspective == nil && options.cuts.isEmpty
            ? cv_open_sequential(info.path, jpeg) : cv_open(info.path, jpeg)
        guard let image = opened else { throw ImagingLibraries.vipsFailure(.open) }
        defer { cv_unref(image) }
        var upright: UnsafeMutablePointer<VipsImage>?
        guard cv_autorot(image, &upright) == 0, let upright else { throw ImagingLibraries.vipsFailure(.turnUpright) }
        return upright
    }

    /// The crop of the picture as shown (a new reference): without a straighten angle, its preimage
    /// cut from the upright picture and only that turned; with one, the whole picture turned and
    /// flipped, then straightened into the crop (`straightened`).
    private static func shownCut(
        _ upright: VipsPointer, info: ImageInfo, crop: PixelRect, options: ExportOptions
    ) throws(ImagingError) -> VipsPointer {
        if !options.cuts.isEmpty {
            return try joinedCut(upright, info: info, crop: crop, options: options)
        }
        if let rectification = options.perspective {
            return try rectifiedCut(upright, crop: crop, options: options, rectification)
        }
        if !options.straighten.isZero {
            guard let shown = options.transform.applied(to: upright) else { throw ImagingLibraries.vipsFailure(.turnCut) }
            defer { cv_unref(shown) }
            return try straightened(shown, crop: crop, angle: options.straighten)
        }
        // The crop is measured on the picture as shown: cut its preimage from the upright picture,
        // then turn only what was cut.
        let cut = options.transform.storedPixelRect(fromDisplayed: crop, storedWidth: info.width, storedHeight: info.height)
        var uprightRegion: UnsafeMutablePointer<VipsImage>?
        guard cv_crop(upright, &uprightRegion, Int32(cut.x), Int32(cut.y), Int32(cut.width), Int32(cut.height)) == 0,
            let uprightRegion
        else { throw ImagingLibraries.vipsFailure(.cut) }
        defer { cv_unref(uprightRegion) }
        guard let turned = options.transform.applied(to: uprightRegion) else {
            throw ImagingLibraries.vipsFailure(.turnCut)
        }
        return turned
    }

    /// JPEG to JPEG with no quality asked for: cut losslessly when the geometry allows it, since
    /// it is exact and faster; an explicit quality means the user wants a re-encode, and a circle or
    /// an output size makes new pixels that no lossless cut holds.
    private static func prefersLossless(
        info: ImageInfo, crop: PixelRect, format: OutputFormat,
        options: ExportOptions
    ) -> Bool {
        guard options.preferLossless, !options.changesPixels, info.isJPEG, format == .jpeg, options.quality == nil,
            let grid = LosslessJPEG.grid(info: info)
        else { return false }
        if options.transform != .up {
            return LosslessTurnCheck(info: info, crop: crop, transform: options.transform, grid: grid).isEligible
        }
        return LosslessCheck(info: info, crop: crop, grid: grid).isEligible
    }

    /// The source JPEG's or lossy WebP's own quality, so a re-encode does not silently change it
    /// (into another format too: a WebP of quality 60 saved as JPEG is saved at 60).
    private static func sourceQuality(_ info: ImageInfo) -> Int? {
        guard info.isJPEG || info.loader == SupportedImages.webpLoader, let handle = FileHandle(forReadingAtPath: info.path)
        else {
            return nil
        }
        defer { try? handle.close() }
        let head = handle.readData(ofLength: 256 * 1024)
        return info.isJPEG ? JPEGQuality.estimate(head) : WebPQuality.estimate([UInt8](head))
    }
}
