// A camera's EXIF (maker notes, interoperability, GPS, thumbnail) never blocks a crop: what cannot follow is left out and said.

import CropKit
import Foundation
import Imaging
import OddFiles
import Testing
import Wording

@Suite struct CameraMetadataTests {
    static func cameraFile(_ dir: TempFolder) throws -> OddFile {
        try #require(try OddFiles.make(in: dir.path).first { $0.kind == .cameraMetadata })
    }

    /// The fixture really is what the tests claim: exiftool finds the Canon maker notes, the
    /// interoperability directory, GPS and the thumbnail.
    @Test func theFixtureHasACamerasMetadata() throws {
        let dir = TempFolder("camera-fixture")
        defer { dir.remove() }
        let tags = try Tool.exif(try Self.cameraFile(dir).path)
        #expect(tags.string("Make") == "Canon")
        #expect(tags.string("CanonImageType") == "IMG:PowerShot S40 JPEG")
        #expect(tags.string("InteropIndex") == "R98")
        #expect(!tags.keys(inGroup: "EXIF:GPS").isEmpty)
        #expect(tags.int("ThumbnailLength") ?? 0 > 0)
        #expect(tags["XMP:XMP-drone-dji:GPSLatitude"] != nil && tags["XMP:XMP-exif:GPSLatitude"] != nil)
        #expect(tags.string("Title") == "quay")
    }

    /// Into every format, with and without --strip=gps: the crop is written with exactly the
    /// source's pixels (PNG) or its size, and the guarantees hold on what is on disk; what was left
    /// out is said: the maker notes, which exiv2 cannot write into PNG and which TIFF's copied EXIF
    /// never carries.
    @Test func cameraMetadataNeverBlocksTheCrop() throws {
        let dir = TempFolder("camera")
        defer { dir.remove() }
        let source = try Self.cameraFile(dir)
        let crop = PixelRect(x: 40, y: 30, width: 200, height: 150)
        let expectedLeftOut: [String: [String]] = ["png": ["the camera's maker notes"], "tif": ["the camera's maker notes"]]
        var outputs: [String] = []
        for strip in [StripMode.none, .gps] {
            for ext in ["png", "webp", "tif", "jpg"] {
                let out = dir.file("\(strip.rawValue).\(ext)")
                let result = try CropExporter.export(
                    source: source.path, crop: crop, output: out,
                    options: ExportOptions(quality: 90, strip: strip))
                #expect(result.leftOut.map(\.what) == expectedLeftOut[ext] ?? [], "\(ext) \(strip): \(result.leftOut)")
                #expect(result.leftOut.allSatisfy { $0.sentence.contains(ext == "tif" ? "TIFF" : ext.uppercased()) })
                #expect(try Tool.size(out) == (200, 150))
                outputs.append(out)
            }
        }
        #expect(mismatch(try Tool.decode(dir.file("none.png")), try Tool.decode(source.path, crop: crop)) == nil)
        let all = try Tool.exif(outputs)
        for out in outputs {
            let tags = all[out] ?? [:], name = (out as NSString).lastPathComponent
            #expect(tags.string("Make") == "Canon", "\(name): the rest of the EXIF is kept")
            #expect(tags.string("Title") == "quay", "\(name): the rest of the XMP is kept")
            #expect(
                tags.keys.filter { $0.contains("Thumbnail") }.isEmpty, "\(name): \(tags.keys.filter { $0.contains("Thumbnail") })"
            )
            #expect(tags.int("ExifImageWidth") == 200 && tags.int("ExifImageHeight") == 150, "\(name)")
            for (key, value) in tags where key.hasSuffix(":Orientation") {
                #expect((value as? NSNumber)?.intValue == 1, "\(name): \(key) is \(value)")
            }
            let location = tags.keys.filter { $0.lowercased().contains("gps") }
            #expect(name.hasPrefix("gps") ? location.isEmpty : !location.isEmpty, "\(name): \(location)")
            if name.hasSuffix(".jpg") || name.hasSuffix(".webp") {
                #expect(tags.string("CanonImageType") == "IMG:PowerShot S40 JPEG", "\(name): the maker notes are carried")
                #expect(tags.string("InteropIndex") == "R98", "\(name): the interoperability directory is carried")
            } else {
                #expect(tags.keys.filter { $0.hasPrefix("MakerNotes:") }.isEmpty, "\(name): maker notes said to be left out")
            }
        }
    }

    /// A lossless cut copies the source's EXIF block as it is: one exiv2 cannot read (its first
    /// directory's offset points past its end) is dropped and said, the crop is written, the pixels
    /// are jpegtran's.
    @Test func anUnreadableExifBlockIsLeftOutOfALosslessCut() throws {
        let dir = TempFolder("camera-broken")
        defer { dir.remove() }
        let source = try #require(try OddFiles.make(in: dir.path).first { $0.name == "broken-exif-offset.jpg" })
        let crop = PixelRect(x: 32, y: 16, width: 160, height: 120), out = dir.file("cut.jpg"), reference = dir.file("ref.jpg")
        let result = try CropExporter.export(source: source.path, crop: crop, output: out, options: ExportOptions(lossless: true))
        #expect(result.lossless)
        #expect(result.leftOut.map(\.what) == ["the EXIF data"])
        #expect(result.leftOut.first?.sentence.contains("could not be read back") == true, "\(result.leftOut)")
        #expect(try Tool.exif(out).keys(inGroup: "EXIF").isEmpty)
        try OddFilesTests.jpegtran(source.path, crop, into: reference)
        #expect(mismatch(try Tool.decode(out), try Tool.decode(reference)) == nil)
    }
}
