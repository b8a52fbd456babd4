// --crop=auto --aspect=W:H on generated pictures with one salient object: the suggested crop holds the whole object.

import Foundation
import Testing

@testable import TestSupport

extension HeadlessBinaryTests {
    @Suite struct SmartCrop {
        /// Pixels of the saturated red the object is drawn in, counted by ImageMagick.
        private func redPixels(_ url: URL) throws -> Int {
            let text = try Tool.run(
                "convert",
                [
                    url.path, "-alpha", "off", "-fuzz", "15%", "-fill", "black", "+opaque", "rgb(230,20,30)", "-fill", "white",
                    "-opaque", "rgb(230,20,30)", "-format", "%[fx:round(mean*w*h)]", "info:",
                ])
            return Int(text) ?? -1
        }

        /// 20 placements: landscape and portrait pictures of grey texture (noise over a gradient), a red
        /// disc anywhere inside, edges and corners included. The crop is square or 4:5, never the whole
        /// picture, so where it goes matters.
        @Test func theSuggestionHoldsTheSalientObjectInTwentyPlacements() throws {
            let w = try Workspace()
            var generator = SystemRandomNumberGenerator()
            var seed = UInt64.random(in: 0...UInt64(UInt32.max), using: &generator)
            func next(_ range: ClosedRange<Int>) -> Int {
                // SplitMix64: a seed printed on failure reproduces the placements.
                seed &+= 0x9E37_79B9_7F4A_7C15
                var z = seed
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                z ^= z >> 31
                return range.lowerBound + Int(z % UInt64(range.count))
            }
            let startSeed = seed
            for index in 0..<20 {
                let landscape = index % 2 == 0
                let (width, height) = landscape ? (720, 480) : (480, 720)
                let radius = next(18...36)
                let x = next(radius + 2...width - radius - 3), y = next(radius + 2...height - radius - 3)
                let source = w.url("in/scene\(index).png")
                try Tool.run(
                    "convert",
                    [
                        "-size", "\(width)x\(height)", "gradient:gray35-gray65", "-attenuate", "0.6", "+noise", "Gaussian",
                        "-colorspace", "gray", "-colorspace", "sRGB", "-fill", "rgb(230,20,30)", "-draw",
                        "circle \(x),\(y) \(x + radius),\(y)", source.path,
                    ])
                let aspect = index % 4 < 2 ? "1:1" : "4:5"
                let output = "out/scene\(index).png"
                let result = try w.run(["--crop=auto", "--aspect=\(aspect)", "--output=\(output)", "in/scene\(index).png"])
                #expect(result.exited && result.status == 0, "\(result.standardError)")
                let expectedSize =
                    aspect == "1:1" ? "\(min(width, height))x\(min(width, height))" : landscape ? "384x480" : "480x600"
                #expect(try Tool.size(of: w.url(output)) == expectedSize)
                let inSource = try redPixels(source), inCrop = try redPixels(w.url(output))
                #expect(inSource > 900)
                #expect(
                    inCrop == inSource,
                    "scene \(index) (seed \(startSeed)): disc r=\(radius) at \(x),\(y) on \(width)x\(height), \(aspect): \(inCrop) of \(inSource) red pixels kept"
                )
            }
        }

        @Test func theSuggestionTurnsWithTheOtherOptionsAndIsKeptInTheSidecar() throws {
            let w = try Workspace()
            let source = w.url("in/scene.png")
            try Tool.run(
                "convert",
                [
                    "-size", "600x400", "xc:gray50", "+noise", "Gaussian", "-colorspace", "gray", "-colorspace", "sRGB", "-fill",
                    "rgb(230,20,30)", "-draw", "circle 540,60 570,60", source.path,
                ])
            // Turned a quarter to the right the disc is at the bottom right of a 400x600 picture: the
            // largest square there is its lower 400x400, then scaled to 100 and written as JPEG.
            let result = try w.run([
                "--crop=auto", "--aspect=1:1", "--rotate=90", "--size=100", "--output=out/turned.jpg", "in/scene.png",
            ])
            #expect(result.status == 0, "\(result.standardError)")
            #expect(try Tool.size(of: w.url("out/turned.jpg")) == "100x100")
            let kept = try w.run(["--sidecar", "--crop=auto", "--aspect=1:1", "in/scene.png"])
            #expect(kept.status == 0, "\(kept.standardError)")
            let tags = try Tool.run(
                "exiftool", ["-s3", "-n", "-XMP-crs:CropLeft", "-XMP-crs:CropRight", w.url("in/scene.png.xmp").path])
            // The disc is at the right: the square 400x400 is the right two thirds.
            let values = tags.split(separator: "\n").compactMap { Double($0) }
            #expect(values.count == 2 && abs(values[0] - 200.0 / 600) < 1e-4 && values[1] == 1, "\(tags)")
        }
    }
}
