// The window's picture: a 4000×3000 photo shown at 800×600 RGBA, upright when EXIF says so, colours right at 16 bits.

import CropKit
import Foundation
import Imaging
import Testing

@Suite struct DisplayThumbnailTests {
    /// 4000×3000 stored: red top-left quarter on blue.
    static func makePhoto(_ path: String) throws {
        try Tool.run([
            "convert", "-size", "4000x3000", "xc:blue", "-fill", "red", "-draw", "rectangle 0,0 1999,1499",
            "-quality", "80", path,
        ])
    }

    static func rgb(_ p: RGBAPixels, _ x: Int, _ y: Int) -> [Int] {
        let at = (y * p.width + x) * 4
        return p.bytes[at..<(at + 3)].map(Int.init)
    }

    static func near(_ a: [Int], _ b: [Int]) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= 30 } }

    @Test func aBigPhotoFitsTheBoxAsRGBA() throws {
        let dir = TempFolder("thumb-big")
        defer { dir.remove() }
        let src = dir.file("photo.jpg")
        try Self.makePhoto(src)
        let (info, pixels) = try DisplayThumbnail.load(path: src, maxWidth: 800, maxHeight: 800)
        #expect(info.width == 4000 && info.height == 3000)
        #expect(pixels.width == 800 && pixels.height == 600)
        #expect(pixels.bytes.count == 800 * 600 * 4)
        #expect(Self.near(Self.rgb(pixels, 100, 100), [255, 0, 0]), "top-left is red: \(Self.rgb(pixels, 100, 100))")
        #expect(Self.near(Self.rgb(pixels, 700, 100), [0, 0, 255]), "top-right is blue")
        #expect(Self.near(Self.rgb(pixels, 100, 500), [0, 0, 255]), "bottom-left is blue")
        #expect(stride(from: 3, to: pixels.bytes.count, by: 4).allSatisfy { pixels.bytes[$0] == 255 }, "opaque")
        // Shrinking to a wide box is limited by the height.
        let (_, wide) = try DisplayThumbnail.load(path: src, maxWidth: 1000, maxHeight: 300)
        #expect(wide.width == 400 && wide.height == 300)
    }

    /// Orientation 6: shown a quarter turn clockwise, 3000×4000, so the stored bottom-left (blue) is the top-left
    /// and the stored top-left (red) quarter is the top-right.
    @Test func anOrientationSixPhotoIsShownUpright() throws {
        let dir = TempFolder("thumb-six")
        defer { dir.remove() }
        let src = dir.file("photo.jpg")
        try Self.makePhoto(src)
        JPEGBytes.setOrientation(src, 6)
        let (info, pixels) = try DisplayThumbnail.load(path: src, maxWidth: 800, maxHeight: 800)
        #expect(info.width == 3000 && info.height == 4000 && info.orientation == .right)
        #expect(pixels.width == 600 && pixels.height == 800)
        #expect(pixels.bytes.count == 600 * 800 * 4)
        #expect(Self.near(Self.rgb(pixels, 100, 100), [0, 0, 255]), "top-left is blue: \(Self.rgb(pixels, 100, 100))")
        #expect(Self.near(Self.rgb(pixels, 500, 100), [255, 0, 0]), "top-right is red: \(Self.rgb(pixels, 500, 100))")
        #expect(Self.near(Self.rgb(pixels, 500, 700), [0, 0, 255]), "bottom-right is blue")
    }

    /// libjpeg scales by the largest power of two that still covers the box; the rest is a reduce by less than 2.
    @Test(arguments: [
        (6000, 4000, 1920, 1200, 2), (12248, 8165, 1920, 1200, 4), (4000, 3000, 800, 800, 4), (600, 400, 1920, 1200, 1),
        (3000, 2000, 1500, 1000, 2), (2999, 1999, 1500, 1000, 1), (6000, 4000, 750, 500, 8), (60000, 40000, 100, 100, 8),
        (4000, 6000, 1920, 1200, 4), (0, 0, 100, 100, 1),
    ])
    func libjpegScalesByThePowerOfTwoThatStillCoversTheBox(_ c: (Int, Int, Int, Int, Int)) {
        #expect(DisplayThumbnail.jpegShrink(width: c.0, height: c.1, maxWidth: c.2, maxHeight: c.3) == c.4)
    }

    /// The thumbnail made through libjpeg's scaling looks like ImageMagick's resize of the whole picture (the
    /// oracle), not like a blockier or shifted picture: 2400×1600 of detail into 720×480 (libjpeg's half, then 1.67).
    @Test func aScaledJPEGLooksLikeTheWholePictureResized() throws {
        let dir = TempFolder("thumb-oracle")
        defer { dir.remove() }
        let src = dir.file("detail.jpg")
        try Tool.run(["convert", "-seed", "7", "-size", "2400x1600", "plasma:red-blue", "-quality", "92", src])
        let (_, pixels) = try DisplayThumbnail.load(path: src, maxWidth: 720, maxHeight: 720)
        #expect(pixels.width == 720 && pixels.height == 480)
        let ours = dir.file("ours.ppm"), oracle = dir.file("oracle.png")
        Netpbm.write(
            ours, width: pixels.width, height: pixels.height, channels: 3, sixteenBit: false,
            samples: pixels.bytes.enumerated().compactMap { $0.offset % 4 == 3 ? nil : Int($0.element) })
        try Tool.run(["convert", src, "-resize", "720x480!", oracle])
        let difference = try Tool.rmse(ours, oracle)
        #expect(difference < 0.02, "RMSE against ImageMagick's resize: \(difference)")
        // A picture shifted by one pixel differs far more: the measure can fail.
        let shifted = dir.file("shifted.png")
        try Tool.run(["convert", oracle, "-roll", "+1+1", shifted])
        #expect(try Tool.rmse(ours, shifted) > difference * 1.5)
    }

    @Test func aSmallPictureIsNeverEnlarged() throws {
        let dir = TempFolder("thumb-small")
        defer { dir.remove() }
        try Tool.run(["convert", "-size", "64x48", "xc:lime", dir.file("small.png")])
        let (_, pixels) = try DisplayThumbnail.load(path: dir.file("small.png"), maxWidth: 800, maxHeight: 800)
        #expect(pixels.width == 64 && pixels.height == 48)
        #expect(Self.rgb(pixels, 10, 10) == [0, 255, 0])
    }

    /// 16-bit samples shown as 8-bit are scaled (v / 257), not clipped; grey becomes equal R, G, B.
    @Test func sixteenBitAndGreyAreShownWithTheirColours() throws {
        let dir = TempFolder("thumb-16")
        defer { dir.remove() }
        let w = 20, h = 10
        Netpbm.write(
            dir.file("c.ppm"), width: w, height: h, channels: 3, sixteenBit: true,
            samples: [Int](repeating: 0, count: w * h).flatMap { _ in [0x2020, 0x8080, 0xF0F0] })
        try Tool.run(["convert", dir.file("c.ppm"), dir.file("c.png")])
        let (_, colour) = try DisplayThumbnail.load(path: dir.file("c.png"), maxWidth: 100, maxHeight: 100)
        #expect(Self.rgb(colour, 5, 5) == [0x20, 0x80, 0xF0])
        Netpbm.write(
            dir.file("g.pgm"), width: w, height: h, channels: 1, sixteenBit: true,
            samples: [Int](repeating: 0x6060, count: w * h))
        try Tool.run(["convert", dir.file("g.pgm"), dir.file("g.png")])
        let (_, grey) = try DisplayThumbnail.load(path: dir.file("g.png"), maxWidth: 100, maxHeight: 100)
        #expect(Self.rgb(grey, 5, 5) == [0x60, 0x60, 0x60])
        #expect(grey.bytes[(5 * w + 5) * 4 + 3] == 255)
        // 16-bit grey with alpha, and RGBA: the alpha is scaled like the colours.
        Netpbm.write(
            dir.file("ga.pam"), width: w, height: h, channels: 2, sixteenBit: true,
            samples: [Int](repeating: 0, count: w * h).flatMap { _ in [0x6060, 0x8080] })
        try Tool.run(["convert", dir.file("ga.pam"), dir.file("ga.png")])
        #expect(PNGBytes.header(dir.file("ga.png"))?.colourType == 4)
        let (_, ga) = try DisplayThumbnail.load(path: dir.file("ga.png"), maxWidth: 100, maxHeight: 100)
        #expect(Array(ga.bytes[0..<4]) == [0x60, 0x60, 0x60, 0x80])
        Netpbm.write(
            dir.file("ca.pam"), width: w, height: h, channels: 4, sixteenBit: true,
            samples: [Int](repeating: 0, count: w * h).flatMap { _ in [0x2020, 0x8080, 0xF0F0, 0x4040] })
        try Tool.run(["convert", dir.file("ca.pam"), dir.file("ca.png")])
        let (_, ca) = try DisplayThumbnail.load(path: dir.file("ca.png"), maxWidth: 100, maxHeight: 100)
        #expect(Array(ca.bytes[0..<4]) == [0x20, 0x80, 0xF0, 0x40])
    }

    /// A CMYK JPEG (print workflows) is shown and exported in RGB with its colours, not as four raw channels.
    @Test func aCMYKJPEGIsShownAndExportedInRGB() throws {
        let dir = TempFolder("thumb-cmyk")
        defer { dir.remove() }
        let src = dir.file("cmyk.jpg")
        try Tool.run(["convert", "-size", "40x30", "xc:red", "-colorspace", "CMYK", "-quality", "95", src])
        #expect(try Tool.identify("%[colorspace]", src) == "CMYK")
        let (_, pixels) = try DisplayThumbnail.load(path: src, maxWidth: 100, maxHeight: 100)
        #expect(pixels.width == 40 && pixels.height == 30)
        let shown = Self.rgb(pixels, 20, 15)
        #expect(shown[0] > 200 && shown[1] < 60 && shown[2] < 60, "shown \(shown)")
        let out = dir.file("out.png")
        try CropExporter.export(source: src, crop: PixelRect(x: 0, y: 0, width: 40, height: 30), output: out)
        let px = try Tool.decode(out)
        let centre = (15 * 40 + 20) * 3
        #expect(
            px.count == 40 * 30 * 3 && px[centre] > 200 && px[centre + 1] < 60 && px[centre + 2] < 60,
            "exported \(px.count == 40 * 30 * 3 ? Array(px[centre..<(centre + 3)]) : [])")
    }
}
