// The steps after the pixels are written: the metadata fixed (what cannot be carried left out, never the crop), the gain map cut or left out, the MPF index rewritten.

import CropKit
import Foundation

/// What the pixel step wrote into the temporary file, and what the steps after it need to know.
struct WrittenPicture {
    let width: Int
    let height: Int
    /// The EXIF pixel dimensions: the stored grid's for a lossless cut that keeps its orientation.
    let metadataWidth: Int
    let metadataHeight: Int
    let resetOrientation: Bool
    var exifSource: String? = nil
    /// How the picture was cut, for cutting an Ultra HDR gain map the same way.
    let gainMap: GainMapGeometry
    /// Writes the result again with no metadata but its ICC profile.
    let writeWithoutMetadata: () throws(ImagingError) -> Void
}

/// What an export does with the pictures a source JPEG appends after its own (its MPF index),
/// decided before the pixels are written.
struct GainMapPlan {
    let pictures: MultiPictureSource?
    /// The result is a JPEG that carries the gain map, cut like the picture.
    let cuts: Bool
    /// The source has a gain map the result cannot carry: its description leaves the XMP.
    var drops: Bool { pictures?.gainMap != nil && !cuts }

    init(info: ImageInfo, format: OutputFormat, options: ExportOptions) {
        pictures = info.isJPEG ? MultiPictureSource(path: info.path) : nil
        cuts = pictures?.gainMap != nil && format == .jpeg && options.strip != .all
    }
}

extension Imaging {
    /// Fixes the written result's metadata and, for a source with an MPF index (Ultra HDR, MPO,
    /// cameras' previews), makes the result's pictures agree with its index: a JPEG result gets
    /// the gain map cut like the picture, everything else the source appended (an MPO's second
    /// view, previews of the uncropped photo) is left out with its index entry. Returns what could
    /// not be carried, in words for the user.
    static func finish(_ written: WrittenPicture, info: ImageInfo, format: OutputFormat, file: AtomicFile,
                       options: ExportOptions, gainMap plan: GainMapPlan) throws(ImagingError) -> [LeftOut] {
        var warnings: [LeftOut] = []
        var request = MetadataRequest(width: written.metadataWidth, height: written.metadataHeight,
                                      resetOrientation: written.resetOrientation, strip: options.strip,
                                      exifSource: written.exifSource, formatName: format.displayName)
        var gainMap: [UInt8]?
        if let pictures = plan.pictures, let source = pictures.gainMap {
            request.gainMap = .removed
            if plan.cuts {
                do {
                    let cut = try cutGainMap(source, carrying: pictures.gainMapSegments(), written.gainMap)
                    gainMap = cut
                    request.gainMap = .length(cut.count)
                } catch {
                    warnings.append(LeftOut(what: gainMapWords, sentence: "\(gainMapWords) could not be cut (\(error.message)) and was left out"))
                    try file.dropGainMapXMP()
                }
            } else if options.strip != .all {
                warnings.append(LeftOut(what: gainMapWords,
                                        sentence: "\(gainMapWords) cannot be carried into \(format.displayName) and was left out"))
                if format == .jpeg { try file.dropGainMapXMP() }
            }
        }
        do {
            let outcome = try MetadataFixer.fix(path: file.temporary, request)
            warnings += outcome.leftOut
            if !outcome.keptXMP, gainMap != nil {
                // Without its description in the XMP no reader finds the gain map.
                gainMap = nil
                warnings.append(LeftOut(what: gainMapWords, sentence: "\(gainMapWords) was left out with the XMP"))
            }
        } catch let unusable {
            try written.writeWithoutMetadata()
            var bare = request
            if request.gainMap != .untouched { bare.gainMap = .removed }
            if gainMap != nil { warnings.append(LeftOut(what: gainMapWords, sentence: "\(gainMapWords) was left out with it")) }
            gainMap = nil
            do { _ = try MetadataFixer.fix(path: file.temporary, bare) } catch {
                throw ImagingError("the result's metadata could not be written: \(error.reason)")
            }
            let what = "the EXIF and XMP metadata"
            warnings.insert(LeftOut(what: what, sentence: "its metadata could not be rewritten (\(unusable.reason)), so \(what) "
                                    + "were left out (the ICC profile was kept)"), at: 0)
        }
        if format == .jpeg, let pictures = plan.pictures {
            try rewriteMultiPicture(file, gainMap: gainMap, primaryISOSegments: pictures.primaryISOSegments)
        }
        return warnings
    }

    private static let gainMapWords = "the HDR gain map"

    /// The result's MPF index and ISO 21496-1 version segment (a lossless cut copies the source's,
    /// whose offsets are wrong now) replaced by ones for `gainMap` appended after the picture, or
    /// removed when there is none.
    private static func rewriteMultiPicture(_ file: AtomicFile, gainMap: [UInt8]?,
                                            primaryISOSegments: [[UInt8]]) throws(ImagingError) {
        guard let jpeg = JPEGSegments(try file.read()) else { return }
        let drop = { (segment: JPEGSegments.Segment) in
            jpeg.isApp(segment, 2, JPEGSegments.Signature.mpf) || jpeg.isApp(segment, 2, JPEGSegments.Signature.isoGainMap)
        }
        guard let gainMap else {
            guard jpeg.segments.contains(where: drop) else { return }
            try file.write(Data(jpeg.rewritten(dropping: drop)))
            return
        }
        let iso = Array(primaryISOSegments.joined())
        let dropped = jpeg.segments.filter(drop).reduce(0) { $0 + $1.range.count }
        let primarySize = jpeg.bytes.count - dropped + iso.count + MultiPictureIndex.twoPictureSegmentLength
        let index = MultiPictureIndex.segment(primarySize: primarySize, gainMapSize: gainMap.count,
                                              segmentOffset: jpeg.insertionOffset(dropping: drop) + iso.count)
        let primary = jpeg.rewritten(dropping: drop, inserting: iso + index)
        guard primary.count == primarySize else { throw ImagingError("the multi-picture index could not be written") }
        try file.write(Data(primary + gainMap))
    }
}
