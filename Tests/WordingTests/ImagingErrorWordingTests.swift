// Every imaging error and left-out warning has a sentence, complete and word for word the English the command line and the window showed before.

import CropKit
import Foundation
import Imaging
import Testing
import Wording

/// One leaf of ImagingError: a case, and for the cases that hold a cause of their own, that cause.
/// `leaf(of:)` switches over every case without a default, so a new case does not compile until it
/// has a leaf here, and `example(_:)` does not compile until that leaf has an example and its words.
enum ErrorLeaf: CaseIterable {
    case missing, folder, permissionDenied, empty, readFailed, overLimit
    case notAnImage, format, tiledSeparatePlanes, oldStyleJPEG, subsampledYCbCr, bitsPerSample, floatingPoint
    case tiffNamedByLibrary
    case fileCutShort, dataStopsEarly
    case unopenable, noPixels, jpegData, decode
    case imageTooLarge, outputTooLarge
    case unknownFormat, emptyCrop, cropOutside, outputIsSource, quality, circleNeedsTransparency, circleNotLossless
    case losslessNotScaled, losslessNotStraightened, cropOutsideStraightened, outputSizeBelowOne, outputSizeOverFormat,
        ratioMismatch, resolutionOutOfRange, losslessNeedsJPEG, losslessNeedsJPEGSource, emptyRegion, perspective
    case offGrid, partialEdgeBlocks, turnedCornerOffGrid
    case folderMissing, folderNotWritable, nameTooLong, write, reopen, rename, writeLibrary, readBack, notJPEG
    case multiPictureIndex, metadata
    case sidecarUnreadable, sidecarBackup, sidecarWrite, sidecarCopy, sidecarTag
    case open, turnUpright, cut, turnCut, convert, convertColours, convertTo8Bits, addAlpha, extractBands, decodeStage
    case decodedSize, circleMask, leaveOutMetadata, gainMapDecode, gainMapTurn, gainMapCut, gainMapEncode
    case regionScale, regionTurnUpright, regionKeep, regionCut, scaleExactly, jpegHeader, losslessCut, losslessTurn
    case metadataOpen
    case imagesUnavailable, jpegUnavailable, metadataUnavailable
    case changedOnDisk, renderCancelled, decoderStopped, decoderUnconfined

