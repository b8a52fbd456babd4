// Crops that cannot be cut from the image: outside it (partly, wholly, by percent, upright vs stored), no area, malformed, mixed.

import Foundation
import Testing

@testable import TestSupport

extension HeadlessBinaryTests {
    @Suite struct BadCrops {
        private func failure(
            _ crop: String, _ reasons: [String], source: String = "in/photo.jpg",
            sourceLocation: SourceLocation = #_sourceLocation
        ) throws -> String {
            let w = try Workspace()
            try w.picture(source)
            let result = try expectCleanFailure(
                in: w, ["--crop=\(crop)", "--output=out/a.png", source], image: source,
                reasons: reasons, output: "out/a.png", sourceLocation: sourceLocation)
            return result.errorLines.first ?? ""
        }

        @Test func aCropPartlyOutside() throws {
            let line = try failure("200x100+250+0", ["outside"])
            #expect(line == "crop-editor: in/photo.jpg: the crop 200x100+250+0 lies outside the 400×300 image")
        }

        @Test func aCropWhollyOutside() throws {
            _ = try failure("10x10+500+500", ["outside"])
        }

        @Test func aNegativeOffset() throws {
            let line = try failure("10x10-5+0", ["outside"])
            #expect(line.hasSuffix("the crop 10x10-5+0 lies outside the 400×300 image"))
        }

        @Test func aPercentCropPastTheEdge() throws {
            let line = try failure("50%x50%+60%+0%", ["outside"])
            #expect(line.hasSuffix("the crop 50%x50%+60%+0% lies outside the 400×300 image"))
        }

        @Test func aCropMeasuredOnTheStoredInsteadOfTheUprightImage() throws {
            // Stored 400×300 with EXIF orientation 6 shows as 300×400: 400 wide no longer fits.
            let w = try Workspace()
            try w.picture("in/turned.jpg")
            try Tool.run("exiftool", ["-q", "-n", "-Orientation=6", "-overwrite_original", w.url("in/turned.jpg").path])
            let result = try expectCleanFailure(
                in: w, ["--crop=400x100", "--output=out/a.png", "in/turned.jpg"],
                image: "in/turned.jpg", reasons: ["outside"], output: "out/a.png")
            #expect(result.errorLines.first?.hasSuffix("the crop 400x100+0+0 lies outside the 300×400 image") == true)
        }

        @Test func aZeroSize() throws {
            _ = try failure("0x100+0+0", ["no area"])
            _ = try failure("0%x50%", ["no area"])
        }

        @Test func aNegativeSize() throws {
            _ = try failure("-100x100+0+0", ["no area"])
        }

        @Test func aMalformedGeometry() throws {
            for crop in ["abc", "100x", "100x100+5", "100 x 100", "100x100+0+0+0", "1e3x10"] {
                _ = try failure(crop, ["malformed"])
            }
        }

        @Test func mixedUnits() throws {
            _ = try failure("50%x100+0+0", ["mixes pixels and percent"])
            _ = try failure("50%x50%+10%+10", ["mixes pixels and percent"])
        }

        @Test func aPercentSizePushedPastTheEdgeByItsPixelOffset() throws {
            // 50 % of 400 = 200 from x = 201 ends at 401; ImageMagick would cut it short, we refuse it.
            let line = try failure("50%x50%+201+0", ["outside"])
            #expect(line.hasSuffix("the crop 50%x50%+201+0 lies outside the 400×300 image"))
        }

        @Test func aNumberBeyondInt() throws {
            _ = try failure("99999999999999999999x1", ["too large"])
            // Int.max parses; the sum with the offset must not trap, it is simply outside.
            _ = try failure("1x1+\(Int.max)+\(Int.max)", ["outside"])
        }

        @Test func anEmptyGeometryIsAMissingValue() throws {
            let w = try Workspace()
            try w.picture("in/photo.jpg")
            try expectCleanFailure(
                in: w, ["--crop=", "--output=out/a.png", "in/photo.jpg"], image: nil,
                reasons: ["--crop needs a value"], output: "out/a.png")
        }
    }
}
