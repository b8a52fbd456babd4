// Several frames and cuts of a kept crop in the sidecar, in our own namespace; the first frame stays in crs: as one crop.

import CExiv
import CropKit
import Foundation
import ImagingCore

/// Lightroom's crs: tags hold one crop, so the others are kept in our namespace: `Frames` (every
/// frame as JSON: its corners normalized as `StoredCrop.rect` is, ratio, angle in hundredths, shape,
/// output size and name), `ActiveFrame` and `Cuts` (each band as ImageMagick's `-chop` geometry on
/// the upright picture, `;` between them). With cuts the crs: corners hold the box on the picture
/// around the first frame's pieces, which is what a reader that knows only them restores.
extension Sidecar {
    static let framesTag = "Xmp.\(ownPrefix).Frames"
    static let activeFrameTag = "Xmp.\(ownPrefix).ActiveFrame"
    static let cutsTag = "Xmp.\(ownPrefix).Cuts"

    /// A frame as the `Frames` tag writes it.
    private struct Kept: Codable {
        var rect: [Double]
        var ratio: String
        var angle: Int
        var shape: String
        var size: String?
        var name: String?
    }

    /// Writes `crop`'s frames and cuts, or removes those an earlier crop left, as it has none.
    static func setFrames(_ metadata: UnsafeMutablePointer<GExiv2Metadata>, _ crop: StoredCrop) throws(ImagingError) {
        if let frames = crop.frames, frames.count > 1 {
            let kept = frames.map { frame in
                let rect = frame.rect.sanitized
                return Kept(
                    rect: [rect.minX, rect.minY, rect.maxX, rect.maxY], ratio: frame.ratio, angle: frame.angle.hundredths,
                    shape: frame.shape.rawValue, size: frame.outputSize.storedText, name: frame.name)
            }
            guard let json = try? JSONEncoder().encode(kept) else { throw .sidecar(.tag(framesTag, detail: nil)) }
            try set(metadata, framesTag, String(decoding: json, as: UTF8.self))
            try set(metadata, activeFrameTag, String(crop.activeFrame))
        } else {
            gexiv2_metadata_clear_tag(metadata, framesTag)
            gexiv2_metadata_clear_tag(metadata, activeFrameTag)
        }
        if crop.cuts.isEmpty {
            gexiv2_metadata_clear_tag(metadata, cutsTag)
        } else {
            try set(metadata, cutsTag, crop.cuts.map(\.description).joined(separator: ";"))
        }
    }

    /// `crop` (restored from crs:) with the frames and cuts the sidecar keeps, when they are whole
    /// and go together on this picture: frames 2 to `FrameState.maximumCount`, each inside, of a ratio
    /// we write, an angle within ±45°, a known shape and size, a short name; cuts that fit, with no
    /// angle or perspective. Anything else drops them all, never the crop crs: gave.
    static func withFrames(
        _ crop: StoredCrop, _ metadata: UnsafeMutablePointer<GExiv2Metadata>, info: ImageInfo
    ) -> StoredCrop {
        var kept = crop
        if let text = get(metadata, cutsTag) {
            let cuts = text.split(separator: ";", omittingEmptySubsequences: false).map { try? PictureCut(parsing: String($0)) }
            guard crop.perspectiveCorners == nil, cuts.count <= JoinedPicture.maximumCuts, cuts.allSatisfy({ $0 != nil }),
                let joined = try? JoinedPicture(PixelSize(width: info.width, height: info.height), cuts: cuts.compactMap { $0 })
            else { return crop }
            kept.cuts = cuts.compactMap { $0 }
            kept.rect = LightroomCrop.joinedRect(of: crop.rect, on: joined)
            kept.angle = .zero
        }
        guard let text = get(metadata, framesTag) else { return kept.cuts.isEmpty || crop.angle.isZero ? kept : crop }
        guard let frames = storedFrames(text), let active = get(metadata, activeFrameTag).flatMap({ Int($0) }),
            frames.indices.contains(active), kept.cuts.isEmpty || frames.allSatisfy({ $0.angle.isZero }),
            crop.perspectiveCorners == nil
        else { return crop }
        kept.frames = frames
        kept.activeFrame = active
        (kept.rect, kept.angle, kept.shape, kept.outputSize) = (
            frames[0].rect, frames[0].angle, frames[0].shape, frames[0].outputSize
        )
        return kept
    }

    /// The frames of a `Frames` tag, or nil unless every one is whole.
    private static func storedFrames(_ text: String) -> [StoredFrame]? {
        guard let list = try? JSONDecoder().decode([Kept].self, from: Data(text.utf8)),
            (2...FrameState.maximumCount).contains(list.count)
        else { return nil }
        let frames = list.map { kept -> StoredFrame? in
            let e = kept.rect
            guard e.count == 4, e.allSatisfy({ (0...1).contains($0) }), e[2] > e[0], e[3] > e[1],
                abs(kept.angle) <= StraightenAngle.limitHundredths, let shape = CropShape(rawValue: kept.shape),
                (kept.name?.count ?? 0) <= StoredFrame.longestName
            else { return nil }
            let size = kept.size.map { OutputSize(storedText: $0) } ?? .original
            guard let size else { return nil }
            var frame = StoredFrame(FrameState(crop: CropRect(left: e[0], top: e[1], right: e[2], bottom: e[3])))
            (frame.ratio, frame.angle, frame.shape, frame.outputSize, frame.name) =
                (kept.ratio, StraightenAngle(hundredths: kept.angle), shape, size, kept.name)
            return frame.frame == nil ? nil : frame
        }
        return frames.allSatisfy { $0 != nil } ? frames.compactMap { $0 } : nil
    }
}

extension LightroomCrop {
    /// For a crop of a picture with bands cut out: the box on the upright picture (normalized) around
    /// the pieces it is made of. nil without cuts, or with cuts that do not fit.
    static func joinedBox(of crop: StoredCrop, info: ImageInfo) -> CropRect? {
        let upright = PixelSize(width: info.width, height: info.height)
        guard !crop.cuts.isEmpty, let joined = try? JoinedPicture(upright, cuts: crop.cuts) else { return nil }
        let size = joined.size
        let pieces = joined.pieces(of: crop.rect.pixelRect(imageWidth: size.width, imageHeight: size.height)).flatMap { $0 }
        guard let first = pieces.first, let last = pieces.last else { return nil }
        return CropRect(
            pixelRect: PixelRect(
                x: first.x, y: first.y, width: last.x + last.width - first.x, height: last.y + last.height - first.y),
            imageWidth: upright.width, imageHeight: upright.height)
    }

    /// A crop crs: gave (on the upright picture) as it lies on the joined picture: each edge moved as
    /// the cuts move it, as a frame is carried when a cut is made.
    static func joinedRect(of rect: CropRect, on joined: JoinedPicture) -> CropRect {
        guard let whole = try? JoinedPicture(joined.original, cuts: []) else { return rect }
        return whole.carried(rect.sanitized, to: joined)
    }
}