    static func leaf(of error: ImagingError) -> ErrorLeaf {
        switch error {
        case .unreadable(.missing): .missing
        case .unreadable(.folder): .folder
        case .unreadable(.permissionDenied): .permissionDenied
        case .unreadable(.empty): .empty
        case .unreadable(.readFailed): .readFailed
        case .unreadable(.overLimit): .overLimit
        case .unsupported(.notAnImage): .notAnImage
        case .unsupported(.format): .format
        case .unsupported(.tiff(.tiledSeparatePlanes)): .tiledSeparatePlanes
        case .unsupported(.tiff(.oldStyleJPEG)): .oldStyleJPEG
        case .unsupported(.tiff(.subsampledYCbCr)): .subsampledYCbCr
        case .unsupported(.tiff(.bitsPerSample)): .bitsPerSample
        case .unsupported(.tiff(.floatingPoint)): .floatingPoint
        case .unsupported(.tiff(.named)): .tiffNamedByLibrary
        case .incomplete(.fileCutShort): .fileCutShort
        case .incomplete(.dataStopsEarly): .dataStopsEarly
        case .damaged(.unopenable): .unopenable
        case .damaged(.noPixels): .noPixels
        case .damaged(.jpegData): .jpegData
        case .damaged(.decode): .decode
        case .tooLarge(.image, _, _, _): .imageTooLarge
        case .tooLarge(.output, _, _, _): .outputTooLarge
        case .invalidRequest(.unknownFormat): .unknownFormat
        case .invalidRequest(.emptyCrop): .emptyCrop
        case .invalidRequest(.cropOutside): .cropOutside
        case .invalidRequest(.outputIsSource): .outputIsSource
        case .invalidRequest(.quality): .quality
        case .invalidRequest(.circleNeedsTransparency): .circleNeedsTransparency
        case .invalidRequest(.circleNotLossless): .circleNotLossless
        case .invalidRequest(.losslessNotScaled): .losslessNotScaled
        case .invalidRequest(.losslessNotStraightened): .losslessNotStraightened
        case .invalidRequest(.cropOutsideStraightened): .cropOutsideStraightened
        case .invalidRequest(.outputSizeBelowOne): .outputSizeBelowOne
        case .invalidRequest(.outputSizeOverFormat): .outputSizeOverFormat
        case .invalidRequest(.ratioMismatch): .ratioMismatch
        case .invalidRequest(.resolutionOutOfRange): .resolutionOutOfRange
        case .invalidRequest(.losslessNeedsJPEG): .losslessNeedsJPEG
        case .invalidRequest(.losslessNeedsJPEGSource): .losslessNeedsJPEGSource
        case .invalidRequest(.emptyRegion): .emptyRegion
        case .invalidRequest(.perspective): .perspective
        case .notLossless(.offGrid): .offGrid
        case .notLossless(.partialEdgeBlocks): .partialEdgeBlocks
        case .notLossless(.turnedCornerOffGrid): .turnedCornerOffGrid
        case .writeFailed(.folderMissing): .folderMissing
        case .writeFailed(.folderNotWritable): .folderNotWritable
        case .writeFailed(.nameTooLong): .nameTooLong
        case .writeFailed(.write): .write
        case .writeFailed(.reopen): .reopen
        case .writeFailed(.rename): .rename
        case .writeFailed(.library): .writeLibrary
        case .writeFailed(.readBack): .readBack
        case .writeFailed(.notJPEG): .notJPEG
        case .writeFailed(.multiPictureIndex): .multiPictureIndex
        case .writeFailed(.metadata): .metadata
        case .sidecar(.unreadable): .sidecarUnreadable
        case .sidecar(.backup): .sidecarBackup
        case .sidecar(.write): .sidecarWrite
        case .sidecar(.copy): .sidecarCopy
        case .sidecar(.tag): .sidecarTag
        case .library(.open, _): .open
        case .library(.turnUpright, _): .turnUpright
        case .library(.cut, _): .cut
        case .library(.turnCut, _): .turnCut
        case .library(.convert, _): .convert
        case .library(.convertColours, _): .convertColours
        case .library(.convertTo8Bits, _): .convertTo8Bits
        case .library(.addAlpha, _): .addAlpha
        case .library(.extractBands, _): .extractBands
        case .library(.decode, _): .decodeStage
        case .library(.decodedSize, _): .decodedSize
        case .library(.circleMask, _): .circleMask
        case .library(.leaveOutMetadata, _): .leaveOutMetadata
        case .library(.gainMapDecode, _): .gainMapDecode
        case .library(.gainMapTurn, _): .gainMapTurn
        case .library(.gainMapCut, _): .gainMapCut
        case .library(.gainMapEncode, _): .gainMapEncode
        case .library(.regionScale, _): .regionScale
        case .library(.regionTurnUpright, _): .regionTurnUpright
        case .library(.regionKeep, _): .regionKeep
        case .library(.regionCut, _): .regionCut
        case .library(.scaleExactly, _): .scaleExactly
        case .library(.jpegHeader, _): .jpegHeader
        case .library(.losslessCut, _): .losslessCut
        case .library(.losslessTurn, _): .losslessTurn
        case .library(.metadataOpen, _): .metadataOpen
        case .libraryUnavailable(.images): .imagesUnavailable
        case .libraryUnavailable(.jpeg): .jpegUnavailable
        case .libraryUnavailable(.metadata): .metadataUnavailable
        case .changedOnDisk: .changedOnDisk
        case .renderCancelled: .renderCancelled
        case .decoderStopped: .decoderStopped
        case .decoderUnconfined: .decoderUnconfined
        }
    }

