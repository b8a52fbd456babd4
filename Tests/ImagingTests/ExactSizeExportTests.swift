// Exports at an exact size: W × H whatever the crop, pixels like ImageMagick's `-resize WxH!`, resolution written, ratio checked.

import CropKit
import Foundation
import Imaging
import Testing
import Wording

@Suite struct ExactSizeExportTests {
    /// ImageMagick's mean absolute difference of two pictures, in levels of 255.
    static func meanDifference(_ a: String, _ b: String) throws -> Double {
        let report = try Tool.run([Tool.compare, "-metric", "MAE", a, b, "null:"], allowFailure: true).err
        guard let value = report.split(separator: "(").last?.split(separator: ")").first.flatMap({ Double($0) }) else {
            throw CommandFailed(command: [Tool.compare, a, b], status: -1, stderr: report)
        }
        return value * 255
    }

    /// Our Lanczos 3 with separate factors against ImageMagick's Lanczos (3 lobes) forced to W × H:
    /// down, up, and both at once, on crops whose ratio is W:H only to within a pixel.
    @Test func scaledPixelsAreImageMagicksResize() throws {
        let dir = TempFolder("exact-magick")
        defer { dir.remove() }
        let src = try OutputSizeExportTests.source(dir)
        let cases: [(PixelRect, PixelSize)] = [
            (PixelRect(x: 13, y: 7, width: 241, height: 301 - 12), PixelSize(width: 100, height: 120)),
            (PixelRect(x: 50, y: 40, width: 61, height: 76), PixelSize(width: 256, height: 320)),
            (PixelRect(x: 0, y: 0, width: 400, height: 300), PixelSize(width: 1920, height: 1440)),
            (PixelRect(x: 101, y: 3, width: 99, height: 99), PixelSize(width: 512, height: 512)),
        ]
        for (index, (crop, size)) in cases.enumerated() {
            let out = dir.file("out\(index).png"), ref = dir.file("ref\(index).png")
            let result = try CropExporter.export(
                source: src, crop: crop, output: out, options: ExportOptions(outputSize: .pixels(size)))
            #expect(result.width == size.width && result.height == size.height)
            #expect(try Tool.vipsSize(out) == size.description)
            #expect(try Tool.identify("%w %h", out) == "\(size.width) \(size.height)")
            try Tool.run([
                Tool.convert, src, "-crop", crop.description, "+repage", "-filter", "Lanczos", "-resize", "\(size)!", ref,
            ])
            let difference = try Self.meanDifference(out, ref)
            #expect(difference <= 2, "\(crop) → \(size): mean difference \(difference) levels")
        }
    }

