// The decoder's job of several exports of one picture: decoded once, each result's bytes after the last in one memfd.

import CDecoderSupport
import CropKit
import Decoding
import Foundation
import Glibc
import Imaging

extension DecoderJobs {
    /// Each frame exported as an `export` job exports it, in order, from one decode of the picture
    /// when that pays (`DecodedPicture`: the one Find Photos kept, `picture`, when it is of this
    /// file); a frame that fails leaves the others to be made. The results go back one after the
    /// other in one sealed memfd (a reply carries few descriptors).
    static func exportFrames(
        _ info: ImageInfo, _ frames: [FrameRequest], _ descriptors: [Int32], picture: KeptPicture?
    ) throws(ImagingError) -> (DecoderReply, [Int32]) {
        let path = try source((info.path as NSString).lastPathComponent, descriptors)
        guard frames.count <= FrameState.maximumCount, !frames.contains(where: { $0.outputExtension.contains("/") }) else {
            throw .decoderStopped
        }
        let named = info.named(path)
        let pays = DecodedPicture.pays(named, crops: frames.map(\.options))
        let decoded = pays ? picture?.decoded(of: descriptors[0], path: path) ?? DecodedPicture.decode(named) : nil
        let all = cds_result_memfd()
        guard all >= 0 else { throw .writeFailed(.write(errno: errno)) }
        var outcomes: [FrameOutcome] = []
        for frame in frames {
            let made: (ExportResult, Int32)
            do {
                made = try intoResult { () throws(ImagingError) in
                    try CropExporter.export(
                        named, crop: frame.crop, output: outputFolder + "/result." + frame.outputExtension,
                        options: frame.options, decoded: decoded)
                }
            } catch {
                outcomes.append(.failed(error))
                continue
            }
            defer { close(made.1) }
            guard let count = append(made.1, to: all) else {
                close(all)
                throw .writeFailed(.write(errno: errno))
            }
            outcomes.append(.exported(made.0, byteCount: count))
        }
        guard cds_sealed_memfd(all) == 0 else {
            close(all)
            throw .writeFailed(.write(errno: errno))
        }
        return (.exportedFrames(outcomes), [all])
    }

    /// Every byte of `result` written at the end of `all`: how many, or nil when a read or a write failed.
    private static func append(_ result: Int32, to all: Int32) -> Int? {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var count = 0
        while true {
            let read = buffer.withUnsafeMutableBytes { pread(result, $0.baseAddress, $0.count, off_t(count)) }
            if read < 0, errno == EINTR { continue }
            guard read >= 0 else { return nil }
            if read == 0 { return count }
            let failure = buffer.withUnsafeBytes {
                AtomicFile.writeAll(UnsafeRawBufferPointer(rebasing: $0.prefix(read)), to: all)
            }
            guard failure == 0 else { return nil }
            count += read
        }
    }
}
