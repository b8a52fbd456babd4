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

    /// The hidden temporaries an export would leave behind (`.NAME.cropeditor-*`, `.cropeditor-*.tmp`).
    var strayTemporaries: [String] { entries.filter { $0.hasPrefix(".") && $0.contains("cropeditor") } }
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

    /// ImageMagick itself, by full path: a `convert` earlier on PATH may be a stand-in that is not the oracle.
    static let convert = "/usr/bin/convert", identifyTool = "/usr/bin/identify", compare = "/usr/bin/compare"

    /// ImageMagick's `identify -format`, e.g. `%w %h %z`.
    static func identify(_ format: String, _ path: String) throws -> String {
        try text([identifyTool, "-format", format, path + "[0]"])
    }

    /// libvips' own reading of the size, `WxH`: a second opinion beside ImageMagick's.
    static func vipsSize(_ path: String) throws -> String {
        try text(["vipsheader", "-f", "width", path]) + "x" + text(["vipsheader", "-f", "height", path])
    }

    /// ImageMagick's root-mean-square difference of two pictures, normalized to 0…1.
    static func rmse(_ a: String, _ b: String) throws -> Double {
        // compare reports on stderr ("123.4 (0.00188)") and exits 1 when the pictures differ at all.
        let report = try run([compare, "-metric", "RMSE", a, b, "null:"], allowFailure: true).err
        guard let value = report.split(separator: "(").last?.split(separator: ")").first.flatMap({ Double($0) }) else {
            throw CommandFailed(command: [compare, a, b], status: -1, stderr: report)
        }
        return value
    }

    /// Width and height as ImageMagick reads them.
    static func size(_ path: String) throws -> (Int, Int) {
        let parts = try identify("%w %h", path).split(separator: " ").compactMap { Int($0) }
        return (parts[0], parts[1])
    }

    /// Decoded samples by ImageMagick: `channels` is "rgb", "rgba" or "gray"; 16-bit values big-endian.
    /// `storedSamples` keeps ImageMagick from converting a gAMA 1.0 PNG's samples from "linear" to sRGB.
    /// `crop`: only that rectangle (ImageMagick's own cut of its own decode).
    static func decode(
        _ path: String, channels: String = "rgb", depth: Int = 8, storedSamples: Bool = false,
        crop: PixelRect? = nil
    ) throws -> [Int] {
        let keep = storedSamples ? ["-set", "colorspace", "sRGB"] : []
        let cut = crop.map { ["-crop", "\($0.width)x\($0.height)+\($0.x)+\($0.y)", "+repage"] } ?? []
        // ImageMagick reports the damage it repaired on stderr and still exits 0.
        let data = try run([convert, path + "[0]"] + keep + cut + ["-depth", "\(depth)", "-endian", "MSB", "\(channels):-"]).out
        let bytes = [UInt8](data)
        if depth == 8 { return bytes.map(Int.init) }
        return stride(from: 0, to: bytes.count - 1, by: 2).map { Int(bytes[$0]) << 8 | Int(bytes[$0 + 1]) }
    }

    /// exiftool's view of a file: `GROUP0:GROUP1:Tag` → value, numeric (`-n`), composites left out.
    static func exif(_ path: String) throws -> [String: Any] { try exif([path])[path] ?? [:] }

    /// The same for several files in one exiftool run (it starts slowly): path → tags.
    static func exif(_ paths: [String]) throws -> [String: [String: Any]] {
        let data = try run(["exiftool", "-j", "-a", "-n", "-e", "-G0:1", "--File:all", "--ExifTool:all"] + paths).out
        let list = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
        var byPath: [String: [String: Any]] = [:]
        for var tags in list {
            guard let path = tags["SourceFile"] as? String else { continue }
            tags["SourceFile"] = nil
            byPath[path] = tags
        }
        return byPath
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
        return nil
    }
}

/// Exports of `source` into `dir`, each refused with its error before anything is written (no result,
/// no temporary left).
func expectRefusedExports(
    _ cases: [(ExportOptions, PixelRect, ImagingError)], source: String, in dir: TempFolder,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    for (index, (options, crop, expected)) in cases.enumerated() {
        let output = dir.file("out\(index).jpg")
        let error = imagingError { try CropExporter.export(source: source, crop: crop, output: output, options: options) }
        #expect(error == expected, "case \(index)", sourceLocation: sourceLocation)
        #expect(!exists(output), sourceLocation: sourceLocation)
    }
    #expect(dir.strayTemporaries.isEmpty, sourceLocation: sourceLocation)
}

/// Where two sample lists first differ, in words, or nil when equal. Tests compare through this, never with
/// `#expect(a == b)` on big arrays (whose failure report would diff megabytes); equal lists cost one memcmp.
func mismatch<T: BinaryInteger>(_ got: [T], _ want: [T]) -> String? {
    guard got.count == want.count else { return "\(got.count) samples, want \(want.count)" }
    let same = got.withUnsafeBytes { g in
        want.withUnsafeBytes { w in g.count == 0 || memcmp(g.baseAddress!, w.baseAddress!, g.count) == 0 }
    }
    if same { return nil }
    let i = (0..<got.count).first { got[$0] != want[$0] }!
    return "sample \(i) is \(got[i]), want \(want[i])"
}

func mismatch(_ got: Data, _ want: Data) -> String? { mismatch([UInt8](got), [UInt8](want)) }
