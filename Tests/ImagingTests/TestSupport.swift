// Shared helpers: temporary folders, running the independent oracle tools (ImageMagick, libvips, exiftool, jpegtran).

import CropKit
import Foundation
import Imaging
import Testing

/// A fresh folder under the system temporary directory, removed by `remove()`.
struct TempFolder {
    let path: String

    init(_ label: String = "imaging") {
        let base = FileManager.default.temporaryDirectory.path
        path = (base as NSString).appendingPathComponent("cropeditor-tests-\(label)-\(UUID().uuidString.prefix(8))")
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    func remove() { try? FileManager.default.removeItem(atPath: path) }

    /// Every entry of the folder, hidden ones included.
    var entries: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }

    /// The hidden temporaries an export would leave behind (`.NAME.cropeditor-*`).
    var strayTemporaries: [String] { entries.filter { $0.hasPrefix(".") && $0.contains(".cropeditor-") } }
}

struct CommandFailed: Error, CustomStringConvertible {
    let command: [String]
    let status: Int32
    let stderr: String
    var description: String { "\(command.joined(separator: " ")) exited \(status): \(stderr)" }
}

/// Runs a tool through `/usr/bin/env`, stdout and stderr into files (no pipe can fill up).
enum Tool {
    @discardableResult
    static func run(_ arguments: [String], allowFailure: Bool = false) throws -> (status: Int32, out: Data, err: String) {
        let scratch = FileManager.default.temporaryDirectory.path
        let outPath = (scratch as NSString).appendingPathComponent("cropeditor-tool-\(UUID().uuidString).out")
        let errPath = (scratch as NSString).appendingPathComponent("cropeditor-tool-\(UUID().uuidString).err")
        FileManager.default.createFile(atPath: outPath, contents: nil)
        FileManager.default.createFile(atPath: errPath, contents: nil)
        defer {
            try? FileManager.default.removeItem(atPath: outPath)
            try? FileManager.default.removeItem(atPath: errPath)
        }
        let outHandle = FileHandle(forWritingAtPath: outPath)!
        let errHandle = FileHandle(forWritingAtPath: errPath)!
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try? outHandle.close()
        try? errHandle.close()
        let out = (try? Data(contentsOf: URL(fileURLWithPath: outPath))) ?? Data()
        let err = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        if process.terminationStatus != 0 && !allowFailure {
            throw CommandFailed(command: arguments, status: process.terminationStatus, stderr: err)
        }
        return (process.terminationStatus, out, err)
    }

