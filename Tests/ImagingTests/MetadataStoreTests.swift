// A JPEG's header read only as far as it goes, and the metadata fix on it alone writing what the fix on the whole file writes.

import CropKit
import Foundation
import ImagingCore
import OddFiles
import Testing

@testable import Imaging

@Suite struct MetadataStoreTests {
    /// JPEGs as an export writes them, with a camera's metadata: the camera fixture (maker notes,
    /// GPS, a thumbnail, XMP), the same progressive, and a plasma with GPS and a thumbnail but no
    /// resolution tags (so setting one makes its header longer).
    private func pictures(_ dir: TempFolder) throws -> [String] {
        let camera = try CameraMetadataTests.cameraFile(dir).path
        let progressive = dir.file("progressive.jpg"), plasma = dir.file("plasma.jpg"), thumb = dir.file("t.jpg")
        try Tool.run(["convert", camera, "-interlace", "JPEG", progressive])
        try Tool.run(["convert", "-size", "320x240", "-seed", "2", "plasma:fractal", "-quality", "85", plasma])
        try Tool.run(["convert", plasma, "-resize", "80x60", "-strip", thumb])
        try Tool.run([
            "exiftool", "-q", "-overwrite_original", "-all=", "-Make=Test", "-Orientation#=6", "-GPSLatitude=48.8584",
            "-GPSLatitudeRef=N", "-ExifImageWidth=320", "-ExifImageHeight=240", "-ThumbnailImage<=\(thumb)", plasma,
        ])
        return [camera, progressive, plasma]
    }

    private func requests() -> [MetadataRequest] {
        [
            MetadataRequest(width: 200, height: 150, resetOrientation: true, strip: .none, format: .jpeg),
            MetadataRequest(width: 120, height: 90, resetOrientation: false, strip: .gps, format: .jpeg, resolution: 300),
        ]
    }

    @Test func theHeaderAloneGivesTheBytesTheWholeFileDoes() throws {
        let dir = TempFolder("metadata-store")
        defer { dir.remove() }
        var changes: [Int] = []
        for picture in try pictures(dir) {
            for (n, request) in requests().enumerated() {
                let name = "\((picture as NSString).lastPathComponent) request \(n)"
                let header = dir.file("header.jpg"), whole = dir.file("whole.jpg")
                for copy in [header, whole] {
                    try? FileManager.default.removeItem(atPath: copy)
                    try FileManager.default.copyItem(atPath: picture, toPath: copy)
                }
                #expect(JPEGHeaderStore(path: header) != nil, "\(name): read whole")
                let split = try MetadataFixer.fix(path: header, request)
                let plain = try MetadataFixer.fix(FileStore(path: whole), request)
                let fixed = try Data(contentsOf: URL(fileURLWithPath: header))
                #expect(fixed == (try Data(contentsOf: URL(fileURLWithPath: whole))), "\(name): not the whole file's bytes")
                #expect(split.leftOut == plain.leftOut && split.keptXMP == plain.keptXMP, "\(name)")
                changes.append(fixed.count - (try Data(contentsOf: URL(fileURLWithPath: picture))).count)
                // And what the fix is for, read by exiftool.
                let tags = try Tool.exif(header)
                #expect(tags.keys.filter { $0.contains("Thumbnail") }.isEmpty, "\(name)")
                #expect(tags.int("ExifImageWidth") == request.width, "\(name)")
            }
        }
        // Both ways of moving the image data were taken: after a header that shrank (the
        // thumbnail gone) and after one that grew (a resolution added).
        #expect(changes.contains { $0 < 0 } && changes.contains { $0 > 0 }, "\(changes)")
    }

    /// Fill bytes before a marker (which libjpeg skips) are not what `JPEGHeaderStore` reads: the
    /// file is fixed whole, with the same result.
    @Test func aHeaderWithFillBytesIsFixedWhole() throws {
        let dir = TempFolder("metadata-store-fill")
        defer { dir.remove() }
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try pictures(dir)[0])))
        let dqt = try #require((2..<(bytes.count - 1)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDB })
        bytes.insert(contentsOf: [0xFF, 0xFF], at: dqt)
        let header = dir.file("filled.jpg"), whole = dir.file("filled-whole.jpg")
        for copy in [header, whole] { FileManager.default.createFile(atPath: copy, contents: Data(bytes)) }
        #expect(JPEGHeaderStore(path: header) == nil)
        _ = try MetadataFixer.fix(path: header, requests()[0])
        _ = try MetadataFixer.fix(FileStore(path: whole), requests()[0])
        #expect(try Data(contentsOf: URL(fileURLWithPath: header)) == (try Data(contentsOf: URL(fileURLWithPath: whole))))
        #expect(try Tool.exif(header).int("ExifImageWidth") == 200)
    }

    @Test func theHeaderEndsAfterTheFirstScansHeader() {
        let sos: [UInt8] = [0xFF, 0xDA, 0x00, 0x04, 0x01, 0x02]
        let app: [UInt8] = [0xFF, 0xE1, 0x00, 0x04, 0xAA, 0xBB]
        #expect(JPEGHeaderStore.headerEnd([0xFF, 0xD8] + app + sos + [0x12, 0x34]) == 14)
        #expect(JPEGHeaderStore.headerEnd([0xFF, 0xD8] + app) == nil, "no scan")
        #expect(JPEGHeaderStore.headerEnd([0xFF, 0xD8] + app + [0x00] + sos) == nil, "a stray byte")
        #expect(JPEGHeaderStore.headerEnd([0xFF, 0xD8, 0xFF, 0xD9]) == nil, "ends at once")
        #expect(JPEGHeaderStore.headerEnd([0x89, 0x50, 0x4E, 0x47] + sos) == nil, "not a JPEG")
        #expect(JPEGHeaderStore.headerEnd([0xFF, 0xD8] + app + [0xFF, 0xDA, 0x00, 0x09]) == nil, "cut inside it")
    }
}

/// A JPEG's header read from its file: 64 KiB when it ends there, up to a MiB when it goes on.
@Suite struct JPEGHeaderReadTests {
    /// `count` APP15 segments of 60,000 bytes each before a tiny JPEG's own segments.
    private func jpeg(paddedBy count: Int, in dir: TempFolder) throws -> String {
        let small = dir.file("small.jpg"), padded = dir.file("padded-\(count).jpg")
        try Tool.run(["convert", "-size", "16x16", "xc:gray", small])
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: small)))
        let filler = (0..<count).flatMap { _ in JPEGSegments.segment(marker: 0xEF, payload: [UInt8](repeating: 7, count: 60000)) }
        FileManager.default.createFile(atPath: padded, contents: Data([0xFF, 0xD8] + filler + bytes[2...]))
        return padded
    }

    @Test(arguments: [0, 1, 3]) func theWholeHeaderIsRead(padding: Int) throws {
        let dir = TempFolder("jpeg-header-read")
        defer { dir.remove() }
        let path = try jpeg(paddedBy: padding, in: dir)
        let handle = try #require(FileHandle(forReadingAtPath: path))
        defer { try? handle.close() }
        let header = try #require(JPEGSegments.header(from: handle))
        #expect(header.reachesImageData)
        #expect(header.segments.filter { $0.marker == 0xEF }.count == padding)
        #expect(header.segments.contains { $0.marker == 0xC0 }, "the frame header, after the padding")
        // Only what is needed: a short header's read stops at 64 KiB.
        #expect(padding > 0 || header.bytes.count <= 1 << 16)
        #expect(LosslessJPEG.grid(path: path) != nil)
    }
}
