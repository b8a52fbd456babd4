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

    /// A render's cancellation flag (the editor's side): one int in a memfd mapped writable here, then
    /// sealed so that its size never changes and nothing but this mapping writes it, and a read-only
    /// descriptor of its own for the decoder (which can neither write the flag nor cut it short). nil
    /// when any step fails: the render then runs without a flag in the decoder.
    package static func makeFlag() -> (flag: UnsafeMutablePointer<Int32>, forDecoder: OwnedDescriptor)? {
        let file = OwnedDescriptor(cds_flag_memfd())
        let size = MemoryLayout<Int32>.size
        guard file.fd >= 0, let mapping = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, file.fd, 0),
            mapping != MAP_FAILED
        else { return nil }
        let readOnly = OwnedDescriptor(cds_seal_flag(file.fd) == 0 ? cds_reopen_read_only(file.fd) : -1)
        guard readOnly.fd >= 0 else {
            munmap(mapping, size)
            return nil
        }
        return (mapping.assumingMemoryBound(to: Int32.self), readOnly)
    }

    /// The flag the editor sent (the decoder's side), mapped read-only: nil unless it is one int
    /// sealed against shrinking, growing and writes.
    package static func observeFlag(_ fd: Int32) -> UnsafePointer<Int32>? {
        let size = MemoryLayout<Int32>.size
        guard cds_flag_is_sealed(fd) != 0, let mapping = mmap(nil, size, PROT_READ, MAP_SHARED, fd, 0), mapping != MAP_FAILED
        else { return nil }
        return UnsafePointer(mapping.assumingMemoryBound(to: Int32.self))
    }

    package static func unmapFlag(_ flag: UnsafePointer<Int32>) {
        munmap(UnsafeMutableRawPointer(mutating: flag), MemoryLayout<Int32>.size)
    }

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
