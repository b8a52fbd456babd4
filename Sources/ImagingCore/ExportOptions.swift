// What an export is asked for: the output format from the file name, quality, lossless, what metadata to strip, shape and size.

import CropKit
import Foundation

/// Output formats, chosen by the output file's extension.
public enum OutputFormat: String, Sendable, CaseIterable, Codable {
    case png, jpeg, webp, tiff

    /// The format for a file name, or nil for an extension we do not write.
    public init?(path: String) {
        switch (path as NSString).pathExtension.lowercased() {
        case "png": self = .png
        case "jpg", "jpeg": self = .jpeg
        case "webp": self = .webp
        case "tif", "tiff": self = .tiff
        default: return nil
        }
    }

    /// Whether the format keeps a circle crop's transparent corners (PNG and WebP carry alpha; the
    /// app writes JPEG and TIFF without it).
    public var holdsCircle: Bool { self == .png || self == .webp }

    /// The usual extension, for names the app makes itself.
    public var fileExtension: String {
        switch self {
        case .png: return "png"
        case .jpeg: return "jpg"
        case .webp: return "webp"
        case .tiff: return "tif"
        }
    }
}

/// Which metadata to leave out of the result.
public enum StripMode: String, Sendable, CaseIterable, Codable {
    /// Keep ICC, EXIF and XMP (fixed: orientation, dimensions, no stale thumbnail).
    case none
    /// Keep everything but location: EXIF GPS and XMP GPS tags are removed.
    case gps
    /// Write pixels only (the ICC profile goes too).
    case all
}

public struct ExportOptions: Sendable, Equatable, Codable {
    /// JPEG/WebP quality 1…100; nil keeps the source JPEG's estimated quality, or 92.
    public var quality: Int?
    /// Cut a JPEG without re-encoding; an error when the geometry does not allow it.
    public var lossless: Bool
    public var strip: StripMode
    /// Cut losslessly whenever a JPEG-to-JPEG crop allows it and no quality was asked for (the
    /// window does this; scripts get exactly what they ask for, so the CLI leaves it off). Ignored
    /// for a circle or an output size, whose new pixels no lossless cut can hold.
    public var preferLossless: Bool
    /// Only after the user confirmed it explicitly: the output may replace the source.
    public var allowOverwritingSource: Bool
    /// The user's turns and flips on top of the upright picture (`.up`: none). The crop given to
    /// the export is then measured on the picture as shown, after them.
    public var transform: ImageOrientation = .up
    /// `.circle` keeps the ellipse inscribed in the result and makes its corners transparent, so it
    /// needs a format with alpha (PNG or WebP) and a re-encode.
    public var shape: CropShape = .rectangle
    /// The result's size (scaled down or up after the crop, the turn and the straightening):
    /// `.original` keeps the crop's own; an exact size (pixels, a print) is met exactly and needs a
    /// crop of its ratio. Scaling needs a re-encode.
    public var outputSize: OutputSize = .original
    /// The resolution written into the result in pixels per inch; nil writes a print size's, or
    /// without one keeps the source's. It changes no pixel.
    public var resolution: Int? = nil
    /// The straighten turn, applied last (after `transform`). When it is not zero the crop given to
    /// the export is measured on the turned picture's bounding box (`TurnedPicture`) and must lie
    /// inside the turned picture; the pixels are always re-encoded.
    public var straighten: StraightenAngle = .zero
    /// A perspective correction: the quadrilateral of the picture as shown (after `transform`) and
    /// the size of the rectangle it is straightened into. With it the crop is measured on that
    /// rectified picture, the pixels are always re-encoded, and no straighten angle may be set.
    public var perspective: Rectification? = nil
    /// Bands removed from the picture as shown (after `transform`), in order, the parts joined
    /// (`JoinedPicture`): the crop is then measured on the joined picture and the pixels are always
    /// re-encoded; no straighten angle or perspective correction goes with them.
    public var cuts: [PictureCut] = []

    public init(
        quality: Int? = nil, lossless: Bool = false, strip: StripMode = .none,
        preferLossless: Bool = false, allowOverwritingSource: Bool = false, transform: ImageOrientation = .up,
        shape: CropShape = .rectangle, outputSize: OutputSize = .original, straighten: StraightenAngle = .zero,
        resolution: Int? = nil
    ) {
        self.quality = quality
        self.lossless = lossless
        self.strip = strip
        self.preferLossless = preferLossless
        self.allowOverwritingSource = allowOverwritingSource
        self.transform = transform
        self.shape = shape
        self.outputSize = outputSize
        self.straighten = straighten
        self.resolution = resolution
    }

    /// The resolution to write into the result (pixels per inch), or nil to keep the source's.
    public var writtenResolution: Int? { resolution ?? outputSize.resolution }

    /// Whether the result's pixels differ from the source's cut (a circle's transparent corners, a
    /// new size, a straightened picture), so no lossless JPEG cut can make it.
    public var changesPixels: Bool {
        shape == .circle || !outputSize.isOriginal || !straighten.isZero || perspective != nil || !cuts.isEmpty
    }

    /// The quality used when none is asked for and the source's cannot be estimated.
    public static let defaultQuality = 92
}

/// What an export produced.
public struct ExportResult: Sendable, Equatable, Codable {
    public let outputPath: String
    public let width: Int
    public let height: Int
    /// True when the JPEG was cut without re-encoding.
    public let lossless: Bool
    /// What of the source's metadata could not be carried into the result (empty when everything
    /// was): the crop is written with the rest.
    public let leftOut: [LeftOut]

    public init(outputPath: String, width: Int, height: Int, lossless: Bool, leftOut: [LeftOut] = []) {
        self.outputPath = outputPath
        self.width = width
        self.height = height
        self.lossless = lossless
        self.leftOut = leftOut
    }
}

/// A part of the source's metadata an export could not carry into its result, and why (worded by `Wording`).
public enum LeftOut: Sendable, Equatable, Codable {
    case makerNotes(notCarriedInto: OutputFormat)
    case exif(notCarriedInto: OutputFormat)
    case exifAndXMP(notCarriedInto: OutputFormat)
    /// exiv2 could not read back what was written (a source's EXIF it cannot parse, copied as it was).
    case exifUnreadable(MetadataProblem)
    case exifAndXMPUnreadable(MetadataProblem)
    case gainMapNotCarried(into: OutputFormat)
    case gainMapNotCut(ImagingError)
    /// Without its description in the XMP no reader finds the gain map.
    case gainMapWithXMP
    /// A straightened JPEG: the gain map is not turned with the picture, so it cannot describe it.
    case gainMapNotStraightened
    /// A JPEG with a perspective correction: the gain map is not rectified with the picture.
    case gainMapNotRectified
    /// A JPEG with bands cut out: the gain map is not cut and joined with the picture.
    case gainMapNotJoined

    /// Which part was left out.
    public enum Part: Sendable, Equatable, Codable { case makerNotes, exif, exifAndXMP, gainMap }

    public var part: Part {
        switch self {
        case .makerNotes: return .makerNotes
        case .exif, .exifUnreadable: return .exif
        case .exifAndXMP, .exifAndXMPUnreadable: return .exifAndXMP
        case .gainMapNotCarried, .gainMapNotCut, .gainMapWithXMP, .gainMapNotStraightened, .gainMapNotRectified,
            .gainMapNotJoined:
            return .gainMap
        }
    }
}
