// A kept crop's perspective correction in the sidecar, in our own namespace: its corners, its locked ratio, the crop on it.

import CExiv
import CropKit
import Foundation
import ImagingCore

/// Lightroom's crs: tags cannot say a perspective correction, so it is kept in our namespace:
/// `PerspectiveCorners` (eight numbers, x and y of each corner clockwise from the top left,
/// normalized on the upright picture), `PerspectiveRatio` (width ÷ height, absent when estimated)
/// and `PerspectiveCrop` (left, top, right and bottom of the crop, normalized on the rectified
/// picture). The crs: corners then hold the box on the picture around where the crop lies
/// (`LightroomCrop.pictureBox`), which is what a reader that knows only them restores.
extension Sidecar {
    static let perspectiveCornersTag = "Xmp.\(ownPrefix).PerspectiveCorners"
    static let perspectiveRatioTag = "Xmp.\(ownPrefix).PerspectiveRatio"
    static let perspectiveCropTag = "Xmp.\(ownPrefix).PerspectiveCrop"

    /// Writes `crop`'s perspective, or removes one an earlier crop left, as the crop has none (or
    /// corners that make no rectification of this picture, which are not kept).
    static func setPerspective(
        _ metadata: UnsafeMutablePointer<GExiv2Metadata>, _ crop: StoredCrop, info: ImageInfo
    ) throws(ImagingError) {
        let upright = PixelSize(width: info.width, height: info.height)
        guard let corners = crop.perspectiveCorners, crop.rectification(upright: upright) != nil else {
            for tag in [perspectiveCornersTag, perspectiveRatioTag, perspectiveCropTag] {
                gexiv2_metadata_clear_tag(metadata, tag)
            }
            return
        }
        let rect = crop.rect.sanitized
        try set(metadata, perspectiveCornersTag, numbers(corners.flatMap { [$0.x, $0.y] }))
        try set(metadata, perspectiveCropTag, numbers([rect.minX, rect.minY, rect.maxX, rect.maxY]))
        if let ratio = crop.perspectiveRatio {
            try set(metadata, perspectiveRatioTag, numbers([ratio]))
        } else {
            gexiv2_metadata_clear_tag(metadata, perspectiveRatioTag)
        }
    }

    /// `crop` (restored from crs:) with the perspective the sidecar keeps, when its tags make a
    /// rectification of this picture and a crop on it; otherwise `crop` as crs: gave it. Any
    /// number that is not one, out of range or missing drops the perspective, never the crop.
    static func withPerspective(
        _ crop: StoredCrop, _ metadata: UnsafeMutablePointer<GExiv2Metadata>, info: ImageInfo
    ) -> StoredCrop {
        guard let corners = get(metadata, perspectiveCornersTag).flatMap(numbers(in:)), corners.count == 8,
            let edges = get(metadata, perspectiveCropTag).flatMap(numbers(in:)), edges.count == 4,
            edges.allSatisfy({ (0...1).contains($0) }), edges[2] > edges[0], edges[3] > edges[1]
        else { return crop }
        var kept = crop
        kept.perspectiveCorners = stride(from: 0, to: 8, by: 2).map { CropPoint(x: corners[$0], y: corners[$0 + 1]) }
        if let text = get(metadata, perspectiveRatioTag) {
            guard let ratio = numbers(in: text), ratio.count == 1 else { return crop }
            kept.perspectiveRatio = ratio[0]
        }
        guard kept.rectification(upright: PixelSize(width: info.width, height: info.height)) != nil else { return crop }
        kept.rect = CropRect(left: edges[0], top: edges[1], right: edges[2], bottom: edges[3])
        kept.angle = .zero
        return kept
    }

    /// Numbers as the tags hold them: comma-separated, each in the shortest form that reads back exactly.
    private static func numbers(_ values: [Double]) -> String { values.map { "\($0)" }.joined(separator: ",") }

    /// The finite numbers of a tag's text, nil when any part is not one.
    private static func numbers(in text: String) -> [Double]? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        let values = parts.compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard values.count == parts.count, values.allSatisfy(\.isFinite) else { return nil }
        return values
    }
}
