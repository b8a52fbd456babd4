// A decoder's reply of kept frames checked on receipt: a frame's name, which names a result's file, kept to a file's length.

import CropKit
import ImagingCore
import Testing

@testable import Decoding

@Suite struct KeptFramesReplyTests {
    /// A kept crop of two frames, the second named `name`.
    static func kept(naming name: String) -> StoredCrop {
        var crop = StoredCrop(rect: CropRect(x: 0.1, y: 0.1, width: 0.4, height: 0.4))
        crop.frames = [
            StoredFrame(FrameState(crop: crop.rect)),
            StoredFrame(FrameState(crop: CropRect(x: 0.5, y: 0.5, width: 0.4, height: 0.4), name: name)),
        ]
        return crop
    }

    @Test func aNameLongerThanAKeptOneIsRefused() {
        #expect(ReplyChecks.isFramed(Self.kept(naming: String(repeating: "a", count: StoredFrame.longestName))))
        #expect(!ReplyChecks.isFramed(Self.kept(naming: String(repeating: "a", count: StoredFrame.longestName + 1))))
    }
}
