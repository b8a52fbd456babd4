// Find Photos in the decoder, and the scan it decoded whole kept for the job that cuts the prints out of it next.

import CropKit
import Decoding
import Foundation
import Glibc
import Imaging

/// The picture a Find Photos job decoded whole, kept for the next job (the prints' exports) when
/// that job's source is the same file: this process holds it until its next job starts, no longer.
final class KeptPicture {
    private let picture: DecodedPicture
    private let identity: FileIdentity

    /// What tells the same file from another: its device, inode, size and modification time.
    struct FileIdentity: Equatable {
        let device: UInt64, inode: UInt64, size: Int64, modified: Int, modifiedNanoseconds: Int

        init?(_ fd: Int32) {
            var status = stat()
            guard fstat(fd, &status) == 0 else { return nil }
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
            size = Int64(status.st_size)
            modified = status.st_mtim.tv_sec
            modifiedNanoseconds = status.st_mtim.tv_nsec
        }
    }

    private init(picture: DecodedPicture, identity: FileIdentity) {
        self.picture = picture
        self.identity = identity
    }

    /// The one kept, if any: jobs run one at a time, on the process's one thread.
    nonisolated(unsafe) private static var current: KeptPicture?

    /// Keeps `picture`, decoded from the file open as `fd`, for the next job.
    static func keep(_ picture: DecodedPicture, of fd: Int32) {
        current = FileIdentity(fd).map { KeptPicture(picture: picture, identity: $0) }
    }

    /// The picture kept, no longer kept (what the job does not use is freed when it ends).
    static func take() -> KeptPicture? {
        defer { current = nil }
        return current
    }

    /// The decoded picture when the file open as `fd` is the one it was decoded from, named as
    /// `path` names it (the editor gives a file's source the same name in every job).
    func decoded(of fd: Int32, path: String) -> DecodedPicture? {
        guard FileIdentity(fd) == identity, picture.isOf(path) else { return nil }
        return picture
    }
}

extension DecoderJobs {
    /// Find Photos' prints on the file at `path`. `keepsPicture`, for a PNG: the scan decoded whole
    /// (`DecodedPicture`), its prints found on that, and it kept for the export job that follows;
    /// otherwise found on the file's own thumbnail.
    static func findPhotos(_ path: String, keepsPicture: Bool, _ descriptors: [Int32]) throws(ImagingError) -> [FoundPrint] {
        if keepsPicture {
            let info = try ImageProbe.probe(path: path)
            if info.loader.contains("Png"), let decoded = DecodedPicture.decode(info),
                let prints = try PhotoSuggestions.findPhotos(in: decoded, info)
            {
                KeptPicture.keep(decoded, of: descriptors[0])
                return prints
            }
        }
        return try PhotoSuggestions.findPhotos(path: path)
    }
}
