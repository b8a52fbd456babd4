// Why an imaging operation failed, as causes with the data their sentences need; the words are the Wording module's.

import CropKit

/// Why an imaging operation failed. Callers tell causes apart by matching cases, never by words;
/// `Wording` turns a case into the user's language for the window and the command line alike.
public enum ImagingError: Error, Sendable, Equatable, Codable {
    /// The source file cannot be read at all.
    case unreadable(Unreadable)
    /// A file the app does not open.
    case unsupported(Unsupported)
    /// The file, or its image data, stops before the picture does.
    case incomplete(Incomplete)
    /// The file, or its image data, is damaged.
    case damaged(Damage)
    /// `width`×`height` is over `limit` pixels (`SupportedImages.pixelLimit`): the source, or the output asked for.
    case tooLarge(Oversized, width: Int, height: Int, limit: Int)
    /// What was asked for cannot be made: the crop, quality, output size, shape or name.
    case invalidRequest(InvalidRequest)
    /// A lossless cut was asked for where the JPEG's block grid does not allow one.
    case notLossless(LosslessObstacle)
    /// The result could not be written; nothing was left at the output.
    case writeFailed(WriteFailure)
    /// The sidecar could not be read or written.
    case sidecar(SidecarFailure)
    /// A library (libvips, TurboJPEG, exiv2) failed at `stage`, with its own words when it gave any.
    case library(LibraryStage, detail: String?)
    /// A library could not start at all.
    case libraryUnavailable(Library)
    /// The file changed on disk since it was opened: a crop measured on it would cut something else.
    case changedOnDisk
    /// A region render stopped because a newer view made it stale (never shown: the newer render replaces it).
    case renderCancelled
    /// The confined decoding process stopped before it answered: it crashed, was killed by its
    /// confinement or its resource limits, or ran past its time. Nothing was written.
    case decoderStopped
    /// The decoding process could not be confined (the kernel's own view of it, read from
    /// `/proc`, lacks no-new-privileges or the system-call filter): no file was handed to it.
    case decoderUnconfined
}

extension ImagingError {
    public enum Unreadable: Sendable, Equatable, Codable {
        case missing, folder, permissionDenied, empty
        /// Reading the bytes failed after the checks passed.
        case readFailed
        /// Bytes read from a pipe (standard input) ran past the most this process holds in memory.
        case overLimit(bytes: Int)
        /// A pipe, a socket or a device: only a regular file is handed to a decoder.
        case notRegularFile
        /// A file the kernel makes up (in /proc, /sys, …): a view of the system, never a picture.
        case systemFile
    }

    public enum Unsupported: Sendable, Equatable, Codable {
        /// No loader recognises the file.
        case notAnImage
        /// A format libvips reads but the app does not open (decoders are attack surface).
        case format
        /// A TIFF layout libvips 8.14 cannot decode.
        case tiff(TIFFLayout)
    }

    /// The TIFF layouts libvips cannot decode, named from the file's first directory.
    public enum TIFFLayout: Sendable, Equatable, Codable {
        case tiledSeparatePlanes, oldStyleJPEG, subsampledYCbCr
        case bitsPerSample(Int)
        /// Floating-point samples of this many bits.
        case floatingPoint(bits: Int)
        /// libvips said it does not support the file; its words, since the directory named nothing.
        case named(byLibrary: String)
    }

    public enum Incomplete: Sendable, Equatable, Codable {
        /// The file lacks its format's end (an interrupted copy or download).
        case fileCutShort
        /// A JPEG's image data stops before the picture's end (libjpeg's words).
        case dataStopsEarly(detail: String)
    }

    public enum Damage: Sendable, Equatable, Codable {
        /// libvips could not read the header (its words when it gave any).
        case unopenable(detail: String?)
        case noPixels
        /// libjpeg gave up on a JPEG's image data (its words).
        case jpegData(detail: String)
        /// A decode failed (libvips' words when it gave any).
        case decode(detail: String?)
    }

    public enum Oversized: Sendable, Equatable, Codable { case image, output }

