// An export's encoded result held in memory (Copy, a drag out), as the decoder sealed it: the bytes and the result's size.

import Foundation
import Imaging

public struct EncodedResult: Sendable, Equatable {
    /// The encoded picture (a PNG for Copy), copied out of the decoder's sealed memfd.
    public let bytes: Data
    public let width: Int
    public let height: Int
    /// What of the source's metadata the format could not carry.
    public let leftOut: [LeftOut]
}
