// The rectified picture the window shows, rendered by the decoder: the export's pixels at display size and in sharp regions.

import CropKit
import Decoding
import Foundation
import Imaging
import OddFiles
import Testing

@Suite struct RectifiedRenderThroughDecoderTests {
    /// A smooth 1600 × 1200 JPEG (blurred plasma), its EXIF orientation `orientation`.
    private func photo(_ scratch: Scratch, orientation: Int = 1) throws -> String {
        let path = scratch.file("photo.jpg")
        try Tools.run([
            "convert", "-seed", "5", "-size", "1600x1200", "plasma:fractal", "-blur", "0x4", "-quality", "95", path,
        ])
        if orientation != 1 { try Tools.run(["exiftool", "-q", "-overwrite_original", "-Orientation#=\(orientation)", path]) }
        return path
    }

    /// A page seen at a slant, its corners as fractions of the picture as shown.
    private func rectification(shown: (width: Int, height: Int)) throws -> Rectification {
        let fractions = [(0.12, 0.08), (0.9, 0.15), (0.85, 0.92), (0.05, 0.8)]
        let quad = PerspectiveQuad(
            fractions.map { CropPoint(x: $0.0 * Double(shown.width), y: $0.1 * Double(shown.height)) })!
        return try Rectification.make(
            quad: quad, picture: PixelSize(width: shown.width, height: shown.height), pixelLimit: Rectification.pixelLimit)
    }

    /// The whole rectified picture exported through the decoder as the command line makes it, into `output`.
    private func export(
        _ info: ImageInfo, _ rectification: Rectification, transform: ImageOrientation, crop: PixelRect? = nil, to output: String
    ) throws {
        var options = ExportOptions()
        options.transform = transform
        options.perspective = rectification
        let whole = PixelRect(x: 0, y: 0, width: rectification.size.width, height: rectification.size.height)
        _ = try DecoderPool.shared.export(info, crop: crop ?? whole, output: output, options: options)
    }

    static let turns: [(Int, ImageOrientation)] = [(1, .up), (6, .up), (1, .right), (3, .upMirrored), (8, .leftMirrored)]

