// Imaging's errors and left-out warnings in words, once for the window and the command line, each sentence through gettext.

import CropKit
import Glibc
import ImagingCore

extension ImagingError {
    /// The sentence for people, in the user's language (English without a catalogue): the command
    /// line prints it after `IMAGE: `, the window inside a sentence of its own.
    public var message: String {
        switch self {
        case .unreadable(let reason): return words(reason)
        case .unsupported(let reason): return words(reason)
        case .incomplete(let reason): return words(reason)
        case .damaged(let reason): return words(reason)
        case .tooLarge(.image, let width, let height, let limit):
            return Localization.format(
                tr("the image is %1$d×%2$d pixels, over the limit of %3$d megapixels"),
                [width, height, limit / 1_000_000])
        case .tooLarge(.output, let width, let height, let limit):
            return Localization.format(
                tr("an output of %1$d×%2$d pixels is over the limit of %3$d megapixels"),
                [width, height, limit / 1_000_000])
        case .invalidRequest(let request): return words(request)
        case .notLossless(let obstacle): return words(obstacle)
        case .writeFailed(let failure): return words(failure)
        case .sidecar(let failure): return words(failure)
        case .library(let stage, let detail): return words(stage, detail: detail)
        case .libraryUnavailable(.images): return tr("the image library could not start")
        case .libraryUnavailable(.jpeg): return tr("the JPEG library could not start")
        case .libraryUnavailable(.metadata): return tr("metadata support is unavailable")
        case .changedOnDisk: return tr("the photo changed on disk since it was opened; open it again")
        case .renderCancelled: return tr("the render was cancelled by a newer view")
        case .decoderStopped: return tr("could not be decoded safely (the decoder stopped)")
        case .decoderUnconfined: return tr("could not be decoded safely (the decoder could not be confined)")
        }
    }

    private func words(_ reason: Unreadable) -> String {
        switch reason {
        case .missing: return tr("no such file")
        case .folder: return tr("is a folder, not an image")
        case .permissionDenied: return tr("permission denied: cannot read the file")
        case .empty: return tr("the file is empty")
        case .readFailed: return tr("the file could not be read")
        case .overLimit(let bytes):
            let mebibytes = bytes >> 20
            return Localization.format(
                tr("more than %d MiB came through the pipe, the most a picture read from one may hold"), [mebibytes])
        case .notRegularFile: return tr("is not a regular file (a pipe, a socket or a device)")
        case .systemFile: return tr("is a file the system makes up (such as in /proc), not a picture")
        }
    }

    private func words(_ reason: Unsupported) -> String {
        switch reason {
        case .notAnImage: return tr("not an image this app can open")
        case .format: return tr("this kind of file is not supported (only JPEG, PNG, WebP, TIFF, GIF and HEIF)")
        case .tiff(let layout):
            let named: String
            switch layout {
            case .tiledSeparatePlanes: named = tr("tiled, with separate colour planes")
            case .oldStyleJPEG: named = tr("old-style JPEG compression")
            case .subsampledYCbCr: named = tr("subsampled YCbCr colour")
            case .bitsPerSample(let bits):
                named = Localization.format(trn("%d bit per sample", "%d bits per sample", bits), [bits])
            case .floatingPoint(let bits):
                named = Localization.format(tr("%d-bit floating-point samples"), [bits])
            case .named(byLibrary: let libraryWords): named = libraryWords
            }
            return Localization.format(tr("this TIFF variant is not supported (%s)"), [named])
        }
    }

    private func words(_ reason: Incomplete) -> String {
        switch reason {
        case .fileCutShort: return tr("the file is incomplete (cut short before its end)")
        case .dataStopsEarly(let detail):
            return Localization.format(tr("the image data is incomplete (it stops before the picture's end: %s)"), [detail])
        }
    }

    private func words(_ damage: Damage) -> String {
        switch damage {
        case .unopenable(let detail?):
            // The library's words say where it stopped, not what is wrong: the cause first.
            return Localization.format(tr("the file could not be opened as an image (%s)"), [detail])
        case .unopenable(nil): return tr("the file is damaged or not an image")
        case .noPixels: return tr("the image has no pixels")
        case .jpegData(let detail): return Localization.format(tr("the image data is damaged (%s)"), [detail])
        case .decode(let detail):
            return Localization.format(tr("the image data is damaged or incomplete (%s)"), [detail ?? tr("unknown error")])
        }
    }

