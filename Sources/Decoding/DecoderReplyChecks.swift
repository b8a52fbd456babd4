// Every number in a decoder's reply checked on receipt against the request and the pixel limit (2^62 is a protocol error).

import CropKit
import ImagingCore

/// The checks the jobs apply to what a decoder says. A decoder taken over by a picture can say
/// anything; a value outside these ranges makes the job fail with `decoderStopped`, as a decoder
/// that died does.
enum ReplyChecks {
    /// A picture or result of `width` × `height`: each side at least one pixel, the whole within
    /// `SupportedImages.pixelLimit` (no product overflows).
    static func isSize(_ width: Int, _ height: Int) -> Bool {
        guard width >= 1, height >= 1, width <= SupportedImages.pixelLimit, height <= SupportedImages.pixelLimit else {
            return false
        }
        let (area, overflow) = width.multipliedReportingOverflow(by: height)
        return !overflow && area <= SupportedImages.pixelLimit
    }

    /// A probe's facts: the size within the limit, the samples a format can hold, a loader's name.
    static func checked(_ info: ImageInfo) throws(ImagingError) -> ImageInfo {
        guard isSize(info.storedWidth, info.storedHeight), (1...64).contains(info.bands),
            (1...64).contains(info.bitsPerSample), !info.loader.isEmpty, info.loader.utf8.count <= 64,
            info.loader.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
        else { throw .decoderStopped }
        return info
    }

    /// A box of whole pixels inside a `width` × `height` picture, at least one pixel a side.
    static func isInside(_ rect: PixelRect, _ width: Int, _ height: Int) -> Bool {
        rect.x >= 0 && rect.y >= 0 && rect.width >= 1 && rect.height >= 1 && rect.x < width && rect.y < height
            && rect.width <= width - rect.x && rect.height <= height - rect.y
    }

    /// A JPEG's block grid: blocks of 8 to 32 pixels a side (libjpeg's sampling factors of 1 to 4).
    static func isGrid(_ grid: LosslessGrid?) -> Bool {
        guard let grid else { return true }
        return (1...32).contains(grid.mcuWidth) && (1...32).contains(grid.mcuHeight)
    }

    /// A straighten angle within ±45° (its coder takes any number).
    static func isAngle(_ angle: StraightenAngle) -> Bool { abs(angle.hundredths) <= StraightenAngle.limitHundredths }

    /// A print of Find Photos: finite, of some size, tilted within ±45°, its corners on a `width ×
    /// height` picture (a print's edge on the scan's may reach a hair past it).
    static func isPrint(_ print: FoundPrint, _ width: Int, _ height: Int) -> Bool {
        let slack = 0.01 * Double(max(width, height)) + 2
        return print.width.isFinite && print.height.isFinite && print.width >= 1 && print.height >= 1
            && print.tilt.isFinite && abs(print.tilt) <= StraightenAngle.limit
            && print.corners.allSatisfy { corner in
                corner.x.isFinite && corner.y.isFinite && corner.x >= -slack && corner.y >= -slack
                    && corner.x <= Double(width) + slack && corner.y <= Double(height) + slack
            }
    }

    /// A kept crop as a sidecar may say it: fractions of the picture, an angle, a size a result may have.
    static func checked(_ kept: KeptCrop) throws(ImagingError) -> KeptCrop {
        guard let crop = kept.crop else { return kept }
        let rect = crop.rect
        let fractions = [rect.x, rect.y, rect.width, rect.height, rect.maxX, rect.maxY]
        guard fractions.allSatisfy({ $0.isFinite && $0 >= -1e-6 && $0 <= 1 + 1e-6 }), rect.width > 0, rect.height > 0,
            isAngle(crop.angle), isOutputSize(crop.outputSize), isPerspective(crop), isFramed(crop)
        else { throw .decoderStopped }
        return kept
    }

    /// A kept perspective as the sidecar's reader restores one: four corners in 0…1, a positive
    /// finite ratio, no angle (the picture is not also straightened), or none at all.
    static func isPerspective(_ crop: StoredCrop) -> Bool {
        guard let corners = crop.perspectiveCorners else { return crop.perspectiveRatio == nil }
        return corners.count == 4 && corners.allSatisfy { (0...1).contains($0.x) && (0...1).contains($0.y) }
            && (crop.perspectiveRatio.map { $0.isFinite && $0 > 0 } ?? true) && crop.angle.isZero
    }

