// A file changed on disk under the same name is read anew: probe, thumbnail and export never see the old picture.

import CropKit
import Foundation
import Imaging
import Testing

@Suite struct ReplacedFileTests {
    static func picture(_ path: String, size: String, colour: String) throws {
        try Tool.run(["convert", "-size", size, "xc:\(colour)", path])
    }

    /// Replaced in place (same inode, as an editor saving over it) and by rename (a new inode, as a download).
    @Test(arguments: [false, true]) func aReplacedFileIsReadAgain(byRename: Bool) throws {
        let dir = TempFolder("replaced")
        defer { dir.remove() }
        let path = dir.file("photo.png")
        try Self.picture(path, size: "64x48", colour: "red")
        let first = try ImageProbe.probe(path: path)
        #expect(first.width == 64 && first.height == 48)
        let (_, red) = try DisplayThumbnail.load(path: path, maxWidth: 100, maxHeight: 100)
        #expect(Array(red.bytes[0..<3]) == [255, 0, 0])
        try CropExporter.export(source: path, crop: PixelRect(x: 0, y: 0, width: 10, height: 10), output: dir.file("a.png"))

        if byRename {
            try Self.picture(dir.file("new.png"), size: "30x20", colour: "blue")
            #expect(rename(dir.file("new.png"), path) == 0)
        } else {
            try Self.picture(dir.file("new.png"), size: "30x20", colour: "blue")
            let handle = try #require(FileHandle(forWritingAtPath: path))
            handle.truncateFile(atOffset: 0)
            handle.write(try #require(bytes(of: dir.file("new.png"))))
            try handle.close()
            try FileManager.default.removeItem(atPath: dir.file("new.png"))
        }

        let second = try ImageProbe.probe(path: path)
        #expect(second.width == 30 && second.height == 20, "probe saw the old picture: \(second.width)×\(second.height)")
        let (_, blue) = try DisplayThumbnail.load(path: path, maxWidth: 100, maxHeight: 100)
        #expect(
            blue.width == 30 && blue.height == 20 && Array(blue.bytes[0..<3]) == [0, 0, 255],
            "thumbnail \(blue.width)×\(blue.height) \(Array(blue.bytes.prefix(3)))")
        try CropExporter.export(source: path, crop: PixelRect(x: 0, y: 0, width: 10, height: 10), output: dir.file("b.png"))
        #expect(Array(try Tool.decode(dir.file("b.png")).prefix(3)) == [0, 0, 255], "export cropped the old picture")
    }

    /// After overwriting the source (allowed explicitly), reading it again gives the crop.
    @Test func theSourceOverwrittenByAnExportIsReadAgain() throws {
        let dir = TempFolder("replaced-export")
        defer { dir.remove() }
        let path = dir.file("photo.png")
        try Self.picture(path, size: "64x48", colour: "lime")
        #expect(try ImageProbe.probe(path: path).width == 64)
        try CropExporter.export(
            source: path, crop: PixelRect(x: 8, y: 8, width: 16, height: 12), output: path,
            options: ExportOptions(allowOverwritingSource: true))
        let info = try ImageProbe.probe(path: path)
        #expect(info.width == 16 && info.height == 12, "probe saw the old picture: \(info.width)×\(info.height)")
        let (_, pixels) = try DisplayThumbnail.load(path: path, maxWidth: 100, maxHeight: 100)
        #expect(pixels.width == 16 && pixels.height == 12)
    }
}
