// Lossless JPEG cuts: eligibility on the stored MCU grid, pixels identical to jpegtran's, clear refusal otherwise.

import CropKit
import Foundation
import Imaging
import Testing
import Wording

@Suite struct LosslessJPEGTests {
    /// A 640×480 4:2:0 JPEG (16×16 MCUs), optionally tagged with an orientation.
    static func makeSource(_ dir: TempFolder, orientation: Int? = nil) throws -> String {
        let src = dir.file("src.jpg")
        try Texture.jpeg(src, width: 640, height: 480)
        #expect(try Tool.identify("%[jpeg:sampling-factor]", src) == "2x2,1x1,1x1")
        if let orientation {
            JPEGBytes.setOrientation(src, orientation)
        }
        return src
    }

    /// jpegtran's lossless crop of the stored grid: the oracle.
    static func jpegtran(_ src: String, stored: PixelRect, into path: String) throws {
        try Tool.run([
            "sh", "-c", "jpegtran -crop \(stored.width)x\(stored.height)+\(stored.x)+\(stored.y) -copy all \"$1\" > \"$2\"",
            "sh", src, path,
        ])
    }

    @Test func eligibilityFollowsTheSixteenPixelGrid() throws {
        let dir = TempFolder("lossless-grid")
        defer { dir.remove() }
        let src = try Self.makeSource(dir)
        let grid = try #require(LosslessJPEG.grid(path: src))
        #expect(grid.mcuWidth == 16 && grid.mcuHeight == 16)
        for (x, y, ok) in [
            (0, 0, true), (16, 32, true), (624, 464, true), (17, 32, false), (16, 17, false), (8, 0, false), (0, 8, false),
        ] {
            let check = try LosslessJPEG.check(path: src, crop: PixelRect(x: x, y: y, width: 16, height: 16))
            #expect(check.mcuWidth == 16 && check.mcuHeight == 16)
            #expect(check.isEligible == ok, "crop at \(x),\(y)")
            #expect((check.reason == nil) == ok)
        }
    }

    @Test func losslessExportMatchesJpegtranPixelForPixel() throws {
        let dir = TempFolder("lossless-exact")
        defer { dir.remove() }
        let src = try Self.makeSource(dir)
        for crop in [
            PixelRect(x: 48, y: 64, width: 200, height: 150), PixelRect(x: 0, y: 0, width: 640, height: 480),
            PixelRect(x: 624, y: 464, width: 16, height: 16), PixelRect(x: 32, y: 0, width: 3, height: 1),
        ] {
            let out = dir.file("out.jpg"), ref = dir.file("ref.jpg")
            let result = try CropExporter.export(source: src, crop: crop, output: out, options: ExportOptions(lossless: true))
            #expect(result.lossless)
            #expect(result.width == crop.width && result.height == crop.height)
            try Self.jpegtran(src, stored: crop, into: ref)
            #expect(try Tool.size(out) == (crop.width, crop.height))
            let mine = try Tool.run(["convert", out, "-depth", "8", "rgb:-"]).out
            let theirs = try Tool.run(["convert", ref, "-depth", "8", "rgb:-"]).out
            #expect(mine.count == crop.width * crop.height * 3)
            #expect(mismatch(mine, theirs) == nil, "crop \(crop): differs from jpegtran's: \(mismatch(mine, theirs) ?? "")")
            // Same quantization and sampling as the source: not re-encoded.
            #expect(try Tool.identify("%Q %[jpeg:sampling-factor]", out) == Tool.identify("%Q %[jpeg:sampling-factor]", src))
        }
    }

    /// A re-encode would not match jpegtran: the oracle can tell the two apart.
    @Test func reencodedExportDiffersFromJpegtran() throws {
        let dir = TempFolder("lossless-control")
        defer { dir.remove() }
        let src = try Self.makeSource(dir)
        let crop = PixelRect(x: 48, y: 64, width: 200, height: 150)
        let result = try CropExporter.export(source: src, crop: crop, output: dir.file("out.jpg"))
        #expect(!result.lossless, "scripts get a re-encode unless they ask (preferLossless is off by default)")
        try Self.jpegtran(src, stored: crop, into: dir.file("ref.jpg"))
        let mine = try Tool.run(["convert", dir.file("out.jpg"), "-depth", "8", "rgb:-"]).out
        let theirs = try Tool.run(["convert", dir.file("ref.jpg"), "-depth", "8", "rgb:-"]).out
        #expect(mine.count == theirs.count && mine != theirs)
    }

