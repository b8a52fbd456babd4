// Pixel memory for big Cairo surfaces that the kernel may back with 2 MB pages, so copying a frame misses the TLB less.

import CGtk
import Glibc

/// Anonymous mappings for surface pixels, advised as transparent huge pages (Linux's "madvise"
/// mode, Debian's default). A 4K frame spans tens of thousands of ordinary pages but only dozens
/// of large ones, so copying it walks the page tables far less often.
enum LargePageMemory {
    private static let pageSize = 2 << 20

    /// A Cairo image surface over a fresh mapping, unmapped when Cairo destroys the surface (so a
    /// recording or pattern still holding it keeps its pixels). Nil when rounding up to whole 2 MB
    /// pages would add more than an eighth (a small window's cache would nearly double: the memory
    /// counts for more than the page walks there) or when the mapping fails: the caller then
    /// takes Cairo's own allocation.
    static func surface(format: cairo_format_t, width: Int32, height: Int32) -> OpaquePointer? {
        let stride = Int(cairo_format_stride_for_width(format, width))
        guard stride > 0 else { return nil }
        let (bytes, overflow) = stride.multipliedReportingOverflow(by: Int(height))
        guard !overflow, bytes >= pageSize, bytes <= Int.max - pageSize else { return nil }
        let size = (bytes + pageSize - 1) / pageSize * pageSize
        guard size - bytes <= bytes / 8 else { return nil }
        let base = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let base, base != MAP_FAILED else { return nil }
        // Only advice: without huge pages the mapping still works with small ones.
        _ = madvise(base, size, MADV_HUGEPAGE)
        guard
            let surface = cairo_image_surface_create_for_data(
                base.assumingMemoryBound(to: UInt8.self), format,
                width, height, Int32(stride)),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
        else {
            munmap(base, size)
            return nil
        }
        let mapping = UnsafeMutablePointer<Mapping>.allocate(capacity: 1)
        mapping.initialize(to: Mapping(base: base, size: size))
        let status = cairo_surface_set_user_data(surface, mappingKey, mapping) { raw in
            guard let mapping = raw?.assumingMemoryBound(to: Mapping.self) else { return }
            munmap(mapping.pointee.base, mapping.pointee.size)
            mapping.deallocate()
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            munmap(base, size)
            mapping.deallocate()
            return nil
        }
        return surface
    }

    private struct Mapping {
        let base: UnsafeMutableRawPointer
        let size: Int
    }

    /// Cairo tells user data apart by the key's address; its contents are never read.
    private nonisolated(unsafe) static let mappingKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)
}
