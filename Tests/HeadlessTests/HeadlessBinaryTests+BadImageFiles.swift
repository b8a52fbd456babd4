// Sources that are not usable images: missing, a folder, unreadable, empty, random bytes, truncated, absurdly large.

import Foundation
import Testing

@testable import TestSupport

extension HeadlessBinaryTests {
    @Suite struct BadImageFiles {
        private let crop = "--crop=100x100+10+10"

        @Test func aMissingPath() throws {
            let w = try Workspace()
            try expectCleanFailure(
                in: w, [crop, "--output=out/a.png", "in/missing.jpg"],
                image: "in/missing.jpg", reasons: ["no such file"], output: "out/a.png")
        }

        /// Files libheif and libvips refuse with words that say only where they stopped: the cause
        /// comes first, their words after it in parentheses (a 16 × 17000 AVIF: "bad seek to …"),
        /// or the layout is named (64-bit floating-point TIFF samples: "samples out of range").
        @Test func aRefusalNamesItsCauseNotOnlyTheLibrarysWords() throws {
            let w = try Workspace()
            try FileManager.default.createDirectory(at: w.url("in"), withIntermediateDirectories: true)
            try Tool.run("vips", ["black", w.url("in/tall.avif").path, "16", "17000"])
            try Tool.run("vips", ["black", w.url("in/plain.tif").path, "40", "30", "--bands", "3"])
            try Tool.run("vips", ["cast", w.url("in/plain.tif").path, w.url("in/double.tif").path, "double"])
            let tall = try expectCleanFailure(
                in: w, [crop, "--output=out/a.png", "in/tall.avif"], image: "in/tall.avif",
                reasons: ["the file could not be opened as an image (bad seek to "], output: "out/a.png")
            #expect(tall.standardError.hasSuffix(")\n"), "\(tall.standardError)")
            let double = try expectCleanFailure(
                in: w, ["--crop=10x10+0+0", "--output=out/b.png", "in/double.tif"], image: "in/double.tif",
                reasons: ["this TIFF variant is not supported (64-bit floating-point samples)"], output: "out/b.png")
            #expect(
                double.standardError
                    == "crop-editor: in/double.tif: this TIFF variant is not supported (64-bit floating-point samples)\n")
        }

        @Test func aFolder() throws {
            let w = try Workspace()
            try FileManager.default.createDirectory(at: w.url("in/album.jpg"), withIntermediateDirectories: true)
            try expectCleanFailure(
                in: w, [crop, "--output=out/a.png", "in/album.jpg"],
                image: "in/album.jpg", reasons: ["folder"], output: "out/a.png")
        }

        @Test func anUnreadableFile() throws {
            let w = try Workspace()
            try w.picture("in/locked.jpg")
            #expect(chmod(w.url("in/locked.jpg").path, 0o000) == 0)
            let arguments = [crop, "--output=out/a.png", "in/locked.jpg"]
            if Workspace.isRoot {
                // Root reads a chmod 000 file, so there is no unreadable file to be had: the run must
                // then succeed correctly or fail by the contract, and must not crash either way.
                try expectSuccessOrCleanFailure(
                    in: w, arguments, image: "in/locked.jpg", reasons: ["permission"],
                    output: "out/a.png", expectedSize: "100x100")
            } else {
                try expectCleanFailure(in: w, arguments, image: "in/locked.jpg", reasons: ["permission"], output: "out/a.png")
            }
        }

        @Test func aZeroByteFile() throws {
            let w = try Workspace()
            try w.file("in/empty.jpg", bytes: [])
            try expectCleanFailure(
                in: w, [crop, "--output=out/a.png", "in/empty.jpg"],
                image: "in/empty.jpg", reasons: ["empty"], output: "out/a.png")
        }

        @Test func randomBytesNamedJPEG() throws {
            let w = try Workspace()
            var state: UInt64 = 0x5EED
            // SplitMix64: the same "random" bytes every run, so a failure reproduces.
            let bytes = (0..<4096).map { _ -> UInt8 in
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return UInt8(truncatingIfNeeded: z ^ (z >> 31))
            }
            try w.file("in/noise.jpg", bytes: Array("NOISE".utf8) + bytes)
            try expectCleanFailure(
                in: w, [crop, "--output=out/a.png", "in/noise.jpg"],
                image: "in/noise.jpg", reasons: ["not an image"], output: "out/a.png")
        }

        @Test func aJPEGTruncatedAtHalf() throws {
            try expectTruncatedPictureRefused("in/half.jpg")
        }

        @Test func aPNGTruncatedAtHalf() throws {
            try expectTruncatedPictureRefused("in/half.png")
        }

        /// The header survives a truncation, so the failure can only come from decoding. Crops that
        /// need the missing rows must fail; each runs a few times because decoding is threaded and a
        /// bad decoder setup fails only some of the time (black rows written instead).
        private func expectTruncatedPictureRefused(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let w = try Workspace()
            try w.truncatedPicture(path)
            for crop in ["400x300", "400x150+0+150", "400x10+0+290"] {
                for _ in 0..<3 {
                    try expectCleanFailure(
                        in: w, ["--crop=\(crop)", "--output=out/a.png", path], image: path,
                        reasons: Self.truncationWords, output: "out/a.png", sourceLocation: sourceLocation)
                }
            }
        }

        @Test func aPNGWhoseHeaderClaims100000By100000() throws {
            let w = try Workspace()
            try w.file("in/huge.png", bytes: PNGBytes.claiming(width: 100_000, height: 100_000))
            try expectCleanFailure(
                in: w, [crop, "--output=out/a.png", "in/huge.png"],
                image: "in/huge.png", reasons: ["limit"], output: "out/a.png")
        }

        /// What libjpeg, libpng and Imaging say about a file that ends early.
        static let truncationWords = ["premature", "truncated", "damaged", "incomplete", "read error", "end of"]
    }
}
