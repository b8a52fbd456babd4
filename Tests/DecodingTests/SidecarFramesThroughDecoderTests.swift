// Frames and cuts kept through the decoder's sidecar jobs: read back into an editor, seen by exiftool, hostile ones dropped.

import CropKit
import Decoding
import Foundation
import Imaging
import OddFiles
import Testing

@Suite struct SidecarFramesThroughDecoderTests {
    /// A 400 × 300 JPEG stored turned a quarter (EXIF orientation 6: upright it is 300 × 400).
    private func photo(_ scratch: Scratch) throws -> String { try quarterTurnedPhoto(in: scratch, seed: 5) }

    /// An editor on the upright 300 × 400 picture with three frames and two cuts, turned by the user.
    static func editor() throws -> CropEditor {
        var editor = CropEditor()
        editor.load(uprightWidth: 300, uprightHeight: 400, crop: .unit)
        try editor.setFrames(
            [
                FrameState(crop: CropRect(x: 0.1, y: 0.1, width: 0.4, height: 0.3).sanitized),
                FrameState(
                    crop: CropRect(x: 0.3, y: 0.2, width: 0.5, height: 0.5).sanitized, aspectRatio: .square, shape: .circle,
                    outputSize: .longerSide(128), name: "1:1"),
                FrameState(crop: CropRect(x: 0, y: 0.5, width: 1, height: 0.5).sanitized, aspectRatio: .original, name: "wide"),
            ], active: 1)
        try editor.addCut(PictureCut(axis: .rows, start: 100, length: 40))
        try editor.addCut(PictureCut(axis: .columns, start: 20, length: 30))
        editor.apply(.rotateRight)
        return editor
    }

    /// What Keep Crop stores of `editor`: the first frame in crs:, all of them and the cuts in our namespace.
    static func stored(_ editor: CropEditor) -> StoredCrop {
        var crop = StoredCrop(rect: .unit)
        crop.addFrames(of: editor)
        return crop
    }

    @Test func framesAndCutsComeBackIntoTheEditorAsTheyWere() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let image = try photo(scratch)
        let editor = try Self.editor()
        let crop = Self.stored(editor)
        #expect(try DecoderPool.shared.writeSidecar(crop, for: image) == nil)
        let there = try #require(try DecoderPool.shared.storedCrop(path: image)).crop
        #expect(there == crop)
        #expect(try Sidecar.read(for: image)?.crop == crop)
        var opened = CropEditor()
        opened.load(
            uprightWidth: 300, uprightHeight: 400, frames: try (there.frames ?? []).map { try #require($0.frame) },
            active: there.activeFrame, cuts: there.cuts)
        opened.apply(.rotateRight)
        #expect(opened.cuts == editor.cuts && opened.activeFrame == 1)
        #expect(opened.frames.map(\.name) == [nil, "1:1", "wide"])
        #expect(opened.frameOutputs.map(\.crop) == editor.frameOutputs.map(\.crop))
        #expect(opened.frames.map(\.aspectRatio) == editor.frames.map(\.aspectRatio))
        // exiftool, an independent reader, sees the cuts as -chop geometry and the frames' names.
        let sidecar = image + ".xmp"
        #expect(try exiftool(["XMP-cropeditor:Cuts", "XMP-cropeditor:ActiveFrame"], sidecar) == ["0x40+0+100;30x0+20+0", "1"])
        let frames = try #require(try exiftool(["XMP-cropeditor:Frames"], sidecar).first)
        #expect(frames.contains("\"name\":\"1:1\"") && frames.contains("\"ratio\":\"original\""))
        // The crs: corners: the box of the first frame's pieces on the picture, on the stored grid.
        let joined = try JoinedPicture(PixelSize(width: 300, height: 400), cuts: crop.cuts)
        let pieces = joined.pieces(of: crop.rect.pixelRect(imageWidth: joined.size.width, imageHeight: joined.size.height))
        let (first, last) = (try #require(pieces.first?.first), try #require(pieces.last?.last))
        let box = CropRect(
            pixelRect: PixelRect(
                x: first.x, y: first.y, width: last.x + last.width - first.x, height: last.y + last.height - first.y),
            imageWidth: 300, imageHeight: 400)
        let onGrid = ImageOrientation.right.storedRect(fromDisplayed: box)
        let crs = ["XMP-crs:CropLeft", "XMP-crs:CropTop", "XMP-crs:CropRight", "XMP-crs:CropBottom"]
        let said = try exiftool(crs, sidecar).compactMap(Double.init)
        let want = [onGrid.minX, onGrid.minY, onGrid.maxX, onGrid.maxY]
        #expect(said.count == 4 && zip(said, want).allSatisfy { abs($0 - $1) < 1e-5 }, "\(said) against \(want)")
        // One crop without frames or cuts written over them leaves none of their tags behind.
        try DecoderPool.shared.writeSidecar(StoredCrop(rect: CropRect(x: 0, y: 0, width: 1, height: 0.5)), for: image)
        #expect(try exiftool(["XMP-cropeditor:all"], sidecar) == ["rectangle"])
    }

    @Test func oneCropWithCutsComesBackOnTheJoinedPicture() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let image = try photo(scratch)
        var crop = StoredCrop(
            rect: CropRect(pixelRect: PixelRect(x: 10, y: 50, width: 200, height: 250), imageWidth: 300, imageHeight: 360))
        crop.cuts = [PictureCut(axis: .rows, start: 100, length: 40)]
        try DecoderPool.shared.writeSidecar(crop, for: image)
        let there = try #require(try DecoderPool.shared.storedCrop(path: image)).crop
        #expect(there.cuts == crop.cuts && there.frames == nil)
        #expect(there.rect.pixelRect(imageWidth: 300, imageHeight: 360) == PixelRect(x: 10, y: 50, width: 200, height: 250))
    }

