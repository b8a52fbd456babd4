// A zoomed view's sharp region: the picture's pixels at scale 1, ImageMagick's resize otherwise, upright for all 8 orientations.

import CropKit
import Foundation
import Imaging
import Testing

@Suite struct RegionRenderTests {
    /// A noisy picture: every pixel differs from its neighbours, so an off-by-one shows.
    static func makeNoise(_ path: String, size: String = "600x400") throws {
        try Tool.run(["convert", "-size", size, "xc:", "+noise", "Random", "-depth", "8", path])
    }

    @Test func atScaleOneTheRegionIsThePicturesOwnPixels() throws {
        let dir = TempFolder("region1")
        defer { dir.remove() }
        let src = dir.file("noise.png")
        try Self.makeNoise(src)
        let info = try ImageProbe.probe(path: src)
        let rendered = try RegionRender.render(info, region: CropRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5), scale: 1)
        #expect(rendered.pixels.width == 300 && rendered.pixels.height == 200)
        #expect(rendered.region == CropRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
        let cut = dir.file("cut.png")
        try Tool.run(["convert", src, "-crop", "300x200+150+100", "+repage", cut])
        let expected = try Tool.decode(cut, channels: "rgba")
        #expect(rendered.pixels.bytes.map(Int.init) == expected, "not the picture's own pixels")
    }

    @Test func aRegionBetweenPixelsIsCutOutwardAndSaysSo() throws {
        let dir = TempFolder("region2")
        defer { dir.remove() }
        let src = dir.file("noise.png")
        try Self.makeNoise(src)
        let info = try ImageProbe.probe(path: src)
        // 100.5 … 200.25 across: whole pixels 100 … 201.
        let rendered = try RegionRender.render(
            info, region: CropRect(left: 100.5 / 600, top: 0, right: 200.25 / 600, bottom: 0.5), scale: 1)
        #expect(rendered.pixels.width == 101 && rendered.pixels.height == 200)
        #expect(abs(rendered.region.minX - 100.0 / 600) < 1e-12 && abs(rendered.region.maxX - 201.0 / 600) < 1e-12)
    }

    @Test func scaledUpItMatchesImageMagicksScaling() throws {
        let dir = TempFolder("region3")
        defer { dir.remove() }
        let src = dir.file("smooth.png")
        try Tool.run(["convert", "-size", "400x300", "gradient:red-blue", src])
        let info = try ImageProbe.probe(path: src)
        let rendered = try RegionRender.render(info, region: CropRect(x: 0.5, y: 0.5, width: 0.25, height: 0.25), scale: 4)
        #expect(rendered.pixels.width == 400 && rendered.pixels.height == 300)
        // Compare against ImageMagick's own 4× scale of the same cut, away from the borders.
        let scaled = dir.file("scaled.png")
        try Tool.run(["convert", src, "-crop", "100x75+200+150", "+repage", "-filter", "Lanczos", "-resize", "400%", scaled])
        let reference = try Tool.decode(scaled, channels: "rgba")
        #expect(reference.count == rendered.pixels.bytes.count)
        var worst = 0
        for y in stride(from: 20, to: 280, by: 7) {
            for x in stride(from: 20, to: 380, by: 7) {
                let i = (y * 400 + x) * 4
                for c in 0..<3 { worst = max(worst, abs(Int(rendered.pixels.bytes[i + c]) - reference[i + c])) }
            }
        }
        #expect(worst <= 6, "worst channel difference \(worst)")
    }

    @Test(arguments: 1...8) func theRegionIsUprightForEveryOrientation(orientation: Int) throws {
        let dir = TempFolder("region-o\(orientation)")
        defer { dir.remove() }
        let src = dir.file("src.jpg")
        try OrientationTests.makeSource(src, orientation: orientation)
        let info = try ImageProbe.probe(path: src)
        let expected = Array(OrientationTests.upright[orientation]!)
        // Each quadrant of the upright picture, rendered on its own at scale 2.
        for (index, (x, y)) in [(0.0, 0.0), (0.5, 0.0), (0.0, 0.5), (0.5, 0.5)].enumerated() {
            let rendered = try RegionRender.render(info, region: CropRect(x: x, y: y, width: 0.5, height: 0.5), scale: 2)
            #expect(rendered.pixels.width == info.width && rendered.pixels.height == info.height)
            let middle = OrientationTests.middleColour(
                rendered.pixels.bytes.map(Int.init), width: rendered.pixels.width,
                height: rendered.pixels.height, channels: 4)
            #expect(
                OrientationTests.close(middle, OrientationTests.colours[expected[index]]!, 40),
                "orientation \(orientation), quadrant \(index): \(middle) is not \(expected[index])")
        }
    }

    @Test func aHugeJPEGIsShrunkWhileDecodingAndStaysSmall() throws {
        let dir = TempFolder("region4")
        defer { dir.remove() }
        let src = dir.file("big.jpg")
        try Tool.run(["convert", "-size", "4000x3000", "gradient:white-black", "-quality", "85", src])
        let info = try ImageProbe.probe(path: src)
        // The whole picture at an eighth: 500 × 375, decoded at 1/8 by libjpeg.
        let rendered = try RegionRender.render(info, region: .unit, scale: 0.125)
        #expect(rendered.pixels.width == 500 && rendered.pixels.height == 375)
    }

    @Test func anEmptyRegionIsRefused() throws {
        let dir = TempFolder("region5")
        defer { dir.remove() }
        let src = dir.file("noise.png")
        try Self.makeNoise(src)
        let info = try ImageProbe.probe(path: src)
        #expect(
            imagingError { try RegionRender.render(info, region: CropRect(x: 2, y: 2, width: 1, height: 1), scale: 1) } != nil)
        #expect(imagingError { try RegionRender.render(info, region: .unit, scale: .nan) } != nil)
    }

    /// JPEG regions come from libjpeg's partial decoding: the same pixels ImageMagick decodes there.
    @Test func aJPEGRegionIsWhatADecoderShowsThere() throws {
        let dir = TempFolder("region-jpeg")
        defer { dir.remove() }
        let src = dir.file("photo.jpg")
        try Tool.run([Tool.convert, "-size", "640x480", "-seed", "4", "plasma:fractal", "-quality", "92", src])
        let info = try ImageProbe.probe(path: src)
        // 200.5 … 400 across, 300 … 420 down: libjpeg widens the columns to whole blocks.
        let rendered = try RegionRender.render(
            info,
            region: CropRect(
                left: 200.5 / 640, top: 300.0 / 480,
                right: 400.0 / 640, bottom: 420.0 / 480), scale: 1)
        let left = Int((rendered.region.minX * 640).rounded()), top = Int((rendered.region.minY * 480).rounded())
        #expect(left <= 200 && top == 300 && rendered.pixels.height == 120)
        #expect(left + rendered.pixels.width >= 400)
        let cut = dir.file("cut.png")
        try Tool.run([Tool.convert, src, "-crop", "\(rendered.pixels.width)x120+\(left)+300", "+repage", cut])
        let expected = try Tool.decode(cut, channels: "rgba")
        #expect(expected.count == rendered.pixels.bytes.count)
        let worst = zip(expected, rendered.pixels.bytes).map { abs($0 - Int($1)) }.max() ?? 255
        #expect(worst <= 2, "worst difference from ImageMagick's decode: \(worst)")
    }

    /// libjpeg cannot turn CMYK into RGB: such a JPEG takes the libvips path and still renders.
    @Test func aCMYKJPEGRegionStillRenders() throws {
        let dir = TempFolder("region-cmyk")
        defer { dir.remove() }
        let src = dir.file("cmyk.jpg")
        try Tool.run([Tool.convert, "-size", "200x100", "xc:red", "-colorspace", "CMYK", src])
        let info = try ImageProbe.probe(path: src)
        let rendered = try RegionRender.render(info, region: CropRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5), scale: 1)
        #expect(rendered.pixels.width == 100 && rendered.pixels.height == 50)
        let middle = Array(rendered.pixels.bytes[(25 * 100 + 50) * 4..<(25 * 100 + 50) * 4 + 3]).map(Int.init)
        #expect(middle[0] > 200 && middle[1] < 60 && middle[2] < 60, "not red: \(middle)")
    }
}
