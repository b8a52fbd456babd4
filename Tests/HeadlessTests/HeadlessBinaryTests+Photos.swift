// --crop=photos: the real binary splits a scan into its prints, FILE-1.EXT… in reading order, in a batch and a pipe; refusals.

import CropKit
import Foundation
import Testing

@testable import TestSupport

extension HeadlessBinaryTests {
    @Suite struct Photos {
        static let prints = ScanOfPrints.prints

        /// `ScanOfPrints`' scan at `relative`, each face kept as `in/faceN.png`.
        static func scan(_ w: Workspace, _ relative: String) throws {
            try ScanOfPrints.make(w.url(relative).path) { w.url("in/face\($0).png").path }
        }

        /// ImageMagick's normalised correlation of a result with a face, the result scaled to the face's size.
        static func likeness(_ w: Workspace, _ result: String, face: Int) throws -> Double {
            try ScanOfPrints.likeness(w.url("in/face\(face).png").path, w.url(result).path, scratch: w.url("out/scaled.png").path)
        }

        @Test func everyPrintIsAResultOfItsOwnInReadingOrder() throws {
            let w = try Workspace()
            try Self.scan(w, "in/scan.png")
            try expectSuccess(in: w, ["--crop=photos", "--output=out/print.png", "in/scan.png"], source: "in/scan.png")
            let names = try FileManager.default.contentsOfDirectory(atPath: w.url("out").path).sorted()
            #expect(names == ["print-1.png", "print-2.png", "print-3.png"])
            for (number, print) in Self.prints.enumerated() {
                let (width, height) = try HeadlessBinaryTests.Formats.vipsSize(w.url("out/print-\(number + 1).png"))
                #expect(abs(width - print.width) <= 2 && abs(height - print.height) <= 2, "\(number + 1): \(width)x\(height)")
                #expect(try Self.likeness(w, "out/print-\(number + 1).png", face: number + 1) >= 0.95)
            }
            // Turned a quarter, each result is turned with the scan: the sides swap.
            try expectSuccess(
                in: w, ["--crop=photos", "--rotate=90", "--output=out/turned.jpg", "in/scan.png"], source: "in/scan.png")
            let (width, height) = try HeadlessBinaryTests.Formats.vipsSize(w.url("out/turned-1.jpg"))
            #expect(abs(width - 180) <= 2 && abs(height - 240) <= 2, "\(width)x\(height)")
        }

        @Test func aBatchAndAPipeNameTheResultsAlike() throws {
            let w = try Workspace()
            try Self.scan(w, "in/a.png")
            try FileManager.default.copyItem(at: w.url("in/a.png"), to: w.url("in/b.png"))
            try expectSuccess(
                in: w, ["--crop=photos", "--format=jpg", "--jobs=2", "--output-dir=out/dir", "in/a.png", "in/b.png"],
                source: "in/a.png")
            let names = try FileManager.default.contentsOfDirectory(atPath: w.url("out/dir").path).sorted()
            #expect(names == ["a-1.jpg", "a-2.jpg", "a-3.jpg", "b-1.jpg", "b-2.jpg", "b-3.jpg"])
            let piped = try PipedRun(
                ["--crop=photos", "--output=out/piped.png", "-"], input: try Data(contentsOf: w.url("in/a.png")), in: w)
            #expect(piped.exited && piped.status == 0, "\(piped.errorLines)")
            #expect(w.exists("out/piped-3.png") && !w.exists("out/piped-4.png"))
        }

        @Test func anOrdinaryPhotoIsOneLineAndNothingWritten() throws {
            let w = try Workspace()
            try w.picture("in/photo.jpg", size: "600x400")
            let before = w.snapshot()
            let result = try w.run(["--crop=photos", "--output=out/print.jpg", "in/photo.jpg"])
            #expect(result.exited && result.status == 1)
            #expect(
                result.errorLines == [
                    "crop-editor: in/photo.jpg: no photos found in it: --crop=photos splits a scan of prints lying on a plain "
                        + "white or dark lid"
                ])
            #expect(w.snapshot() == before)
        }