    private func words(_ request: InvalidRequest) -> String {
        switch request {
        case .unknownFormat(let ext):
            return Localization.format(tr("unknown output format “.%s” (use png, jpg, webp or tif)"), [ext])
        case .emptyCrop: return tr("the crop has no size")
        case .cropOutside(let crop, let width, let height):
            return Localization.format(tr("the crop %1$s lies outside the %2$d×%3$d image"), [crop.description, width, height])
        case .outputIsSource: return tr("the output is the source itself; choose another name")
        case .quality: return tr("quality must be between 1 and 100")
        case .circleNeedsTransparency: return tr("a circle crop needs a .png or .webp output for its transparent corners")
        case .circleNotLossless: return tr("a circle crop cannot be cut losslessly: its transparent corners are new pixels")
        case .losslessNotScaled: return tr("a lossless cut keeps the crop's own pixels, so it cannot be scaled to an output size")
        case .losslessNotStraightened:
            return tr("a straightened picture is new pixels, so it cannot be cut losslessly; it saves re-encoded")
        case .cropOutsideStraightened(let crop):
            return Localization.format(tr("the crop %s reaches outside the straightened picture"), [crop.description])
        case .outputSizeBelowOne(let side):
            return Localization.format(tr("the output size must be at least 1 pixel, not %d"), [side])
        case .outputSizeOverFormat(let side, let format):
            return Localization.format(
                tr("the output size %1$d is too large: a %2$s image holds at most %3$d pixels a side"),
                [side, format.displayName, format.maximumSide])
        case .ratioMismatch(let crop, let size):
            return Localization.format(
                tr("the crop is %1$d×%2$d, a ratio of %3$s, but %4$d×%5$d needs %6$s: crop to that ratio first"),
                [crop.width, crop.height, OutputSizeWords.ratio(crop), size.width, size.height, OutputSizeWords.ratio(size)])
        case .resolutionOutOfRange(let ppi):
            return Localization.format(
                tr("the resolution must be 1 to %1$d pixels per inch, not %2$d"), [PrintSize.maximumPPI, ppi])
        case .losslessNeedsJPEG: return tr("lossless cropping needs a JPEG source and a .jpg output")
        case .losslessNeedsJPEGSource: return tr("lossless cropping needs a JPEG source")
        case .emptyRegion: return tr("the region to render is empty")
        case .perspective(let refusal): return refusal.message
        case .cut(let refusal): return refusal.message
        }
    }

    private func words(_ obstacle: LosslessObstacle) -> String {
        switch obstacle {
        case .offGrid(let x, let y, let mcuWidth, let mcuHeight):
            return Localization.format(
                tr(
                    "cannot crop losslessly: the crop's edges are not on the JPEG's %1$d×%2$d block grid (stored offset %3$d,%4$d)"
                ), [mcuWidth, mcuHeight, x, y])
        case .partialEdgeBlocks(let width, let height, let mcuWidth, let mcuHeight):
            return Localization.format(
                tr(
                    "cannot turn and crop losslessly: the JPEG's %1$d×%2$d size is not a whole number of its %3$d×%4$d blocks, so its edge blocks cannot be turned or flipped losslessly"
                ),
                [width, height, mcuWidth, mcuHeight])
        case .turnedCornerOffGrid(let x, let y, let stepX, let stepY):
            return Localization.format(
                tr(
                    "cannot turn and crop losslessly: the crop's corner (%1$d,%2$d) is not on the turned JPEG's %3$d×%4$d block grid"
                ), [x, y, stepX, stepY])
        }
    }

    private func words(_ failure: WriteFailure) -> String {
        switch failure {
        case .folderMissing(let folder): return Localization.format(tr("the output folder %s does not exist"), [folder])
        case .folderNotWritable(let folder): return Localization.format(tr("the output folder %s is not writable"), [folder])
        case .nameTooLong(let limit):
            return Localization.format(tr("the output file name is too long (at most %d bytes)"), [limit])
        case .write(ENOSPC), .write(EDQUOT): return tr("the result could not be written: the disk is full")
        case .write(let code): return Localization.format(tr("the result could not be written: %s"), [systemWords(code)])
        case .library(let detail): return Localization.format(tr("the result could not be written: %s"), [detail])
        case .reopen(let code): return Localization.format(tr("the result could not be reopened: %s"), [systemWords(code)])
        case .rename(let code): return Localization.format(tr("the result could not be saved: %s"), [systemWords(code)])
        case .readBack: return tr("the result could not be read back")
        case .notJPEG: return tr("the result is not a JPEG")
        case .multiPictureIndex: return tr("the multi-picture index could not be written")
        case .metadata(let problem):
            return Localization.format(tr("the result's metadata could not be written: %s"), [problem.message])
        }
    }

