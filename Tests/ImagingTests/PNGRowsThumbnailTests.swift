// A PNG's thumbnail from libspng's rows: libvips' own for every PngSuite file, today's refusals for damaged and odd ones.

import CropKit
import Foundation
import Imaging
import OddFiles
import Testing

@Suite struct PNGRowsThumbnailTests {
    init() { PNGRowsThumbnail.shortcut.keep() }

    /// The display thumbnail of `path` in a `box`×`box` window, from libspng's rows or by libvips' own load:
    /// its size and pixels, or the line it was refused with.
    static func shown(_ path: String, box: Int, libvipsWay: Bool) -> String {
        PNGRowsThumbnail.shortcut.takeLibvipsWay(path, libvipsWay)
        defer { PNGRowsThumbnail.shortcut.takeLibvipsWay(path, false) }
        do {
            let (_, pixels) = try DisplayThumbnail.load(path: path, maxWidth: box, maxHeight: box)
            return "\(pixels.width)×\(pixels.height) \(Data(pixels.bytes).base64EncodedString())"
        } catch {
            return "refused: \(error.message)"
        }
    }

    /// Whether `path` is an interlaced PNG (its rows arrive pass by pass: libvips' way reads it).
    static func interlaced(_ path: String) -> Bool { (bytes(of: path).map { [UInt8]($0) }?[28] ?? 0) == 1 }

    /// Every valid PNG of the corpora (every colour type and bit depth, palettes with and without
    /// transparency, gamma, text, odd sizes): its thumbnail, whole and shrunk, is exactly the one libvips'
    /// own load gives, and every file that is not interlaced was read from libspng's rows.
    @Test(arguments: PngSuiteTests.valid) func everyCorpusFileIsShownAsLibvipsShowsIt(path: String) {
        let name = (path as NSString).lastPathComponent
        for box in [1000, 16] {
            let before = PNGRowsThumbnail.shortcut.count(path)
            let rows = Self.shown(path, box: box, libvipsWay: false)
            #expect(rows == Self.shown(path, box: box, libvipsWay: true), "\(name) in \(box): \(rows.prefix(80))")
            #expect(rows.hasPrefix("refused") == false, "\(name): \(rows.prefix(200))")
            let took = PNGRowsThumbnail.shortcut.count(path) - before
            #expect(took == (Self.interlaced(path) ? 0 : 1), "\(name): read from libspng's rows \(took) times")
        }
    }

    /// Large pictures of each layout libspng hands over (grey, grey with alpha, RGB, RGBA, a palette with
    /// transparency, 16 bits, an EXIF orientation), shrunk by libvips' reduce: the same pixels.
    @Test func largePicturesAreShownAsLibvipsShowsThem() throws {
        let dir = TempFolder("png-rows")
        defer { dir.remove() }
        let ppm = dir.file("src.ppm")
        Netpbm.write(
            ppm, width: 900, height: 611, channels: 3, sixteenBit: false,
            samples: Texture.samples(width: 900, height: 611, seed: 5))
        let layouts: [(String, [String])] = [
            ("grey.png", ["-colorspace", "Gray"]),
            ("grey-alpha.png", ["-colorspace", "Gray", "-alpha", "set", "-channel", "A", "-fx", "i/w"]),
            ("rgb.png", []), ("rgba.png", ["-alpha", "set", "-channel", "A", "-fx", "j/h"]),
            ("palette.png", ["-colors", "200", "-transparent", "black", "PNG8:"]), ("rgb16.png", ["-depth", "16"]),
        ]
        for (name, options) in layouts {
            let path = dir.file(name)
            let last = options.last == "PNG8:" ? "PNG8:" + path : path
            try Tool.run(["convert", ppm] + options.filter { $0 != "PNG8:" } + [last])
        }
        try Tool.run(["exiftool", "-q", "-Orientation#=6", "-o", dir.file("turned.png"), dir.file("rgb.png")])
        for name in layouts.map(\.0) + ["turned.png"] {
            let path = dir.file(name)
            let before = PNGRowsThumbnail.shortcut.count(path)
            let rows = Self.shown(path, box: 200, libvipsWay: false)
            #expect(rows == Self.shown(path, box: 200, libvipsWay: true), "\(name): \(rows.prefix(80))")
            #expect(
                PNGRowsThumbnail.shortcut.count(path) == before + 1, "\(name) not read from libspng's rows: \(rows.prefix(100))")
        }
        #expect(Self.shown(dir.file("turned.png"), box: 2000, libvipsWay: false).hasPrefix("611×900"))
    }

    /// Damaged PNGs (PngSuite's kinds of damage, made from a valid file) and the odd files: each is shown or
    /// refused exactly as libvips' own load does, with the same line.
    @Test func damagedAndOddFilesEndAsToday() throws {
        let dir = TempFolder("png-rows-damaged")
        defer { dir.remove() }
        let good = try #require(PngSuiteTests.valid.first { $0.hasSuffix("basn2c08.png") })
        var files = PngSuiteTests.files.filter { ($0 as NSString).lastPathComponent.hasPrefix("x") }
        for (name, data) in PngSuiteTests.corruptions(of: [UInt8](try #require(bytes(of: good)))) {
            let path = dir.file("\(name).png")
            FileManager.default.createFile(atPath: path, contents: Data(data))
            files.append(path)
        }
        files += try OddFiles.make(in: dir.file("odd")).filter { $0.name.hasSuffix(".png") }.map(\.path)
        #expect(files.count >= 14)
        for path in files {
            let rows = Self.shown(path, box: 64, libvipsWay: false)
            #expect(
                rows == Self.shown(path, box: 64, libvipsWay: true),
                "\((path as NSString).lastPathComponent): \(rows.prefix(120))")
        }
    }
}
