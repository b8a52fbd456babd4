// Ultra HDR and other MPF files: a JPEG crop keeps its gain map cut the same way; other formats leave it out and say so.

import CropKit
import Foundation
import Imaging
import OddFiles
import Testing
import Wording

@Suite struct UltraHDRTests {
    static func file(_ dir: TempFolder, gainMap: Bool = true) throws -> OddFile {
        try #require(try OddFiles.make(in: dir.path).first { $0.kind == .multiPicture(gainMap: gainMap) })
    }

    /// The second picture of `path` as exiftool extracts it through the MPF index.
    static func secondPicture(_ path: String, into out: String) throws -> Data {
        try Tool.run(["sh", "-c", "exiftool -b -MPImage2 \"$1\" > \"$2\"", "sh", path, out])
        return try #require(bytes(of: out))
    }

    /// The result's index lists the primary and the gain map, whose bytes are the file's tail, whose
    /// length the XMP directory states, and which carries its own hdrgm parameters; the gain map
    /// is `size` and its levels are the source gain map's at the same places of the picture (the
    /// `storedPoint` of each of its pixels' centres, in 0…1 of the stored picture).
    static func checkGainMap(
        _ out: String, dir: TempFolder, size: (Int, Int),
        storedPoint: (Double, Double) -> (x: Double, y: Double),
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let tags = try Tool.exif(out)
        #expect(tags["MPF:MPF0:NumberOfImages"] as? Int == 2, "\(tags.keys(inGroup: "MPF"))", sourceLocation: sourceLocation)
        #expect(tags["XMP:XMP-hdrgm:Version"] as? Double == 1, sourceLocation: sourceLocation)
        #expect(tags.string("Title") == "harbour", "the rest of the XMP stays", sourceLocation: sourceLocation)
        let gainMapPath = dir.file("gain-\((out as NSString).lastPathComponent)")
        let gainMap = try secondPicture(out, into: gainMapPath)
        let file = try #require(bytes(of: out))
        #expect(file.suffix(gainMap.count) == gainMap, "the gain map is what follows the primary", sourceLocation: sourceLocation)
        #expect(tags["MPF:MPImage2:MPImageLength"] as? Int == gainMap.count, sourceLocation: sourceLocation)
        #expect(tags["MPF:MPImage1:MPImageLength"] as? Int == file.count - gainMap.count, sourceLocation: sourceLocation)
        #expect(tags["XMP:XMP-Container:DirectoryItemLength"] as? Int == gainMap.count, sourceLocation: sourceLocation)
        #expect(try Tool.exif(gainMapPath)["XMP:XMP-hdrgm:GainMapMax"] as? Double == 2.3, sourceLocation: sourceLocation)
        #expect(try Tool.size(gainMapPath) == size, sourceLocation: sourceLocation)
        let levels = try Tool.decode(gainMapPath, channels: "gray")
        var worst = 0.0, total = 0.0, signed = 0.0
        for row in 0..<size.1 {
            for column in 0..<size.0 {
                let at = storedPoint((Double(column) + 0.5) / Double(size.0), (Double(row) + 0.5) / Double(size.1))
                let error = Double(levels[row * size.0 + column]) - OddFiles.GainMap.level(x: at.x, y: at.y)
                worst = max(worst, abs(error))
                total += abs(error)
                signed += error
            }
        }
        let count = Double(size.0 * size.1)
        // Rounding and bilinear halves leave about 0.3 level off on average, 0.2 of it upwards; a
        // gain map half of one of its pixels off is 0.5–1.5 levels off everywhere, one left uncropped
        // tens of levels.
        #expect(
            worst <= 2.5 && total / count <= 0.6 && abs(signed / count) <= 0.4,
            "the gain map is \(worst) levels off at worst, \(total / count) on average, \(signed / count) signed",
            sourceLocation: sourceLocation)
    }

    /// (u, v) in 0…1 of the crop → the same point in 0…1 of the stored 320×240 picture.
    static func inCrop(_ crop: PixelRect) -> (Double, Double) -> (x: Double, y: Double) {
        { u, v in ((Double(crop.x) + u * Double(crop.width)) / 320, (Double(crop.y) + v * Double(crop.height)) / 240) }
    }

    /// Re-encoded as cut and scaled down.
    @Test func aReencodedCropKeepsItsGainMapCutTheSameWay() throws {
        let dir = TempFolder("uhdr-reencoded")
        defer { dir.remove() }
        let source = try Self.file(dir)
        let crop = PixelRect(x: 64, y: 48, width: 160, height: 120), out = dir.file("out.jpg")
        let result = try CropExporter.export(source: source.path, crop: crop, output: out, options: ExportOptions(quality: 90))
        #expect(!result.lossless && result.leftOut.isEmpty, "\(result.leftOut)")
        #expect(try Tool.size(out) == (160, 120))
        // A quarter-size gain map stays a quarter of the crop.
        try Self.checkGainMap(out, dir: dir, size: (40, 30), storedPoint: Self.inCrop(crop))
        // Scaled down on the stored grid, where both of the ramp's slopes add up: so does the gain map.
        let small = dir.file("small.jpg")
        let scaled = try CropExporter.export(
            source: source.path, crop: crop, output: small, options: ExportOptions(outputSize: 80))
        #expect(scaled.width == 80 && scaled.height == 60 && scaled.leftOut.isEmpty, "\(scaled)")
        try Self.checkGainMap(small, dir: dir, size: (20, 15), storedPoint: Self.inCrop(crop))
    }

    @Test func aLosslessCutKeepsItsGainMapCutTheSameWay() throws {
        let dir = TempFolder("uhdr-lossless")
        defer { dir.remove() }
        let source = try Self.file(dir)
        let crop = PixelRect(x: 32, y: 48, width: 200, height: 150), out = dir.file("out.jpg"), reference = dir.file("ref.jpg")
        let result = try CropExporter.export(source: source.path, crop: crop, output: out, options: ExportOptions(lossless: true))
        #expect(result.lossless && result.leftOut.isEmpty, "\(result.leftOut)")
        try OddFilesTests.jpegtran(source.path, crop, into: reference)
        #expect(mismatch(try Tool.decode(out), try Tool.decode(reference)) == nil, "the primary is jpegtran's cut")
        try Self.checkGainMap(out, dir: dir, size: (50, 38), storedPoint: Self.inCrop(crop))
    }

    /// Turned a quarter clockwise, re-encoded and scaled down or cut losslessly: the gain map turns
    /// (and scales) with the picture.
    @Test func aTurnedCropTurnsItsGainMap() throws {
        let dir = TempFolder("uhdr-turned")
        defer { dir.remove() }
        let source = try Self.file(dir)
        // Shown turned, the picture is 240×320; this crop of it is stored (80, 40, 160, 120).
        let crop = PixelRect(x: 80, y: 80, width: 120, height: 160)
        let storedPoint = { (u: Double, v: Double) -> (x: Double, y: Double) in
            let shown = CropRect(
                x: (Double(crop.x) + u * Double(crop.width)) / 240,
                y: (Double(crop.y) + v * Double(crop.height)) / 320, width: 0, height: 0)
            let stored = ImageOrientation.right.storedRect(fromDisplayed: shown)
            return (stored.minX, stored.minY)
        }
        let scaled = dir.file("scaled.jpg"), lossless = dir.file("lossless.jpg")
        let small = try CropExporter.export(
            source: source.path, crop: crop, output: scaled,
            options: ExportOptions(quality: 90, transform: .right, outputSize: 80))
        #expect(small.width == 60 && small.height == 80 && small.leftOut.isEmpty, "\(small)")
        try Self.checkGainMap(scaled, dir: dir, size: (15, 20), storedPoint: storedPoint)
        let cut = try CropExporter.export(
            source: source.path, crop: crop, output: lossless,
            options: ExportOptions(lossless: true, transform: .right))
        #expect(cut.lossless && cut.leftOut.isEmpty, "\(cut)")
        try Self.checkGainMap(lossless, dir: dir, size: (30, 40), storedPoint: storedPoint)
    }

    /// Formats that cannot hold a gain map get the picture, not the gain map's index nor its XMP
    /// description (whose other properties stay), and the result says the gain map was left out;
    /// --strip=all leaves it out without a word, as asked.
    @Test func otherFormatsLeaveTheGainMapOutAndSaySo() throws {
        let dir = TempFolder("uhdr-formats")
        defer { dir.remove() }
        let source = try Self.file(dir)
        let crop = PixelRect(x: 64, y: 48, width: 160, height: 120)
        var outputs: [String] = []
        for (ext, name) in [("png", "PNG"), ("webp", "WebP"), ("tif", "TIFF")] {
            let out = dir.file("out.\(ext)")
            let result = try CropExporter.export(source: source.path, crop: crop, output: out)
            #expect(result.leftOut.map(\.what) == ["the HDR gain map"])
            #expect(result.leftOut.map(\.sentence) == ["the HDR gain map cannot be carried into \(name) and was left out"])
            outputs.append(out)
        }
        let stripped = dir.file("stripped.jpg")
        #expect(
            try CropExporter.export(
                source: source.path, crop: crop, output: stripped,
                options: ExportOptions(quality: 90, strip: .all)
            ).leftOut.isEmpty)
        let all = try Tool.exif(outputs + [stripped])
        for out in outputs + [stripped] {
            let tags = all[out] ?? [:]
            let gainMap = tags.keys.filter { $0.hasPrefix("MPF:") || $0.contains("hdrgm") || $0.contains("Container") }
            #expect(gainMap.isEmpty, "\(out): \(gainMap)")
            #expect(out == stripped || tags.string("Title") == "harbour", "\(out): the rest of the XMP stays")
        }
        #expect(try Tool.size(stripped) == (160, 120))
    }

    /// A straightened JPEG: the gain map is not turned with it, so it goes with its index and
    /// description, and that is said.
    @Test func aStraightenedJPEGLeavesTheGainMapOutAndSaysSo() throws {
        let dir = TempFolder("uhdr-straightened")
        defer { dir.remove() }
        let source = try Self.file(dir)
        let out = dir.file("level.jpg")
        let result = try CropExporter.export(
            source: source.path, crop: PixelRect(x: 64, y: 48, width: 160, height: 120), output: out,
            options: ExportOptions(straighten: StraightenAngle(degrees: 2.5)))
        #expect(result.leftOut.map(\.sentence) == ["the HDR gain map is not straightened with the picture and was left out"])
        let tags = try Tool.exif([out])[out] ?? [:]
        let gainMap = tags.keys.filter { $0.hasPrefix("MPF:") || $0.contains("hdrgm") || $0.contains("Container") }
        #expect(gainMap.isEmpty, "\(gainMap)")
        #expect(try Tool.size(out) == (160, 120))
    }

    /// A gain map that cannot be cut (its header claims 60000×60000, more than the picture) is left
    /// out with its index and description, and said; the crop is written.
    @Test func aGainMapThatCannotBeCutIsLeftOutAndSaid() throws {
        let dir = TempFolder("uhdr-huge")
        defer { dir.remove() }
        _ = try Self.file(dir)
        var gainMap = [UInt8](try #require(bytes(of: dir.file("parts/gain.jpg"))))
        let frame = try #require((0..<(gainMap.count - 9)).first { gainMap[$0] == 0xFF && gainMap[$0 + 1] == 0xC0 })
        gainMap.replaceSubrange((frame + 5)..<(frame + 9), with: [0xEA, 0x60, 0xEA, 0x60])
        let primary = [UInt8](try #require(bytes(of: dir.file("parts/base.jpg"))))
        let source = dir.file("huge-gain-map.jpg"), out = dir.file("out.jpg")
        FileManager.default.createFile(atPath: source, contents: Data(UltraHDR.assemble(primary: primary, gainMap: gainMap)))
        #expect(try Tool.exif(source)["MPF:MPF0:NumberOfImages"] as? Int == 2)
        let result = try CropExporter.export(
            source: source, crop: PixelRect(x: 64, y: 48, width: 160, height: 120), output: out,
            options: ExportOptions(quality: 90))
        #expect(result.leftOut.map(\.what) == ["the HDR gain map"])
        #expect(
            result.leftOut.first?.sentence.contains("could not be cut (the gain map is larger than the picture)") == true,
            "\(result.leftOut)")
        let tags = try Tool.exif(out)
        #expect(
            tags.keys.filter { $0.hasPrefix("MPF:") || $0.contains("hdrgm") || $0.contains("Container") }.isEmpty,
            "\(tags.keys.sorted())")
        #expect(tags.string("Title") == "harbour")
        #expect(try #require(bytes(of: out)).suffix(2) == Data([0xFF, 0xD9]), "nothing after the picture")
    }

    /// An MPO's second view (or a camera's preview) shows the uncropped scene: the result carries
    /// neither it nor the index, re-encoded or cut losslessly (which copies the source's index).
    @Test func anotherViewIsLeftOutWithItsIndex() throws {
        let dir = TempFolder("uhdr-mpo")
        defer { dir.remove() }
        let source = try Self.file(dir, gainMap: false)
        #expect(try Tool.exif(source.path)["MPF:MPF0:NumberOfImages"] as? Int == 2, "the fixture has two pictures")
        let crop = PixelRect(x: 32, y: 16, width: 160, height: 120)
        for (name, options) in [("reencoded.jpg", ExportOptions(quality: 90)), ("lossless.jpg", ExportOptions(lossless: true))] {
            let out = dir.file(name)
            #expect(try CropExporter.export(source: source.path, crop: crop, output: out, options: options).leftOut.isEmpty)
            #expect(try Tool.exif(out).keys(inGroup: "MPF").isEmpty, "\(name)")
            #expect(try #require(bytes(of: out)).suffix(2) == Data([0xFF, 0xD9]), "\(name): nothing after the picture")
        }
    }
}