    /// An error of this leaf and the English the imaging module wrote for it before it was an enum
    /// (`ImagingError("…")` at its throw), word for word.
    var example: (error: ImagingError, english: String) {
        switch self {
        case .missing: (.unreadable(.missing), "no such file")
        case .folder: (.unreadable(.folder), "is a folder, not an image")
        case .permissionDenied: (.unreadable(.permissionDenied), "permission denied: cannot read the file")
        case .empty: (.unreadable(.empty), "the file is empty")
        case .readFailed: (.unreadable(.readFailed), "the file could not be read")
        case .overLimit:
            (
                .unreadable(.overLimit(bytes: 512 << 20)),
                "more than 512 MiB came through the pipe, the most a picture read from one may hold"
            )
        case .notAnImage: (.unsupported(.notAnImage), "not an image this app can open")
        case .format:
            (.unsupported(.format), "this kind of file is not supported (only JPEG, PNG, WebP, TIFF, GIF and HEIF)")
        case .tiledSeparatePlanes:
            (.unsupported(.tiff(.tiledSeparatePlanes)), "this TIFF variant is not supported (tiled, with separate colour planes)")
        case .oldStyleJPEG:
            (.unsupported(.tiff(.oldStyleJPEG)), "this TIFF variant is not supported (old-style JPEG compression)")
        case .subsampledYCbCr:
            (.unsupported(.tiff(.subsampledYCbCr)), "this TIFF variant is not supported (subsampled YCbCr colour)")
        case .bitsPerSample: (.unsupported(.tiff(.bitsPerSample(12))), "this TIFF variant is not supported (12 bits per sample)")
        case .floatingPoint:
            (.unsupported(.tiff(.floatingPoint(bits: 64))), "this TIFF variant is not supported (64-bit floating-point samples)")
        case .tiffNamedByLibrary:
            (
                .unsupported(.tiff(.named(byLibrary: "unsupported sample format"))),
                "this TIFF variant is not supported (unsupported sample format)"
            )
        case .fileCutShort: (.incomplete(.fileCutShort), "the file is incomplete (cut short before its end)")
        case .dataStopsEarly:
            (
                .incomplete(.dataStopsEarly(detail: "Premature end of JPEG file")),
                "the image data is incomplete (it stops before the picture's end: Premature end of JPEG file)"
            )
        case .unopenable: (.damaged(.unopenable(detail: nil)), "the file is damaged or not an image")
        case .noPixels: (.damaged(.noPixels), "the image has no pixels")
        case .jpegData: (.damaged(.jpegData(detail: "Bogus marker length")), "the image data is damaged (Bogus marker length)")
        case .decode: (.damaged(.decode(detail: nil)), "the image data is damaged or incomplete (unknown error)")
        case .imageTooLarge:
            (
                .tooLarge(.image, width: 100_000, height: 100_000, limit: Imaging.pixelLimit),
                "the image is 100000×100000 pixels, over the limit of 1073 megapixels"
            )
        case .outputTooLarge:
            (
                .tooLarge(.output, width: 40000, height: 30000, limit: Imaging.pixelLimit),
                "an output of 40000×30000 pixels is over the limit of 1073 megapixels"
            )
        case .unknownFormat:
            (.invalidRequest(.unknownFormat(extension: "bmp")), "unknown output format “.bmp” (use png, jpg, webp or tif)")
        case .emptyCrop: (.invalidRequest(.emptyCrop), "the crop has no size")
        case .cropOutside:
            (
                .invalidRequest(.cropOutside(PixelRect(x: 250, y: 0, width: 200, height: 100), width: 400, height: 300)),
                "the crop 200x100+250+0 lies outside the 400×300 image"
            )
        case .outputIsSource: (.invalidRequest(.outputIsSource), "the output is the source itself; choose another name")
        case .quality: (.invalidRequest(.quality), "quality must be between 1 and 100")
        case .circleNeedsTransparency:
            (.invalidRequest(.circleNeedsTransparency), "a circle crop needs a .png or .webp output for its transparent corners")
        case .circleNotLossless:
            (
                .invalidRequest(.circleNotLossless),
                "a circle crop cannot be cut losslessly: its transparent corners are new pixels"
            )
        case .losslessNotScaled:
            (
                .invalidRequest(.losslessNotScaled),
                "a lossless cut keeps the crop's own pixels, so it cannot be scaled to an output size"
            )
        case .losslessNotStraightened:
            (
                .invalidRequest(.losslessNotStraightened),
                "a straightened picture is new pixels, so it cannot be cut losslessly; it saves re-encoded"
            )
        case .cropOutsideStraightened:
            (
                .invalidRequest(.cropOutsideStraightened(PixelRect(x: 0, y: 0, width: 645, height: 471))),
                "the crop 645x471+0+0 reaches outside the straightened picture"
            )
        case .outputSizeBelowOne: (.invalidRequest(.outputSizeBelowOne(-3)), "the output size must be at least 1 pixel, not -3")
        case .outputSizeOverFormat:
            (
                .invalidRequest(.outputSizeOverFormat(20000, .webp)),
                "the output size 20000 is too large: a WebP image holds at most 16383 pixels a side"
            )
        case .ratioMismatch:
            (
                .invalidRequest(
                    .ratioMismatch(crop: PixelSize(width: 1799, height: 1199), size: PixelSize(width: 1080, height: 1350))),
                "the crop is 1799×1199, a ratio of 1.50:1, but 1080×1350 needs 4:5: crop to that ratio first"
            )
        case .resolutionOutOfRange:
            (
                .invalidRequest(.resolutionOutOfRange(0)),
                "the resolution must be 1 to 10000 pixels per inch, not 0"
            )
        case .losslessNeedsJPEG: (.invalidRequest(.losslessNeedsJPEG), "lossless cropping needs a JPEG source and a .jpg output")
        case .losslessNeedsJPEGSource: (.invalidRequest(.losslessNeedsJPEGSource), "lossless cropping needs a JPEG source")
        case .emptyRegion: (.invalidRequest(.emptyRegion), "the region to render is empty")
        case .perspective: (.invalidRequest(.perspective(.quad(.crossesItself))), PerspectiveWordingTests.crossing)
        case .offGrid:
            (
                .notLossless(.offGrid(x: 12, y: 8, mcuWidth: 16, mcuHeight: 16)),
                "cannot crop losslessly: the crop's edges are not on the JPEG's 16×16 block grid (stored offset 12,8)"
            )
        case .partialEdgeBlocks:
            (
                .notLossless(.partialEdgeBlocks(width: 401, height: 300, mcuWidth: 16, mcuHeight: 8)),
                "cannot turn and crop losslessly: the JPEG's 401×300 size is not a whole number of its 16×8 blocks, "
                    + "so its edge blocks cannot be turned or flipped losslessly"
            )
        case .turnedCornerOffGrid:
            (
                .notLossless(.turnedCornerOffGrid(x: 3, y: 16, stepX: 16, stepY: 16)),
                "cannot turn and crop losslessly: the crop's corner (3,16) is not on the turned JPEG's 16×16 block grid"
            )
        case .folderMissing: (.writeFailed(.folderMissing("out/nowhere")), "the output folder out/nowhere does not exist")
        case .folderNotWritable: (.writeFailed(.folderNotWritable("out")), "the output folder out is not writable")
        case .nameTooLong: (.writeFailed(.nameTooLong(limit: 255)), "the output file name is too long (at most 255 bytes)")
        case .write: (.writeFailed(.write(errno: EIO)), "the result could not be written: Input/output error")
        case .reopen: (.writeFailed(.reopen(errno: ENOENT)), "the result could not be reopened: No such file or directory")
        case .rename: (.writeFailed(.rename(errno: EACCES)), "the result could not be saved: Permission denied")
        case .writeLibrary:
            (
                .writeFailed(.library(detail: "unable to write to target out/a.png")),
                "the result could not be written: unable to write to target out/a.png"
            )
        case .readBack: (.writeFailed(.readBack), "the result could not be read back")
        case .notJPEG: (.writeFailed(.notJPEG), "the result is not a JPEG")
        case .multiPictureIndex: (.writeFailed(.multiPictureIndex), "the multi-picture index could not be written")
        case .metadata:
            (
                .writeFailed(.metadata(.guaranteesNotKept)),
                "the result's metadata could not be written: the written metadata kept what had to go"
            )
        case .sidecarUnreadable:
            (.sidecar(.unreadable(name: "photo.jpg.xmp")), "the sidecar photo.jpg.xmp could not be read and was ignored")
        case .sidecarBackup:
            (.sidecar(.backup(detail: "no room")), "the existing sidecar could not be backed up: no room")
        case .sidecarWrite: (.sidecar(.write(detail: nil)), "the sidecar could not be written: unknown error")
        case .sidecarCopy: (.sidecar(.copy(detail: "no room")), "the sidecar could not be copied: no room")
        case .sidecarTag:
            (
                .sidecar(.tag("Xmp.crs.CropLeft", detail: "bad value")),
                "the sidecar tag Xmp.crs.CropLeft could not be set: bad value"
            )
        case .open: (.library(.open, detail: nil), "the image could not be opened")
        case .turnUpright: (.library(.turnUpright, detail: nil), "the image could not be turned upright")
        case .cut: (.library(.cut, detail: nil), "the crop could not be made")
        case .turnCut: (.library(.turnCut, detail: nil), "the crop could not be turned")
        case .convert: (.library(.convert, detail: nil), "the image could not be converted")
        case .convertColours: (.library(.convertColours, detail: nil), "the image's colours could not be converted")
        case .convertTo8Bits: (.library(.convertTo8Bits, detail: nil), "the image could not be converted to 8 bits")
        case .addAlpha: (.library(.addAlpha, detail: nil), "no alpha")
        case .extractBands: (.library(.extractBands, detail: nil), "bad bands")
        case .decodeStage: (.library(.decode, detail: nil), "the image could not be decoded")
        case .decodedSize: (.library(.decodedSize, detail: nil), "the decoded image has an unexpected size")
        case .circleMask: (.library(.circleMask, detail: nil), "the circle's mask could not be made")
        case .leaveOutMetadata: (.library(.leaveOutMetadata, detail: nil), "the metadata could not be left out")
        case .gainMapDecode: (.library(.gainMapDecode, detail: nil), "the HDR gain map could not be decoded")
        case .gainMapTurn: (.library(.gainMapTurn, detail: nil), "the HDR gain map could not be turned")
        case .gainMapCut: (.library(.gainMapCut, detail: nil), "the HDR gain map could not be cut")
        case .gainMapEncode: (.library(.gainMapEncode, detail: nil), "the HDR gain map could not be encoded")
        case .regionScale: (.library(.regionScale, detail: nil), "the region could not be scaled")
        case .regionTurnUpright: (.library(.regionTurnUpright, detail: nil), "the region could not be turned upright")
        case .regionKeep: (.library(.regionKeep, detail: nil), "the region could not be kept")
        case .regionCut: (.library(.regionCut, detail: nil), "the region could not be cut")
        case .scaleExactly:
            (
                .library(.scaleExactly(width: 300, height: 200, gotWidth: 299, gotHeight: 200), detail: nil),
                "the picture could not be scaled to exactly 300×200 (got 299×200)"
            )
        case .jpegHeader:
            (.library(.jpegHeader, detail: "Not a JPEG file"), "the JPEG header could not be read: Not a JPEG file")
        case .losslessCut:
            (.library(.losslessCut, detail: "Bogus marker length"), "the JPEG could not be cut losslessly: Bogus marker length")
        case .losslessTurn:
            (
                .library(.losslessTurn, detail: "Bogus marker length"),
                "the JPEG could not be turned losslessly: Bogus marker length"
            )
        case .metadataOpen: (.library(.metadataOpen, detail: nil), "unknown error")
        case .imagesUnavailable: (.libraryUnavailable(.images), "the image library could not start")
        case .jpegUnavailable: (.libraryUnavailable(.jpeg), "the JPEG library could not start")
        case .metadataUnavailable: (.libraryUnavailable(.metadata), "metadata support is unavailable")
        case .changedOnDisk: (.changedOnDisk, "the photo changed on disk since it was opened; open it again")
        case .renderCancelled: (.renderCancelled, "the render was cancelled by a newer view")
        case .decoderStopped: (.decoderStopped, "could not be decoded safely (the decoder stopped)")
        case .decoderUnconfined:
            (.decoderUnconfined, "could not be decoded safely (the decoder could not be confined)")
        }
    }
}