    @Test func preferLosslessCutsLosslesslyOnlyWhenEligible() throws {
        let dir = TempFolder("lossless-prefer")
        defer { dir.remove() }
        let src = try Self.makeSource(dir)
        let on = try CropExporter.export(
            source: src, crop: PixelRect(x: 32, y: 16, width: 100, height: 100),
            output: dir.file("a.jpg"), options: ExportOptions(preferLossless: true))
        #expect(on.lossless)
        let off = try CropExporter.export(
            source: src, crop: PixelRect(x: 33, y: 16, width: 100, height: 100),
            output: dir.file("b.jpg"), options: ExportOptions(preferLossless: true))
        #expect(!off.lossless)
        #expect(try Tool.size(dir.file("b.jpg")) == (100, 100))
        let explicitQuality = try CropExporter.export(
            source: src, crop: PixelRect(x: 32, y: 16, width: 100, height: 100),
            output: dir.file("c.jpg"), options: ExportOptions(quality: 50, preferLossless: true))
        #expect(!explicitQuality.lossless, "an explicit quality asks for a re-encode")
        #expect(abs(Int(try Tool.identify("%Q", dir.file("c.jpg")))! - 50) <= 2)
    }

    @Test func ineligibleLosslessThrowsAndWritesNothing() throws {
        let dir = TempFolder("lossless-refuse")
        defer { dir.remove() }
        let src = try Self.makeSource(dir)
        let out = dir.file("out.jpg")
        let error = imagingError {
            try CropExporter.export(
                source: src, crop: PixelRect(x: 17, y: 32, width: 100, height: 100),
                output: out, options: ExportOptions(lossless: true))
        }
        let message = try #require(error).message
        #expect(message.contains("grid"), "message: \(message)")
        #expect(message.contains("16"), "the message names the block size: \(message)")
        #expect(!exists(out))
        #expect(dir.strayTemporaries.isEmpty)
        #expect(dir.entries == ["src.jpg"])
        // A PNG output cannot be lossless JPEG either.
        let png = imagingError {
            try CropExporter.export(
                source: src, crop: PixelRect(x: 0, y: 0, width: 16, height: 16),
                output: dir.file("out.png"), options: ExportOptions(lossless: true))
        }
        #expect(png != nil)
        #expect(dir.entries == ["src.jpg"])
    }

