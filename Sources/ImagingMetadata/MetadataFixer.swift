// The metadata of a cropped file fixed with gexiv2: upright, true size, no stale thumbnail, GPS on request, never the crop lost.

import CExiv
import Foundation
import ImagingCore

/// What the metadata fix does to a written result besides its guarantees.
package struct MetadataRequest {
    package var width: Int
    package var height: Int
    /// After pixels were turned upright (a lossless cut that kept its grid keeps its orientation).
    package var resetOrientation: Bool
    package var strip: StripMode
    /// A file to copy EXIF from when the saver wrote none (libvips 8.14 writes no EXIF into TIFF),
    /// so the result keeps the camera's tags like every other format.
    package var exifSource: String? = nil
    /// The output format, for what was left out ("could not be carried into PNG").
    package var format: OutputFormat
    /// What the result's XMP says of an Ultra HDR gain map.
    package var gainMap: GainMapXMP = .untouched
    /// A resolution written by the saver (pixels per inch): EXIF copied from elsewhere must say the same.
    package var resolution: Int? = nil

    package init(
        width: Int, height: Int, resetOrientation: Bool, strip: StripMode, exifSource: String? = nil, format: OutputFormat,
        gainMap: GainMapXMP = .untouched, resolution: Int? = nil
    ) {
        self.width = width
        self.height = height
        self.resetOrientation = resetOrientation
        self.strip = strip
        self.exifSource = exifSource
        self.format = format
        self.gainMap = gainMap
        self.resolution = resolution
    }
}

/// The gain-map description in the primary picture's XMP (`hdrgm:` and its container directory).
package enum GainMapXMP: Equatable {
    /// The source had none.
    case untouched
    /// The gain map was left out: its description must be gone.
    case removed
    /// The gain map was cropped and is appended with this many bytes.
    case length(Int)
}

/// What the metadata fix wrote: what it left out (empty when everything was carried), and whether
/// the XMP is still there.
package struct MetadataOutcome {
    package var leftOut: [LeftOut] = []
    package var keptXMP = true

    package init(leftOut: [LeftOut] = [], keptXMP: Bool = true) {
        self.leftOut = leftOut
        self.keptXMP = keptXMP
    }
}

/// The written result's metadata could not be fixed at all: gexiv2 cannot read it, or cannot write
/// it even with no EXIF and no XMP. The export then writes the result again without it.
package struct MetadataUnusable: Error {
    package let problem: MetadataProblem
}

