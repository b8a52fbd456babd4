// The lean decoder (crop-editor-jpegcut) is started and confined as the decoder is, and believed no more than it.

import CropKit
import Decoding
import Foundation
import Glibc
import Imaging
import OddFiles
import Testing

@Suite(.serialized) struct LeanDecoderConfinementTests {
    private func camera(_ scratch: Scratch) throws -> String {
        let path = scratch.file("camera.jpg")
        try Tools.run(["convert", "-size", "640x480", "-seed", "5", "plasma:fractal", "-quality", "90", path])
        try Tools.run(["exiftool", "-q", "-overwrite_original", "-Make=Cam", "-GPSLatitude=1", "-GPSLatitudeRef=N", path])
        return path
    }

    private static var builtLean: String {
        URL(fileURLWithPath: FakeConfinedDecoder.builtDecoder).deletingLastPathComponent()
            .appendingPathComponent(LeanDecoder.programName).path
    }

    /// A one-file pool asked to try it first starts the lean decoder: our child, with no environment but the decoders' and no
    /// descriptor but its socket, /dev/null and the picture it was handed, under the decoder's limits, seccomp and no new privileges,
    /// answering the probe and the export; the same export made by the decoder is the same bytes.
    @Test func theLeanDecoderIsOursConfinedAndMakesTheDecodersBytes() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let source = try camera(scratch)
        let pool = DecoderPool(size: 1)
        pool.decodesOneFile = true
        pool.tryLeanFirst = true
        #expect(pool.tryLeanFirst, "the lean decoder was not found beside the tests")
        let info = try pool.probe(path: source)
        let pid = try #require(pool.idlePIDs.first)
        let program = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")
        #expect(program.hasSuffix("/" + LeanDecoder.programName))
        #expect(statusField("PPid", of: pid) == "\(getpid())")
        #expect(statusField("NoNewPrivs", of: pid) == "1")
        #expect(statusField("Seccomp", of: pid) == "2")
        let limits = try String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8)
        #expect(limits.contains(/Max address space\s+8589934592\s+8589934592\s+bytes/))
        #expect(limits.contains(/Max open files\s+64\s+64\s+files/))
        #expect(limits.contains(/Max core file size\s+0\s+0\s+bytes/))
        // No variable but those the decoders get (the test harness's switches, when another suite set them).
        let environment = try String(contentsOfFile: "/proc/\(pid)/environ", encoding: .utf8).split(separator: "\0")
        let allowed = Set(DecoderLimits.environment(from: ProcessInfo.processInfo.environment))
        #expect(environment.allSatisfy { allowed.contains(String($0)) }, "\(environment)")
        // Beside /dev/null and its socket, only what the last job handed it (the picture) until the next job.
        for descriptor in try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd") {
            let target = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(descriptor)")
            let expected = ["0": "/dev/null", "1": "/dev/null", "2": "/dev/null"][descriptor]
            #expect(target == expected ?? (descriptor == "3" ? target : source), "descriptor \(descriptor): \(target)")
            if descriptor == "3" { #expect(target.hasPrefix("socket:")) }
        }
        var options = ExportOptions()
        options.quality = 90
        let crop = PixelRect(x: 100, y: 60, width: 300, height: 200)
        let lean = try pool.export(info, crop: crop, output: scratch.file("lean.jpg"), options: options)
        #expect(lean.width == 300)
        #expect(pool.idlePIDs == [pid], "the lean decoder handed the export over")
        pool.shutdown()
        #expect(waitFor(10) { statusField("State", of: pid) == nil })
        let decoders = DecoderPool(size: 1, leanProgram: "/nonexistent")
        decoders.decodesOneFile = true
        _ = try decoders.export(info, crop: crop, output: scratch.file("decoder.jpg"), options: options)
        decoders.shutdown()
        let made = try Data(contentsOf: URL(fileURLWithPath: scratch.file("lean.jpg")))
        #expect(made == (try Data(contentsOf: URL(fileURLWithPath: scratch.file("decoder.jpg")))))
    }

    /// A lean decoder that only says it is confined (a preloaded library fakes seccomp and no new privileges)
    /// is killed and the picture refused, as a decoder would be: no second way around the confinement.
    @Test func aLeanDecoderThatOnlySaysItIsConfinedIsRefused() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let source = try camera(scratch)
        let wrapper = try FakeConfinedDecoder.make(in: scratch.path, decoder: Self.builtLean)
        let pool = DecoderPool(size: 1, leanProgram: wrapper)
        pool.decodesOneFile = true
        pool.tryLeanFirst = true
        #expect(throws: ImagingError.decoderUnconfined) { try pool.probe(path: source) }
        #expect(!pool.ranUnconfined)
        pool.shutdown()
    }

    /// A file the lean decoder does not make (CMYK) is handed over: the probe comes from a decoder, and the
    /// lean one is gone.
    @Test func aFileThatIsNotItsGoesToTheDecoder() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let cmyk = scratch.file("cmyk.jpg")
        try Tools.run(["convert", "-size", "120x80", "gradient:red-blue", "-colorspace", "CMYK", cmyk])
        let pool = DecoderPool(size: 1)
        pool.decodesOneFile = true
        pool.tryLeanFirst = true
        #expect(try pool.probe(path: cmyk).bands == 4)
        #expect(!pool.tryLeanFirst)
        let pid = try #require(pool.idlePIDs.first)
        let program = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")
        #expect(program.hasSuffix("/crop-editor-decoder"))
        pool.shutdown()
    }
}
