// The TIFF layouts libvips 8.14 cannot decode, named from the first directory so the user hears "not supported", not "damaged".

import Foundation
import ImagingCore

/// The few fields of a TIFF's first image directory that decide whether libvips can decode it.
struct TIFFVariant: Equatable {
    var compression = 1
    var photometric = -1
    var bitsPerSample = 1
    /// SampleFormat: 1 unsigned, 2 signed, 3 IEEE floating point.
    var sampleFormat = 1
    var separatePlanes = false
    var tiled = false

    /// Reads the first directory of the TIFF (or BigTIFF) at `path`; nil when it is not one.
    init?(path: String) {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let head = [UInt8](handle.readData(ofLength: 16))
        guard head.count >= 8, head[0] == head[1], head[0] == 0x49 || head[0] == 0x4D else { return nil }
        let reader = TIFFReader(littleEndian: head[0] == 0x49, handle: handle)
        let big = reader.uint(head, 2, 2) == 43
        guard big || reader.uint(head, 2, 2) == 42, !big || head.count == 16 else { return nil }
        let directory = big ? reader.offset(head, 8, 8) : reader.offset(head, 4, 4)
        let (countSize, entrySize, valueOffset) = big ? (8, 20, 12) : (2, 12, 8)
        guard let countBytes = reader.read(at: directory, count: countSize) else { return nil }
        // A BigTIFF count with its top bit set reads as negative: as hostile as a huge one.
        let count = max(0, min(reader.uint(countBytes, 0, countSize), 4096))
        guard let entries = reader.read(at: directory &+ UInt64(countSize), count: count * entrySize) else { return nil }
        for i in 0..<count {
            let at = i * entrySize
            let tag = reader.uint(entries, at, 2), type = reader.uint(entries, at + 2, 2)
            let values = reader.uint(entries, at + 4, big ? 8 : 4)
            // SHORT or LONG values, the first of them (BitsPerSample repeats one per sample).
            let size = type == 3 ? 2 : 4
            let first: Int
            if values >= 0, values <= (big ? 8 : 4) / size {
                first = reader.uint(entries, at + valueOffset, size)
            } else {
                let pointer = reader.offset(entries, at + valueOffset, big ? 8 : 4)
                first = reader.read(at: pointer, count: size).map { reader.uint($0, 0, size) } ?? 0
            }
            switch tag {
            case 259: compression = first
            case 262: photometric = first
            case 258: bitsPerSample = first
            case 284: separatePlanes = first == 2
            case 339: sampleFormat = first
            case 322, 323: tiled = true
            default: break
            }
        }
    }

    /// libvips 8.14 reads tiles of separate colour planes only at decode time, after the header
    /// looked fine: caught before, so the window and the command line refuse it the same way.
    var undecodable: ImagingError.TIFFLayout? { tiled && separatePlanes ? .tiledSeparatePlanes : nil }

    /// Why libvips could not decode this layout, or nil when it is one it reads.
    var unsupportedLayout: ImagingError.TIFFLayout? {
        if let undecodable { return undecodable }
        if compression == 6 { return .oldStyleJPEG }
        if ![1, 2, 4, 8, 16, 32, 64].contains(bitsPerSample) { return .bitsPerSample(bitsPerSample) }
        // libvips 8.14 opens 64-bit floating-point samples, then refuses their values ("samples out of range").
        if sampleFormat == 3, bitsPerSample == 64 { return .floatingPoint(bits: 64) }
        if photometric == 6, compression != 7 { return .subsampledYCbCr }
        return nil
    }

    /// The layout of a TIFF libvips failed on (`libvipsMessage`: its words), when the cause is a
    /// layout it does not decode rather than damage.
    static func unsupported(path: String, libvipsMessage: String) -> ImagingError.TIFFLayout? {
        let lower = libvipsMessage.lowercased()
        let libvipsSaysSo = ["not supported", "unsupported", "not a whole number of bytes", "samples out of range"].contains {
            lower.contains($0)
        }
        guard libvipsSaysSo else { return nil }
        return TIFFVariant(path: path)?.unsupportedLayout ?? .named(byLibrary: libvipsMessage)
    }
}

/// Byte-order-aware reads of a TIFF file's numbers.
private struct TIFFReader {
    let littleEndian: Bool
    let handle: FileHandle

    func uint(_ bytes: [UInt8], _ at: Int, _ size: Int) -> Int {
        guard at >= 0, at + size <= bytes.count else { return 0 }
        var value = 0
        for i in 0..<size {
            let byte = Int(bytes[littleEndian ? at + size - 1 - i : at + i])
            value = value << 8 | byte
        }
        return value
    }

    /// A file offset (an 8-byte one may use the top bit, which `uint` would make negative).
    func offset(_ bytes: [UInt8], _ at: Int, _ size: Int) -> UInt64 { UInt64(bitPattern: Int64(uint(bytes, at, size))) }

    func read(at offset: UInt64, count: Int) -> [UInt8]? {
        // Foundation traps on an offset past Int64's range, which a BigTIFF offset can name.
        guard offset <= UInt64(Int64.max), (try? handle.seek(toOffset: offset)) != nil else { return nil }
        let bytes = [UInt8](handle.readData(ofLength: count))
        return bytes.count == count ? bytes : nil
    }
}