/// Whether `text` still holds a C format directive (`%s`, `%1$d`, `%@`, …) that was meant to be filled.
func leftoverDirective(in text: String) -> String? {
    guard let match = text.firstMatch(of: /%(\d+\$)?[-+ #0-9.]*[sdiufxXc@]/) else { return nil }
    return String(match.output.0)
}

@Suite struct ImagingErrorWordingTests {
    @Test(arguments: ErrorLeaf.allCases)
    func everyCauseIsWordedAsBefore(_ leaf: ErrorLeaf) {
        let (error, english) = leaf.example
        #expect(ErrorLeaf.leaf(of: error) == leaf, "the example of \(leaf) is \(error)")
        let message = error.message
        #expect(!message.trimmingCharacters(in: .whitespaces).isEmpty, "\(leaf) has no words")
        #expect(leftoverDirective(in: message) == nil, "\(leaf): \(message)")
        #expect(message == english)
    }

    /// A full disk (or a full quota) says so, not the system's words for it.
    @Test func aFullDiskSaysSo() {
        #expect(ImagingError.writeFailed(.write(errno: ENOSPC)).message == "the result could not be written: the disk is full")
        #expect(ImagingError.writeFailed(.write(errno: EDQUOT)).message == "the result could not be written: the disk is full")
    }

    /// What a library said follows libvips' stage words in parentheses and TurboJPEG's after a
    /// colon; the reason nests inside a failed metadata write and a left-out gain map.
    @Test func librariesOwnWordsAreKept() {
        // Kept, but never as the whole reason: the cause first, the library's words in parentheses.
        #expect(
            ImagingError.library(.open, detail: "VipsJpeg: out of memory").message
                == "the image could not be opened (VipsJpeg: out of memory)")
        #expect(
            ImagingError.damaged(.unopenable(detail: "bad seek to 626")).message
                == "the file could not be opened as an image (bad seek to 626)")
        #expect(
            ImagingError.damaged(.decode(detail: "read error")).message == "the image data is damaged or incomplete (read error)")
        #expect(ImagingError.library(.metadataOpen, detail: "unsupported format").message == "unsupported format")
        #expect(ImagingError.sidecar(.write(detail: "disk full")).message == "the sidecar could not be written: disk full")
        #expect(
            ImagingError.writeFailed(.metadata(.library(detail: nil))).message
                == "the result's metadata could not be written: unknown")
        #expect(
            ImagingError.writeFailed(.metadata(.unavailable)).message
                == "the result's metadata could not be written: metadata support is unavailable")
    }

    /// A percent sign the user typed (a folder name) is text, not a directive.
    @Test func argumentsAreNotReadAsTemplates() {
        #expect(ImagingError.writeFailed(.folderMissing("100%s")).message == "the output folder 100%s does not exist")
    }
}

