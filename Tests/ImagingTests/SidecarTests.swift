// Keeping a crop in IMAGE.xmp: round trips, exiftool reading our crs: values, foreign tags kept, corrupt sidecars kept aside.

import CropKit
import Foundation
import Imaging
import Testing

@Suite(.serialized) struct SidecarTests {
    /// A 400×300 JPEG, optionally with an EXIF orientation.
    private func photo(in folder: TempFolder, orientation: Int = 1) throws -> String {
        let path = folder.file("photo.jpg")
        try Tool.run(["convert", "-size", "400x300", "-seed", "2", "plasma:fractal", path])
        if orientation != 1 {
            try Tool.run(["exiftool", "-q", "-overwrite_original", "-Orientation=\(orientation)", "-n", path])
        }
        return path
    }

    private func near(_ a: CropRect, _ b: CropRect) -> Bool {
        abs(a.minX - b.minX) < 1e-6 && abs(a.minY - b.minY) < 1e-6 && abs(a.maxX - b.maxX) < 1e-6 && abs(a.maxY - b.maxY) < 1e-6
    }

    @Test func roundTripAndAnIndependentReader() throws {
        let folder = TempFolder("sidecar"); defer { folder.remove() }
        let image = try photo(in: folder)
        let before = try Data(contentsOf: URL(fileURLWithPath: image))
        let crop = CropRect(x: 0.125, y: 0.2, width: 0.5, height: 0.6)
        try Sidecar.write(StoredCrop(rect: crop, shape: .circle, outputSize: 256), for: image)
        #expect(try Data(contentsOf: URL(fileURLWithPath: image)) == before, "the photo was touched")
        let read = try #require(try Sidecar.read(for: image))
        #expect(near(read.crop.rect, crop))
        #expect(read.crop.shape == .circle)
        #expect(read.crop.outputSize == 256)
        #expect(read.source == .sidecar(image + ".xmp"))
        // exiftool, an independent reader, sees Lightroom's tags with our values.
        let tags = try Tool.text([
            "exiftool", "-s3", "-n", "-XMP-crs:HasCrop", "-XMP-crs:CropLeft", "-XMP-crs:CropTop",
            "-XMP-crs:CropRight", "-XMP-crs:CropBottom", "-XMP-crs:CropAngle", image + ".xmp",
        ])
        let values = tags.split(separator: "\n").map(String.init)
        #expect(values.count == 6, "\(tags)")
        #expect(values.first.map { $0 == "True" || $0 == "1" } == true, "HasCrop \(values)")
        let numbers = values.dropFirst().compactMap(Double.init)
        #expect(numbers.count == 5)
        if numbers.count == 5 {
            #expect(abs(numbers[0] - 0.125) < 1e-6 && abs(numbers[1] - 0.2) < 1e-6)
            #expect(abs(numbers[2] - 0.625) < 1e-6 && abs(numbers[3] - 0.8) < 1e-6 && numbers[4] == 0)
        }
    }

    /// crs: values are on the stored grid: an upright crop of a photo turned by EXIF 6 (stored
    /// 400×300, upright 300×400) is written turned back, and reads back upright.
    @Test func orientationSixStoresOnTheStoredGrid() throws {
        let folder = TempFolder("sidecar6"); defer { folder.remove() }
        let image = try photo(in: folder, orientation: 6)
        // Upright: the left half. Orientation 6 shows the stored picture turned clockwise, so the
        // upright left half is the stored bottom half.
        try Sidecar.write(StoredCrop(rect: CropRect(x: 0, y: 0, width: 0.5, height: 1)), for: image)
        let values = try Tool.text([
            "exiftool", "-s3", "-n", "-XMP-crs:CropLeft", "-XMP-crs:CropTop",
            "-XMP-crs:CropRight", "-XMP-crs:CropBottom", image + ".xmp",
        ])
        .split(separator: "\n").compactMap { Double($0) }
        #expect(values == [0, 0.5, 1, 1], "stored crop \(values)")
        let read = try #require(try Sidecar.read(for: image))
        #expect(near(read.crop.rect, CropRect(x: 0, y: 0, width: 0.5, height: 1)))
    }

    @Test func foreignTagsInAnExistingSidecarSurvive() throws {
        let folder = TempFolder("sidecarforeign"); defer { folder.remove() }
        let image = try photo(in: folder)
        try Tool.run(["exiftool", "-q", "-XMP-dc:Title=Harbour at dawn", "-XMP-xmp:Rating=4", "-o", image + ".xmp", image])
        try Sidecar.write(StoredCrop(rect: CropRect(x: 0.1, y: 0.1, width: 0.5, height: 0.5)), for: image)
        #expect(try Tool.text(["exiftool", "-s3", "-XMP-dc:Title", image + ".xmp"]) == "Harbour at dawn")
        #expect(try Tool.text(["exiftool", "-s3", "-XMP-xmp:Rating", image + ".xmp"]) == "4")
        #expect(try Sidecar.read(for: image) != nil)
    }

    @Test func aCorruptSidecarIsReportedAndKeptAside() throws {
        let folder = TempFolder("sidecarcorrupt"); defer { folder.remove() }
        let image = try photo(in: folder)
        let garbage = Data("this is <not> xmp at all".utf8)
        try garbage.write(to: URL(fileURLWithPath: image + ".xmp"))
        #expect(throws: ImagingError.self) { try Sidecar.read(for: image) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: image + ".xmp")) == garbage, "reading changed it")
        let backup = try Sidecar.write(StoredCrop(rect: CropRect(x: 0.2, y: 0.2, width: 0.5, height: 0.5)), for: image)
        #expect(backup == image + ".xmp~")
        #expect(try Data(contentsOf: URL(fileURLWithPath: image + ".xmp~")) == garbage, "the old sidecar was not kept")
        #expect(try Sidecar.read(for: image) != nil)
        #expect(folder.strayTemporaries.isEmpty)
    }

    @Test func aCropEmbeddedInThePhotosOwnXMPIsFound() throws {
        let folder = TempFolder("sidecarembedded"); defer { folder.remove() }
        let image = try photo(in: folder)
        try Tool.run([
            "exiftool", "-q", "-overwrite_original", "-XMP-crs:HasCrop=True", "-XMP-crs:CropLeft=0.25",
            "-XMP-crs:CropTop=0.25", "-XMP-crs:CropRight=0.75", "-XMP-crs:CropBottom=0.5", image,
        ])
        let read = try #require(try Sidecar.read(for: image))
        #expect(read.source == .embedded)
        #expect(near(read.crop.rect, CropRect(x: 0.25, y: 0.25, width: 0.5, height: 0.25)))
    }

    @Test func noSidecarMeansNoCrop() throws {
        let folder = TempFolder("sidecarnone"); defer { folder.remove() }
        #expect(try Sidecar.read(for: try photo(in: folder)) == nil)
    }
}
