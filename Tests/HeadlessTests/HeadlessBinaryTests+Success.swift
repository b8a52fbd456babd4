// Crops that work: pixel and percent geometry, both option spellings, EXIF orientation, quality, lossless, strip.

import Foundation
import Testing

@testable import TestSupport

extension HeadlessBinaryTests {
    @Suite struct Success {
        @Test func pixelGeometryCutsExactlyThosePixels() throws {
            let w = try Workspace()
            try w.picture("in/photo.png")
            try expectSuccess(
                in: w, ["--crop=200x100+50+25", "--output=out/a.png", "in/photo.png"],
                source: "in/photo.png", output: "out/a.png", size: "200x100")
            // ImageMagick's own crop of the same geometry, compared by pixel signature (metadata aside).
            try Tool.run(
                "convert",
                [
                    w.url("in/photo.png").path, "-crop", "200x100+50+25", "+repage",
                    w.url("out/reference.png").path,
                ])
            #expect(
                try Tool.run("identify", ["-format", "%#", w.url("out/a.png").path])
                    == Tool.run("identify", ["-format", "%#", w.url("out/reference.png").path]))
        }

        @Test func sidecarKeepsTheCropAndALaterExportWithoutCropUsesIt() throws {
            let w = try Workspace()
            try w.picture("in/photo.jpg")
            let before = try Data(contentsOf: w.url("in/photo.jpg"))
            let kept = try w.run(["--sidecar", "--crop=50%x50%+25%+25%", "in/photo.jpg"])
            #expect(kept.exited && kept.status == 0, "stderr: \(kept.standardError)")
            #expect(try Data(contentsOf: w.url("in/photo.jpg")) == before, "--sidecar touched the image")
            // exiftool reads Lightroom's tags back: 25 % to 75 % on both axes.
            let tags = try Tool.run(
                "exiftool",
                [
                    "-s3", "-n", "-XMP-crs:CropLeft", "-XMP-crs:CropTop", "-XMP-crs:CropRight",
                    "-XMP-crs:CropBottom", w.url("in/photo.jpg.xmp").path,
                ])
            #expect(tags.split(separator: "\n").compactMap { Double($0) } == [0.25, 0.25, 0.75, 0.75], "\(tags)")
            // Without --crop, the export uses the kept crop: 200×150 of the 400×300 picture.
            try expectSuccess(
                in: w, ["--output=out/kept.png", "in/photo.jpg"],
                source: "in/photo.jpg", output: "out/kept.png", size: "200x150")
        }

        @Test func percentGeometryIsAShareOfTheImage() throws {
            let w = try Workspace()
            try w.picture("in/photo.jpg")
            // 50 % of 400×300 is 200×150, starting at 25 % = (100, 75).
            try expectSuccess(
                in: w, ["--crop=50%x50%+25%+25%", "--output=out/a.jpg", "in/photo.jpg"],
                source: "in/photo.jpg", output: "out/a.jpg", size: "200x150")
        }

