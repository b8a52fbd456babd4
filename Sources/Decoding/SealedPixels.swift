// Pixels between the processes: the decoder writes them into a memfd and seals it; the editor checks the seals and maps it.

import CDecoderSupport
import Foundation
import Glibc
import ImagingCore

package enum SealedPixels {
    /// A sealed memfd holding `pixels`' bytes (the decoder's side), or nil.
    package static func seal(_ pixels: RGBAPixels) -> Int32? {
        let fd = pixels.withUnsafeBytes { cds_sealed_copy($0.baseAddress, $0.count) }
        return fd >= 0 ? fd : nil
    }

    /// One shared int of a memfd made by `cds_flag_memfd` (a render's cancellation flag), or nil.
    package static func mapFlag(_ fd: Int32) -> UnsafeMutablePointer<Int32>? {
        let size = MemoryLayout<Int32>.size
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_size == size,
            let mapping = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), mapping != MAP_FAILED
        else { return nil }
        return mapping.assumingMemoryBound(to: Int32.self)
    }

    package static func unmapFlag(_ flag: UnsafeMutablePointer<Int32>) { munmap(flag, MemoryLayout<Int32>.size) }

    /// The `width`×`height` RGBA pixels in `fd` (the editor's side), mapped, not copied: nil
    /// unless it is a memfd of exactly that size that no one can write, grow or shrink any more, so
    /// what is read is what stays (a decoder cannot change the pixels under the editor, or cut the
    /// mapping short).
    static func read(_ fd: Int32, width: Int, height: Int) -> RGBAPixels? {
        guard width > 0, height > 0, width <= 1 << 20, height <= 1 << 20 else { return nil }
        let (count, overflow) = width.multipliedReportingOverflow(by: height * 4)
        guard !overflow, count <= 1 << 32, let mapping = map(fd, count: count) else { return nil }
        return RGBAPixels(width: width, height: height, mapping: mapping)
    }

    /// The whole of `fd` mapped read-only, when it is a sealed memfd of exactly `count` bytes.
    package static func map(_ fd: Int32, count: Int) -> PixelMapping? {
        guard count > 0, cds_sealed_size(fd) == Int64(count),
            let start = mmap(nil, count, PROT_READ, MAP_SHARED, fd, 0), start != MAP_FAILED
        else { return nil }
        return PixelMapping(start: start, count: count) { start, count in
            _ = munmap(UnsafeMutableRawPointer(mutating: start), count)
        }
    }

    /// The size of a sealed memfd's contents when it is at most `limit` bytes (an encoded result).
    package static func sealedSize(_ fd: Int32, limit: Int) -> Int? {
        let size = cds_sealed_size(fd)
        return size >= 0 && size <= Int64(limit) ? Int(size) : nil
    }
}