    private func words(_ failure: SidecarFailure) -> String {
        switch failure {
        case .unreadable(let name): return Localization.format(tr("the sidecar %s could not be read and was ignored"), [name])
        case .backup(let detail): return Localization.format(tr("the existing sidecar could not be backed up: %s"), [detail])
        case .write(let detail):
            return Localization.format(tr("the sidecar could not be written: %s"), [detail ?? tr("unknown error")])
        case .copy(let detail): return Localization.format(tr("the sidecar could not be copied: %s"), [detail])
        case .tag(let tag, let detail):
            return Localization.format(tr("the sidecar tag %1$s could not be set: %2$s"), [tag, detail ?? tr("unknown error")])
        case .refused(let name, let why): return words(why, sidecar: name)
        }
    }

    /// Why a sidecar was neither read nor replaced, and that the crop was not kept.
    private func words(_ refusal: SidecarRefusal, sidecar name: String) -> String {
        switch refusal {
        case .symbolicLink:
            return Localization.format(
                tr("the sidecar %s is a symbolic link, which is never followed; the crop was not kept"), [name])
        case .folder: return Localization.format(tr("the sidecar %s is a folder; the crop was not kept"), [name])
        case .notRegularFile:
            return Localization.format(tr("the sidecar %s is not a regular file; the crop was not kept"), [name])
        case .systemFile:
            return Localization.format(tr("the sidecar %s is a file the system makes up; the crop was not kept"), [name])
        case .otherDevice:
            return Localization.format(tr("the sidecar %s is on another device than the photo; the crop was not kept"), [name])
        case .tooLarge(let limit):
            return Localization.format(
                tr("the sidecar %1$s is larger than %2$d MiB; the crop was not kept"), [name, limit >> 20])
        case .permissionDenied:
            return Localization.format(tr("the sidecar %s cannot be read (permission denied); the crop was not kept"), [name])
        case .unopenable(let code):
            return Localization.format(
                tr("the sidecar %1$s cannot be opened (%2$s); the crop was not kept"), [name, systemWords(code)])
        }
    }

    /// libvips' words, more precise than ours, stand alone; TurboJPEG's follow the stage's.
    /// A stage's failure in words, the library's own words after it in parentheses: they say where
    /// the library stopped ("bad seek to 626"), not what went wrong, so they are never the whole reason.
    private func staged(_ words: String, _ detail: String?) -> String {
        detail.map { Localization.format(tr("%1$s (%2$s)"), [words, $0]) } ?? words
    }

