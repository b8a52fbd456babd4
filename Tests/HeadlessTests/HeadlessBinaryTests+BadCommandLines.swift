// Command lines that cannot work: unknown options, missing values, no crop or output, bad quality or strip, not one IMAGE.

import Foundation
import Testing

@testable import TestSupport

extension HeadlessBinaryTests {
    @Suite struct BadCommandLines {
        private func workspace() throws -> Workspace {
            let w = try Workspace()
            try w.picture("in/photo.jpg")
            return w
        }

        @Test func anUnknownOption() throws {
            let w = try workspace()
            for option in ["--sidcar", "--crpo=10x10", "-x", "--output-format=png"] {
                let result = try expectCleanFailure(
                    in: w, ["--crop=10x10", "--output=out/a.png", option, "in/photo.jpg"],
                    image: nil, reasons: ["unknown option"], output: "out/a.png")
                #expect(result.status == 2)
            }
        }

        @Test func anUnknownOptionAloneStillGetsOneLineNotAWindow() throws {
            let w = try workspace()
            try expectCleanFailure(
                in: w, ["--sidcar", "in/photo.jpg"], image: nil, reasons: ["unknown option --sidcar"],
                output: nil)
        }

        @Test func aMissingValue() throws {
            let w = try workspace()
            try expectCleanFailure(
                in: w, ["--output=out/a.png", "in/photo.jpg", "--crop"], image: nil,
                reasons: ["--crop needs a value"], output: "out/a.png")
            // The next word is another option, not the value.
            try expectCleanFailure(
                in: w, ["--output", "--crop=10x10", "in/photo.jpg"], image: nil,
                reasons: ["--output needs a value"], output: nil)
            try expectCleanFailure(
                in: w, ["--crop=10x10", "--output=", "in/photo.jpg"], image: nil,
                reasons: ["--output needs a value"], output: nil)
        }

        @Test func noCropGiven() throws {
            let w = try workspace()
            let result = try expectCleanFailure(
                in: w, ["--output=out/a.png", "in/photo.jpg"], image: "in/photo.jpg",
                reasons: ["no --crop given"], output: "out/a.png")
            #expect(result.errorLines == ["crop-editor: in/photo.jpg: no --crop given (and no stored crop)"])
        }

        @Test func noOutputGiven() throws {
            let w = try workspace()
            try expectCleanFailure(
                in: w, ["--crop=10x10", "in/photo.jpg"], image: "in/photo.jpg",
                reasons: ["no --output given"], output: nil)
        }

        @Test func aBadQuality() throws {
            let w = try workspace()
            for quality in ["0", "101", "abc", "-5", "50.5", "1e2", "99999999999999999999"] {
                try expectCleanFailure(
                    in: w, ["--crop=10x10", "--output=out/a.jpg", "--quality", quality, "in/photo.jpg"],
                    image: "in/photo.jpg", reasons: ["--quality must be a whole number from 1 to 100"],
                    output: "out/a.jpg")
            }
        }

        @Test func aBadStripMode() throws {
            let w = try workspace()
            for strip in ["none", "exif", "GPS "] {
                try expectCleanFailure(
                    in: w, ["--crop=10x10", "--output=out/a.jpg", "--strip=\(strip)", "in/photo.jpg"],
                    image: "in/photo.jpg", reasons: ["--strip must be gps or all"], output: "out/a.jpg")
            }
        }

        @Test func aFlagWithAValue() throws {
            let w = try workspace()
            try expectCleanFailure(
                in: w, ["--crop=10x10", "--output=out/a.jpg", "--lossless=yes", "in/photo.jpg"],
                image: nil, reasons: ["--lossless takes no value"], output: "out/a.jpg")
        }

        @Test func anOptionTwice() throws {
            let w = try workspace()
            try expectCleanFailure(
                in: w, ["--crop=10x10", "--crop=20x20", "--output=out/a.jpg", "in/photo.jpg"],
                image: nil, reasons: ["more than once"], output: "out/a.jpg")
        }

        @Test func noImage() throws {
            let w = try workspace()
            let result = try expectCleanFailure(
                in: w, ["--crop=10x10", "--output=out/a.jpg"], image: nil,
                reasons: ["no IMAGE given"], output: "out/a.jpg")
            #expect(result.errorLines == ["crop-editor: no IMAGE given (see crop-editor --help)"])
        }

        @Test func twoImages() throws {
            let w = try workspace()
            try w.picture("in/other.jpg")
            try expectCleanFailure(
                in: w, ["--crop=10x10", "--output=out/a.jpg", "in/photo.jpg", "in/other.jpg"],
                image: nil, reasons: ["--output names one result, but 2 IMAGEs were given; use --output-dir=DIR"],
                output: "out/a.jpg")
        }

        @Test func aLineBreakInTheImageNameStaysOneLine() throws {
            let w = try workspace()
            try expectCleanFailure(
                in: w, ["--crop=10x10", "--output=out/a.png", "in/two\nlines.jpg"],
                image: "in/two lines.jpg", reasons: ["no such file"], output: "out/a.png")
        }
    }
}