    /// What the window shows at display size: the export's rectified picture, resized to that size by
    /// ImageMagick, to within 2 levels on average, whatever the EXIF orientation and the user's turn.
    @Test(arguments: turns) func theDisplayRenderIsTheExportResized(_ orientation: Int, _ transform: ImageOrientation) throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let info = try DecoderPool.shared.probe(path: try photo(scratch, orientation: orientation))
        let rectification = try rectification(shown: transform.displayedSize(storedWidth: info.width, storedHeight: info.height))
        try export(info, rectification, transform: transform, to: scratch.file("whole.png"))
        let width = 320
        let height = Int((Double(width) * Double(rectification.size.height) / Double(rectification.size.width)).rounded())
        try Tools.run(["convert", scratch.file("whole.png"), "-resize", "\(width)x\(height)!", scratch.file("resized.png")])
        let shown = try DecoderPool.shared.renderRectified(
            info, transform: transform, rectification: rectification, region: .unit, width: width, height: height)
        #expect((shown.pixels.width, shown.pixels.height) == (width, height))
        #expect(shown.region == .unit)
        try writePPM(shown.pixels, to: scratch.file("shown.ppm"))
        let difference = try meanDifference(scratch.file("shown.ppm"), scratch.file("resized.png"))
        print("RECTIFIED display, orientation \(orientation), turn \(transform): mean difference \(difference) levels")
        #expect(difference <= 2, "mean difference \(difference) levels")
    }

    /// A zoomed view's sharp region at the rectified picture's own resolution: the same crop of the export.
    @Test(arguments: turns) func aRegionIsThatCropOfTheExport(_ orientation: Int, _ transform: ImageOrientation) throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let info = try DecoderPool.shared.probe(path: try photo(scratch, orientation: orientation))
        let rectification = try rectification(shown: transform.displayedSize(storedWidth: info.width, storedHeight: info.height))
        let size = rectification.size
        let crop = PixelRect(x: size.width / 3, y: size.height / 4, width: 300, height: 220)
        try export(info, rectification, transform: transform, crop: crop, to: scratch.file("crop.png"))
        let region = CropRect(pixelRect: crop, imageWidth: size.width, imageHeight: size.height)
        let sharp = try DecoderPool.shared.renderRectified(
            info, transform: transform, rectification: rectification, region: region, width: 300, height: 220)
        try writePPM(sharp.pixels, to: scratch.file("sharp.ppm"))
        let difference = try meanDifference(scratch.file("sharp.ppm"), scratch.file("crop.png"))
        print("RECTIFIED region, orientation \(orientation), turn \(transform): mean difference \(difference) levels")
        #expect(difference <= 0.5, "mean difference \(difference) levels")
        // And it is not any crop: one 20 pixels off differs clearly.
        let off = PixelRect(x: crop.x + 20, y: crop.y, width: crop.width, height: crop.height)
        try export(info, rectification, transform: transform, crop: off, to: scratch.file("off.png"))
        #expect(try meanDifference(scratch.file("sharp.ppm"), scratch.file("off.png")) > 4 * max(difference, 0.5))
    }

    /// Shrunk while decoding: a display render of a 6000 × 4000 JPEG, and a sharp region of it at
    /// full resolution, each leave the decoder's peak memory far below the picture decoded whole.
    @Test func aBigPhotoIsNeverDecodedWhole() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let path = try bigNoisePicture(scratch)
        let whole = 6000 * 4000 * 3
        for (region, width, height) in [(CropRect.unit, 600, 400), (CropRect(x: 0.6, y: 0.7, width: 0.1, height: 0.1), 500, 350)]
        {
            let pool = DecoderPool(size: 1)
            let info = try pool.probe(path: path)
            let decoder = try #require(pool.idlePIDs.first)
            let before = try #require(peakResident(decoder))
            let rectification = try rectification(shown: (info.width, info.height))
            let shown = try pool.renderRectified(
                info, transform: .up, rectification: rectification, region: region, width: width, height: height)
            #expect((shown.pixels.width, shown.pixels.height) == (width, height))
            let after = try #require(peakResident(decoder))
            #expect(after - before < whole / 3, "the decoder's peak grew by \((after - before) >> 20) MiB")
        }
    }

    /// Checked before any decoder is asked: a quadrilateral with a problem, with its typed error, and
    /// sizes over the pixel limit; a reply of another size than asked is a decoder's invention.
    @Test func badRequestsAndRepliesAreRefused() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let info = try DecoderPool.shared.probe(path: try photo(scratch))
        let pool = DecoderPool(size: 1)
        let good = try rectification(shown: (info.width, info.height))
        let crossed = Rectification(
            quad: PerspectiveQuad(
                topLeft: good.quad.topLeft, topRight: good.quad.bottomRight, bottomRight: good.quad.topRight,
                bottomLeft: good.quad.bottomLeft),
            size: good.size)
        #expect(throws: ImagingError.invalidRequest(.perspective(.quad(.crossesItself)))) {
            try pool.renderRectified(info, transform: .up, rectification: crossed, region: .unit, width: 100, height: 80)
        }
        // On the picture turned a quarter (1200 wide) the right corners are off it.
        let offIt = QuadProblem.cornerOutside(.topRight, good.quad.topRight, picture: PixelSize(width: 1200, height: 1600))
        #expect(throws: ImagingError.invalidRequest(.perspective(.quad(offIt)))) {
            try pool.renderRectified(info, transform: .right, rectification: good, region: .unit, width: 100, height: 80)
        }
        let limit = Rectification.pixelLimit
        #expect(throws: ImagingError.tooLarge(.output, width: 40_000, height: 40_000, limit: limit)) {
            try pool.renderRectified(info, transform: .up, rectification: good, region: .unit, width: 40_000, height: 40_000)
        }
        #expect(throws: ImagingError.invalidRequest(.emptyRegion)) {
            try pool.renderRectified(
                info, transform: .up, rectification: good, region: CropRect(x: 2, y: 0, width: 1, height: 1), width: 10,
                height: 10)
        }
        #expect(pool.idlePIDs.isEmpty && pool.workingPIDs.isEmpty)
        // A decoder that renders one pixel more each way than asked, its pixels and its words agreeing.
        let hostile = DecoderPool(size: 1, decoderEnvironment: HostileDecoder.resizedRenders.environment)
        #expect(throws: ImagingError.decoderStopped) {
            try hostile.renderRectified(info, transform: .up, rectification: good, region: .unit, width: 100, height: 80)
        }
        let honest = try DecoderPool.shared.renderRectified(
            info, transform: .up, rectification: good, region: .unit, width: 100, height: 80)
        #expect((honest.pixels.width, honest.pixels.height) == (100, 80))
    }

    /// A render cancelled before it starts never reaches a decoder.
    @Test func aCancelledRenderDoesNotStart() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let info = try DecoderPool.shared.probe(path: try photo(scratch))
        let cancellation = RenderCancellation()
        cancellation.cancel()
        #expect(throws: ImagingError.renderCancelled) {
            try DecoderPool.shared.renderRectified(
                info, transform: .up, rectification: try rectification(shown: (info.width, info.height)), region: .unit,
                width: 100, height: 80, cancellation: cancellation)
        }
    }
}

/// RGBA pixels as a binary PPM (their colours; the alpha is opaque here), for ImageMagick to read.
func writePPM(_ pixels: RGBAPixels, to path: String) throws {
    var bytes = Array("P6\n\(pixels.width) \(pixels.height)\n255\n".utf8)
    let rgba = pixels.bytes
    bytes.reserveCapacity(bytes.count + pixels.width * pixels.height * 3)
    for pixel in stride(from: 0, to: rgba.count, by: 4) { bytes += rgba[pixel..<pixel + 3] }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
}

/// ImageMagick's mean absolute difference of two pictures of one size, in 8-bit levels.
func meanDifference(_ a: String, _ b: String) throws -> Double {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["compare", "-metric", "MAE", a, b, "null:"]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    // "1234.5 (0.0188)": the fraction in brackets, of the largest level. Status 2 is an error, 1 only "they differ".
    guard process.terminationStatus < 2, let open = said.firstIndex(of: "("), let close = said.firstIndex(of: ")"),
        let fraction = Double(said[said.index(after: open)..<close])
    else { throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "compare said: \(said)"]) }
    return fraction * 255
}

/// A process's peak resident memory in bytes (`VmHWM`), or nil once it is gone.
func peakResident(_ pid: pid_t) -> Int? {
    statusField("VmHWM", of: pid).flatMap { Int($0.split(separator: " ").first ?? "") }.map { $0 * 1024 }
}
