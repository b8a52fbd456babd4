// Helpers for the decoding tests: a scratch folder, waiting for a condition, a process's /proc status, a value between threads.

import CropKit
import Decoding
import Foundation
import Glibc
import Imaging
import OddFiles

/// A fresh folder for one test, removed by `remove()`.
struct Scratch {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "cropeditor-decoding-\(UUID().uuidString.prefix(8))"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { path + "/" + name }
    /// A `width`×`height` JPEG of fractal plasma named `name` in the folder (ImageMagick's, seed 3).
    func plasma(_ name: String, width: Int, height: Int) throws -> String {
        let path = file(name)
        try Tools.run(["convert", "-seed", "3", "-size", "\(width)x\(height)", "plasma:fractal", path])
        return path
    }
    var entries: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }
    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// Polls `condition` until it holds or `seconds` pass (no fixed sleeps: it yields between looks).
/// The processor time `pid` has used, in clock ticks (user and system, `/proc/PID/stat`), or nil.
func processorTicks(of pid: pid_t) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let end = text.lastIndex(of: ")")
    else { return nil }
    let fields = text[text.index(after: end)...].split(separator: " ")
    guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
    return user + system
}

func waitFor(_ seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        sched_yield()
    }
    return condition()
}

/// A `/proc/PID/status` field (`NoNewPrivs`, `Seccomp`), or nil once the process is gone.
func statusField(_ name: String, of pid: pid_t) -> String? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
        return line.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces)
    }
    return nil
}

/// A value handed from a job's thread to the test's.
final class Handoff<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?

    func set(_ value: Value) { lock.withLock { stored = value } }
    var value: Value? { lock.withLock { stored } }
}

/// A 6000 × 4000 noise JPEG: long enough to export that a test can look at the decoder while it works.
func bigNoisePicture(_ scratch: Scratch) throws -> String {
    let path = scratch.file("big.jpg")
    try Tools.run(["vips", "gaussnoise", path + "[Q=95]", "6000", "4000"])
    return path
}

/// Starts exporting the whole 6000 × 4000 picture `info` to `output` on another thread; the result
/// arrives in the handoff.
func exportInBackground(
    _ pool: DecoderPool, _ info: ImageInfo, to output: String
) -> Handoff<Result<ExportResult, ImagingError>> {
    let finished = Handoff<Result<ExportResult, ImagingError>>()
    Thread.detachNewThread {
        finished.set(
            Result { () throws(ImagingError) in
                try pool.export(info, crop: PixelRect(x: 0, y: 0, width: 6000, height: 4000), output: output)
            })
    }
    return finished
}

/// The memfds this process holds (`/proc/self/fd` links to `/memfd:…`).
func memfdCount() -> Int {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return names.filter {
        ((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)) ?? "").hasPrefix("/memfd:")
    }.count
}

/// The memfds open here once they are back to `baseline` or fewer, waiting a while for them: the
/// count is the whole process's, and tests of other suites running beside one hold memfds of
/// their own for a moment. A descriptor a test itself leaked keeps the count above for good.
func memfdCount(settlingTo baseline: Int, seconds: Double = 20) -> Int {
    var count = memfdCount()
    _ = poll(seconds: seconds) {
        count = memfdCount()
        return count <= baseline
    }
    return count
}

/// Checks `condition` until it holds or `seconds` have passed, pausing briefly between checks (a
/// process ending, descriptors closing: things other processes finish in their own time); whether it held.
func poll(seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        guard Date() < deadline else { return false }
        usleep(20_000)
    }
    return true
}

/// The system's shared memory in kB (`Shmem:` in /proc/meminfo): memfds count there.
func sharedMemoryKilobytes() -> Int {
    let text = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)) ?? ""
    let line = text.split(separator: "\n").first { $0.hasPrefix("Shmem:") } ?? ""
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
}

/// What exiftool, an independent reader, says `tags` are in `file`, one line each (numbers as numbers).
func exiftool(_ tags: [String], _ file: String) throws -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["exiftool", "-s3", "-n"] + tags.map { "-" + $0 } + [file]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return text.split(separator: "\n").map(String.init)
}

/// A 400 × 300 plasma JPEG in `scratch` stored turned a quarter (EXIF orientation 6: upright it is 300 × 400).
func quarterTurnedPhoto(in scratch: Scratch, seed: Int) throws -> String {
    let path = scratch.file("photo.jpg")
    try Tools.run(["convert", "-seed", "\(seed)", "-size", "400x300", "plasma:fractal", path])
    try Tools.run(["exiftool", "-q", "-overwrite_original", "-Orientation#=6", path])
    return path
}