    /// Standard output as trimmed text.
    static func text(_ arguments: [String]) throws -> String {
        String(decoding: try run(arguments).out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// ImageMagick's `identify -format`, e.g. `%w %h %z`.
    static func identify(_ format: String, _ path: String) throws -> String {
        try text(["identify", "-format", format, path + "[0]"])
    }

    /// Width and height as ImageMagick reads them.
    static func size(_ path: String) throws -> (Int, Int) {
        let parts = try identify("%w %h", path).split(separator: " ").compactMap { Int($0) }
        return (parts[0], parts[1])
    }

    /// Decoded samples by ImageMagick: `channels` is "rgb", "rgba" or "gray"; 16-bit values big-endian.
    static func decode(_ path: String, channels: String = "rgb", depth: Int = 8) throws -> [Int] {
        let data = try run(["convert", path + "[0]", "-depth", "\(depth)", "-endian", "MSB", "\(channels):-"]).out
        let bytes = [UInt8](data)
        if depth == 8 { return bytes.map(Int.init) }
        return stride(from: 0, to: bytes.count - 1, by: 2).map { Int(bytes[$0]) << 8 | Int(bytes[$0 + 1]) }
    }

    /// exiftool's view of a file: `GROUP0:GROUP1:Tag` → value, numeric (`-n`), composites left out.
    static func exif(_ path: String) throws -> [String: Any] {
        let data = try run(["exiftool", "-j", "-a", "-n", "-e", "-G0:1", "--File:all", "--ExifTool:all", path]).out
        let list = try JSONSerialization.jsonObject(with: data) as? [[String: Any]]
        var tags = list?.first ?? [:]
        tags["SourceFile"] = nil
        return tags
    }
}

extension Dictionary where Key == String, Value == Any {
    /// The value of the first tag whose key ends with `:name`.
    func tag(_ name: String) -> Any? { first { $0.key.hasSuffix(":" + name) }?.value }
    func int(_ name: String) -> Int? {
        switch tag(name) {
        case let n as NSNumber: return n.intValue
        case let s as String: return Int(s)
        default: return nil
        }
    }
    func string(_ name: String) -> String? { tag(name).map { "\($0)" } }
    func keys(inGroup group: String) -> [String] { keys.filter { $0.hasPrefix(group + ":") }.sorted() }
}

/// Pictures written byte by byte in the tests: binary PNM (PPM/PGM/PAM), the oracle-free source of truth.
enum Netpbm {
    /// `samples` row-major, `channels` per pixel (1 grey, 3 RGB, 4 RGBA), 8- or 16-bit (big-endian).
    static func write(_ path: String, width: Int, height: Int, channels: Int, sixteenBit: Bool, samples: [Int]) {
        precondition(samples.count == width * height * channels)
        let maxval = sixteenBit ? 65535 : 255
        let header: String
        switch channels {
        case 1: header = "P5\n\(width) \(height)\n\(maxval)\n"
        case 3: header = "P6\n\(width) \(height)\n\(maxval)\n"
        default:
            let type = channels == 4 ? "RGB_ALPHA" : "GRAYSCALE_ALPHA"
            header = "P7\nWIDTH \(width)\nHEIGHT \(height)\nDEPTH \(channels)\nMAXVAL \(maxval)\nTUPLTYPE \(type)\nENDHDR\n"
        }
        var bytes = [UInt8](header.utf8)
        bytes.reserveCapacity(bytes.count + samples.count * 2)
        for s in samples {
            if sixteenBit { bytes.append(UInt8(s >> 8)); bytes.append(UInt8(s & 0xFF)) } else { bytes.append(UInt8(s)) }
        }
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
    }
}

/// The structure of PNG files, read and written here without any image library.
enum PNGBytes {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            crc ^= UInt32(b)
            for _ in 0..<8 { crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = [UInt8](type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(crc32(body))
    }

    /// The header fields of a PNG file: size, bit depth, colour type, and which chunk types it has.
    struct Header { let width: Int, height: Int, bitDepth: Int, colourType: Int, chunks: [String] }

    static func header(_ path: String) -> Header? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let b = [UInt8](data)
        guard b.count > 33, Array(b[0..<8]) == signature, String(decoding: b[12..<16], as: UTF8.self) == "IHDR" else { return nil }
        func u32(_ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
        var chunks: [String] = []
        var i = 8
        while i + 8 <= b.count {
            let length = u32(i)
            chunks.append(String(decoding: b[(i + 4)..<(i + 8)], as: UTF8.self))
            i += 12 + length
        }
        return Header(width: u32(16), height: u32(20), bitDepth: Int(b[24]), colourType: Int(b[25]), chunks: chunks)
    }
}

/// Reads a whole file's bytes (nil when it does not exist).
func bytes(of path: String) -> Data? { FileManager.default.contents(atPath: path) }

func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

/// The error an imaging call threw, or nil when it succeeded (any other kind of error is an issue of its own).
func imagingError<T>(_ body: () throws -> T, sourceLocation: SourceLocation = #_sourceLocation) -> ImagingError? {
    do {
        _ = try body()
        return nil
    } catch let error as ImagingError {
        return error
    } catch {
        Issue.record("expected an ImagingError, got \(error)", sourceLocation: sourceLocation)
        return ImagingError("\(error)")
    }
}
