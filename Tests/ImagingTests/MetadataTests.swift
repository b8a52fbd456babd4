// Metadata of exports, read back by exiftool: ICC/EXIF/XMP kept, orientation 1, true sizes, no thumbnail, GPS or all stripped.

import CropKit
import Foundation
import Imaging
import Testing

@Suite struct MetadataTests {
    /// A 320×240 stored JPEG (4:2:0) with an sRGB ICC profile (libvips' built-in one), EXIF Make/Model,
    /// pixel dimensions, GPS, an EXIF thumbnail, XMP title, XMP GPS and XMP orientation, and orientation 6.
    static func makeSource(_ dir: TempFolder) throws -> String {
        let plain = dir.file("plain.jpg"), src = dir.file("src.jpg"), thumb = dir.file("thumb.jpg")
        try Tool.run([
            "convert", "-seed", "5", "-size", "320x240", "plasma:fractal", "-sampling-factor", "2x2,1x1,1x1",
            "-quality", "95", plain,
        ])
        try Tool.run(["vips", "icc_transform", plain, src + "[Q=90]", "srgb"])
        try Tool.run(["convert", "-size", "40x30", "xc:green", thumb])
        try Tool.run([
            "exiftool", "-q", "-overwrite_original", "-n", "-Make=TestMake", "-Model=M1",
            "-ExifImageWidth=320", "-ExifImageHeight=240",
            "-GPSLatitude=48.85", "-GPSLatitudeRef=N", "-GPSLongitude=2.35", "-GPSLongitudeRef=E",
            "-XMP-dc:Title=hello", "-XMP-exif:GPSLatitude=48.85", "-XMP-exif:GPSLongitude=2.35",
            "-XMP-tiff:Orientation=6", "-Orientation=6", "-ThumbnailImage<=\(thumb)", src,
        ])
        try FileManager.default.removeItem(atPath: thumb)
        // The fixture really has what the tests then expect to be kept or removed.
        let tags = try Tool.exif(src)
        #expect(tags.string("Make") == "TestMake")
        #expect(tags.int("Orientation") == 6)
        #expect(tags.int("ThumbnailLength") ?? 0 > 0)
        #expect(!tags.keys(inGroup: "EXIF:GPS").isEmpty)
        #expect(tags["XMP:XMP-exif:GPSLatitude"] != nil)
        #expect(tags.string("Title") == "hello")
        #expect(tags.string("ProfileDescription") == "sRGB")
        #expect(tags.int("ExifImageWidth") == 320)
        return src
    }

