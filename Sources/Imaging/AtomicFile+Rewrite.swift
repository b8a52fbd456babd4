// Rewriting a result already in its temporary file: its bytes read back and replaced, a JPEG's metadata segments dropped.

import Foundation
import Glibc
import ImagingCore

extension AtomicFile {
    /// Writes `data` as the temporary file's contents. No flush here: `commit` flushes once, after
    /// the metadata is fixed (Foundation's `Data.write` would flush a second time).
    func write(_ data: Data) throws(ImagingError) {
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw .writeFailed(.write(errno: errno)) }
        defer { close(fd) }
        let failure = data.withUnsafeBytes { AtomicFile.writeAll($0, to: fd) }
        guard failure == 0 else { throw .writeFailed(.write(errno: failure)) }
    }

    /// The temporary's bytes (for the steps that rewrite a result after it was written).
    func read() throws(ImagingError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: temporary) else {
            throw .writeFailed(.readBack)
        }
        return [UInt8](data)
    }

    /// The written JPEG without its EXIF and IPTC segments (and its XMP unless `keepingXMP`; the
    /// ICC profile stays), for a result whose metadata exiv2 can neither read nor write.
    func dropJPEGMetadata(keepingXMP: Bool) throws(ImagingError) {
        guard let jpeg = JPEGSegments(try read()) else { throw .writeFailed(.notJPEG) }
        try write(
            Data(
                jpeg.rewritten(dropping: { segment in
                    let xmp =
                        jpeg.isApp(segment, 1, JPEGSegments.Signature.xmp)
                        || jpeg.isApp(segment, 1, JPEGSegments.Signature.extendedXMP)
                    return jpeg.isApp(segment, 1, JPEGSegments.Signature.exif) || (xmp && !keepingXMP) || segment.marker == 0xED
                })))
    }

    /// The written JPEG whose XMP no longer describes a gain map (see `GainMapDescription.removed`).
    func dropGainMapXMP() throws(ImagingError) {
        guard let jpeg = JPEGSegments(try read()),
            let segment = jpeg.segments.first(where: { jpeg.isApp($0, 1, JPEGSegments.Signature.xmp) })
        else { return }
        let packet = jpeg.payload(segment).dropFirst(JPEGSegments.Signature.xmp.count)
        guard let cleaned = GainMapDescription.removed(from: String(decoding: packet, as: UTF8.self)) else { return }
        let replacement = JPEGSegments.segment(marker: 0xE1, payload: JPEGSegments.Signature.xmp + Array(cleaned.utf8))
        try write(Data(jpeg.rewritten(dropping: { $0.range == segment.range }, inserting: replacement)))
    }
}
