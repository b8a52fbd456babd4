// A crop in Lightroom's crs: convention (corners on the stored picture, and CropAngle), to and from our crop on the turned box.

import CropKit
import ImagingCore

/// `crs:CropLeft/Top/Right/Bottom` and `crs:CropAngle` as Lightroom means them, checked against
/// darktable's Lightroom import (src/develop/lightroom.c): the four numbers are the picture points
/// under the crop's top-left and bottom-right corners, as fractions of the *stored* pixel grid
/// (before EXIF orientation), and darktable turns them about the picture's centre by CropAngle
/// (x' = x·cos + y·sin, y' = −x·sin + y·cos, y down) onto the turned picture's bounding box. So
/// a picture turned clockwise by A has CropAngle −A; a mirroring orientation reverses the turn on
/// the stored grid (darktable negates the angle for those too). At no angle these are the level
/// crop's own corners.
struct LightroomCrop: Equatable {
    var left, top, right, bottom: Double
    /// Degrees, Lightroom's sign: positive turns the picture counterclockwise.
    var angle: Double

    init(left: Double, top: Double, right: Double, bottom: Double, angle: Double) {
        (self.left, self.top, self.right, self.bottom, self.angle) = (left, top, right, bottom, angle)
    }

    /// The corners of `crop` (on the upright picture's turned box) for the file `info` describes.
    init(_ crop: StoredCrop, info: ImageInfo) {
        let orientation = info.orientation
        if let box = LightroomCrop.pictureBox(of: crop, info: info) ?? LightroomCrop.joinedBox(of: crop, info: info) {
            let stored = orientation.storedRect(fromDisplayed: box)
            self.init(left: stored.minX, top: stored.minY, right: stored.maxX, bottom: stored.maxY, angle: 0)
            return
        }
        let stored = orientation.storedRect(fromDisplayed: crop.rect.sanitized)
        guard !crop.angle.isZero else {
            self.init(left: stored.minX, top: stored.minY, right: stored.maxX, bottom: stored.maxY, angle: 0)
            return
        }
        let storedAngle = orientation.mirrors ? crop.angle.reversed : crop.angle
        let turned = TurnedPicture(width: info.storedWidth, height: info.storedHeight, angle: storedAngle)
        let box = turned.boundingSize
        let w = Double(info.storedWidth), h = Double(info.storedHeight)
        let topLeft = turned.picturePoint(
            fromBox: CropPoint(x: stored.minX * Double(box.width), y: stored.minY * Double(box.height)))
        let bottomRight = turned.picturePoint(
            fromBox: CropPoint(x: stored.maxX * Double(box.width), y: stored.maxY * Double(box.height)))
        self.init(
            left: topLeft.x / w, top: topLeft.y / h, right: bottomRight.x / w, bottom: bottomRight.y / h,
            angle: -storedAngle.degrees)
    }

    /// For a crop of a perspective-corrected picture: the box on the upright picture (normalized)
    /// around where the crop lies on it. Lightroom and darktable know no such correction; given this
    /// box as the crop they show about the same part of the picture. nil without a perspective.
    static func pictureBox(of crop: StoredCrop, info: ImageInfo) -> CropRect? {
        let upright = PixelSize(width: info.width, height: info.height)
        guard let rectification = crop.rectification(upright: upright) else { return nil }
        let rect = crop.rect.sanitized, size = rectification.size
        let onRectified = CropRect(
            x: rect.minX * Double(size.width), y: rect.minY * Double(size.height), width: rect.width * Double(size.width),
            height: rect.height * Double(size.height))
        guard let lies = rectification.pictureQuad(of: onRectified) else { return nil }
        let xs = lies.corners.map { $0.x / Double(upright.width) }, ys = lies.corners.map { $0.y / Double(upright.height) }
        let box = CropRect(left: xs.min() ?? 0, top: ys.min() ?? 0, right: xs.max() ?? 1, bottom: ys.max() ?? 1)
        return box.intersection(.unit) ?? .unit
    }

    /// The crop on the upright picture's turned box these corners describe, or nil for corners
    /// that make no crop (an empty one, an angle past ±45°).
    func storedCrop(info: ImageInfo) -> StoredCrop? {
        guard [left, top, right, bottom, angle].allSatisfy(\.isFinite) else { return nil }
        let storedAngle = StraightenAngle(degrees: -angle)
        guard abs(angle) <= StraightenAngle.limit, !storedAngle.isZero else {
            guard right > left, bottom > top else { return nil }
            let stored = CropRect(left: left, top: top, right: right, bottom: bottom).sanitized
            return StoredCrop(rect: info.orientation.displayedRect(fromStored: stored))
        }
        let turned = TurnedPicture(width: info.storedWidth, height: info.storedHeight, angle: storedAngle)
        let box = turned.boundingSize
        let w = Double(info.storedWidth), h = Double(info.storedHeight)
        let topLeft = turned.boxPoint(fromPicture: CropPoint(x: left * w, y: top * h))
        let bottomRight = turned.boxPoint(fromPicture: CropPoint(x: right * w, y: bottom * h))
        guard bottomRight.x > topLeft.x, bottomRight.y > topLeft.y else { return nil }
        let stored = CropRect(
            left: topLeft.x / Double(box.width), top: topLeft.y / Double(box.height),
            right: bottomRight.x / Double(box.width), bottom: bottomRight.y / Double(box.height))
        let angle = info.orientation.mirrors ? storedAngle.reversed : storedAngle
        return StoredCrop(rect: info.orientation.displayedRect(fromStored: stored), angle: angle)
    }
}
