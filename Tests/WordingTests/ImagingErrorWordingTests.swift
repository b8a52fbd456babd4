// Every imaging error and left-out warning has its sentence, word for word the English the command line and the window showed.

import CropKit
import Foundation
import Imaging
import Testing
import Wording

/// Whether `text` still holds a C format directive (`%s`, `%1$d`, `%@`, …) that was meant to be filled.
func leftoverDirective(in text: String) -> String? {
    guard let match = text.firstMatch(of: /%(\d+\$)?[-+ #0-9.]*[sdiufxXc@]/) else { return nil }
    return String(match.output.0)
}

@Suite struct ImagingErrorWordingTests {
    @Test(arguments: ErrorLeaf.allCases)
    func everyCauseIsWordedAsBefore(_ leaf: ErrorLeaf) {
        guard let (error, english) = ErrorLeaf.examples[leaf] else {
            Issue.record("\(leaf) has no example in ErrorLeaf.examples")
            return
        }
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
        gainMapNotStraightened, gainMapNotRectified, gainMapNotJoined

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
        case .gainMapNotJoined: .gainMapNotJoined
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
        case .gainMapNotJoined:
            (
                .gainMapNotJoined, "the HDR gain map",
                "the HDR gain map is not cut and joined with the picture and was left out"
            )
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
