// Which exports the lean decoder takes: plain re-encoded JPEG cuts only, never one that may be lossless or changes pixels.

import CropKit
import Decoding
import ImagingCore
import Testing

@Suite struct LeanDecoderScopeTests {
    @Test func aPlainReEncodedCutAtAnyQualityIsItsAndNothingElse() {
        #expect(LeanDecoder.covers(ExportOptions(), format: .jpeg))
        #expect(LeanDecoder.covers(ExportOptions(quality: 80), format: .jpeg))
        var turned = ExportOptions(quality: 80)
        turned.transform = .right
        #expect(LeanDecoder.covers(turned, format: .jpeg))
        #expect(!LeanDecoder.covers(ExportOptions(quality: 80), format: .png))
        #expect(!LeanDecoder.covers(ExportOptions(lossless: true), format: .jpeg))
        var circle = ExportOptions(quality: 80)
        circle.shape = .circle
        #expect(!LeanDecoder.covers(circle, format: .jpeg))
    }

    /// The window's batches cut losslessly where the cut allows it when no quality is asked for: the decoder
    /// decides that, so such a cut is never the lean decoder's; with a quality asked for it re-encodes, and is.
    @Test func aCutThatMayBeLosslessStaysTheDecoders() {
        var prefer = ExportOptions()
        prefer.preferLossless = true
        #expect(!LeanDecoder.covers(prefer, format: .jpeg))
        prefer.quality = 85
        #expect(LeanDecoder.covers(prefer, format: .jpeg))
    }
}
