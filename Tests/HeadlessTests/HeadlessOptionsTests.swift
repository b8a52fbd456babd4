// The command line parsed in-process: which runs are headless, what each spelling means, and each mistake's message.

import Batch
import CropKit
import Headless
import Imaging
import Testing

@testable import TestSupport

@Suite struct HeadlessOptionsTests {
    private func parse(_ arguments: [String]) throws(HeadlessError) -> HeadlessRequest {
        try HeadlessOptions.parse(arguments)
    }

    private func error(_ arguments: [String]) -> HeadlessError? {
        do { _ = try parse(arguments); return nil } catch { return error }
    }

    @Test func onlyAnImageOrNothingOpensTheWindow() {
        #expect(!HeadlessCommand.isHeadless(["crop-editor"]))
        #expect(!HeadlessCommand.isHeadless(["crop-editor", "photo.jpg"]))
        #expect(!HeadlessCommand.isHeadless(["crop-editor", "-"]))
        // After `--` a dash starts a file name, not an option.
        #expect(!HeadlessCommand.isHeadless(["crop-editor", "--", "--output=x.png"]))
        // D-Bus activation passes GApplication's own options to the window.
        #expect(!HeadlessCommand.isHeadless(["crop-editor", "--gapplication-service"]))
    }

    @Test func anyOptionMeansTheCommandLine() {
        for option in ["--output=a.png", "--output", "--crop=1x1", "--help", "-h", "--sidecar", "--bogus", "-x"] {
            #expect(HeadlessCommand.isHeadless(["crop-editor", option, "photo.jpg"]), "\(option)")
        }
    }

