// A PNG's chunk lengths checked against its file: a chunk claiming more than the file holds is refused before libpng allocates.

import Foundation

enum PNGChunks {
    /// Whether every chunk from the signature to IEND lies inside the file of `size` bytes (a file
    /// without IEND passes: the trailer check refuses it in its own words). libpng, as libvips
    /// drives it, allocates and clears what a text chunk claims, up to 2 GiB, before finding the
    /// data missing, so a tiny file could hold the decoder for seconds (docs/HACKING.md, "Fuzzing").
    /// The chunks' headers alone are read.
    static func fit(_ handle: FileHandle, size: UInt64) -> Bool {
        var at: UInt64 = 8
        while at + 8 <= size {
            guard (try? handle.seek(toOffset: at)) != nil else { return false }
            let header = [UInt8](handle.readData(ofLength: 8))
            guard header.count == 8 else { return false }
            let length = header[0..<4].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            let end = at + 12 + length
            guard end <= size else { return false }
            if header[4..<8].elementsEqual("IEND".utf8) { return true }
            at = end
        }
        return true
    }
}
