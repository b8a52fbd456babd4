// TIFF structures written byte by byte for test files: EXIF blocks, whole TIFF files, MPF indexes, from their directories.

/// A TIFF structure: directories of tagged values and blobs (a thumbnail, strips), laid out after an
/// 8-byte header with every offset counted from the header's first byte, as EXIF and MPF count them.
struct TIFFLayout {
    enum Value {
        case bytes([UInt8])  // BYTE
        case ascii(String)  // ASCII, NUL added
        case shorts([UInt16])  // SHORT
        case longs([UInt32])  // LONG
        case rationals([(UInt32, UInt32)])
        case undefined([UInt8])  // UNDEFINED
        /// LONG: where directory `n` starts (a sub-IFD pointer).
        case directory(Int)
        /// UNDEFINED: directory `n` itself, as a maker note holds its IFD.
        case directoryBody(Int)
        /// LONG: where blob `n` starts, or its length.
        case blobOffset(Int)
        case blobLength(Int)
    }

    struct Entry {
        let tag: UInt16
        let value: Value
        init(_ tag: UInt16, _ value: Value) { self.tag = tag; self.value = value }
    }

    var littleEndian = true
    /// Directory 0 is the first one (IFD0).
    var directories: [[Entry]] = []
    /// Which directory follows which in the chain (IFD0 → IFD1).
    var next: [Int: Int] = [:]
    var blobs: [[UInt8]] = []

    private func code(_ value: Value) -> (type: UInt16, count: Int, unit: Int) {
        switch value {
        case .bytes(let b): return (1, b.count, 1)
        case .ascii(let s): return (2, s.utf8.count + 1, 1)
        case .shorts(let v): return (3, v.count, 2)
        case .longs(let v): return (4, v.count, 4)
        case .rationals(let v): return (5, v.count, 8)
        case .undefined(let b): return (7, b.count, 1)
        case .directory, .blobOffset, .blobLength: return (4, 1, 4)
        case .directoryBody(let n): return (7, size(of: n), 1)
        }
    }

    /// A directory's bytes: its count, entries and next pointer, then the values too long to sit in an entry.
    private func size(of n: Int) -> Int {
        let entries = directories[n]
        let area = entries.reduce(0) { total, entry in
            if case .directoryBody = entry.value { return total }
            let (_, count, unit) = code(entry.value)
            return count * unit > 4 ? total + (count * unit + 1) / 2 * 2 : total
        }
        return 2 + 12 * entries.count + 4 + area
    }

    /// Where each directory and blob starts.
    private func offsets() -> (directories: [Int], blobs: [Int]) {
        var at = 8, dirs: [Int] = [], blobStarts: [Int] = []
        for n in directories.indices { dirs.append(at); at += size(of: n) }
        for blob in blobs { blobStarts.append(at); at += (blob.count + 1) / 2 * 2 }
        return (dirs, blobStarts)
    }

    func u16(_ v: Int) -> [UInt8] {
        let b = [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)]
        return littleEndian ? b : b.reversed()
    }

    func u32(_ v: Int) -> [UInt8] {
        let b = [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)]
        return littleEndian ? b : b.reversed()
    }

    /// The whole structure: header, directories, blobs.
    var bytes: [UInt8] {
        let (dirStarts, blobStarts) = offsets()
        var out: [UInt8] = (littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]) + u16(42) + u32(dirStarts.first ?? 0)
        for (n, entries) in directories.enumerated() {
            var areaAt = dirStarts[n] + 2 + 12 * entries.count + 4
            var area: [UInt8] = []
            out += u16(entries.count)
            for entry in entries.sorted(by: { $0.tag < $1.tag }) {
                let (type, count, _) = code(entry.value)
                var payload: [UInt8]
                switch entry.value {
                case .bytes(let b), .undefined(let b): payload = b
                case .ascii(let s): payload = Array(s.utf8) + [0]
                case .shorts(let v): payload = v.flatMap { u16(Int($0)) }
                case .longs(let v): payload = v.flatMap { u32(Int($0)) }
                case .rationals(let v): payload = v.flatMap { u32(Int($0.0)) + u32(Int($0.1)) }
                case .directory(let d): payload = u32(dirStarts[d])
                case .blobOffset(let b): payload = u32(blobStarts[b])
                case .blobLength(let b): payload = u32(blobs[b].count)
                case .directoryBody(let d):
                    out += u16(Int(entry.tag)) + u16(Int(type)) + u32(count) + u32(dirStarts[d])
                    continue
                }
                out += u16(Int(entry.tag)) + u16(Int(type)) + u32(count)
                if payload.count <= 4 {
                    out += payload + [UInt8](repeating: 0, count: 4 - payload.count)
                } else {
                    out += u32(areaAt)
                    if payload.count % 2 == 1 { payload.append(0) }
                    area += payload
                    areaAt += payload.count
                }
            }
            out += u32(next[n].map { dirStarts[$0] } ?? 0)
            out += area
        }
        for blob in blobs { out += blob + (blob.count % 2 == 1 ? [0] : []) }
        return out
    }
}
