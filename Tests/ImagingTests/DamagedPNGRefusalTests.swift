// A PNG whose last image-data checksum is wrong is refused by every decode, every time, never shown half decoded.

import CropKit
import Foundation
import Imaging
import Testing

/// libvips' PNG load finds a wrong checksum of the last image-data chunk in a worker thread, and now
/// and then that failure is lost on its way out: the call succeeds with rows never written. These
/// files are decoded round after round by each way the window and the export read a picture; each
/// must refuse them every time, with a line, and leave nothing written.
@Suite(.serialized) struct DamagedPNGRefusalTests {
    /// Rounds for the small file and the big one: the loss shows in a few rounds of the small one in a run.
    static let rounds = [30, 6]

    /// `good` with the checksum of its last IDAT chunk flipped.
    static func lastChecksumFlipped(_ good: [UInt8]) -> [UInt8] {
        var bytes = good, at = 8, last: Int?
        while at + 8 <= bytes.count {
            let length = bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
            if String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self) == "IDAT" { last = at + 8 + length }
            at += 12 + length
        }
        if let last { bytes[last] ^= 0xFF }
        return bytes
    }

    /// The damaged files: PngSuite's small one (one chunk) and a photo-sized one in many chunks.
    static func damagedFiles(in dir: TempFolder) throws -> [String] {
        let small = try #require(PngSuiteTests.valid.first { $0.hasSuffix("basn2c08.png") })
        let big = dir.file("plasma-good.png")
        try Tool.run(["convert", "-size", "900x600", "plasma:fractal", "-depth", "8", "-define", "png:chunk-max=8192", big])
        return try [("small", small), ("big", big)].map { name, path in
            let out = dir.file("\(name)-last-crc.png")
            let good = [UInt8](try #require(bytes(of: path)))
            let damaged = Self.lastChecksumFlipped(good)
            #expect(damaged != good)
            FileManager.default.createFile(atPath: out, contents: Data(damaged))
            return out
        }
    }

    @Test func everyDecodeRefusesItEveryRound() throws {
        let dir = TempFolder("damaged-png")
        defer { dir.remove() }
        let files = try Self.damagedFiles(in: dir)
        var shown: [String] = []
        // Each way's line for each file, over the rounds: one line, whether libvips' failure reached it or was lost.
        var lines: [String: Set<String>] = [:]
        for (path, rounds) in zip(files, Self.rounds) {
            for round in 0..<rounds {
                let name = "\((path as NSString).lastPathComponent) round \(round)"
                let out = dir.file("out.png")
                // The whole picture, down to the rows whose checksum is wrong (a crop above them never reads it).
                let info = try ImageProbe.probe(path: path)
                let whole = PixelRect(x: 0, y: 0, width: info.width, height: info.height)
                let refusals: [(String, ImagingError?)] = [
                    ("export", imagingError { try CropExporter.export(source: path, crop: whole, output: out) }),
                    ("thumbnail", imagingError { try DisplayThumbnail.load(path: path, maxWidth: 64, maxHeight: 64) }),
                    ("libvips' thumbnail", imagingError { try Self.libvipsThumbnail(path) }),
                    (
                        "region",
                        imagingError { try RegionRender.render(try ImageProbe.probe(path: path), region: .unit, scale: 1) }
                    ),
                    ("smart crop", imagingError { try SmartCrop.suggest(path: path, target: .ratio(1)) }),
                    ("trim", imagingError { try BorderContent.find(path: path) }),
                ]
                for (way, refusal) in refusals {
                    if refusal == nil || refusal?.message.isEmpty == true { shown.append("\(way): \(name)") }
                    lines["\(way): \((path as NSString).lastPathComponent)", default: []].insert(refusal?.message ?? "")
                }
                #expect(!FileManager.default.fileExists(atPath: out), "\(name): an output was left")
            }
        }
        #expect(shown.isEmpty, "decoded instead of refused: \(shown.prefix(8))")
        #expect(
            lines.filter { $0.value.count > 1 }.isEmpty, "refused with different lines: \(lines.filter { $0.value.count > 1 })")
        #expect(dir.strayTemporaries.isEmpty)
    }

    /// The thumbnail made by libvips' own load, as when libspng's rows give up.
    static func libvipsThumbnail(_ path: String) throws -> RGBAPixels {
        PNGRowsThumbnail.shortcut.takeLibvipsWay(path, true)
        defer { PNGRowsThumbnail.shortcut.takeLibvipsWay(path, false) }
        return try DisplayThumbnail.load(path: path, maxWidth: 64, maxHeight: 64).pixels
    }
}