    /// A real-export sample of the model's property: random sources (odd sizes, one-pixel sides), EXIF
    /// orientations, the user's turns and straightening; crops of the size's ratio as the window
    /// rounds them. Every file is exactly W × H.
    @Test func randomCropsComeOutExactly() throws {
        let dir = TempFolder("exact-random")
        defer { dir.remove() }
        var random = Xorshift(state: 2025)
        var exported = 0
        for index in 0..<24 {
            let stored = (random.chance(0.15) ? 1 : random.int(1...157), random.chance(0.15) ? 1 : random.int(1...143))
            let orientation = [
                "TopLeft", "TopRight", "BottomRight", "BottomLeft", "LeftTop", "RightTop", "RightBottom", "LeftBottom",
            ][random.int(0...7)]
            let src = dir.file("src\(index).jpg")
            try Tool.run([
                Tool.convert, "-size", "\(stored.0)x\(stored.1)", "gradient:red-blue", "-orient", "\(orientation)", src,
            ])
            let info = try ImageProbe.probe(path: src)
            let transform = ImageOrientation.allCases[random.int(0...7)]
            let shown = transform.displayedSize(storedWidth: info.width, storedHeight: info.height)
            let angle =
                random.chance(0.3) && min(shown.width, shown.height) > 8
                ? StraightenAngle(degrees: random.double(-20...20)) : .zero
            var size = OutputSize.pixels(PixelSize(width: random.int(1...300), height: random.int(1...300)))
            if random.chance(0.3) {
                size = .print(
                    PrintSize(width: random.double(0.2...3), height: random.double(0.2...3), unit: .centimetres, ppi: 90)!)
            }
            let exact = size.exactPixels!
            let turned = TurnedPicture(width: shown.width, height: shown.height, angle: angle)
            let aspect = Double(exact.width) / Double(exact.height)
            guard let crop = turned.largestCrop(aspect: aspect, centredAt: CropPoint(x: 0.5, y: 0.5)) else { continue }
            let rect = turned.pixelRect(for: crop)
            guard size.matches(cropWidth: rect.width, cropHeight: rect.height) else { continue }
            let out = dir.file("out\(index).\(["png", "jpg", "webp", "tif"][index % 4])")
            let result = try CropExporter.export(
                source: src, crop: rect, output: out,
                options: ExportOptions(transform: transform, outputSize: size, straighten: angle))
            #expect(result.width == exact.width && result.height == exact.height)
            exported += 1
            #expect(
                try Tool.vipsSize(out) == exact.description, "\(stored) \(orientation) \(transform) \(angle) \(rect) → \(exact)")
        }
        #expect(exported >= 18, "most samples had a crop to export")
    }

    /// The crop must have the size's ratio: otherwise one typed refusal naming both ratios, nothing written.
    @Test func aRatioMismatchIsRefused() throws {
        let dir = TempFolder("exact-mismatch")
        defer { dir.remove() }
        let src = try OutputSizeExportTests.source(dir)
        let out = dir.file("out.png")
        let error = imagingError {
            try CropExporter.export(
                source: src, crop: PixelRect(x: 0, y: 0, width: 300, height: 200), output: out,
                options: ExportOptions(outputSize: .pixels(PixelSize(width: 1080, height: 1350))))
        }
        #expect(
            error
                == .invalidRequest(
                    .ratioMismatch(crop: PixelSize(width: 300, height: 200), size: PixelSize(width: 1080, height: 1350))))
        #expect(
            error?.message == "the crop is 300×200, a ratio of 3:2, but 1080×1350 needs 4:5: crop to that ratio first")
        #expect(!exists(out))
    }

    /// The resolution as exiftool reads it back: JFIF density and EXIF X/YResolution for JPEG, pHYs for
    /// PNG, TIFF's tags; WebP has no field for it. Without one asked for, the source's stays.
    @Test func theResolutionGoesIntoTheFile() throws {
        let dir = TempFolder("exact-resolution")
        defer { dir.remove() }
        let src = dir.file("src.jpg")
        // A source at 72 dpi with EXIF saying so.
        try Tool.run([Tool.convert, "-size", "600x400", "gradient:red-blue", "-density", "72", "-units", "PixelsPerInch", src])
        try Tool.run([
            "exiftool", "-q", "-overwrite_original", "-XResolution=72", "-YResolution=72", "-ResolutionUnit=inches", src,
        ])
        let crop = PixelRect(x: 0, y: 0, width: 600, height: 400)
        let print = OutputSize.print(try #require(PrintSize(parsing: "15x10cm")))
        let tags = try exportedTags(src, crop: crop, options: ExportOptions(outputSize: print), dir: dir, prefix: "print")
        check(tags, ppi: 300, size: "1772x1181")
        // Only written: the pixels are the crop's own.
        let written = try exportedTags(src, crop: crop, options: ExportOptions(resolution: 240), dir: dir, prefix: "only")
        check(written, ppi: 240, size: "600x400")
        // Neither: the source's 72 is kept through a scaling.
        let kept = try exportedTags(src, crop: crop, options: ExportOptions(outputSize: 300), dir: dir, prefix: "kept")
        check(kept, ppi: 72, size: "300x200", jfif: false)
    }

    /// A lossless JPEG cut writes no pixels: the resolution goes into its JFIF header and EXIF.
    @Test func aLosslessCutCarriesTheResolution() throws {
        let dir = TempFolder("exact-lossless-resolution")
        defer { dir.remove() }
        let src = dir.file("src.jpg")
        try Texture.jpeg(src, width: 320, height: 240)
        let out = dir.file("out.jpg")
        let result = try CropExporter.export(
            source: src, crop: PixelRect(x: 16, y: 16, width: 160, height: 160), output: out,
            options: ExportOptions(lossless: true, resolution: 600))
        #expect(result.lossless)
        let tags = try Tool.exif(out)
        #expect(tags["JFIF:XResolution"] as? Int == 600 && tags["JFIF:ResolutionUnit"] as? Int == 1, "\(tags)")
        if tags.keys.contains(where: { $0.hasSuffix("IFD0:XResolution") }) {
            #expect(tags["EXIF:IFD0:XResolution"] as? Int == 600)
        }
    }

    private func exportedTags(
        _ src: String, crop: PixelRect, options: ExportOptions, dir: TempFolder, prefix: String
    ) throws -> [String: (tags: [String: Any], size: String)] {
        var found: [String: (tags: [String: Any], size: String)] = [:]
        for ext in ["jpg", "png", "tif"] {
            let out = dir.file("\(prefix).\(ext)")
            _ = try CropExporter.export(source: src, crop: crop, output: out, options: options)
            found[ext] = (try Tool.exif(out), try Tool.vipsSize(out))
        }
        return found
    }

    private func check(
        _ found: [String: (tags: [String: Any], size: String)], ppi: Int, size: String, jfif: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        // exiftool's keys: `JFIF:XResolution`, `EXIF:IFD0:XResolution`, `PNG:PNG-pHYs:PixelsPerUnitX`.
        func number(_ tags: [String: Any], _ key: String) -> Double? {
            let group = key.split(separator: ":").first.map(String.init) ?? "",
                name = key.split(separator: ":").last.map(String.init) ?? ""
            return tags.first { $0.key.hasPrefix(group + ":") && $0.key.hasSuffix(":" + name) }.flatMap {
                ($0.value as? NSNumber)?.doubleValue
            }
        }
        for (ext, (tags, written)) in found.sorted(by: { $0.key < $1.key }) {
            #expect(written == size, "\(ext)", sourceLocation: sourceLocation)
            switch ext {
            case "jpg":
                if jfif {
                    #expect(number(tags, "JFIF:XResolution") == Double(ppi), "\(tags)", sourceLocation: sourceLocation)
                    #expect(number(tags, "JFIF:YResolution") == Double(ppi), sourceLocation: sourceLocation)
                    #expect(number(tags, "JFIF:ResolutionUnit") == 1, sourceLocation: sourceLocation)
                }
                #expect(number(tags, "EXIF:IFD0:XResolution") == Double(ppi), "\(tags)", sourceLocation: sourceLocation)
                #expect(number(tags, "EXIF:IFD0:ResolutionUnit") == 2, sourceLocation: sourceLocation)
            case "png":
                // pHYs holds pixels per metre: 300 ppi is 11811.
                let perMetre = (Double(ppi) / 0.0254).rounded()
                #expect(
                    number(tags, "PNG:PNG:PixelsPerUnitX").map { abs($0 - perMetre) <= 1 } == true, "\(tags)",
                    sourceLocation: sourceLocation)
                #expect(number(tags, "PNG:PNG:PixelUnits") == 1, sourceLocation: sourceLocation)
            default:
                let x = tags.first { $0.key.hasSuffix("IFD0:XResolution") }.flatMap { ($0.value as? NSNumber)?.doubleValue }
                let unit = tags.first { $0.key.hasSuffix("IFD0:ResolutionUnit") }.flatMap { ($0.value as? NSNumber)?.intValue }
                #expect(x.map { abs($0 - Double(ppi)) < 0.01 } == true, "\(tags)", sourceLocation: sourceLocation)
                #expect(unit == 2, sourceLocation: sourceLocation)
            }
        }
    }
}

/// A seeded xorshift generator, so the sample is the same every run.
private struct Xorshift: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
    mutating func double(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &self) }
    mutating func chance(_ p: Double) -> Bool { double(0...1) < p }
}
