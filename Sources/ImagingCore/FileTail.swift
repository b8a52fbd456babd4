// Whether a file's last 64 KiB hold its format's end marker: a file cut short (an interrupted copy) lacks it.

import Foundation

/// A JPEG ends with its EOI marker and a PNG with its IEND chunk; either may carry other data after its end (a
/// JPEG's gain map or preview images, bytes some tool appended), so the end is looked for in the last 64 KiB.
package enum FileTail {
    package static let length: UInt64 = 65_536

    /// Whether `end` occurs in the last `length` bytes of the file `handle` reads (`size` bytes long).
    package static func holds(_ end: [UInt8], _ handle: FileHandle, size: UInt64) -> Bool {
        try? handle.seek(toOffset: size > length ? size - length : 0)
        let tail = [UInt8](handle.readDataToEndOfFile())
        return tail.count >= end.count
            && (0...(tail.count - end.count)).contains { at in
                tail[at] == end[0] && tail[at..<(at + end.count)].elementsEqual(end)
            }
    }

    /// The same for the file at `path`; false when it cannot be read.
    package static func holds(_ end: [UInt8], path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return holds(end, handle, size: (try? handle.seekToEnd()) ?? 0)
    }
}