    static func checkKept(_ tags: [String: Any], _ what: String) {
        #expect(tags.string("Make") == "TestMake", "\(what): Make")
        #expect(tags.string("Model") == "M1", "\(what): Model")
        #expect(tags.string("Title") == "hello", "\(what): XMP title")
        #expect(tags.string("ProfileDescription") == "sRGB", "\(what): ICC profile")
        #expect(
            tags.keys.filter { $0.contains("Thumbnail") }.isEmpty,
            "\(what): the EXIF thumbnail must go: \(tags.keys.filter { $0.contains("Thumbnail") })")
        #expect(tags.keys(inGroup: "EXIF:IFD1").isEmpty, "\(what): no IFD1 left")
    }

    /// Every orientation tag left (EXIF IFD0, XMP tiff) says 1; none at all is upright too.
    static func checkUpright(_ tags: [String: Any], _ what: String) {
        for (key, value) in tags where key.hasSuffix(":Orientation") {
            #expect((value as? NSNumber)?.intValue == 1, "\(what): \(key) is \(value)")
        }
    }

    static let formats = ["jpg", "png", "webp", "tif"]

    /// Upright crop 100×50 at (10, 20) of the 240×320 upright picture, re-encoded into each format.
    @Test func reencodedExportKeepsAndFixesMetadata() throws {
        let dir = TempFolder("meta")
        defer { dir.remove() }
        let src = try Self.makeSource(dir)
        let outputs = Self.formats.map { dir.file("out.\($0)") }
        for out in outputs {
            let result = try CropExporter.export(source: src, crop: PixelRect(x: 10, y: 20, width: 100, height: 50), output: out)
            #expect(!result.lossless)
            #expect(try Tool.size(out) == (100, 50))
        }
        let all = try Tool.exif(outputs)
        for (ext, out) in zip(Self.formats, outputs) {
            let tags = all[out] ?? [:]
            Self.checkUpright(tags, ext)
            #expect(tags.string("Title") == "hello", "\(ext): XMP title")
            #expect(tags.string("ProfileDescription") == "sRGB", "\(ext): ICC profile")
            #expect(tags.keys.filter { $0.contains("Thumbnail") }.isEmpty, "\(ext): the EXIF thumbnail must go")
            // libvips 8.14 writes no EXIF into TIFF: Imaging copies it from the source, so TIFF keeps it too.
            Self.checkKept(tags, ext)
            #expect(tags.int("ExifImageWidth") == 100, "\(ext): ExifImageWidth \(tags.string("ExifImageWidth") ?? "absent")")
            #expect(tags.int("ExifImageHeight") == 50, "\(ext): ExifImageHeight \(tags.string("ExifImageHeight") ?? "absent")")
            #expect(!tags.keys(inGroup: "EXIF:GPS").isEmpty, "\(ext): strip none keeps GPS")
        }
    }

    @Test func stripGPSRemovesEveryLocationTag() throws {
        let dir = TempFolder("meta-gps")
        defer { dir.remove() }
        let src = try Self.makeSource(dir)
        let outputs = Self.formats.map { dir.file("out.\($0)") }
        for out in outputs {
            try CropExporter.export(
                source: src, crop: PixelRect(x: 0, y: 0, width: 240, height: 320), output: out,
                options: ExportOptions(strip: .gps))
        }
        let all = try Tool.exif(outputs)
        for (ext, out) in zip(Self.formats, outputs) {
            let tags = all[out] ?? [:]
            let location = tags.keys.filter { $0.contains("GPS") }
            #expect(location.isEmpty, "\(ext): location left: \(location)")
            #expect(tags.string("Title") == "hello", "\(ext): the rest of the XMP stays")
            Self.checkUpright(tags, ext)
            Self.checkKept(tags, ext)
        }
    }

    @Test func stripAllRemovesAllMetadata() throws {
        let dir = TempFolder("meta-all")
        defer { dir.remove() }
        let src = try Self.makeSource(dir)
        let outputs = Self.formats.map { dir.file("out.\($0)") }
        for out in outputs {
            try CropExporter.export(
                source: src, crop: PixelRect(x: 0, y: 0, width: 240, height: 320), output: out,
                options: ExportOptions(strip: .all))
            // Still upright: the pixels were turned even though the tag went.
            #expect(try Tool.size(out) == (240, 320))
        }
        let all = try Tool.exif(outputs)
        for (ext, out) in zip(Self.formats, outputs) {
            let tags = all[out] ?? [:]
            let left = tags.keys.filter {
                $0.hasPrefix("XMP:") || $0.hasPrefix("ICC_Profile:")
                    || ($0.hasPrefix("EXIF:") && !(ext == "tif" && $0.hasPrefix("EXIF:IFD0:")))
            }
            #expect(left.isEmpty, "\(ext): metadata left: \(left.sorted())")
            #expect(
                tags.keys.filter { $0.contains("GPS") || $0.contains("Make") || $0.contains("Thumbnail") }.isEmpty,
                "\(ext): \(tags.keys.sorted())")
            Self.checkUpright(tags, ext)
        }
    }

    /// The stored crop of upright (0, 32, 112, 100) is (32, 128, 100, 112): on the 16×16 grid.
    @Test func losslessExportDropsTheThumbnailAndKeepsTheRest() throws {
        let dir = TempFolder("meta-lossless")
        defer { dir.remove() }
        let src = try Self.makeSource(dir)
        let crop = PixelRect(x: 0, y: 32, width: 112, height: 100)
        let keep = dir.file("keep.jpg"), gps = dir.file("gps.jpg"), none = dir.file("none.jpg")
        for (out, strip) in [(keep, StripMode.none), (gps, .gps), (none, .all)] {
            let result = try CropExporter.export(
                source: src, crop: crop, output: out, options: ExportOptions(lossless: true, strip: strip))
            #expect(result.lossless)
        }
        let all = try Tool.exif([keep, gps, none])
        let tags = all[keep] ?? [:]
        Self.checkKept(tags, "lossless")
        #expect(tags.int("Orientation") == 6, "stored pixels were not turned: the tag stays true")
        #expect(tags.int("ExifImageWidth") == 100 && tags.int("ExifImageHeight") == 112, "stored size of the cut")
        #expect(!tags.keys(inGroup: "EXIF:GPS").isEmpty)
        let info = try ImageProbe.probe(path: keep)
        #expect(info.width == 112 && info.height == 100)

        let noGPS = all[gps] ?? [:]
        #expect(noGPS.keys.filter { $0.contains("GPS") }.isEmpty, "location left: \(noGPS.keys.filter { $0.contains("GPS") })")
        Self.checkKept(noGPS, "lossless gps")

        let stripped = all[none] ?? [:]
        let left = stripped.keys.filter { $0.hasPrefix("EXIF:") || $0.hasPrefix("XMP:") || $0.hasPrefix("ICC_Profile:") }
        #expect(left.isEmpty, "metadata left: \(left)")
    }

    /// A source with no metadata at all gets none invented that lies: no orientation other than 1.
    @Test func sourceWithoutMetadataExportsCleanly() throws {
        let dir = TempFolder("meta-none")
        defer { dir.remove() }
        try Tool.run(["convert", "-size", "50x40", "xc:red", "-strip", dir.file("src.png")])
        for ext in ["png", "jpg"] {
            let out = dir.file("out.\(ext)")
            try CropExporter.export(source: dir.file("src.png"), crop: PixelRect(x: 5, y: 5, width: 20, height: 10), output: out)
            let tags = try Tool.exif(out)
            Self.checkUpright(tags, "plain \(ext)")
            #expect(tags.keys.filter { $0.contains("GPS") || $0.contains("Thumbnail") }.isEmpty)
            if let w = tags.int("ExifImageWidth") { #expect(w == 20) }
        }
    }
}