    private func words(_ stage: LibraryStage, detail: String?) -> String {
        switch stage {
        case .open: return staged(tr("the image could not be opened"), detail)
        case .turnUpright: return staged(tr("the image could not be turned upright"), detail)
        case .cut: return staged(tr("the crop could not be made"), detail)
        case .turnCut: return staged(tr("the crop could not be turned"), detail)
        case .convert: return staged(tr("the image could not be converted"), detail)
        case .convertColours: return staged(tr("the image's colours could not be converted"), detail)
        case .convertTo8Bits: return staged(tr("the image could not be converted to 8 bits"), detail)
        // TRANSLATORS: libvips could not add an opaque alpha channel to the picture.
        case .addAlpha: return staged(tr("no alpha"), detail)
        // TRANSLATORS: libvips could not take the picture's colour and alpha channels out of more channels.
        case .extractBands: return staged(tr("bad bands"), detail)
        case .decode: return staged(tr("the image could not be decoded"), detail)
        case .decodedSize: return staged(tr("the decoded image has an unexpected size"), detail)
        case .circleMask: return staged(tr("the circle's mask could not be made"), detail)
        case .leaveOutMetadata: return staged(tr("the metadata could not be left out"), detail)
        case .gainMapDecode: return staged(tr("the HDR gain map could not be decoded"), detail)
        case .gainMapTurn: return staged(tr("the HDR gain map could not be turned"), detail)
        case .gainMapCut: return staged(tr("the HDR gain map could not be cut"), detail)
        case .gainMapEncode: return staged(tr("the HDR gain map could not be encoded"), detail)
        case .regionScale: return staged(tr("the region could not be scaled"), detail)
        case .regionTurnUpright: return staged(tr("the region could not be turned upright"), detail)
        case .regionKeep: return staged(tr("the region could not be kept"), detail)
        case .regionCut: return staged(tr("the region could not be cut"), detail)
        case .scaleExactly(let width, let height, let gotWidth, let gotHeight):
            return Localization.format(
                tr("the picture could not be scaled to exactly %1$d×%2$d (got %3$d×%4$d)"),
                [width, height, gotWidth, gotHeight])
        case .jpegHeader: return Localization.format(tr("the JPEG header could not be read: %s"), [detail ?? ""])
        case .losslessCut: return Localization.format(tr("the JPEG could not be cut losslessly: %s"), [detail ?? ""])
        case .losslessTurn: return Localization.format(tr("the JPEG could not be turned losslessly: %s"), [detail ?? ""])
        case .metadataOpen: return detail ?? tr("unknown error")
        }
    }
}

extension MetadataProblem {
    /// What exiv2 could not do, for the sentences that say what was left out or could not be written.
    public var message: String {
        switch self {
        case .library(let detail): return detail ?? tr("unknown")
        case .unavailable: return tr("metadata support is unavailable")
        case .guaranteesNotKept: return tr("the written metadata kept what had to go")
        }
    }
}

extension LeftOut {
    /// What was left out, for the window's "Saved … without …": `the camera's maker notes`.
    public var what: String {
        switch part {
        case .makerNotes: return tr("the camera's maker notes")
        case .exif: return tr("the EXIF data")
        case .exifAndXMP: return tr("the EXIF and XMP metadata")
        case .gainMap: return tr("the HDR gain map")
        }
    }

    /// The whole story, for the command line's warning: `the camera's maker notes could not be
    /// carried into PNG and were left out`.
    public var sentence: String {
        switch self {
        case .makerNotes(let format):
            return Localization.format(
                tr("the camera's maker notes could not be carried into %s and were left out"),
                [format.displayName])
        case .exif(let format):
            return Localization.format(tr("the EXIF data could not be carried into %s and was left out"), [format.displayName])
        case .exifAndXMP(let format):
            return Localization.format(
                tr("the EXIF and XMP metadata could not be carried into %s and were left out"),
                [format.displayName])
        case .exifUnreadable(let problem):
            return Localization.format(tr("the EXIF data could not be read back (exiv2: %s) and was left out"), [problem.message])
        case .exifAndXMPUnreadable(let problem):
            return Localization.format(
                tr("the EXIF and XMP metadata could not be read back (exiv2: %s) and were left out"),
                [problem.message])
        case .gainMapNotCarried(let format):
            return Localization.format(tr("the HDR gain map cannot be carried into %s and was left out"), [format.displayName])
        case .gainMapNotCut(let error):
            // The sentence already says which step failed: a library's own words go in as they are.
            let why: String
            if case .library(_, let detail?) = error { why = detail } else { why = error.message }
            return Localization.format(tr("the HDR gain map could not be cut (%s) and was left out"), [why])
        case .gainMapWithXMP: return tr("the HDR gain map was left out with the XMP")
        case .gainMapNotStraightened: return tr("the HDR gain map is not straightened with the picture and was left out")
        case .gainMapNotRectified: return tr("the HDR gain map is not rectified with the picture and was left out")
        case .gainMapNotJoined: return tr("the HDR gain map is not cut and joined with the picture and was left out")
        }
    }
}

extension OutputFormat {
    /// The name people know the format by (a name, the same in every language).
    var displayName: String {
        switch self {
        case .png: return "PNG"
        case .jpeg: return "JPEG"
        case .webp: return "WebP"
        case .tiff: return "TIFF"
        }
    }
}

/// The system's words for `code` (an errno), in the user's language when the C library has them.
private func systemWords(_ code: Int32) -> String { String(cString: strerror(code)) }