    public enum InvalidRequest: Sendable, Equatable, Codable {
        /// The output's extension names no format we write.
        case unknownFormat(extension: String)
        case emptyCrop
        /// The crop does not lie inside the `width`×`height` picture as shown.
        case cropOutside(PixelRect, width: Int, height: Int)
        case outputIsSource
        case quality
        case circleNeedsTransparency
        case circleNotLossless
        case losslessNotScaled
        /// A straightened picture is new pixels: no lossless cut holds them.
        case losslessNotStraightened
        /// The crop (on the turned picture's bounding box) reaches past the straightened picture's edges.
        case cropOutsideStraightened(PixelRect)
        case outputSizeBelowOne(Int)
        case outputSizeOverFormat(Int, OutputFormat)
        /// An exact output size needs a crop of its ratio (to within one pixel of rounding); the crop is `crop`.
        case ratioMismatch(crop: PixelSize, size: PixelSize)
        /// A resolution outside 1…`PrintSize.maximumPPI` pixels per inch.
        case resolutionOutOfRange(Int)
        /// A lossless export needs a JPEG source and a JPEG output.
        case losslessNeedsJPEG
        /// A lossless check needs a JPEG source.
        case losslessNeedsJPEGSource
        case emptyRegion
        /// A perspective correction that cannot be made as asked (`PerspectiveRefusal`).
        case perspective(PerspectiveRefusal)
        /// Bands cut out that cannot be as asked (`CutRefusal`).
        case cut(CutRefusal)
    }

    /// Why a JPEG's block grid does not allow a lossless cut.
    public enum LosslessObstacle: Sendable, Equatable, Codable {
        /// The crop's stored left and top edges (`x`, `y`) are off the `mcuWidth`×`mcuHeight` grid.
        case offGrid(x: Int, y: Int, mcuWidth: Int, mcuHeight: Int)
        /// A turn or flip of a `width`×`height` JPEG that is no whole number of its blocks would leave
        /// its edge blocks untransformed.
        case partialEdgeBlocks(width: Int, height: Int, mcuWidth: Int, mcuHeight: Int)
        /// The crop's corner is off the turned picture's `stepX`×`stepY` grid.
        case turnedCornerOffGrid(x: Int, y: Int, stepX: Int, stepY: Int)
    }

    public enum WriteFailure: Sendable, Equatable, Codable {
        case folderMissing(String)
        case folderNotWritable(String)
        case nameTooLong(limit: Int)
        /// A system call failed with `errno` while writing, reopening to flush, or renaming into place.
        case write(errno: Int32)
        case reopen(errno: Int32)
        case rename(errno: Int32)
        /// libvips failed to save (its words).
        case library(detail: String)
        case readBack
        case notJPEG
        case multiPictureIndex
        case metadata(MetadataProblem)
    }

    public enum SidecarFailure: Sendable, Equatable, Codable {
        /// An existing sidecar (named) could not be read; it was left alone.
        case unreadable(name: String)
        /// The unreadable sidecar could not be set aside (the system's words).
        case backup(detail: String)
        /// The sidecar could not be written (the system's or exiv2's words when they gave any).
        case write(detail: String?)
        case copy(detail: String)
        case tag(String, detail: String?)
        /// The sidecar (named) was not handed to the decoder, so the crop is not kept over it.
        case refused(name: String, SidecarRefusal)
    }

    /// Why a sidecar beside a picture is not opened for the decoder: it is then read as absent, and
    /// not replaced.
    public enum SidecarRefusal: Sendable, Equatable, Codable {
        /// A symbolic link (never followed: it could lead anywhere).
        case symbolicLink
        case folder
        /// A pipe, a socket or a device.
        case notRegularFile
        /// A file the kernel makes up (in /proc, /sys, …).
        case systemFile
        /// On another device than the picture (another disk or a file system mounted in between).
        case otherDevice
        /// Larger than `limit` bytes, far more than an XMP packet.
        case tooLarge(limit: Int)
        case permissionDenied
        /// Opening or checking it failed otherwise (errno).
        case unopenable(errno: Int32)
    }

    /// Where a library failed. libvips' words, when it gave any, replace the stage's (they are more
    /// precise); TurboJPEG's follow the stage's.
    public enum LibraryStage: Sendable, Equatable, Codable {
        case open, turnUpright, cut, turnCut, convert, convertColours, convertTo8Bits, addAlpha, extractBands
        case decode, decodedSize, circleMask, leaveOutMetadata
        case gainMapDecode, gainMapTurn, gainMapCut, gainMapEncode
        case regionScale, regionTurnUpright, regionKeep, regionCut
        /// Scaling to `width`×`height` gave `gotWidth`×`gotHeight`.
        case scaleExactly(width: Int, height: Int, gotWidth: Int, gotHeight: Int)
        /// TurboJPEG.
        case jpegHeader, losslessCut, losslessTurn
        /// exiv2 opening a file's metadata.
        case metadataOpen
    }

    public enum Library: Sendable, Equatable, Codable { case images, jpeg, metadata }
}

/// Why exiv2 could not be used on a written result's metadata.
public enum MetadataProblem: Sendable, Equatable, Codable {
    /// exiv2 failed (its words when it gave any).
    case library(detail: String?)
    case unavailable
    /// What was written still held what had to go (a thumbnail, a location, a turned orientation).
    case guaranteesNotKept
}
