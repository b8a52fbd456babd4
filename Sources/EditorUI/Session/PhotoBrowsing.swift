// What a window keeps of the folder it browses: the session (order, shown photo, edits), each photo's header facts, pictures prepared ahead.

import Canvas
import CropKit
import Foundation
import ImagingCore

@MainActor
final class PhotoBrowsing {
    /// Nil until a file is opened (the demo has no folder).
    var session: PhotoSession?
    /// The header facts of every photo shown, which saving a photo not shown any more needs.
    var infos: [String: ImageInfo] = [:]
    let prefetcher = PhotoPrefetcher(limit: { ImageSource.screenLimit() })

    /// The folder a path lies in, as sessions compare them.
    nonisolated static func folder(of path: String) -> String { (path as NSString).deletingLastPathComponent }
}