        /// A print lying partly off the glass is the part of it that was scanned, not a refusal.
        @Test func aPrintRunningOffTheScanIsThePartScanned() throws {
            let w = try Workspace()
            var arguments = ["-size", "640x720", "xc:#ececec", "-type", "TrueColor"]
            for (seed, width, height, tilt, x, y) in [(51, 240, 180, 4, 200, 200), (52, 300, 200, -3, 330, 650)] {
                arguments += [
                    "(", "-seed", "\(seed)", "-size", "\(width)x\(height)", "plasma:fractal", "-alpha", "set", "-virtual-pixel",
                    "transparent", "-define", "distort:viewport=640x720+0+0", "-distort", "SRT",
                    "\(width / 2),\(height / 2) 1 \(tilt) \(x),\(y)", ")", "-compose", "over", "-composite",
                ]
            }
            try FileManager.default.createDirectory(at: w.url("in"), withIntermediateDirectories: true)
            try Tool.run("convert", arguments + ["-attenuate", "0.3", "+noise", "Gaussian", w.url("in/scan.png").path])
            try expectSuccess(in: w, ["--crop=photos", "--output=out/print.png", "in/scan.png"], source: "in/scan.png")
            #expect(w.exists("out/print-2.png") && !w.exists("out/print-3.png"))
            let (width, height) = try HeadlessBinaryTests.Formats.vipsSize(w.url("out/print-2.png"))
            #expect(width >= 285 && width <= 302 && height >= 140 && height <= 172, "\(width)x\(height)")
        }

        /// Prints a decoder taken over might answer with, as the reply's text: NaN, outside the scan, too many, turned 90°.
        static let invented: [String] = {
            let print = FoundPrint(centre: CropPoint(x: 170, y: 160), width: 240.5, height: 180, tilt: 6)
            func reply(_ prints: [FoundPrint]) -> String {
                let list = prints.map { p in
                    #"{"centre":{"x":\#(p.centre.x),"y":\#(p.centre.y)},"width":\#(p.width),"height":\#(p.height),"tilt":\#(p.tilt)}"#
                }
                return #"{"photos":{"_0":["# + list.joined(separator: ",") + "]}}"
            }
            var outside = print, turned = print
            outside.centre.x = 9000
            turned.tilt = 90
            return [
                reply([print]).replacingOccurrences(of: "240.5", with: "NaN"), reply([outside]), reply([turned]),
                reply([FoundPrint](repeating: print, count: PhotoFinder.maximumPrints + 1)),
            ]
        }()

        @Test(arguments: invented)
        func inventedPrintsAreOneLineAndNothingWritten(_ reply: String) throws {
            let w = try Workspace()
            try Self.scan(w, "in/scan.png")
            let environment = [
                "CROP_EDITOR_DECODER_TEST_REQUESTS": "1", "CROP_EDITOR_DECODER_HOSTILE": "forged-replies",
                "CROP_EDITOR_DECODER_FORGED": reply,
            ]
            let before = w.snapshot()
            let result = try w.run(["--crop=photos", "--output=out/print.png", "in/scan.png"], environment: environment)
            #expect(result.exited && result.status == 1)
            #expect(
                result.errorLines == ["crop-editor: in/scan.png: could not be decoded safely (the decoder stopped)"],
                "\(result.standardError)")
            #expect(w.snapshot() == before)
        }

        @Test(arguments: [
            (["--straighten=2"], "--straighten"), (["--perspective=auto"], "--perspective"), (["--upright=auto"], "--upright"),
            (["--cut=0x10+0+0"], "--cut"), (["--aspect=4:5"], "--aspect"), (["--lossless"], "--lossless"),
            (["--size=100,200"], "a --size list"), (["--aspect=1:1,4:5"], "a --aspect list"),
        ])
        func optionsItIsNotMadeWithAreRefused(_ options: [String], _ named: String) throws {
            let w = try Workspace()
            try w.picture("in/scan.png")
            let before = w.snapshot()
            let result = try w.run(["--crop=photos"] + options + ["--output=out/print.png", "in/scan.png"])
            #expect(result.exited && result.status == 2)
            #expect(result.errorLines.count == 1)
            #expect(
                result.errorLines.first?.hasPrefix("crop-editor: in/scan.png: --crop=photos cannot be combined with \(named): ")
                    == true)
            #expect(w.snapshot() == before)
        }

        @Test func severalResultsNeedAFile() throws {
            let w = try Workspace()
            try w.picture("in/scan.png")
            for options in [["--sidecar"], ["--output=-", "--format=png"]] {
                let result = try w.run(["--crop=photos"] + options + ["in/scan.png"])
                #expect(result.exited && result.status == 2)
                #expect(
                    result.errorLines.first?.hasSuffix(
                        "each print is a result of its own, FILE-1.EXT, FILE-2.EXT, …: give --output=FILE") == true)
            }
        }
    }
}
