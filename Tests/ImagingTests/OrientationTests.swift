// EXIF orientations 1–8: probe, thumbnail and export all see the upright picture, and the output is tagged upright.

import CropKit
import Foundation
import Imaging
import Testing

@Suite struct OrientationTests {
    /// The stored picture's quadrants (64×48 stored, 32×24 each): A top-left, B top-right, C bottom-left, D bottom-right.
    static let colours: [Character: [Int]] = ["A": [255, 0, 0], "B": [0, 255, 0], "C": [0, 0, 255], "D": [255, 255, 0]]

    /// Worked out by hand from the EXIF definitions, which stored quadrant shows at the upright
    /// top-left, top-right, bottom-left, bottom-right:
    /// 2 mirrors left-right; 3 turns half; 4 mirrors top-bottom; 5 transposes (x↔y);
    /// 6 is shown turned a quarter clockwise (stored bottom-left goes to the top-left);
    /// 7 transposes across the other diagonal; 8 is shown turned a quarter anticlockwise.
    static let upright: [Int: String] = [
        1: "ABCD", 2: "BADC", 3: "DCBA", 4: "CDAB", 5: "ACBD", 6: "CADB", 7: "DBCA", 8: "BDAC",
    ]

    static func makeSource(_ path: String, orientation: Int) throws {
        try Tool.run([
            "convert", "-size", "64x48", "xc:yellow",
            "-fill", "red", "-draw", "rectangle 0,0 31,23",
            "-fill", "lime", "-draw", "rectangle 32,0 63,23",
            "-fill", "blue", "-draw", "rectangle 0,24 31,47",
            "-sampling-factor", "1x1", "-quality", "95", path,
        ])
        JPEGBytes.setOrientation(path, orientation)
    }

    /// The mean colour of the middle of an RGB buffer (edges left out: JPEG blurs them).
    static func middleColour(_ px: [Int], width: Int, height: Int, channels: Int = 3) -> [Int] {
        var sum = [0, 0, 0], n = 0
        for y in (height / 4)..<(height * 3 / 4) {
            for x in (width / 4)..<(width * 3 / 4) {
                for c in 0..<3 { sum[c] += px[(y * width + x) * channels + c] }
                n += 1
            }
        }
        return sum.map { $0 / max(n, 1) }
    }

    static func close(_ a: [Int], _ b: [Int], _ tolerance: Int = 24) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test(arguments: 1...8) func exportShowsTheUprightPicture(orientation: Int) throws {
        let dir = TempFolder("orient\(orientation)")
        defer { dir.remove() }
        let src = dir.file("src.jpg")
        try Self.makeSource(src, orientation: orientation)

        let info = try ImageProbe.probe(path: src)
        #expect(info.orientation.rawValue == orientation)
        #expect(info.storedWidth == 64 && info.storedHeight == 48)
        let (w, h) = orientation >= 5 ? (48, 64) : (64, 48)
        #expect(info.width == w && info.height == h, "upright size for orientation \(orientation)")

        // Each quadrant of the upright picture, cropped and exported to PNG.
        let quadrants = [(0, 0), (w / 2, 0), (0, h / 2), (w / 2, h / 2)]
        let expected = Array(Self.upright[orientation]!)
        for (i, (qx, qy)) in quadrants.enumerated() {
            let out = dir.file("q\(i).png")
            let result = try CropExporter.export(
                source: src, crop: PixelRect(x: qx, y: qy, width: w / 2, height: h / 2), output: out)
            #expect(result.width == w / 2 && result.height == h / 2)
            #expect(try Tool.size(out) == (w / 2, h / 2))
            let colour = Self.middleColour(try Tool.decode(out), width: w / 2, height: h / 2)
            let want = Self.colours[expected[i]]!
            #expect(
                Self.close(colour, want),
                "orientation \(orientation), upright quadrant \(i): got \(colour), want \(expected[i]) \(want)")
        }

        // A re-encoded JPEG of the whole picture: upright pixels, tagged upright.
        let jpg = dir.file("whole.jpg")
        try CropExporter.export(source: src, crop: PixelRect(x: 0, y: 0, width: w, height: h), output: jpg)
        #expect(try Tool.size(jpg) == (w, h))
        // exiftool, in one run: the source has the orientation written into it, every output is upright.
        let outputs = (0..<4).map { dir.file("q\($0).png") } + [jpg]
        let tags = try Tool.exif([src] + outputs)
        #expect(tags[src]?.int("Orientation") == orientation, "the fixture's own tag")
        for out in outputs {
            let tag = tags[out]?.int("Orientation")
            #expect(
                tag == nil || tag == 1, "orientation \(orientation): \((out as NSString).lastPathComponent) is tagged \(tag ?? 0)"
            )
        }
        let px = try Tool.decode(jpg)
        let topLeft = Array(px[((4 * w) + 4) * 3..<((4 * w) + 4) * 3 + 3])
        #expect(Self.close(topLeft, Self.colours[expected[0]]!), "orientation \(orientation): whole JPEG top-left \(topLeft)")
        // Re-reading the output: already upright, so probe sees it as stored.
        let back = try ImageProbe.probe(path: jpg)
        #expect(back.orientation == .up && back.width == w && back.height == h)
    }

    @Test(arguments: 1...8) func displayThumbnailIsUpright(orientation: Int) throws {
        let dir = TempFolder("thumb\(orientation)")
        defer { dir.remove() }
        let src = dir.file("src.jpg")
        try Self.makeSource(src, orientation: orientation)
        let (w, h) = orientation >= 5 ? (48, 64) : (64, 48)
        let (info, pixels) = try DisplayThumbnail.load(path: src, maxWidth: 1000, maxHeight: 1000)
        #expect(info.width == w && info.height == h)
        #expect(pixels.width == w && pixels.height == h, "never enlarged, upright")
        #expect(pixels.bytes.count == w * h * 4)
        let expected = Array(Self.upright[orientation]!)
        let corners = [(4, 4), (w - 5, 4), (4, h - 5), (w - 5, h - 5)]
        for (i, (x, y)) in corners.enumerated() {
            let at = (y * w + x) * 4
            let rgb = pixels.bytes[at..<(at + 3)].map(Int.init)
            #expect(Self.close(rgb, Self.colours[expected[i]]!), "orientation \(orientation), corner \(i): \(rgb)")
            #expect(pixels.bytes[at + 3] == 255)
        }
    }
}
