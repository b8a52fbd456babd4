// The leaves of ImagingError (every case, and every cause a case holds), each with an example and its English.

import CropKit
import Foundation
import Imaging

/// One leaf of ImagingError: a case, and for the cases that hold a cause of their own, that cause.
/// `leaf(of:)` switches over every case without a default, so a new case does not compile until it
/// has a leaf here; `examples` must then give that leaf an example and its words, or its test fails.
enum ErrorLeaf: CaseIterable {
    case missing, folder, permissionDenied, empty, readFailed, overLimit, notRegularFile, systemFile
    case notAnImage, format, tiledSeparatePlanes, oldStyleJPEG, subsampledYCbCr, bitsPerSample, floatingPoint
    case tiffNamedByLibrary
    case fileCutShort, dataStopsEarly
    case unopenable, noPixels, jpegData, decode
    case imageTooLarge, outputTooLarge
    case unknownFormat, emptyCrop, cropOutside, outputIsSource, quality, circleNeedsTransparency, circleNotLossless
    case losslessNotScaled, losslessNotStraightened, cropOutsideStraightened, outputSizeBelowOne, outputSizeOverFormat,
        ratioMismatch, resolutionOutOfRange, losslessNeedsJPEG, losslessNeedsJPEGSource, emptyRegion,
        perspective, cutRefusal
    case offGrid, partialEdgeBlocks, turnedCornerOffGrid
    case folderMissing, folderNotWritable, nameTooLong, write, reopen, rename, writeLibrary, readBack, notJPEG
    case multiPictureIndex, metadata
    case sidecarUnreadable, sidecarBackup, sidecarWrite, sidecarCopy, sidecarTag
    case sidecarLink, sidecarFolder, sidecarNotRegular, sidecarSystemFile, sidecarOtherDevice, sidecarTooLarge
    case sidecarPermission, sidecarUnopenable
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
        case .unreadable(.notRegularFile): .notRegularFile
        case .unreadable(.systemFile): .systemFile
        case .unsupported(let cause): unsupportedLeaf(cause)
        case .incomplete(.fileCutShort): .fileCutShort
        case .incomplete(.dataStopsEarly): .dataStopsEarly
        case .damaged(.unopenable): .unopenable
        case .damaged(.noPixels): .noPixels
        case .damaged(.jpegData): .jpegData
        case .damaged(.decode): .decode
        case .tooLarge(.image, _, _, _): .imageTooLarge
        case .tooLarge(.output, _, _, _): .outputTooLarge
        case .invalidRequest(let cause): invalidRequestLeaf(cause)
        case .notLossless(.offGrid): .offGrid
        case .notLossless(.partialEdgeBlocks): .partialEdgeBlocks
        case .notLossless(.turnedCornerOffGrid): .turnedCornerOffGrid
        case .writeFailed(let cause): writeFailedLeaf(cause)
        case .sidecar(.unreadable): .sidecarUnreadable
        case .sidecar(.backup): .sidecarBackup
        case .sidecar(.write): .sidecarWrite
        case .sidecar(.copy): .sidecarCopy
        case .sidecar(.tag): .sidecarTag
        case .sidecar(.refused(_, .symbolicLink)): .sidecarLink
        case .sidecar(.refused(_, .folder)): .sidecarFolder
        case .sidecar(.refused(_, .notRegularFile)): .sidecarNotRegular
        case .sidecar(.refused(_, .systemFile)): .sidecarSystemFile
        case .sidecar(.refused(_, .otherDevice)): .sidecarOtherDevice
        case .sidecar(.refused(_, .tooLarge)): .sidecarTooLarge
        case .sidecar(.refused(_, .permissionDenied)): .sidecarPermission
        case .sidecar(.refused(_, .unopenable)): .sidecarUnopenable
        case .library(let cause, _): libraryLeaf(cause)
        case .libraryUnavailable(.images): .imagesUnavailable
        case .libraryUnavailable(.jpeg): .jpegUnavailable
        case .libraryUnavailable(.metadata): .metadataUnavailable
        case .changedOnDisk: .changedOnDisk
        case .renderCancelled: .renderCancelled
        case .decoderStopped: .decoderStopped
        case .decoderUnconfined: .decoderUnconfined
        }
    }

    private static func unsupportedLeaf(_ cause: ImagingError.Unsupported) -> ErrorLeaf {
        switch cause {
        case .notAnImage: .notAnImage
        case .format: .format
        case .tiff(.tiledSeparatePlanes): .tiledSeparatePlanes
        case .tiff(.oldStyleJPEG): .oldStyleJPEG
        case .tiff(.subsampledYCbCr): .subsampledYCbCr
        case .tiff(.bitsPerSample): .bitsPerSample
        case .tiff(.floatingPoint): .floatingPoint
        case .tiff(.named): .tiffNamedByLibrary
        }
    }

    private static func invalidRequestLeaf(_ cause: ImagingError.InvalidRequest) -> ErrorLeaf {
        switch cause {
        case .unknownFormat: .unknownFormat
        case .emptyCrop: .emptyCrop
        case .cropOutside: .cropOutside
        case .outputIsSource: .outputIsSource
        case .quality: .quality
        case .circleNeedsTransparency: .circleNeedsTransparency
        case .circleNotLossless: .circleNotLossless
        case .losslessNotScaled: .losslessNotScaled
        case .losslessNotStraightened: .losslessNotStraightened
        case .cropOutsideStraightened: .cropOutsideStraightened
        case .outputSizeBelowOne: .outputSizeBelowOne
        case .outputSizeOverFormat: .outputSizeOverFormat
        case .ratioMismatch: .ratioMismatch
        case .resolutionOutOfRange: .resolutionOutOfRange
        case .losslessNeedsJPEG: .losslessNeedsJPEG
        case .losslessNeedsJPEGSource: .losslessNeedsJPEGSource
        case .emptyRegion: .emptyRegion
        case .perspective: .perspective
        case .cut: .cutRefusal
        }
    }

    private static func writeFailedLeaf(_ cause: ImagingError.WriteFailure) -> ErrorLeaf {
        switch cause {
        case .folderMissing: .folderMissing
        case .folderNotWritable: .folderNotWritable
        case .nameTooLong: .nameTooLong
        case .write: .write
        case .reopen: .reopen
        case .rename: .rename
        case .library: .writeLibrary
        case .readBack: .readBack
        case .notJPEG: .notJPEG
        case .multiPictureIndex: .multiPictureIndex
        case .metadata: .metadata
        }
    }

    private static func libraryLeaf(_ cause: ImagingError.LibraryStage) -> ErrorLeaf {
        switch cause {
        case .open: .open
        case .turnUpright: .turnUpright
        case .cut: .cut
        case .turnCut: .turnCut
        case .convert: .convert
        case .convertColours: .convertColours
        case .convertTo8Bits: .convertTo8Bits
        case .addAlpha: .addAlpha
        case .extractBands: .extractBands
        case .decode: .decodeStage
        case .decodedSize: .decodedSize
        case .circleMask: .circleMask
        case .leaveOutMetadata: .leaveOutMetadata
        case .gainMapDecode: .gainMapDecode
        case .gainMapTurn: .gainMapTurn
        case .gainMapCut: .gainMapCut
        case .gainMapEncode: .gainMapEncode
        case .regionScale: .regionScale
        case .regionTurnUpright: .regionTurnUpright
        case .regionKeep: .regionKeep
        case .regionCut: .regionCut
        case .scaleExactly: .scaleExactly
        case .jpegHeader: .jpegHeader
        case .losslessCut: .losslessCut
        case .losslessTurn: .losslessTurn
        case .metadataOpen: .metadataOpen
        }
    }

    /// An error of each leaf and the English the imaging module wrote for it before it was an enum
    /// (`ImagingError("…")` at its throw), word for word; a leaf without one fails its test.
    static let examples: [ErrorLeaf: (error: ImagingError, english: String)] = [
        .missing: (.unreadable(.missing), "no such file"),
        .folder: (.unreadable(.folder), "is a folder, not an image"),
        .permissionDenied: (.unreadable(.permissionDenied), "permission denied: cannot read the file"),
        .empty: (.unreadable(.empty), "the file is empty"),
        .readFailed: (.unreadable(.readFailed), "the file could not be read"),
        .overLimit: (
            .unreadable(.overLimit(bytes: 512 << 20)),
            "more than 512 MiB came through the pipe, the most a picture read from one may hold"
        ),
        .notRegularFile: (.unreadable(.notRegularFile), "is not a regular file (a pipe, a socket or a device)"),
        .systemFile: (.unreadable(.systemFile), "is a file the system makes up (such as in /proc), not a picture"),
        .notAnImage: (.unsupported(.notAnImage), "not an image this app can open"),
        .format: (.unsupported(.format), "this kind of file is not supported (only JPEG, PNG, WebP, TIFF, GIF and HEIF)"),
        .tiledSeparatePlanes: (
            .unsupported(.tiff(.tiledSeparatePlanes)), "this TIFF variant is not supported (tiled, with separate colour planes)"
        ),
        .oldStyleJPEG: (.unsupported(.tiff(.oldStyleJPEG)), "this TIFF variant is not supported (old-style JPEG compression)"),
        .subsampledYCbCr: (.unsupported(.tiff(.subsampledYCbCr)), "this TIFF variant is not supported (subsampled YCbCr colour)"),
        .bitsPerSample: (.unsupported(.tiff(.bitsPerSample(12))), "this TIFF variant is not supported (12 bits per sample)"),
        .floatingPoint: (
            .unsupported(.tiff(.floatingPoint(bits: 64))), "this TIFF variant is not supported (64-bit floating-point samples)"
        ),
        .tiffNamedByLibrary: (
            .unsupported(.tiff(.named(byLibrary: "unsupported sample format"))),
            "this TIFF variant is not supported (unsupported sample format)"
        ),
        .fileCutShort: (.incomplete(.fileCutShort), "the file is incomplete (cut short before its end)"),
        .dataStopsEarly: (
            .incomplete(.dataStopsEarly(detail: "Premature end of JPEG file")),
            "the image data is incomplete (it stops before the picture's end: Premature end of JPEG file)"
        ),
        .unopenable: (.damaged(.unopenable(detail: nil)), "the file is damaged or not an image"),
        .noPixels: (.damaged(.noPixels), "the image has no pixels"),
        .jpegData: (.damaged(.jpegData(detail: "Bogus marker length")), "the image data is damaged (Bogus marker length)"),
        .decode: (.damaged(.decode(detail: nil)), "the image data is damaged or incomplete (unknown error)"),
        .imageTooLarge: (
            .tooLarge(.image, width: 100_000, height: 100_000, limit: SupportedImages.pixelLimit),
            "the image is 100000×100000 pixels, over the limit of 1073 megapixels"
        ),
        .outputTooLarge: (
            .tooLarge(.output, width: 40000, height: 30000, limit: SupportedImages.pixelLimit),
            "an output of 40000×30000 pixels is over the limit of 1073 megapixels"
        ),
        .unknownFormat: (
            .invalidRequest(.unknownFormat(extension: "bmp")), "unknown output format “.bmp” (use png, jpg, webp or tif)"
        ),
        .emptyCrop: (.invalidRequest(.emptyCrop), "the crop has no size"),
        .cropOutside: (
            .invalidRequest(.cropOutside(PixelRect(x: 250, y: 0, width: 200, height: 100), width: 400, height: 300)),
            "the crop 200x100+250+0 lies outside the 400×300 image"
        ),
        .outputIsSource: (.invalidRequest(.outputIsSource), "the output is the source itself; choose another name"),
        .quality: (.invalidRequest(.quality), "quality must be between 1 and 100"),
        .circleNeedsTransparency: (
            .invalidRequest(.circleNeedsTransparency), "a circle crop needs a .png or .webp output for its transparent corners"
        ),
        .circleNotLossless: (
            .invalidRequest(.circleNotLossless),
            "a circle crop cannot be cut losslessly: its transparent corners are new pixels"
        ),
        .losslessNotScaled: (
            .invalidRequest(.losslessNotScaled),
            "a lossless cut keeps the crop's own pixels, so it cannot be scaled to an output size"
        ),
        .losslessNotStraightened: (
            .invalidRequest(.losslessNotStraightened),
            "a straightened picture is new pixels, so it cannot be cut losslessly; it saves re-encoded"
        ),
        .cropOutsideStraightened: (
            .invalidRequest(.cropOutsideStraightened(PixelRect(x: 0, y: 0, width: 645, height: 471))),
            "the crop 645x471+0+0 reaches outside the straightened picture"
        ),
        .outputSizeBelowOne: (.invalidRequest(.outputSizeBelowOne(-3)), "the output size must be at least 1 pixel, not -3"),
        .outputSizeOverFormat: (
            .invalidRequest(.outputSizeOverFormat(20000, .webp)),
            "the output size 20000 is too large: a WebP image holds at most 16383 pixels a side"
        ),
        .ratioMismatch: (
            .invalidRequest(
                .ratioMismatch(crop: PixelSize(width: 1799, height: 1199), size: PixelSize(width: 1080, height: 1350))),
            "the crop is 1799×1199, a ratio of 1.50:1, but 1080×1350 needs 4:5: crop to that ratio first"
        ),
        .resolutionOutOfRange: (
            .invalidRequest(.resolutionOutOfRange(0)),
            "the resolution must be 1 to 10000 pixels per inch, not 0"
        ),
        .losslessNeedsJPEG: (.invalidRequest(.losslessNeedsJPEG), "lossless cropping needs a JPEG source and a .jpg output"),
        .losslessNeedsJPEGSource: (.invalidRequest(.losslessNeedsJPEGSource), "lossless cropping needs a JPEG source"),
        .emptyRegion: (.invalidRequest(.emptyRegion), "the region to render is empty"),
        .perspective: (.invalidRequest(.perspective(.quad(.crossesItself))), PerspectiveWordingTests.crossing),
        .cutRefusal: (.invalidRequest(.cut(.lossless)), CutWordingTests.lossless),
        .offGrid: (
            .notLossless(.offGrid(x: 12, y: 8, mcuWidth: 16, mcuHeight: 16)),
            "cannot crop losslessly: the crop's edges are not on the JPEG's 16×16 block grid (stored offset 12,8)"
        ),
        .partialEdgeBlocks: (
            .notLossless(.partialEdgeBlocks(width: 401, height: 300, mcuWidth: 16, mcuHeight: 8)),
            "cannot turn and crop losslessly: the JPEG's 401×300 size is not a whole number of its 16×8 blocks, "
                + "so its edge blocks cannot be turned or flipped losslessly"
        ),
        .turnedCornerOffGrid: (
            .notLossless(.turnedCornerOffGrid(x: 3, y: 16, stepX: 16, stepY: 16)),
            "cannot turn and crop losslessly: the crop's corner (3,16) is not on the turned JPEG's 16×16 block grid"
        ),
        .folderMissing: (.writeFailed(.folderMissing("out/nowhere")), "the output folder out/nowhere does not exist"),
        .folderNotWritable: (.writeFailed(.folderNotWritable("out")), "the output folder out is not writable"),
        .nameTooLong: (.writeFailed(.nameTooLong(limit: 255)), "the output file name is too long (at most 255 bytes)"),
        .write: (.writeFailed(.write(errno: EIO)), "the result could not be written: Input/output error"),
        .reopen: (.writeFailed(.reopen(errno: ENOENT)), "the result could not be reopened: No such file or directory"),
        .rename: (.writeFailed(.rename(errno: EACCES)), "the result could not be saved: Permission denied"),
        .writeLibrary: (
            .writeFailed(.library(detail: "unable to write to target out/a.png")),
            "the result could not be written: unable to write to target out/a.png"
        ),
        .readBack: (.writeFailed(.readBack), "the result could not be read back"),
        .notJPEG: (.writeFailed(.notJPEG), "the result is not a JPEG"),
        .multiPictureIndex: (.writeFailed(.multiPictureIndex), "the multi-picture index could not be written"),
        .metadata: (
            .writeFailed(.metadata(.guaranteesNotKept)),
            "the result's metadata could not be written: the written metadata kept what had to go"
        ),
        .sidecarUnreadable: (
            .sidecar(.unreadable(name: "photo.jpg.xmp")), "the sidecar photo.jpg.xmp could not be read and was ignored"
        ),
        .sidecarBackup: (.sidecar(.backup(detail: "no room")), "the existing sidecar could not be backed up: no room"),
        .sidecarWrite: (.sidecar(.write(detail: nil)), "the sidecar could not be written: unknown error"),
        .sidecarCopy: (.sidecar(.copy(detail: "no room")), "the sidecar could not be copied: no room"),
        .sidecarTag: (
            .sidecar(.tag("Xmp.crs.CropLeft", detail: "bad value")),
            "the sidecar tag Xmp.crs.CropLeft could not be set: bad value"
        ),
        .sidecarLink: (
            .sidecar(.refused(name: "p.jpg.xmp", .symbolicLink)),
            "the sidecar p.jpg.xmp is a symbolic link, which is never followed; the crop was not kept"
        ),
        .sidecarFolder: (
            .sidecar(.refused(name: "p.jpg.xmp", .folder)), "the sidecar p.jpg.xmp is a folder; the crop was not kept"
        ),
        .sidecarNotRegular: (
            .sidecar(.refused(name: "p.jpg.xmp", .notRegularFile)),
            "the sidecar p.jpg.xmp is not a regular file; the crop was not kept"
        ),
        .sidecarSystemFile: (
            .sidecar(.refused(name: "p.jpg.xmp", .systemFile)),
            "the sidecar p.jpg.xmp is a file the system makes up; the crop was not kept"
        ),
        .sidecarOtherDevice: (
            .sidecar(.refused(name: "p.jpg.xmp", .otherDevice)),
            "the sidecar p.jpg.xmp is on another device than the photo; the crop was not kept"
        ),
        .sidecarTooLarge: (
            .sidecar(.refused(name: "p.jpg.xmp", .tooLarge(limit: 16 << 20))),
            "the sidecar p.jpg.xmp is larger than 16 MiB; the crop was not kept"
        ),
        .sidecarPermission: (
            .sidecar(.refused(name: "p.jpg.xmp", .permissionDenied)),
            "the sidecar p.jpg.xmp cannot be read (permission denied); the crop was not kept"
        ),
        .sidecarUnopenable: (
            .sidecar(.refused(name: "p.jpg.xmp", .unopenable(errno: EIO))),
            "the sidecar p.jpg.xmp cannot be opened (Input/output error); the crop was not kept"
        ),
        .open: (.library(.open, detail: nil), "the image could not be opened"),
        .turnUpright: (.library(.turnUpright, detail: nil), "the image could not be turned upright"),
        .cut: (.library(.cut, detail: nil), "the crop could not be made"),
        .turnCut: (.library(.turnCut, detail: nil), "the crop could not be turned"),
        .convert: (.library(.convert, detail: nil), "the image could not be converted"),
        .convertColours: (.library(.convertColours, detail: nil), "the image's colours could not be converted"),
        .convertTo8Bits: (.library(.convertTo8Bits, detail: nil), "the image could not be converted to 8 bits"),
        .addAlpha: (.library(.addAlpha, detail: nil), "no alpha"),
        .extractBands: (.library(.extractBands, detail: nil), "bad bands"),
        .decodeStage: (.library(.decode, detail: nil), "the image could not be decoded"),
        .decodedSize: (.library(.decodedSize, detail: nil), "the decoded image has an unexpected size"),
        .circleMask: (.library(.circleMask, detail: nil), "the circle's mask could not be made"),
        .leaveOutMetadata: (.library(.leaveOutMetadata, detail: nil), "the metadata could not be left out"),
        .gainMapDecode: (.library(.gainMapDecode, detail: nil), "the HDR gain map could not be decoded"),
        .gainMapTurn: (.library(.gainMapTurn, detail: nil), "the HDR gain map could not be turned"),
        .gainMapCut: (.library(.gainMapCut, detail: nil), "the HDR gain map could not be cut"),
        .gainMapEncode: (.library(.gainMapEncode, detail: nil), "the HDR gain map could not be encoded"),
        .regionScale: (.library(.regionScale, detail: nil), "the region could not be scaled"),
        .regionTurnUpright: (.library(.regionTurnUpright, detail: nil), "the region could not be turned upright"),
        .regionKeep: (.library(.regionKeep, detail: nil), "the region could not be kept"),
        .regionCut: (.library(.regionCut, detail: nil), "the region could not be cut"),
        .scaleExactly: (
            .library(.scaleExactly(width: 300, height: 200, gotWidth: 299, gotHeight: 200), detail: nil),
            "the picture could not be scaled to exactly 300×200 (got 299×200)"
        ),
        .jpegHeader: (.library(.jpegHeader, detail: "Not a JPEG file"), "the JPEG header could not be read: Not a JPEG file"),
        .losslessCut: (
            .library(.losslessCut, detail: "Bogus marker length"), "the JPEG could not be cut losslessly: Bogus marker length"
        ),
        .losslessTurn: (
            .library(.losslessTurn, detail: "Bogus marker length"),
            "the JPEG could not be turned losslessly: Bogus marker length"
        ),
        .metadataOpen: (.library(.metadataOpen, detail: nil), "unknown error"),
        .imagesUnavailable: (.libraryUnavailable(.images), "the image library could not start"),
        .jpegUnavailable: (.libraryUnavailable(.jpeg), "the JPEG library could not start"),
        .metadataUnavailable: (.libraryUnavailable(.metadata), "metadata support is unavailable"),
        .changedOnDisk: (.changedOnDisk, "the photo changed on disk since it was opened; open it again"),
        .renderCancelled: (.renderCancelled, "the render was cancelled by a newer view"),
        .decoderStopped: (.decoderStopped, "could not be decoded safely (the decoder stopped)"),
        .decoderUnconfined: (.decoderUnconfined, "could not be decoded safely (the decoder could not be confined)"),
    ]
}