        @Test func aPercentSizeAtPixelOffsetsCutsWhatImageMagickCuts() throws {
            let w = try Workspace()
            // Odd sizes, so 50 % is a half pixel (ImageMagick rounds it up) and 33.3 % a fraction.
            try w.picture("in/photo.png", size: "401x301")
            // Numbered names: ImageMagick would read % in a file name as a format.
            for (index, geometry) in ["50%x50%+10+10", "33.3%x66.7%+7+0", "100%x100%"].enumerated() {
                let ours = "out/\(index).png", reference = "out/\(index)-reference.png"
                let result = try w.run(["--crop=\(geometry)", "--output=\(ours)", "in/photo.png"])
                #expect(result.exited && result.status == 0, "\(geometry): \(result.standardError)")
                try Tool.run("convert", [w.url("in/photo.png").path, "-crop", geometry, "+repage", w.url(reference).path])
                let sizes = try [ours, reference].map { try Tool.run("identify", ["-format", "%wx%h", w.url($0).path]) }
                #expect(sizes[0] == sizes[1], "\(geometry): \(sizes)")
                #expect(
                    try Tool.run("identify", ["-format", "%#", w.url(ours).path])
                        == Tool.run("identify", ["-format", "%#", w.url(reference).path]), "\(geometry): other pixels")
            }
        }

        @Test func valuesMayFollowAsTheNextWord() throws {
            let w = try Workspace()
            try w.picture("in/photo.jpg")
            try expectSuccess(
                in: w, ["--crop", "120x80+0+0", "--output", "out/a.webp", "--quality", "70", "in/photo.jpg"],
                source: "in/photo.jpg", output: "out/a.webp", size: "120x80")
        }

        @Test func theCropIsMeasuredOnTheUprightImage() throws {
            let w = try Workspace()
            try w.picture("in/turned.jpg")
            try Tool.run("exiftool", ["-q", "-n", "-Orientation=6", "-overwrite_original", w.url("in/turned.jpg").path])
            // Stored 400×300, shown 300×400: rows 300…400 exist only upright.
            try expectSuccess(
                in: w, ["--crop=300x100+0+300", "--output=out/a.png", "in/turned.jpg"],
                source: "in/turned.jpg", output: "out/a.png", size: "300x100")
        }

        @Test func qualityReachesTheEncoder() throws {
            let w = try Workspace()
            try w.picture("in/photo.jpg")
            try expectSuccess(
                in: w, ["--crop=160x160", "--quality=40", "--output=out/a.jpg", "in/photo.jpg"],
                source: "in/photo.jpg", output: "out/a.jpg", size: "160x160")
            #expect(try Tool.run("identify", ["-format", "%Q", w.url("out/a.jpg").path]) == "40")
        }

        @Test func losslessCutsOnTheBlockGrid() throws {
            let w = try Workspace()
            try w.picture("in/photo.jpg")
            try expectSuccess(
                in: w, ["--crop=160x160+16+16", "--lossless", "--output=out/a.jpg", "in/photo.jpg"],
                source: "in/photo.jpg", output: "out/a.jpg", size: "160x160")
        }

        @Test func losslessOffTheBlockGridFailsCleanly() throws {
            let w = try Workspace()
            try w.picture("in/photo.jpg")
            try expectCleanFailure(
                in: w, ["--crop=160x160+17+16", "--lossless", "--output=out/a.jpg", "in/photo.jpg"],
                image: "in/photo.jpg", reasons: ["lossless"], output: "out/a.jpg")
        }

        @Test func stripGPSRemovesTheLocation() throws {
            let w = try Workspace()
            try w.picture("in/trip.jpg")
            try Tool.run(
                "exiftool",
                [
                    "-q", "-overwrite_original", "-GPSLatitude=48.85", "-GPSLatitudeRef=N",
                    "-GPSLongitude=2.35", "-GPSLongitudeRef=E", w.url("in/trip.jpg").path,
                ])
            #expect(try Tool.run("exiftool", ["-s3", "-GPSLatitude", w.url("in/trip.jpg").path]).isEmpty == false)
            try expectSuccess(
                in: w, ["--crop=100x100", "--strip=gps", "--output=out/a.jpg", "in/trip.jpg"],
                source: "in/trip.jpg", output: "out/a.jpg", size: "100x100")
            #expect(try Tool.run("exiftool", ["-s3", "-GPSLatitude", w.url("out/a.jpg").path]) == "")
        }

        @Test func anImageWhoseNameStartsWithADash() throws {
            let w = try Workspace()
            try w.picture("-dash.png")
            try expectSuccess(
                in: w, ["--crop=10x10", "--output=out/a.png", "--", "-dash.png"],
                source: "-dash.png", output: "out/a.png", size: "10x10")
        }

        @Test func anExistingOutputIsReplaced() throws {
            let w = try Workspace()
            try w.picture("in/photo.jpg")
            try w.picture("out/a.png", size: "50x50")
            try expectSuccess(
                in: w, ["--crop=30x20", "--output=out/a.png", "in/photo.jpg"],
                source: "in/photo.jpg", output: "out/a.png", size: "30x20")
        }
    }
}
