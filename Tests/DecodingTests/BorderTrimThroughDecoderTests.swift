// Trim Borders' measure in the confined decoder on generated screenshots, against ImageMagick's `-fuzz N% -trim`.

import CropKit
import Decoding
import Foundation
import Imaging
import OddFiles
import Testing

@Suite struct BorderTrimThroughDecoderTests {
    /// Each screenshot with a border, the tolerances tried on it, and how many pixels a side our box may
    /// differ from ImageMagick's (a JPEG's noise makes single pixels near the edge flip either way).
    static let bordered: [(GeneratedScreenshot, [Int], Int)] = [
        (.plainBorder, [0, 10, 30], 0), (.noisyJPEGBorder, [10, 20], 2), (.transparentBorder, [0, 10, 20], 0),
        (.touchingAnEdge, [0, 10], 0),
    ]

    @Test(arguments: 0..<bordered.count)
    func theContentBoxIsImageMagicksTrim(_ index: Int) throws {
        let (shot, tolerances, slack) = Self.bordered[index]
        let scratch = Scratch()
        defer { scratch.remove() }
        let path = scratch.file(shot.fileName)
        try shot.make(at: path)
        let info = try DecoderPool.shared.probe(path: path)
        for tolerance in tolerances {
            let oracle = try GeneratedScreenshot.imageMagickTrim(path, fuzz: tolerance)
            let outcome = try DecoderPool.shared.trimBorders(info, from: .file(path), tolerance: tolerance)
            guard case .crop(let rect) = outcome else {
                Issue.record("\(shot) at \(tolerance) %: nothing to trim, ImageMagick trims to \(oracle)")
                continue
            }
            let ours = (rect.x, rect.y, rect.x + rect.width, rect.y + rect.height)
            let theirs = (oracle.x, oracle.y, oracle.x + oracle.width, oracle.y + oracle.height)
            #expect(
                abs(ours.0 - theirs.0) <= slack && abs(ours.1 - theirs.1) <= slack && abs(ours.2 - theirs.2) <= slack
                    && abs(ours.3 - theirs.3) <= slack,
                "\(shot) at \(tolerance) %: \(rect) against ImageMagick's \(oracle)")
        }
    }

    @Test func theWindowIsFoundInsideItsBorderWhateverTheBorder() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        // At the default tolerance the window is what stays: on a plain or noisy border its 180 × 120
        // frame (a pixel more for the antialiased stroke), on a transparent one its frame and the
        // darker part of its shadow.
        for shot in [GeneratedScreenshot.plainBorder, .noisyJPEGBorder] {
            let path = scratch.file(shot.fileName)
            try shot.make(at: path)
            let info = try DecoderPool.shared.probe(path: path)
            let outcome = try DecoderPool.shared.trimBorders(info, from: .file(path))
            guard case .crop(let rect) = outcome else {
                Issue.record("\(shot): nothing to trim")
                continue
            }
            #expect(abs(rect.x - 70) <= 1 && abs(rect.y - 50) <= 1, "\(shot): \(rect)")
            #expect(abs(rect.width - 180) <= 2 && abs(rect.height - 120) <= 2, "\(shot): \(rect)")
        }
    }

    @Test func noBorderIsNothingToTrim() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let path = scratch.file(GeneratedScreenshot.noBorder.fileName)
        try GeneratedScreenshot.noBorder.make(at: path)
        let info = try DecoderPool.shared.probe(path: path)
        // ImageMagick agrees: it keeps the whole picture.
        let oracle = try GeneratedScreenshot.imageMagickTrim(path, fuzz: 10)
        #expect(oracle.width == 400 && oracle.height == 300)
        #expect(try DecoderPool.shared.trimBorders(info, from: .file(path)) == .nothingToTrim)
        // A plain picture is all border: nothing to trim either.
        let plain = scratch.file("plain.png")
        try Tools.run(["convert", "-size", "64x48", "xc:#808080", plain])
        let plainInfo = try DecoderPool.shared.probe(path: plain)
        #expect(try DecoderPool.shared.trimBorders(plainInfo, from: .file(plain)) == .nothingToTrim)
    }

    @Test func theBoxIsOnThePictureAsShownAndAsTurned() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let plain = scratch.file(GeneratedScreenshot.plainBorder.fileName)
        try GeneratedScreenshot.plainBorder.make(at: plain)
        // The same picture stored turned, with EXIF orientation 6 (shown turned 90° clockwise back).
        let stored = scratch.file("stored.jpg")
        try Tools.run(["convert", plain, "-rotate", "-90", "-quality", "95", stored])
        try Tools.run(["exiftool", "-q", "-overwrite_original", "-Orientation=6", "-n", stored])
        let info = try DecoderPool.shared.probe(path: stored)
        #expect(info.width == 400 && info.height == 300)
        let upright = try DecoderPool.shared.trimBorders(info, from: .file(stored))
        guard case .crop(let rect) = upright else {
            Issue.record("nothing to trim")
            return
        }
        #expect(abs(rect.x - 70) <= 2 && abs(rect.y - 50) <= 2 && abs(rect.width - 180) <= 3 && abs(rect.height - 120) <= 3)
        // Turned once more by the user (`--rotate=90`): the box turns with the picture.
        let turned = try DecoderPool.shared.trimBorders(info, from: .file(stored), transform: .right)
        guard case .crop(let turnedRect) = turned else {
            Issue.record("nothing to trim, turned")
            return
        }
        #expect(turnedRect.width == rect.height && turnedRect.height == rect.width)
        #expect(turnedRect.x == 300 - rect.y - rect.height && turnedRect.y == rect.x)
    }

    @Test func aRatioGrowsTheBoxAroundTheContentAndBytesTrimAsTheFile() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let path = scratch.file(GeneratedScreenshot.plainBorder.fileName)
        try GeneratedScreenshot.plainBorder.make(at: path)
        let info = try DecoderPool.shared.probe(path: path)
        let free = try DecoderPool.shared.trimBorders(info, from: .file(path))
        let square = try DecoderPool.shared.trimBorders(info, from: .file(path), ratio: 1)
        guard case .crop(let box) = free, case .crop(let rect) = square else {
            Issue.record("nothing to trim")
            return
        }
        #expect(rect.width == rect.height && rect.width == box.width)
        #expect(rect.x <= box.x && rect.y <= box.y && rect.x + rect.width >= box.x + box.width)
        let bytes = try SealedBytes([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), name: "Pasted Image")
        let fromBytes = try DecoderPool.shared.probe(.bytes(bytes))
        #expect(try DecoderPool.shared.trimBorders(fromBytes, from: .bytes(bytes)) == free)
    }
}