    /// Kept frames and cuts as the sidecar's reader restores them: 2 to `FrameState.maximumCount`
    /// frames, each inside, of a ratio we write, an angle within ±45°, a size a result may have and a
    /// name short enough for a file's (the command line names results by it), the active one among them; cuts of at least one row from a row of the picture, with no angle or
    /// perspective; or none at all.
    static func isFramed(_ crop: StoredCrop) -> Bool {
        let cutsFit =
            crop.cuts.count <= JoinedPicture.maximumCuts
            && crop.cuts.allSatisfy { $0.start >= 0 && $0.length > 0 && $0.start <= Int(Int32.max) - $0.length }
            && (crop.cuts.isEmpty || crop.perspectiveCorners == nil && crop.angle.isZero)
        guard let frames = crop.frames else { return cutsFit && crop.activeFrame == 0 }
        return cutsFit && (2...FrameState.maximumCount).contains(frames.count) && frames.indices.contains(crop.activeFrame)
            && frames.allSatisfy { frame in
                let rect = frame.rect
                return [rect.minX, rect.minY, rect.maxX, rect.maxY].allSatisfy { $0.isFinite && (0...1).contains($0) }
                    && rect.width > 0 && rect.height > 0 && isAngle(frame.angle) && isOutputSize(frame.outputSize)
                    && frame.frame != nil && (crop.cuts.isEmpty || frame.angle.isZero)
                    && (frame.name?.count ?? 0) <= StoredFrame.longestName
            }
    }

    /// An output size whose pixels can be counted without overflow and lie within the limit.
    static func isOutputSize(_ size: OutputSize) -> Bool {
        switch size {
        case .original: return true
        case .pixels(let pixels): return isSize(pixels.width, pixels.height)
        case .longerSide(let side): return (1...SupportedImages.pixelLimit).contains(side)
        case .print(let print):
            // What `PrintSize(width:height:unit:ppi:)` checks, which decoding a reply does not.
            guard print.width.isFinite, print.height.isFinite, print.width > 0, print.height > 0,
                (1...PrintSize.maximumPPI).contains(print.ppi)
            else { return false }
            return isSize(print.pixels.width, print.pixels.height)
        }
    }

    /// A smart crop's answer: a box of whole pixels within the pixel limit, no larger than a size asked for.
    static func isSuggestion(_ rect: PixelRect, for target: SmartCropTarget) -> Bool {
        guard isInside(rect, SupportedImages.pixelLimit, SupportedImages.pixelLimit), isSize(rect.width, rect.height) else {
            return false
        }
        if case .size(let wanted) = target {
            return rect.width <= max(wanted.width, 1) && rect.height <= max(wanted.height, 1)
        }
        return true
    }

    /// A failure a decoder reports, its words (shown to people) kept to one short line.
    static func checked(_ failure: ImagingError) -> ImagingError {
        switch failure {
        case .library(let stage, let detail): return .library(stage, detail: detail.map(oneLine))
        case .damaged(.unopenable(let detail)): return .damaged(.unopenable(detail: detail.map(oneLine)))
        case .damaged(.decode(let detail)): return .damaged(.decode(detail: detail.map(oneLine)))
        case .damaged(.jpegData(let detail)): return .damaged(.jpegData(detail: oneLine(detail)))
        case .incomplete(.dataStopsEarly(let detail)): return .incomplete(.dataStopsEarly(detail: oneLine(detail)))
        case .unsupported(.tiff(.named(let words))): return .unsupported(.tiff(.named(byLibrary: oneLine(words))))
        case .writeFailed(.library(let detail)): return .writeFailed(.library(detail: oneLine(detail)))
        default: return failure
        }
    }

    /// At most 500 characters, control characters (line breaks, a terminal's escapes) shown as `\u{…}`.
    static func oneLine(_ words: String) -> String {
        let escaped = words.unicodeScalars.map { scalar in
            scalar.properties.generalCategory == .control ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
        }.joined()
        return escaped.count > 500 ? String(escaped.prefix(500)) + "…" : escaped
    }
}
