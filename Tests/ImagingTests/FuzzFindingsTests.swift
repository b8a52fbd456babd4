// Inputs the libFuzzer targets (`make fuzz`) found crashing our parsers: each parser reads them now, and the app refuses them.

import CropKit
import Foundation
import Testing
import Wording

@testable import Imaging

@Suite struct FuzzFindingsTests {
    /// A BigTIFF whose first directory claims 2⁶³ + 1 entries: the count read as a negative number
    /// and the entry table's size overflowed, a trap in TIFFVariant. libvips 8.14 does not take
    /// BigTIFF for a TIFF, so opening one never got there; a libvips that does would have crashed.
    @Test func aBigTIFFWithANegativeEntryCountReadsAsNoEntries() throws {
        var bytes: [UInt8] = [0x49, 0x49, 43, 0, 8, 0, 0, 0, 16, 0, 0, 0, 0, 0, 0, 0]
        bytes += [1, 0, 0, 0, 0, 0, 0, 0x80] + [UInt8](repeating: 0, count: 40)
        let dir = TempFolder("fuzz-bigtiff")
        defer { dir.remove() }
        let path = try write(bytes, to: dir.file("negative-count.tif"))
        let variant = try #require(TIFFVariant(path: path))
        #expect(variant.compression == 1 && variant.photometric == -1 && variant.bitsPerSample == 1)
        #expect(!variant.separatePlanes && !variant.tiled)
        #expect(TIFFVariant.unsupported(path: path, libvipsMessage: "not supported") == .named(byLibrary: "not supported"))
        try expectRefused(path, in: dir)
    }

    /// A BigTIFF whose first directory lies at 2⁶³ + 16: Foundation traps seeking past Int64's range.
    @Test func aBigTIFFWithADirectoryPastInt64IsNotATIFF() throws {
        let bytes: [UInt8] = [0x49, 0x49, 43, 0, 8, 0, 0, 0, 16, 0, 0, 0, 0, 0, 0, 0x80] + [UInt8](repeating: 0, count: 32)
        let dir = TempFolder("fuzz-bigtiff-offset")
        defer { dir.remove() }
        let path = try write(bytes, to: dir.file("far-directory.tif"))
        #expect(TIFFVariant(path: path) == nil)
        try expectRefused(path, in: dir)
    }

    /// A 327-byte PNG (a PngSuite-like file, mutated) whose iTXt chunk claims 2,030,043,252 bytes:
    /// libpng, as libvips drives it, allocated and cleared that much before finding it missing
    /// (4.5 s and 2 GB for `vipsheader` too; the fuzzer's 10-second timeout under the sanitizer).
    /// Our header check now refuses it as cut short before libvips sees it.
    @Test func aPNGChunkLongerThanTheFileIsRefusedAsCutShort() throws {
        let hex = [
            "89504e470d0a1a0a0000000d494844520000010000000001080000000014322fab0000000467414d4100010175b393be",
            "88000000206348524d00007a26000080840000fa00000080e8000075300000ea6000003a98000017709cba513c000000",
            "0274524e5300010194fdae0000002c74455874436f7079726967687400a920323031332c32303135204a6f686e204375",
            "6e6e69010194fdae0000002c74455874436f7079000074695458744c6963656e73696e67000100656e000008d72d8c4d",
            "0e83201085aff2e2011cbb6d97781184974a220c81b10b4faf095d7f3f2b630ade18610adb897a6e470a889a7d2aa86c",
            "708dded28f709ab3968e87b37462726ec16b5ea60f76b3dadf22e1ef86a1cedabe328e6328179bcad3c80d33322a82d8",
            "98ad260000000c4944415418d363641ce1000082820102317df4980000000049454e44ae426082",
        ].joined()
        let bytes = stride(from: 0, to: hex.count, by: 2).map { at -> UInt8 in
            let start = hex.index(hex.startIndex, offsetBy: at)
            return UInt8(hex[start..<hex.index(start, offsetBy: 2)], radix: 16)!
        }
        #expect(bytes.count == 327)
        let dir = TempFolder("fuzz-png-chunk")
        defer { dir.remove() }
        let path = try write(bytes, to: dir.file("long-itxt.png"))
        let opening = imagingError { try ImageProbe.probe(path: path) }
        #expect(opening?.message == "the file is incomplete (cut short before its end)", "\(opening?.message ?? "opened")")
        try expectRefused(path, in: dir)
    }

    private func write(_ bytes: [UInt8], to path: String) throws -> String {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Opening (the probe and thumbnail) and exporting `path` both end in an ImagingError with words;
    /// nothing is written and the source is unchanged.
    private func expectRefused(_ path: String, in dir: TempFolder, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let opening = imagingError { try DisplayThumbnail.load(path: path, maxWidth: 200, maxHeight: 200) }
        #expect(opening?.message.isEmpty == false, "\(path) opened", sourceLocation: sourceLocation)
        let saving = imagingError {
            try CropExporter.export(source: path, crop: PixelRect(x: 0, y: 0, width: 1, height: 1), output: dir.file("out.png"))
        }
        #expect(saving?.message.isEmpty == false, "\(path) saved", sourceLocation: sourceLocation)
        #expect(!exists(dir.file("out.png")), sourceLocation: sourceLocation)
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: path)) == before, "the source is unchanged", sourceLocation: sourceLocation)
    }
}
