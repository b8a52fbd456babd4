// The odd files: one per class of file other viewers open that a strict reader refuses, made in a folder for each suite.

import Foundation

/// One generated test file and what the app must do with it.
public struct OddFile: Sendable {
    public enum Kind: Sendable, Equatable {
        /// Damage libjpeg or libpng repairs, or an odd but valid layout: opens and saves exactly.
        case recoverable
        /// Camera EXIF (maker notes, interoperability directory, GPS, thumbnail): opens and saves;
        /// what a format cannot carry is left out and said.
        case cameraMetadata
        /// A JPEG with an MPF index: an Ultra HDR gain map, or a second view.
        case multiPicture(gainMap: Bool)
        /// Image data really missing: refused as today.
        case cutShort
        /// A TIFF layout libvips 8.14 does not decode: refused as not supported.
        case unsupportedTIFF
    }

    public let name: String
    public let path: String
    public let kind: Kind
    /// The picture's size, `WxH`, as ImageMagick reads it.
    public let size: (width: Int, height: Int)

    /// Whether the app must open and save it (everything but missing data and unsupported TIFF).
    public var opens: Bool { kind != .cutShort && kind != .unsupportedTIFF }
}

public enum OddFiles {
    public static let width = 320, height = 240

    /// Makes every odd file in `folder` (with its ingredients under `folder/parts`), using
    /// ImageMagick, libjpeg's cjpeg and libvips for the well-formed pictures they start from.
    public static func make(in folder: String) throws -> [OddFile] {
        let parts = (folder as NSString).appendingPathComponent("parts")
        try FileManager.default.createDirectory(atPath: parts, withIntermediateDirectories: true)
        func part(_ name: String) -> String { (parts as NSString).appendingPathComponent(name) }
        let base = part("base.jpg"), ppm = part("base.ppm"), restart = part("restart.jpg"), icc = part("icc.jpg")
        try Tools.run(["convert", "-seed", "7", "-size", "\(width)x\(height)", "plasma:fractal", "-depth", "8", ppm])
        try Tools.run(["cjpeg", "-quality", "90", "-sample", "2x2", "-outfile", base, ppm])
        try Tools.run(["cjpeg", "-quality", "90", "-restart", "1", "-outfile", restart, ppm])
        try Tools.run(["vips", "icc_transform", base, icc + "[Q=90]", "srgb"])
        let jpeg = try Tools.bytes(base)

        var files: [OddFile] = []
        func add(_ name: String, _ kind: OddFile.Kind, _ bytes: [UInt8], size: (Int, Int) = (width, height)) throws {
            let path = (folder as NSString).appendingPathComponent(name)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            files.append(OddFile(name: name, path: path, kind: kind, size: size))
        }
        try add("extraneous-before-dqt.jpg", .recoverable, OddJPEG.inserting([0x01, 0x02, 0x03], beforeFirst: 0xDB, in: jpeg))
        try add(
            "extraneous-before-restart.jpg", .recoverable,
            OddJPEG.insertingBeforeFirstRestart(Array(1...32), in: try Tools.bytes(restart)))
        try add("icc-after-frame-header.jpg", .recoverable, OddJPEG.movingICCAfterFrameHeader(try Tools.bytes(icc)))
        try add("ff00-in-header.jpg", .recoverable, OddJPEG.inserting([0xFF, 0x00], beforeFirst: 0xDB, in: jpeg))
        try add(
            "junk-in-header.jpg", .recoverable, OddJPEG.inserting(Array("JUNK in the header".utf8), beforeFirst: 0xC0, in: jpeg))
        try add("broken-exif-offset.jpg", .recoverable, OddJPEG.withBrokenExifOffset(jpeg))
        let colours: [(UInt8, UInt8, UInt8)] = [(200, 10, 20), (10, 160, 60), (30, 40, 220)]
        try add(
            "palette-empty-trns.png", .recoverable, OddPNG.palette(width: 1, height: 1, palette: colours, indices: [0]),
            size: (1, 1))
        try add(
            "png-bytes-after-end.png", .recoverable,
            OddPNG.palette(
                width: 6, height: 4, palette: colours, indices: (0..<24).map { UInt8($0 % 3) }, emptyTRNS: false,
                after: Array("appended by a messenger app".utf8)), size: (6, 4))

        try Tools.run(["convert", base, "-resize", "160x120", part("thumbnail.jpg")])
        let exif = CameraExif.canonCompact(
            orientation: 1, width: width, height: height, thumbnail: try Tools.bytes(part("thumbnail.jpg")))
        try add(
            "camera-maker-notes.jpg", .cameraMetadata,
            OddJPEG.withSegment(0xE1, UltraHDR.xmpPayload(CameraExif.xmp), in: OddJPEG.withExif(exif, in: jpeg)))

        try Tools.writePGM(part("gain.pgm"), width: GainMap.width, height: GainMap.height, GainMap.level)
        try Tools.run(["cjpeg", "-grayscale", "-quality", "100", "-outfile", part("gain.jpg"), part("gain.pgm")])
        let gainMap = try Tools.bytes(part("gain.jpg"))
        try add("ultra-hdr.jpg", .multiPicture(gainMap: true), UltraHDR.assemble(primary: jpeg, gainMap: gainMap))
        try Tools.run(["convert", base, "-flop", part("second-view.jpg")])
        try add(
            "mpo-two-views.jpg", .multiPicture(gainMap: false),
            UltraHDR.assemble(primary: jpeg, gainMap: try Tools.bytes(part("second-view.jpg")), describe: false))

        try add("cut-short-with-end-marker.jpg", .cutShort, OddJPEG.cutShortWithEndMarker(jpeg))
        try add("cut-short.jpg", .cutShort, Array(jpeg.prefix(jpeg.count / 2)))

        try Tools.run([
            "convert", base, "-define", "tiff:tile-geometry=64x64", "-interlace", "plane",
            (folder as NSString).appendingPathComponent("tiled-planar.tif"),
        ])
        files.append(
            OddFile(
                name: "tiled-planar.tif", path: (folder as NSString).appendingPathComponent("tiled-planar.tif"),
                kind: .unsupportedTIFF, size: (width, height)))
        try add(
            "twelve-bit.tif", .unsupportedTIFF,
            OddTIFF.twelveBit(width: 64, height: 48, samples: (0..<(64 * 48)).map { $0 * 37 % 4096 }), size: (64, 48))
        try add("old-style-jpeg.tif", .unsupportedTIFF, OddTIFF.oldStyleJPEG(width: width, height: height, jpeg: jpeg))
        return files
    }

    /// The gain map every Ultra HDR file here carries (near-lossless, quality 100): a quarter of the
    /// picture's size, its level a ramp steep across and gentle down, so a gain map cut or turned
    /// even half of one of its pixels wrong shows.
    public enum GainMap {
        public static let width = OddFiles.width / 4, height = OddFiles.height / 4

        /// The level at a point of the picture, `x` and `y` in 0…1 across it.
        public static func level(x: Double, y: Double) -> Double { 20 + 200 * x + 30 * y }

        static func level(_ column: Int, _ row: Int) -> UInt8 {
            UInt8(level(x: (Double(column) + 0.5) / Double(width), y: (Double(row) + 0.5) / Double(height)).rounded())
        }
    }
}

/// The tools the odd files are made with, run as a user would run them (public: other suites make their pictures this way too).
public enum Tools {
    public static func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(
                .fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "\(arguments.joined(separator: " ")) failed"])
        }
    }

    static func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    static func writePGM(_ path: String, width: Int, height: Int, _ level: (Int, Int) -> UInt8) throws {
        var bytes = Array("P5\n\(width) \(height)\n255\n".utf8)
        for row in 0..<height { for column in 0..<width { bytes.append(level(column, row)) } }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
}