/// The same for what an export leaves out: `leaf(of:)` has no default either.
enum LeftOutLeaf: CaseIterable {
    case makerNotes, exif, exifAndXMP, exifUnreadable, exifAndXMPUnreadable, gainMapNotCarried, gainMapNotCut, gainMapWithXMP,
        gainMapNotStraightened, gainMapNotRectified

    static func leaf(of leftOut: LeftOut) -> LeftOutLeaf {
        switch leftOut {
        case .makerNotes: .makerNotes
        case .exif: .exif
        case .exifAndXMP: .exifAndXMP
        case .exifUnreadable: .exifUnreadable
        case .exifAndXMPUnreadable: .exifAndXMPUnreadable
        case .gainMapNotCarried: .gainMapNotCarried
        case .gainMapNotCut: .gainMapNotCut
        case .gainMapWithXMP: .gainMapWithXMP
        case .gainMapNotStraightened: .gainMapNotStraightened
        case .gainMapNotRectified: .gainMapNotRectified
        }
    }

    /// An example and the words the export gave it before (`what` for the window, `sentence` for the command line).
    var example: (leftOut: LeftOut, what: String, sentence: String) {
        switch self {
        case .makerNotes:
            (
                .makerNotes(notCarriedInto: .png), "the camera's maker notes",
                "the camera's maker notes could not be carried into PNG and were left out"
            )
        case .exif:
            (.exif(notCarriedInto: .webp), "the EXIF data", "the EXIF data could not be carried into WebP and was left out")
        case .exifAndXMP:
            (
                .exifAndXMP(notCarriedInto: .tiff), "the EXIF and XMP metadata",
                "the EXIF and XMP metadata could not be carried into TIFF and were left out"
            )
        case .exifUnreadable:
            (
                .exifUnreadable(.library(detail: "Invalid IFD")), "the EXIF data",
                "the EXIF data could not be read back (exiv2: Invalid IFD) and was left out"
            )
        case .exifAndXMPUnreadable:
            (
                .exifAndXMPUnreadable(.library(detail: nil)), "the EXIF and XMP metadata",
                "the EXIF and XMP metadata could not be read back (exiv2: unknown) and were left out"
            )
        case .gainMapNotCarried:
            (.gainMapNotCarried(into: .jpeg), "the HDR gain map", "the HDR gain map cannot be carried into JPEG and was left out")
        case .gainMapNotCut:
            (
                .gainMapNotCut(.library(.gainMapDecode, detail: "the gain map is larger than the picture")), "the HDR gain map",
                "the HDR gain map could not be cut (the gain map is larger than the picture) and was left out"
            )
        case .gainMapWithXMP: (.gainMapWithXMP, "the HDR gain map", "the HDR gain map was left out with the XMP")
        case .gainMapNotStraightened:
            (
                .gainMapNotStraightened, "the HDR gain map",
                "the HDR gain map is not straightened with the picture and was left out"
            )
        case .gainMapNotRectified:
            (.gainMapNotRectified, "the HDR gain map", "the HDR gain map is not rectified with the picture and was left out")
        }
    }
}

@Suite struct LeftOutWordingTests {
    @Test(arguments: LeftOutLeaf.allCases)
    func everyLeftOutIsWordedAsBefore(_ leaf: LeftOutLeaf) {
        let (leftOut, what, sentence) = leaf.example
        #expect(LeftOutLeaf.leaf(of: leftOut) == leaf, "the example of \(leaf) is \(leftOut)")
        #expect(leftOut.what == what)
        #expect(leftOut.sentence == sentence)
        #expect(leftoverDirective(in: leftOut.sentence) == nil, "\(leaf): \(leftOut.sentence)")
    }

    @Test func everyMetadataProblemIsWorded() {
        #expect(MetadataProblem.library(detail: "Invalid IFD").message == "Invalid IFD")
        #expect(MetadataProblem.library(detail: nil).message == "unknown")
        #expect(MetadataProblem.unavailable.message == "metadata support is unavailable")
        #expect(MetadataProblem.guaranteesNotKept.message == "the written metadata kept what had to go")
    }
}