    @Test func losslessFromANonJPEGSourceIsRefused() throws {
        let dir = TempFolder("lossless-png")
        defer { dir.remove() }
        try Tool.run(["convert", "-size", "64x64", "xc:red", dir.file("src.png")])
        #expect(
            imagingError {
                try LosslessJPEG.check(path: dir.file("src.png"), crop: PixelRect(x: 0, y: 0, width: 16, height: 16))
            } != nil)
        #expect(LosslessJPEG.grid(path: dir.file("src.png")) == nil)
        #expect(
            imagingError {
                try CropExporter.export(
                    source: dir.file("src.png"), crop: PixelRect(x: 0, y: 0, width: 16, height: 16),
                    output: dir.file("out.jpg"), options: ExportOptions(lossless: true))
            } != nil)
        #expect(!exists(dir.file("out.jpg")))
    }

    @Test func snappingGivesAnEligibleCropContainingTheOriginal() throws {
        let dir = TempFolder("lossless-snap")
        defer { dir.remove() }
        for orientation in [1, 3, 6, 8] {
            let src = try Self.makeSource(dir, orientation: orientation == 1 ? nil : orientation)
            let info = try ImageProbe.probe(path: src)
            for crop in [
                PixelRect(x: 37, y: 53, width: 100, height: 90), PixelRect(x: 1, y: 1, width: 5, height: 7),
                PixelRect(x: info.width - 9, y: info.height - 3, width: 9, height: 3),
            ] {
                let check = try LosslessJPEG.check(path: src, crop: crop)
                let snapped = check.snappedToGrid(info: info)
                #expect(try LosslessJPEG.check(path: src, crop: snapped).isEligible, "o\(orientation) \(crop) → \(snapped)")
                #expect(snapped.x <= crop.x && snapped.y <= crop.y, "o\(orientation) \(crop) → \(snapped)")
                #expect(
                    snapped.x + snapped.width >= crop.x + crop.width && snapped.y + snapped.height >= crop.y + crop.height,
                    "o\(orientation) \(crop) → \(snapped)")
                #expect(
                    snapped.x >= 0 && snapped.y >= 0 && snapped.x + snapped.width <= info.width
                        && snapped.y + snapped.height <= info.height,
                    "o\(orientation) \(snapped) inside \(info.width)×\(info.height)")
                // No larger than needed: less than one block more on each side.
                #expect(snapped.width - crop.width < 16 && snapped.height - crop.height < 16)
            }
            if orientation == 1 {
                let check = try LosslessJPEG.check(path: src, crop: PixelRect(x: 37, y: 53, width: 100, height: 90))
                #expect(check.snappedToGrid(info: info) == PixelRect(x: 32, y: 48, width: 105, height: 95))
            }
        }
    }

    /// Orientation 6 (stored 640×480, shown 480×640): upright pixel (x, y) is stored pixel (y, 479 − x), so an upright
    /// crop (x, y, w, h) is the stored rect (y, 480 − x − w, h, w). Eligibility is decided there.
    @Test func eligibilityIsDecidedOnTheStoredGrid() throws {
        let dir = TempFolder("lossless-rot")
        defer { dir.remove() }
        let src = try Self.makeSource(dir, orientation: 6)
        let info = try ImageProbe.probe(path: src)
        #expect(info.width == 480 && info.height == 640)

        // Upright x, y both multiples of 16, stored y = 480 − 32 − 100 = 348: not on the grid.
        let aligned = PixelRect(x: 32, y: 32, width: 100, height: 100)
        let a = try LosslessJPEG.check(path: src, crop: aligned)
        #expect(a.storedRect == PixelRect(x: 32, y: 348, width: 100, height: 100))
        #expect(!a.isEligible)
        #expect(
            imagingError {
                try CropExporter.export(
                    source: src, crop: aligned, output: dir.file("a.jpg"), options: ExportOptions(lossless: true))
            } != nil)
        #expect(!exists(dir.file("a.jpg")))

        // Upright x = 59 is off the grid, yet stored (32, 480 − 59 − 101 = 320) is on it.
        let crooked = PixelRect(x: 59, y: 32, width: 101, height: 100)
        let b = try LosslessJPEG.check(path: src, crop: crooked)
        #expect(b.storedRect == PixelRect(x: 32, y: 320, width: 100, height: 101))
        #expect(b.isEligible)
        let out = dir.file("b.jpg"), ref = dir.file("ref.jpg")
        let result = try CropExporter.export(source: src, crop: crooked, output: out, options: ExportOptions(lossless: true))
        #expect(result.lossless && result.width == 101 && result.height == 100)
        try Self.jpegtran(src, stored: b.storedRect, into: ref)
        #expect(
            try Tool.run(["convert", out, "-depth", "8", "rgb:-"]).out == Tool.run(["convert", ref, "-depth", "8", "rgb:-"]).out)
        // The stored pixels were not turned, so the tag still says 6 and the upright size is the crop's.
        #expect(try Tool.text(["exiftool", "-s3", "-n", "-Orientation", out]) == "6")
        let back = try ImageProbe.probe(path: out)
        #expect(back.storedWidth == 100 && back.storedHeight == 101)
        #expect(back.width == 101 && back.height == 100)
    }

    /// Every orientation: the upright crop whose stored rect is (48, 32, 100, 90) on the 640×480 stored grid, worked
    /// out by hand (upright pixel → stored pixel: 2 (W−1−x, y), 3 (W−1−x, H−1−y), 4 (x, H−1−y), 5 (y, x),
    /// 6 (y, H−1−x), 7 (W−1−y, H−1−x), 8 (W−1−y, x)); the cut equals jpegtran's of that stored rect.
    static let uprightCrops: [Int: PixelRect] = [
        1: PixelRect(x: 48, y: 32, width: 100, height: 90), 2: PixelRect(x: 492, y: 32, width: 100, height: 90),
        3: PixelRect(x: 492, y: 358, width: 100, height: 90), 4: PixelRect(x: 48, y: 358, width: 100, height: 90),
        5: PixelRect(x: 32, y: 48, width: 90, height: 100), 6: PixelRect(x: 358, y: 48, width: 90, height: 100),
        7: PixelRect(x: 358, y: 492, width: 90, height: 100), 8: PixelRect(x: 32, y: 492, width: 90, height: 100),
    ]

    @Test(arguments: 1...8) func everyOrientationCutsTheRightStoredRect(orientation: Int) throws {
        let dir = TempFolder("lossless-o\(orientation)")
        defer { dir.remove() }
        let src = try Self.makeSource(dir, orientation: orientation)
        let crop = Self.uprightCrops[orientation]!
        let stored = PixelRect(x: 48, y: 32, width: 100, height: 90)
        let check = try LosslessJPEG.check(path: src, crop: crop)
        #expect(check.storedRect == stored)
        #expect(check.isEligible)
        let out = dir.file("out.jpg"), ref = dir.file("ref.jpg")
        let result = try CropExporter.export(source: src, crop: crop, output: out, options: ExportOptions(lossless: true))
        #expect(result.lossless && result.width == crop.width && result.height == crop.height)
        try Self.jpegtran(src, stored: stored, into: ref)
        let wrong = mismatch(
            try Tool.run(["convert", out, "-depth", "8", "rgb:-"]).out,
            try Tool.run(["convert", ref, "-depth", "8", "rgb:-"]).out)
        #expect(wrong == nil, "orientation \(orientation): \(wrong ?? "")")
        let back = try ImageProbe.probe(path: out)
        #expect(back.orientation.rawValue == orientation, "the tag stays true for the stored pixels")
        #expect(back.width == crop.width && back.height == crop.height)
        // One pixel to the right on the upright picture moves a stored left or top edge off the grid, whatever
        // the orientation (the stored x or y becomes 49, 47, 33 or 31).
        let shifted = PixelRect(x: crop.x + 1, y: crop.y, width: crop.width, height: crop.height)
        #expect(!(try LosslessJPEG.check(path: src, crop: shifted).isEligible), "orientation \(orientation): \(shifted)")
    }

    /// Orientation 3 (half turn): the upright crop's right/bottom edges become the stored left/top edges.
    @Test func halfTurnUsesTheFarEdges() throws {
        let dir = TempFolder("lossless-180")
        defer { dir.remove() }
        let src = try Self.makeSource(dir, orientation: 3)
        // Upright (0,0,100,100) is stored (540, 380, 100, 100): not on the grid though upright 0,0 is.
        let a = try LosslessJPEG.check(path: src, crop: PixelRect(x: 0, y: 0, width: 100, height: 100))
        #expect(a.storedRect == PixelRect(x: 540, y: 380, width: 100, height: 100))
        #expect(!a.isEligible)
        // Upright (44, 60, 100, 100) is stored (496, 320, 100, 100): on the grid.
        let crop = PixelRect(x: 44, y: 60, width: 100, height: 100)
        #expect(try LosslessJPEG.check(path: src, crop: crop).isEligible)
        let out = dir.file("out.jpg")
        try CropExporter.export(source: src, crop: crop, output: out, options: ExportOptions(lossless: true))
        try Self.jpegtran(src, stored: PixelRect(x: 496, y: 320, width: 100, height: 100), into: dir.file("ref.jpg"))
        #expect(
            try Tool.run(["convert", out, "-depth", "8", "rgb:-"]).out
                == Tool.run(["convert", dir.file("ref.jpg"), "-depth", "8", "rgb:-"]).out)
    }
}