    /// A sidecar edited by hand or by a hostile program: frames or cuts that are not what we write
    /// drop them all, never the crop crs: keeps.
    @Test func hostileFramesAndCutsAreDroppedAndTheCropKept() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let image = try photo(scratch)
        try DecoderPool.shared.writeSidecar(Self.stored(try Self.editor()), for: image)
        let sidecar = image + ".xmp"
        let written = try String(contentsOfFile: sidecar, encoding: .utf8)
        let good = #"{"rect":[0.1,0.1,0.5,0.4],"ratio":"free","angle":0,"shape":"rectangle"}"#
        let hostile: [(tag: String, value: String)] = [
            ("Cuts", "0x40+0+100;30x0+20+0;0x900+0+0"), ("Cuts", "0x40+0+100;;"), ("Cuts", "banana"),
            ("Cuts", Array(repeating: "0x1+0+0", count: 300).joined(separator: ";")), ("ActiveFrame", "7"),
            ("ActiveFrame", "-1"), ("ActiveFrame", "x"), ("Frames", "[" + good + "]"), ("Frames", "{"),
            ("Frames", "[" + Array(repeating: good, count: 33).joined(separator: ",") + "]"),
            ("Frames", #"[\#(good),{"rect":[0.5,0.1,0.1,0.4],"ratio":"free","angle":0,"shape":"rectangle"}]"#),
            ("Frames", #"[\#(good),{"rect":[0.1,0.1,1.5,0.4],"ratio":"free","angle":0,"shape":"rectangle"}]"#),
            ("Frames", #"[\#(good),{"rect":[0.1,0.1,0.5,0.4],"ratio":"0:5","angle":0,"shape":"rectangle"}]"#),
            ("Frames", #"[\#(good),{"rect":[0.1,0.1,0.5,0.4],"ratio":"free","angle":9000,"shape":"rectangle"}]"#),
            ("Frames", #"[\#(good),{"rect":[0.1,0.1,0.5,0.4],"ratio":"free","angle":300,"shape":"rectangle"}]"#),
            ("Frames", #"[\#(good),{"rect":[0.1,0.1,0.5,0.4],"ratio":"free","angle":0,"shape":"star"}]"#),
            ("Frames", #"[\#(good),{"rect":[0.1,0.1,0.5,0.4],"ratio":"free","angle":0,"shape":"circle","size":"-3"}]"#),
        ]
        for (tag, value) in hostile {
            let edited = try Self.replacing(tag, with: value, in: written)
            try edited.write(toFile: sidecar, atomically: true, encoding: .utf8)
            let kept = try #require(try DecoderPool.shared.storedCrop(path: image), "\(tag) \(value)").crop
            #expect(kept.frames == nil && kept.cuts.isEmpty, "\(tag) \(value.prefix(80))")
            #expect(kept.rect.isInside(.unit) && kept.rect.width > 0, "\(tag) \(value.prefix(80))")
        }
    }

    /// `written` with our tag's value replaced (escaped as XML), whether gexiv2 wrote it as an attribute or an element.
    static func replacing(_ tag: String, with value: String, in written: String) throws -> String {
        let escaped = value.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;")
        for pattern in ["cropeditor:\(tag)=\"[^\"]*\"", "<cropeditor:\(tag)>[^<]*</cropeditor:\(tag)>"] {
            guard let range = written.range(of: pattern, options: .regularExpression) else { continue }
            let replacement =
                pattern.hasPrefix("<") ? "<cropeditor:\(tag)>\(escaped)</cropeditor:\(tag)>" : "cropeditor:\(tag)=\"\(escaped)\""
            return written.replacingCharacters(in: range, with: replacement)
        }
        throw CocoaError(.fileReadCorruptFile)
    }
}