    /// `--straighten` is read digit by digit (2.345 is 2.35°), `auto` is its own request, and the
    /// sidecar may keep an angle with or without a crop.
    @Test func straightenValues() throws {
        guard case .crop(let typed) = try parse(["--straighten=2.345", "--output=o.png", "p.jpg"]) else {
            Issue.record("not a crop request")
            return
        }
        #expect(typed.straighten == .angle(StraightenAngle(hundredths: 235)))
        guard case .crop(let auto) = try parse(["--straighten", "auto", "--output=o.png", "p.jpg"]) else {
            Issue.record("not a crop request")
            return
        }
        #expect(auto.straighten == .auto)
        guard case .crop(let kept) = try parse(["--sidecar", "--straighten=-1.5", "p.jpg"]) else {
            Issue.record("not a crop request")
            return
        }
        #expect(kept.straighten == .angle(StraightenAngle(hundredths: -150)) && kept.keepsInSidecar)
        #expect(error(["--straighten=45.5", "--output=o.png", "p.jpg"])?.exitStatus == 2)
        #expect(
            error(["--straighten=1", "--lossless", "--output=o.jpg", "p.jpg"])?.reason.contains("--lossless cannot straighten")
                == true)
    }

    @Test func aFullRequest() throws {
        let request = try parse([
            "--crop=800x600+100+50", "--output=out.jpg", "--quality=80", "--lossless",
            "--strip=gps", "photo.jpg",
        ])
        let expected = HeadlessOptions(
            image: "photo.jpg", output: "out.jpg",
            crop: .pixels(PixelRect(x: 100, y: 50, width: 800, height: 600)),
            export: ExportOptions(quality: 80, lossless: true, strip: .gps))
        #expect(request == .crop(expected))
    }

    @Test func bothSpellingsOfAValueMeanTheSame() throws {
        let joined = try parse(["--crop=50%x50%", "--output=o.png", "--strip=all", "p.png"])
        let separate = try parse(["--crop", "50%x50%", "--output", "o.png", "--strip", "all", "p.png"])
        #expect(joined == separate)
        guard case .crop(let options) = joined else { Issue.record("not a crop: \(joined)"); return }
        #expect(options.crop == .percent(CropRect(x: 0, y: 0, width: 0.5, height: 0.5)))
        #expect(options.export == ExportOptions(quality: nil, lossless: false, strip: .all))
    }

    @Test func theImageMayComeFirstOrAfterDashDash() throws {
        #expect(try parse(["p.png", "--crop=1x1", "--output=o.png"]) == parse(["--crop=1x1", "--output=o.png", "p.png"]))
        guard case .crop(let options) = try parse(["--crop=1x1", "--output=o.png", "--", "--odd.png"]) else {
            Issue.record("not a crop"); return
        }
        #expect(options.image == "--odd.png")
    }

    @Test func aSingleDashValueIsAValueSoNegativeQualitiesAreReportedAsQualities() {
        #expect(
            error(["--crop=1x1", "--output=o.jpg", "--quality", "-5", "p.jpg"])?.reason
                == "--quality must be a whole number from 1 to 100, not “-5”")
    }

    @Test func qualityBounds() throws {
        for good in ["1", "100", "+50"] {
            #expect(throws: Never.self) { try parse(["--crop=1x1", "--output=o.jpg", "--quality=\(good)", "p.jpg"]) }
        }
        for bad in ["0", "101", "", "x", "5 "] {
            #expect(error(["--crop=1x1", "--output=o.jpg", "--quality=\(bad)", "p.jpg"]) != nil, "\(bad)")
        }
    }

    @Test func helpWinsOverEverything() throws {
        #expect(try parse(["--bogus", "--help"]) == .help)
        #expect(try parse(["-h"]) == .help)
        // After `--` it is a file name.
        #expect(error(["--crop=1x1", "--output=o.png", "--", "--help"]) == nil)
    }

    @Test func commandLineMistakesDoNotNameAnImageAndExitTwo() {
        let cases: [([String], String)] = [
            (["--frobnicate", "p.jpg"], "unknown option --frobnicate (see crop-editor --help)"),
            (["-o", "x.png", "p.jpg"], "unknown option -o (see crop-editor --help)"),
            (["--output=o.png", "p.jpg", "--crop"], "--crop needs a value: --crop=GEOMETRY"),
            (["--crop=1x1", "--crop=2x2", "p.jpg"], "--crop is given more than once"),
            (["--lossless=no", "p.jpg"], "--lossless takes no value"),
            (["--crop=1x1", "--output=o.png"], "no IMAGE given (see crop-editor --help)"),
            (
                ["--crop=1x1", "--output=o.png", "a.jpg", "b.jpg"],
                "--output names one result, but 2 IMAGEs were given; use --output-dir=DIR"
            ),
            (["--crop=1x1", "a.jpg", "b.jpg"], "several IMAGEs need --output-dir=DIR (or --sidecar)"),
            (["--crop=1x1", "--output=o.png", "--output-dir=d", "a.jpg"], "give --output=FILE or --output-dir=DIR, not both"),
            (
                ["--crop=1x1", "--sidecar", "--output-dir=d", "a.jpg"],
                "--sidecar writes beside each IMAGE: give --sidecar or --output-dir, not both"
            ),
            (["--crop=1x1", "--output-dir=d", "--format=gif", "a.jpg"], "--format must be png, jpg, webp or tif, not “gif”"),
            (["--crop=1x1", "--output-dir=d", "--jobs=0", "a.jpg"], "--jobs must be a whole number from 1 to 256, not “0”"),
            (
                ["--crop=1x1", "--output=o.png", "--format=png", "a.jpg"],
                "--format applies to --output-dir; with --output the name's extension says it"
            ),
            (
                ["--crop=1x1", "--output-dir=d", "--quality=0", "a.jpg", "b.jpg"],
                "--quality must be a whole number from 1 to 100, not “0”"
            ),
            (
                ["--crop=auto", "--output-dir=d", "a.jpg", "b.jpg"],
                "--crop=auto needs the crop's --aspect=W:H (or --size=WxH), e.g. --aspect=4:5"
            ),
        ]
        for (arguments, reason) in cases {
            #expect(error(arguments) == HeadlessError(image: nil, reason: reason, exitStatus: 2), "\(arguments)")
        }
    }

    @Test func mistakesAboutTheRequestNameTheImage() {
        let cases: [([String], String)] = [
            (["--crop=1x1", "p.jpg"], "no --output given (or --sidecar)"),
            (["--sidecar", "p.jpg"], "--sidecar needs the --crop to keep"),
            (
                ["--sidecar", "--crop=1x1", "--output=o.png", "p.jpg"],
                "--sidecar writes no pixels: give --sidecar or --output, not both"
            ),
            (["--sidecar", "--crop=1x1", "--quality=80", "p.jpg"], "--quality applies to --output, not to --sidecar"),
            (
                ["--crop=auto", "--output=o.png", "p.jpg"],
                "--crop=auto needs the crop's --aspect=W:H (or --size=WxH), e.g. --aspect=4:5"
            ),
            (["--crop=1x1", "--aspect=4:5", "--output=o.png", "p.jpg"], "--aspect applies to --crop=auto and --crop=trim only"),
            (
                ["--crop=auto", "--aspect=4:0", "--output=o.png", "p.jpg"],
                "--aspect must be two positive numbers as W:H, e.g. 4:5, not “4:0”"
            ),
            (
                ["--crop=auto", "--aspect=1:1", "--straighten=2", "--output=o.png", "p.jpg"],
                "--crop=auto cannot be combined with --straighten: the suggestion is placed on the upright picture"
            ),
            (["--crop=1x", "--output=o.png", "p.jpg"], CropGeometryError.malformed("1x").description),
            (["--crop=0x1", "--output=o.png", "p.jpg"], CropGeometryError.emptySize("0x1").description),
            (["--crop=1x1", "--output=o.png", "--strip=none", "p.jpg"], "--strip must be gps or all, not “none”"),
            (
                ["--crop=1x1", "--output=o.bmp", "p.jpg"],
                "unknown output format “.bmp”: use .png, .jpg, .jpeg, .webp, .tif or .tiff"
            ),
            (
                ["--crop=1x1", "--output=dir.d/out", "p.jpg"],
                "the output name “dir.d/out” has no extension to choose the format: use .png, .jpg, .jpeg, .webp, .tif or .tiff"
            ),
            (
                ["--crop=1x1", "--output=.png", "p.jpg"],
                "the output name “.png” has no extension to choose the format: use .png, .jpg, .jpeg, .webp, .tif or .tiff"
            ),
        ]
        for (arguments, reason) in cases {
            #expect(error(arguments) == HeadlessError(image: "p.jpg", reason: reason, exitStatus: 2), "\(arguments)")
        }
    }

    @Test func everyFormatExtensionIsAccepted() {
        for name in ["o.png", "o.PNG", "o.jpg", "o.jpeg", "o.JPG", "o.webp", "o.tif", "o.tiff"] {
            #expect(error(["--crop=1x1", "--output=\(name)", "p.jpg"]) == nil, "\(name)")
        }
    }

    @Test func theErrorLineIsOneLineWhateverThePathHolds() {
        #expect(HeadlessError(image: "a.jpg", reason: "no such file").line == "crop-editor: a.jpg: no such file")
        #expect(HeadlessError(image: nil, reason: "no IMAGE given").line == "crop-editor: no IMAGE given")
        #expect(HeadlessError(image: "a\nb\r.jpg", reason: "bad\tthing\n").line == "crop-editor: a b .jpg: bad thing ")
    }

    @Test func theHandMadePNGHasCorrectChecksums() {
        // Known values: CRC-32 of "IEND" is AE 42 60 82 in every PNG; Adler-32 of "Wikipedia" is 11E60398.
        #expect(PNGBytes.crc32(Array("IEND".utf8)) == 0xAE42_6082)
        #expect(PNGBytes.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
        let png = PNGBytes.claiming(width: 100_000, height: 100_000)
        #expect(Array(png[16..<24]) == [0x00, 0x01, 0x86, 0xA0, 0x00, 0x01, 0x86, 0xA0])
    }

    @Test func autoCropCarriesTheRatioAndComposesWithTheOtherOptions() throws {
        guard
            case .crop(let options) = try parse([
                "--crop=auto", "--aspect=4:5", "--rotate=90", "--size=100", "--output=o.png", "p.jpg",
            ])
        else {
            Issue.record("not a crop")
            return
        }
        #expect(options.suggestion == .ratio(0.8) && options.crop == nil && options.outputSize == 100)
        #expect(options.export.transform == .right)
    }

    @Test func aBatchIsOneSingleImageJobPerImageAndRefusesTheImagesItCannotDo() throws {
        guard
            case .batch(let batch) = try parse([
                "--crop=10x10", "--quality=80", "--output-dir=d", "--jobs=3", "a.jpg", "x/a.jpg", "b.gif", "c.png", "--",
                "-e.png",
            ])
        else {
            Issue.record("not a batch")
            return
        }
        #expect(batch.jobs == 3 && batch.directory == "d")
        #expect(
            batch.plan == [
                .refused(
                    HeadlessError(image: "a.jpg", reason: "its result d/a.jpg would also be x/a.jpg's; crop them separately")),
                .refused(
                    HeadlessError(image: "x/a.jpg", reason: "its result d/a.jpg would also be a.jpg's; crop them separately")),
                .refused(
                    HeadlessError(image: "b.gif", reason: "a .gif result cannot be written; give --format=png, jpg, webp or tif")),
                .job(BatchJob(image: "c.png", arguments: ["--crop=10x10", "--quality=80", "--output=d/c.png", "--", "c.png"])),
                .job(
                    BatchJob(image: "-e.png", arguments: ["--crop=10x10", "--quality=80", "--output=d/-e.png", "--", "-e.png"])),
            ])
        // --format gives every result that extension, so the GIF can be cropped too.
        guard case .batch(let converted) = try parse(["--crop=10x10", "--output-dir=d", "--format=webp", "b.gif", "c.png"]) else {
            Issue.record("not a batch")
            return
        }
        #expect(
            converted.plan == [
                .job(BatchJob(image: "b.gif", arguments: ["--crop=10x10", "--output=d/b.webp", "--", "b.gif"])),
                .job(BatchJob(image: "c.png", arguments: ["--crop=10x10", "--output=d/c.webp", "--", "c.png"])),
            ])
    }
}
