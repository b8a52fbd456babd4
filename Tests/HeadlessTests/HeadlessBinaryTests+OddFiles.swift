// Files other viewers open, through the real binary: exact crops, one warning line for metadata left out, refusals in one line.

import Foundation
import OddFiles
import Testing

@testable import TestSupport

extension HeadlessBinaryTests {
    @Suite struct OddFilesOnTheCommandLine {
        /// The odd files in the workspace's `in/`, by name.
        static func make(_ w: Workspace) throws -> [String: OddFile] {
            Dictionary(uniqueKeysWithValues: try OddFiles.make(in: w.url("in").path).map { ($0.name, $0) })
        }

        static func geometry(_ file: OddFile) -> String {
            let (w, h) = file.size
            return "\(max(1, w / 2))x\(max(1, h / 2))+\(w / 4)+\(h / 4)"
        }

        /// ImageMagick's crop of the same file, compared by pixel signature (metadata aside).
        static func expectSameCropAsImageMagick(
            _ w: Workspace, _ file: OddFile, _ output: String,
            sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            let reference = w.url("out/reference-\(file.name).png").path
            try Tool.run("convert", [file.path, "-crop", geometry(file), "+repage", reference])
            #expect(
                try Tool.run("identify", ["-format", "%#", w.url(output).path])
                    == Tool.run("identify", ["-format", "%#", reference]), "\(file.name)", sourceLocation: sourceLocation)
        }

        /// Every repairable file, the camera's and the multi-picture ones crop exactly and silently
        /// into PNG, except that what PNG cannot carry is said in one warning line (exit 0).
        @Test func oddFilesCropExactly() throws {
            let w = try Workspace()
            let files = try Self.make(w).values.filter(\.opens)
            #expect(files.count == 11)
            let warnings = [
                "camera-maker-notes.jpg": "the camera's maker notes could not be carried into PNG and were left out",
                "ultra-hdr.jpg": "the HDR gain map cannot be carried into PNG and was left out",
            ]
            for file in files.sorted(by: { $0.name < $1.name }) {
                let source = "in/\(file.name)", output = "out/\(file.name).png"
                let arguments = ["--crop=\(Self.geometry(file))", "--output=\(output)", source]
                if let warning = warnings[file.name] {
                    try expectWarning(in: w, arguments, source: source, output: output, warning: warning)
                } else {
                    try expectSuccess(in: w, arguments, source: source)
                }
                try Self.expectSameCropAsImageMagick(w, file, output)
            }
        }

        /// Into JPEG the camera's metadata all fits and the Ultra HDR gain map is kept, cut: silent.
        @Test func intoJPEGNothingIsLeftOut() throws {
            let w = try Workspace()
            _ = try Self.make(w)
            for name in ["camera-maker-notes.jpg", "ultra-hdr.jpg"] {
                try expectSuccess(
                    in: w, ["--crop=160x120+64+48", "--strip=gps", "--output=out/\(name)", "in/\(name)"],
                    source: "in/\(name)", output: "out/\(name)", size: "160x120")
            }
            #expect(try Tool.run("exiftool", ["-s3", "-MPF:NumberOfImages", w.url("out/ultra-hdr.jpg").path]) == "2")
            #expect(
                try Tool.run("exiftool", ["-s3", "-Make", "-GPSLatitude", w.url("out/camera-maker-notes.jpg").path]) == "Canon")
        }

        /// Image data that stops early is refused by the whole failure contract, as before.
        @Test func filesCutShortFailByTheContract() throws {
            let w = try Workspace()
            _ = try Self.make(w)
            for name in ["cut-short.jpg", "cut-short-with-end-marker.jpg"] {
                try expectCleanFailure(
                    in: w, ["--crop=64x64+0+0", "--output=out/a.png", "in/\(name)"],
                    image: "in/\(name)", reasons: ["incomplete"], output: "out/a.png")
            }
        }

        @Test func unsupportedTIFFLayoutsFailSayingSo() throws {
            let w = try Workspace()
            _ = try Self.make(w)
            for name in ["tiled-planar.tif", "twelve-bit.tif", "old-style-jpeg.tif"] {
                try expectCleanFailure(
                    in: w, ["--crop=8x8+0+0", "--output=out/a.png", "in/\(name)"],
                    image: "in/\(name)", reasons: ["this TIFF variant is not supported ("], output: "out/a.png")
            }
        }
    }
}

/// Runs crop-editor expecting a success that left metadata out: exit 0, the output written, the
/// source unchanged, no leftovers, and exactly one line `crop-editor: SOURCE: warning: WARNING`.
func expectWarning(
    in w: Workspace, _ arguments: [String], source: String, output: String, warning: String,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let before = try Data(contentsOf: w.url(source))
    let result = try w.run(arguments)
    #expect(result.exited && result.status == 0, "stderr: \(result.standardError)", sourceLocation: sourceLocation)
    #expect(
        result.errorLines == ["crop-editor: \(source): warning: \(warning)"], "\(result.errorLines)",
        sourceLocation: sourceLocation)
    #expect(result.standardError.hasSuffix("\n") && result.standardOutput.isEmpty, sourceLocation: sourceLocation)
    #expect(w.exists(output), sourceLocation: sourceLocation)
    #expect(try Data(contentsOf: w.url(source)) == before, "the source changed", sourceLocation: sourceLocation)
    #expect(w.temporaryLeftovers().isEmpty, sourceLocation: sourceLocation)
}
