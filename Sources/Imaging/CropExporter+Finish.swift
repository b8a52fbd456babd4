// After the pixels are written: the metadata fixed (never losing the crop), the gain map cut or left out, the MPF index redone.

import CropKit
import Foundation
import ImagingCore

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
    /// Writes the result again without its EXIF (and its XMP unless asked to keep it), the ICC profile kept.
    let writeWithoutMetadata: (_ keepingXMP: Bool) throws(ImagingError) -> Void
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
        // A straightened or rectified result's gain map would need the same warp; it is left out (and said) instead.
        cuts =
            pictures?.gainMap != nil && format == .jpeg && options.strip != .all && options.straighten.isZero
            && options.perspective == nil && options.cuts.isEmpty
    }
}

extension CropExporter {
    /// Fixes the written result's metadata and, for a source with an MPF index (Ultra HDR, MPO,
    /// cameras' previews), makes the result's pictures agree with its index: a JPEG result gets
    /// the gain map cut like the picture, everything else the source appended (an MPO's second
    /// view, previews of the uncropped photo) is left out with its index entry. Returns what could
    /// not be carried.
    static func finish(
        _ written: WrittenPicture, info: ImageInfo, format: OutputFormat, file: AtomicFile,
        options: ExportOptions, gainMap plan: GainMapPlan
    ) throws(ImagingError) -> [LeftOut] {
        var request = MetadataRequest(
            width: written.metadataWidth, height: written.metadataHeight,
            resetOrientation: written.resetOrientation, strip: options.strip,
            exifSource: written.exifSource, format: format, resolution: options.writtenResolution)
        var (gainMap, leftOut) = try cutGainMap(written, format: format, file: file, options: options, plan: plan)
        if let plannedGainMap = gainMap {
            request.gainMap = .length(plannedGainMap.count)
        } else if plan.pictures?.gainMap != nil {
            request.gainMap = .removed
        }
        let outcome = try fixMetadata(written, request, file: file)
        leftOut += outcome.leftOut
        if !outcome.keptXMP, gainMap != nil {
            // Without its description in the XMP no reader finds the gain map.
            gainMap = nil
            leftOut.append(.gainMapWithXMP)
        }
        if format == .jpeg, let pictures = plan.pictures {
            try rewriteMultiPicture(file, gainMap: gainMap, primaryISOSegments: pictures.primaryISOSegments)
        }
        return leftOut
    }

    /// The gain map cut for the result when the plan says so, or nil; and what was left out. A JPEG
    /// result that does not get the gain map loses its description here (other formats lost it
    /// before they were written).
    private static func cutGainMap(
        _ written: WrittenPicture, format: OutputFormat, file: AtomicFile,
        options: ExportOptions, plan: GainMapPlan
    ) throws(ImagingError) -> ([UInt8]?, [LeftOut]) {
        guard let pictures = plan.pictures, let source = pictures.gainMap else { return (nil, []) }
        if plan.cuts {
            do {
                return (try GainMapCut.cut(source, carrying: pictures.gainMapSegments(), written.gainMap), [])
            } catch {
                try file.dropGainMapXMP()
                return (nil, [.gainMapNotCut(error)])
            }
        }
        // --strip=all asked for the picture alone: nothing to say.
        guard options.strip != .all else { return (nil, []) }
        if format == .jpeg { try file.dropGainMapXMP() }
        let reason: LeftOut =
            format != .jpeg
            ? .gainMapNotCarried(into: format)
            : options.perspective != nil
                ? .gainMapNotRectified : options.cuts.isEmpty ? .gainMapNotStraightened : .gainMapNotJoined
        return (nil, [reason])
    }

    /// The metadata fix; when exiv2 can neither read nor write what was written (a source's EXIF it
    /// cannot parse, copied as it was), the result is written again without its EXIF, then without
    /// its XMP too.
    private static func fixMetadata(
        _ written: WrittenPicture, _ request: MetadataRequest,
        file: AtomicFile
    ) throws(ImagingError) -> MetadataOutcome {
        let unusable: MetadataUnusable
        do { return try MetadataFixer.fix(path: file.temporary, request) } catch { unusable = error }
        try written.writeWithoutMetadata(true)
        if var outcome = try? MetadataFixer.fix(path: file.temporary, request), outcome.keptXMP {
            outcome.leftOut.insert(.exifUnreadable(unusable.problem), at: 0)
            return outcome
        }
        try written.writeWithoutMetadata(false)
        var bare = request
        if request.gainMap != .untouched { bare.gainMap = .removed }
        do { _ = try MetadataFixer.fix(path: file.temporary, bare) } catch {
            throw .writeFailed(.metadata(error.problem))
        }
        return MetadataOutcome(leftOut: [.exifAndXMPUnreadable(unusable.problem)], keptXMP: false)
    }

    /// The result's MPF index and ISO 21496-1 version segment (a lossless cut copies the source's,
    /// whose offsets are wrong now) replaced by ones for `gainMap` appended after the picture, or
    /// removed when there is none.
    private static func rewriteMultiPicture(
        _ file: AtomicFile, gainMap: [UInt8]?,
        primaryISOSegments: [[UInt8]]
    ) throws(ImagingError) {
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
        let index = MultiPictureIndex.segment(
            primarySize: primarySize, gainMapSize: gainMap.count,
            segmentOffset: jpeg.insertionOffset(dropping: drop) + iso.count)
        let primary = jpeg.rewritten(dropping: drop, inserting: iso + index)
        guard primary.count == primarySize else { throw .writeFailed(.multiPictureIndex) }
        try file.write(Data(primary + gainMap))
    }
}
