// Copy's state in a window: whether a copy is being made, and the last result encoded, which a drag out of the same crop reuses.

import CropKit
import Decoding
import Foundation
import ImagingCore

/// What the window keeps for Copy, Copy and Close and a drag out.
@MainActor
final class CopyController {
    /// What an encoded result was made from: the same file, crop and options give the same bytes.
    struct Request: Equatable, Sendable {
        let source: DecoderSource
        let crop: PixelRect
        let options: ExportOptions
    }

    /// A copy is being encoded: another Ctrl+C meanwhile waits for none and is dropped.
    var isCopying = false
    /// An encoded result: the PNG's bytes and the picture's size.
    struct Encoded: Sendable {
        let bytes: Data
        let width: Int
        let height: Int
    }

    /// The last result the decoder encoded, and what it was asked.
    var last: (request: Request, result: Encoded)?

    /// The last result when it answers `request`.
    func reusable(for request: Request) -> Encoded? {
        guard let last, last.request == request else { return nil }
        return last.result
    }
}
