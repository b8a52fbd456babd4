// Files the crop decoded alone gives back to libvips' way (CMYK, 12-bit, data cut short or damaged, odd files): as today.

import CropKit
import Foundation
import Imaging
import OddFiles
import Testing

@Suite(.serialized) struct JPEGCropDecodeRefusalTests {
    init() { JPEGCropDecode.shortcut.keep() }

    typealias Decode = JPEGCropDecodeTests

    /// The export of `crop` with the crop decoded alone and with libvips' load (today's way) ends the
    /// same: the same bytes written, or the same line of refusal. Returns that outcome.
    @discardableResult
    static func sameAsToday(
        _ source: String, _ crop: PixelRect, into output: String, options: ExportOptions = ExportOptions(quality: 90),
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> String {
        let alone = Decode.outcome(source, crop, output, options: options, alone: true)
        let today = Decode.outcome(source, crop, output, options: options, alone: false)
        #expect(
            alone == today, "\(source) \(crop): \(alone.prefix(120)) against \(today.prefix(120))", sourceLocation: sourceLocation
        )
        return alone
    }

    /// A 1000×760 JPEG's bytes, 4:2:0 unless another layout is asked for.
    static func picture(_ dir: TempFolder, _ kind: Decode.Kind = Decode.kinds[2]) throws -> [UInt8] {
        let path = dir.file("whole.jpg")
        try Decode.make(kind, path, width: 1000, height: 760)
        return [UInt8](try #require(bytes(of: path)))
    }

    /// Where the image data starts: just after the SOS segment.
    static func scanStart(_ jpeg: [UInt8]) -> Int { OddJPEGSegments.scanStart(jpeg) }

    /// Layouts libvips reads another way (CMYK) or not at all (12-bit samples: libjpeg-turbo's 8-bit
    /// library refuses them) are never decoded alone, and end as today.
    @Test func cmykAndTwelveBitGoLibvipsWay() throws {
        let dir = TempFolder("alone-cmyk")
        defer { dir.remove() }
        let cmyk = dir.file("cmyk.jpg")
        try Decode.make(Decode.kinds[0], dir.file("rgb.jpg"), width: 200, height: 150)
        try Tool.run(["convert", dir.file("rgb.jpg"), "-colorspace", "CMYK", "-quality", "90", cmyk])
        // A 12-bit frame header: SOF1 with 12 bits of precision. libjpeg-turbo 2.1's libjpeg.so.62 refuses it
        // at the header, as libvips' load does, before any of the (8-bit) data is read.
        var twelve = try Self.picture(dir)
        let sof = try #require((2..<(twelve.count - 4)).first { twelve[$0] == 0xFF && twelve[$0 + 1] == 0xC0 })
        twelve[sof + 1] = 0xC1
        twelve[sof + 4] = 12
        FileManager.default.createFile(atPath: dir.file("twelve.jpg"), contents: Data(twelve))
        let crop = PixelRect(x: 20, y: 30, width: 100, height: 80)
        let written = Self.sameAsToday(cmyk, crop, into: dir.file("out.jpg"))
        #expect(written.hasPrefix("wrote"), "\(written.prefix(200))")
        #expect(Decode.alone(cmyk) == 0)
        let refused = Self.sameAsToday(dir.file("twelve.jpg"), crop, into: dir.file("out.jpg"))
        #expect(refused.hasPrefix("refused"), "\(refused.prefix(200))")
        #expect(Decode.alone(dir.file("twelve.jpg")) == 0)
    }

    /// Image data that stops early, with an end marker after it (a repaired download) or without one:
    /// a crop below where it stops, across it, and above it, each ends as it did, and one that lies
    /// wholly in the data there is is still decoded alone.
    @Test func dataCutShortEndsAsToday() throws {
        let dir = TempFolder("alone-cut")
        defer { dir.remove() }
        let jpeg = try Self.picture(dir)
        let scan = Self.scanStart(jpeg)
        let half = scan + (jpeg.count - scan) / 2
        let marked = dir.file("marked.jpg"), plain = dir.file("plain.jpg")
        FileManager.default.createFile(atPath: marked, contents: Data(jpeg[..<half] + [0xFF, 0xD9]))
        FileManager.default.createFile(atPath: plain, contents: Data(jpeg[..<half]))
        // The noise is even, so half the data is about half the rows (380).
        let crops = [
            ("the data stops below the crop", PixelRect(x: 100, y: 40, width: 500, height: 100)),
            ("the data stops inside the crop", PixelRect(x: 100, y: 300, width: 500, height: 160)),
            ("the data stops above the crop", PixelRect(x: 100, y: 560, width: 500, height: 140)),
        ]
        for (words, crop) in crops {
            let endMarker = Self.sameAsToday(marked, crop, into: dir.file("out.jpg"))
            let noEnd = Self.sameAsToday(plain, crop, into: dir.file("out.jpg"))
            #expect(noEnd.contains("incomplete"), "\(words), no end marker: \(noEnd.prefix(200))")
            if crop.y > 380 {
                #expect(endMarker.contains("incomplete"), "\(words): \(endMarker.prefix(200))")
            } else if crop.y + crop.height < 300 {
                #expect(endMarker.hasPrefix("wrote"), "\(words): \(endMarker.prefix(200))")
            }
        }
        #expect(Decode.alone(marked) == 1, "the crop in the data there is")
        #expect(Decode.alone(plain) == 0)
    }

    /// Damage libjpeg repairs (a stray marker in the image data), above the crop and inside it: libjpeg's
    /// warning sends the export libvips' way, which repairs it as it always has, and to the same bytes.
    @Test func damageEndsAsToday() throws {
        let dir = TempFolder("alone-damage")
        defer { dir.remove() }
        let jpeg = try Self.picture(dir)
        let scan = Self.scanStart(jpeg)
        for (name, fraction) in [("above", 0.2), ("inside", 0.6)] {
            let at = scan + Int(Double(jpeg.count - scan) * fraction)
            let path = dir.file("\(name).jpg")
            FileManager.default.createFile(atPath: path, contents: Data(jpeg[..<at] + [0xFF, 0xD5] + jpeg[at...]))
            let crop = PixelRect(x: 200, y: 380, width: 400, height: 200)
            let written = Self.sameAsToday(path, crop, into: dir.file("out.jpg"))
            #expect(written.hasPrefix("wrote"), "\(name): \(written.prefix(200))")
            #expect(Decode.alone(path) == 0, "\(name)")
        }
    }

    /// Every layout (progressive, restart markers, arithmetic coding, grey and each subsampling) with its
    /// image data stopping at half, with an end marker after it and without, and with a stray marker above
    /// and inside the crop, and a progressive one with its last scans missing: crops above, across and below
    /// where the data stops end as they did, the same bytes or the same line. A file without its end marker
    /// is refused whatever the layout.
    @Test(arguments: Decode.kinds) func everyLayoutCutShortOrDamagedEndsAsToday(kind: Decode.Kind) throws {
        let dir = TempFolder("alone-layouts")
        defer { dir.remove() }
        let jpeg = try Self.picture(dir, kind)
        let scan = Self.scanStart(jpeg)
        // Tenths of the image data.
        let at = { (tenths: Int) in scan + (jpeg.count - scan) * tenths / 10 }
        var files: [(String, [UInt8])] = [
            ("marked", Array(jpeg[..<at(5)]) + [0xFF, 0xD9]), ("plain", Array(jpeg[..<at(5)])),
            ("damaged above", Array(jpeg[..<at(2)] + [0xFF, 0xD5] + jpeg[at(2)...])),
            ("damaged inside", Array(jpeg[..<at(6)] + [0xFF, 0xD5] + jpeg[at(6)...])),
        ]
        // A progressive file that ends, whole, after its third scan (a download stopped there): no
        // warning, and libjpeg smooths the blocks whose finer coefficients never came.
        let scans = (0..<(jpeg.count - 1)).filter { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA }
        if scans.count > 3 { files.append(("scans missing", Array(jpeg[..<scans[3]]) + [0xFF, 0xD9])) }
        let crops = [
            PixelRect(x: 100, y: 40, width: 500, height: 100), PixelRect(x: 100, y: 300, width: 500, height: 160),
            PixelRect(x: 100, y: 560, width: 500, height: 140),
        ]
        for (name, content) in files {
            let path = dir.file("\(name).jpg")
            FileManager.default.createFile(atPath: path, contents: Data(content))
            for crop in crops {
                let outcome = Self.sameAsToday(path, crop, into: dir.file("out.jpg"))
                if name == "plain" { #expect(outcome.contains("incomplete"), "\(kind) \(name) \(crop): \(outcome.prefix(200))") }
            }
            // Nothing warns about the missing scans: every crop of it was decoded alone, smoothing and all.
            if name == "scans missing" { #expect(Decode.alone(path) == crops.count, "\(kind)") }
        }
    }

    /// Every JPEG of the odd files (repaired headers, restart intervals with junk, ICC after the frame header,
    /// camera EXIF, Ultra HDR, MPO, cut short): its middle, its top left and bottom right corners and a band
    /// the whole width across its foot, re-encoded as JPEG and as PNG, end as today.
    @Test func everyOddJPEGEndsAsToday() throws {
        let dir = TempFolder("alone-odd")
        defer { dir.remove() }
        let files = try OddFiles.make(in: dir.path).filter { $0.name.hasSuffix(".jpg") }
        #expect(files.count == 11)
        for file in files {
            let (w, h) = file.size
            let crops = [
                OddFilesTests.middle(file), PixelRect(x: 0, y: 0, width: w / 3, height: h / 3),
                PixelRect(x: w - w / 3, y: h - h / 3, width: w / 3, height: h / 3),
                PixelRect(x: 0, y: h - h / 5, width: w, height: h / 5),
            ]
            for crop in crops {
                Self.sameAsToday(file.path, crop, into: dir.file("out.jpg"))
                Self.sameAsToday(file.path, crop, into: dir.file("out.png"), options: ExportOptions())
            }
        }
    }
}

/// Where a JPEG's image data starts, read without any image library.
enum OddJPEGSegments {
    static func scanStart(_ jpeg: [UInt8]) -> Int {
        var at = 2
        while at + 4 <= jpeg.count, jpeg[at] == 0xFF {
            let end = at + 2 + (Int(jpeg[at + 2]) << 8 | Int(jpeg[at + 3]))
            if jpeg[at + 1] == 0xDA { return end }
            at = end
        }
        return at
    }
}
