// A decoder that stops (here: past its time limit) is one clean line, no output, no leftovers, the source untouched.

import Foundation
import Testing

@testable import TestSupport

extension HeadlessBinaryTests {
    @Suite struct DecoderStops {
        @Test func aDecoderPastItsTimeIsOneCleanLine() throws {
            let w = try Workspace()
            try Tool.run("convert", ["-size", "6000x4000", "gradient:red-blue", w.url("in/big.jpg").path])
            // 50 ms: enough to start, far too little to re-encode 24 megapixels.
            let result = try expectCleanFailure(
                in: w, ["--crop=6000x4000+0+0", "--output=out/big.png", "in/big.jpg"], image: "in/big.jpg",
                reasons: ["could not be decoded safely (the decoder stopped)"], output: "out/big.png",
                environment: ["CROP_EDITOR_DECODER_TIMEOUT": "0.05"])
            #expect(result.standardError == "crop-editor: in/big.jpg: could not be decoded safely (the decoder stopped)\n")
        }
    }
}