package enum MetadataFixer {
    /// How much each attempt leaves out when the one before could not be written or could not
    /// keep a guarantee: exiv2 fails to write some maker notes into PNG and WebP, some sources
    /// carry EXIF it cannot rewrite at all.
    private enum Attempt: CaseIterable {
        case everything, withoutMakerNotes, withoutExif, withoutExifOrXMP
    }

    /// Rewrites `path`'s metadata in place; returns what had to be left out. The guarantees hold in every outcome: orientation
    /// reset when asked, EXIF dimensions true, no EXIF thumbnail, and with `strip: .gps` no
    /// location, read back from the written file; a result that cannot keep them loses the EXIF.
    package static func fix(path: String, _ request: MetadataRequest) throws(MetadataUnusable) -> MetadataOutcome {
        if request.strip == .all {
            try removeWebPExif(path: path)
            return MetadataOutcome()
        }
        // A JPEG's metadata is all in its header: exiv2 gets the header alone, and the image data is
        // moved once (`JPEGHeaderStore`). Anything it cannot do there is done on the whole file.
        if let header = JPEGHeaderStore(path: path), let outcome = try? fix(header, request) {
            guard header.commit() else { throw MetadataUnusable(problem: .library(detail: String(cString: strerror(errno)))) }
            return outcome
        }
        return try fix(FileStore(path: path), request)
    }

    /// The attempts, each on what the one before saved, until one is written and keeps the guarantees.
    package static func fix(_ store: some MetadataStore, _ request: MetadataRequest) throws(MetadataUnusable) -> MetadataOutcome {
        var lastFailure = MetadataProblem.library(detail: nil)
        for attempt in Attempt.allCases {
            let metadata = try store.open()
            defer { g_object_unref(metadata) }
            guard gexiv2_metadata_get_supports_exif(metadata) != 0 || gexiv2_metadata_get_supports_xmp(metadata) != 0 else {
                return MetadataOutcome()
            }
            let hadMakerNotes = apply(attempt, request, to: metadata)
            if let failure = store.save(metadata) {
                lastFailure = failure
                continue
            }
            guard keepsGuarantees(store, request) else {
                lastFailure = .guaranteesNotKept
                continue
            }
            return MetadataOutcome(
                leftOut: leftOut(attempt, request, hadMakerNotes: hadMakerNotes),
                keptXMP: attempt != .withoutExifOrXMP)
        }
        throw MetadataUnusable(problem: lastFailure)
    }

    /// A fresh view of the file's metadata.
    package static func open(_ path: String) throws(MetadataUnusable) -> UnsafeMutablePointer<GExiv2Metadata> {
        try opened { metadata, error in gexiv2_metadata_open_path(metadata, path, &error) }
    }

    /// A new metadata object that `read` filled, or gexiv2's words for why it could not.
    package static func opened(
        _ read: (UnsafeMutablePointer<GExiv2Metadata>, inout UnsafeMutablePointer<GError>?) -> gboolean
    ) throws(MetadataUnusable) -> UnsafeMutablePointer<GExiv2Metadata> {
        guard let metadata = gexiv2_metadata_new() else { throw MetadataUnusable(problem: .unavailable) }
        var error: UnsafeMutablePointer<GError>?
        guard read(metadata, &error) != 0 else {
            let detail = error.map { String(cString: $0.pointee.message) }
            if let error { g_error_free(error) }
            g_object_unref(metadata)
            throw MetadataUnusable(problem: .library(detail: detail))
        }
        return metadata
    }

    /// The fix, with `attempt`'s parts left out. Returns whether the EXIF had maker notes.
    private static func apply(
        _ attempt: Attempt, _ request: MetadataRequest,
        to metadata: UnsafeMutablePointer<GExiv2Metadata>
    ) -> Bool {
        if let source = request.exifSource, gexiv2_metadata_get_supports_exif(metadata) != 0 {
            ExifEdits.copyExif(from: source, to: metadata)
        }
        let hadMakerNotes = ExifEdits.hasMakerNotes(metadata) || request.exifSource.map(ExifEdits.hasMakerNotes(path:)) == true
        if gexiv2_metadata_has_exif(metadata) != 0 {
            ExifEdits.eraseThumbnail(metadata)
            if request.resetOrientation { ExifEdits.resetOrientation(metadata) }
            ExifEdits.setIfPresent(metadata, "Exif.Photo.PixelXDimension", request.width)
            ExifEdits.setIfPresent(metadata, "Exif.Photo.PixelYDimension", request.height)
            if let ppi = request.resolution { ExifEdits.setResolution(metadata, ppi: ppi) }
        }
        // XMP may say it too, with or without EXIF beside it.
        if request.resetOrientation { ExifEdits.setIfPresent(metadata, "Xmp.tiff.Orientation", 1) }
        if request.strip == .gps {
            ExifEdits.deleteGPS(metadata)
            ExifEdits.clearTags(metadata, xmp: true, where: ExifEdits.isXMPLocation)
        }
        // A gain map left out had its description taken out of the XMP packet before (exiv2 would
        // leave its empty structure); `keepsGuarantees` checks it is gone.
        if case .length(let bytes) = request.gainMap { GainMapDescription.setLength(bytes, in: metadata) }
        switch attempt {
        case .everything: break
        case .withoutMakerNotes: ExifEdits.clearTags(metadata, xmp: false, where: ExifEdits.isMakerNoteTag)
        case .withoutExif: gexiv2_metadata_clear_exif(metadata)
        case .withoutExifOrXMP:
            gexiv2_metadata_clear_exif(metadata)
            gexiv2_metadata_clear_xmp(metadata)
            gexiv2_metadata_clear_iptc(metadata)
        }
        return hadMakerNotes
    }

    /// What an attempt left out.
    private static func leftOut(_ attempt: Attempt, _ request: MetadataRequest, hadMakerNotes: Bool) -> [LeftOut] {
        switch attempt {
        case .everything:
            // libvips writes no EXIF into TIFF; the tags copied in skip the maker notes, which
            // would need the camera's own layout.
            guard request.exifSource != nil, hadMakerNotes else { return [] }
            return [.makerNotes(notCarriedInto: request.format)]
        case .withoutMakerNotes:
            return [.makerNotes(notCarriedInto: request.format)]
        case .withoutExif:
            return [.exif(notCarriedInto: request.format)]
        case .withoutExifOrXMP:
            return [.exifAndXMP(notCarriedInto: request.format)]
        }
    }

    /// Reads what was saved back: every guarantee must hold in what was written, not only in
    /// what was asked of exiv2.
    private static func keepsGuarantees(_ store: some MetadataStore, _ request: MetadataRequest) -> Bool {
        guard let metadata = try? store.open() else { return false }
        defer { g_object_unref(metadata) }
        let exif = ExifEdits.tags(metadata, xmp: false), xmp = ExifEdits.tags(metadata, xmp: true)
        if exif.contains(where: { $0.hasPrefix("Exif.Thumbnail.") }) { return false }
        if request.resetOrientation {
            for tag in ["Exif.Image.Orientation", "Xmp.tiff.Orientation"] where (exif + xmp).contains(tag) {
                guard ExifEdits.string(metadata, tag) == "1" else { return false }
            }
        }
        if request.strip == .gps {
            if exif.contains(where: { $0.hasPrefix("Exif.GPSInfo.") }) || xmp.contains(where: ExifEdits.isXMPLocation) {
                return false
            }
        }
        if request.gainMap == .removed, GainMapDescription.isPresent(in: metadata) { return false }
        return true
    }

    /// The savers were told to strip, but libvips 8.14's webpsave still writes an EXIF block of its
    /// own (orientation, resolution, size): cleared here. Other formats have nothing left.
    private static func removeWebPExif(path: String) throws(MetadataUnusable) {
        let metadata = try open(path)
        defer { g_object_unref(metadata) }
        guard gexiv2_metadata_get_mime_type(metadata).map({ String(cString: $0) }) == "image/webp",
            gexiv2_metadata_has_exif(metadata) != 0
        else { return }
        gexiv2_metadata_clear_exif(metadata)
        var error: UnsafeMutablePointer<GError>?
        guard gexiv2_metadata_save_file(metadata, path, &error) != 0 else {
            let detail = error.map { String(cString: $0.pointee.message) }
            if let error { g_error_free(error) }
            throw MetadataUnusable(problem: .library(detail: detail))
        }
    }
}
