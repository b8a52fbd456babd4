// A decoder started for one file that is not HEIF loads no HEIF module; any other still does, and opens HEIF.

import Decoding
import Foundation
import Glibc
import Imaging
import OddFiles
import Testing

@Suite struct HEIFModuleTests {
    /// The libraries mapped into process `pid` (its `/proc/PID/maps`), as one text. Read to its end:
    /// a /proc file says its size is 0, and a read of that size would stop after the first page.
    private func maps(of pid: pid_t) throws -> String {
        let handle = try #require(FileHandle(forReadingAtPath: "/proc/\(pid)/maps"))
        defer { try? handle.close() }
        return String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
    }

    /// `picture.FORMAT`, converted by vips from one plasma.
    private func picture(_ format: String, in scratch: Scratch) throws -> String {
        let png = scratch.file("source.png"), path = scratch.file("picture.\(format)")
        try Tools.run(["convert", "-seed", "3", "-size", "64x48", "plasma:fractal", png])
        try Tools.run(["vips", "copy", png, path])
        return path
    }

    @Test func aOneFileDecoderToldTheFileIsNoHEIFLoadsNoHEIFModule() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let jpeg = try picture("jpg", in: scratch)
        #expect(FileSignature.isCertainlyNotHEIF(path: jpeg))
        let pool = DecoderPool(size: 1)
        pool.decodesOneFile = true
        pool.loadsHEIF = false
        defer { pool.shutdown() }
        #expect(try pool.probe(path: jpeg).width == 64)
        let pid = try #require(pool.idlePIDs.first)
        let mapped = try maps(of: pid)
        #expect(mapped.contains("libvips"), "the maps were not read")
        #expect(!mapped.contains("vips-heif") && !mapped.contains("libheif"))
        #expect(pool.opensHEIF() == false)
        // Still confined as any decoder is.
        #expect(statusField("Seccomp", of: pid) == "2")
    }

    @Test func otherwiseTheModuleIsLoadedAndAHEIFOpens() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let avif = try picture("avif", in: scratch)
        #expect(!FileSignature.isCertainlyNotHEIF(path: avif))
        let pool = DecoderPool(size: 1)
        pool.decodesOneFile = true
        defer { pool.shutdown() }
        #expect(try pool.probe(path: avif).width == 64)
        let pid = try #require(pool.idlePIDs.first)
        #expect(try maps(of: pid).contains("libheif"))
        #expect(pool.opensHEIF())
    }

    /// What the command line sees in a file's first bytes: each format the decoders open but HEIF
    /// by its signature; a HEIF, an AVIF, something else, a short or missing file may be HEIF.
    @Test func theSignaturesSayWhatCannotBeHEIF() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        for format in ["jpg", "png", "gif", "tif", "webp"] {
            #expect(FileSignature.isCertainlyNotHEIF(path: try picture(format, in: scratch)), "\(format)")
        }
        // A HEIF named .jpg is judged by its bytes.
        let disguised = scratch.file("heif.jpg")
        try FileManager.default.copyItem(atPath: try picture("heic", in: scratch), toPath: disguised)
        #expect(!FileSignature.isCertainlyNotHEIF(path: disguised))
        let text = scratch.file("notes.txt"), short = scratch.file("short.jpg")
        try "not a picture at all".write(toFile: text, atomically: true, encoding: .utf8)
        FileManager.default.createFile(atPath: short, contents: Data([0xFF, 0xD8, 0xFF]))
        #expect(!FileSignature.isCertainlyNotHEIF(path: text))
        #expect(!FileSignature.isCertainlyNotHEIF(path: short))
        #expect(!FileSignature.isCertainlyNotHEIF(path: scratch.file("missing.jpg")))
        // BigTIFF, which vips copy does not write.
        #expect(FileSignature.isCertainlyNotHEIF([0x49, 0x49, 0x2B, 0x00, 8, 0, 0, 0, 0, 0, 0, 0]))
    }
}
