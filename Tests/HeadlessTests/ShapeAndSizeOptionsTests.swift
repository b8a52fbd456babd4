// --shape, --size and --cut parsed in-process: what each spelling means, how they meet the kept crop, and each mistake's message.

import Batch
import CropKit
import Headless
import Imaging
import Testing

@testable import TestSupport

@Suite struct ShapeAndSizeOptionsTests {
    private func options(_ arguments: [String]) throws -> HeadlessOptions {
        guard case .crop(let options) = try HeadlessOptions.parse(arguments) else {
            throw HeadlessError(image: nil, reason: "not a crop request")
        }
        return options
    }

    private func error(_ arguments: [String]) -> HeadlessError? {
        do { _ = try HeadlessOptions.parse(arguments); return nil } catch { return error }
    }

    @Test func shapeAndSizeAreRead() throws {
        let parsed = try options(["--crop=10x10", "--shape=circle", "--size", "+64", "--output=o.png", "p.jpg"])
        #expect(parsed.shape == .circle && parsed.outputSize == 64)
        let plain = try options(["--crop=10x10", "--shape=rectangle", "--output=o.jpg", "p.jpg"])
        #expect(plain.shape == .rectangle && plain.outputSize == nil)
        let unsaid = try options(["--crop=10x10", "--output=o.jpg", "p.jpg"])
        #expect(unsaid.shape == nil && unsaid.outputSize == nil, "not given is not the same as rectangle")
    }

    @Test func theSidecarKeepsThem() throws {
        let parsed = try options(["--sidecar", "--crop=10x10", "--shape=circle", "--size=300", "p.jpg"])
        #expect(parsed.output == nil && parsed.shape == .circle && parsed.outputSize == 300)
    }

    /// The command line first, then the kept crop's, then a rectangle at the crop's own size.
    @Test func theCommandLineWinsOverTheKeptCrop() throws {
        let kept = StoredCrop(rect: CropRect(x: 0, y: 0, width: 0.5, height: 0.5), shape: .circle, outputSize: 128)
        let unsaid = try options(["--output=o.png", "p.jpg"])
        #expect(unsaid.exportOptions(kept: kept).shape == .circle && unsaid.exportOptions(kept: kept).outputSize == 128)
        #expect(unsaid.exportOptions(kept: nil).shape == .rectangle && unsaid.exportOptions(kept: nil).outputSize == .original)
        let said = try options(["--shape=rectangle", "--size=32", "--quality=70", "--output=o.png", "p.jpg"])
        let export = said.exportOptions(kept: kept)
        #expect(export == ExportOptions(quality: 70, shape: .rectangle, outputSize: 32))
    }

    @Test func mistakesNameTheImageAndExitTwo() {
        let cases: [([String], String)] = [
            (["--crop=1x1", "--shape=oval", "--output=o.png", "p.jpg"], "--shape must be circle or rectangle, not “oval”"),
            (
                ["--crop=1x1", "--size=0", "--output=o.png", "p.jpg"],
                "--size must be a whole number of pixels from 1 to 10000000 for a .png output, or WxH, not “0”"
            ),
            (
                ["--crop=1x1", "--size=2.5", "--output=o.webp", "p.jpg"],
                "--size must be a whole number of pixels from 1 to 16383 for a .webp output, or WxH, not “2.5”"
            ),
            (
                ["--crop=1x1", "--size=65501", "--output=o.jpeg", "p.jpg"],
                "--size must be a whole number of pixels from 1 to 65500 for a .jpg output, or WxH, not “65501”"
            ),
            (
                ["--sidecar", "--crop=1x1", "--size=-1", "p.jpg"],
                "--size must be a whole number of pixels from 1 to 10000000, or WxH, not “-1”"
            ),
            (
                ["--crop=1x1", "--shape=circle", "--output=o.jpg", "p.jpg"],
                "--shape=circle needs a .png or .webp --output for its transparent corners"
            ),
            (
                ["--crop=1x1", "--shape=circle", "--output=o.tif", "p.jpg"],
                "--shape=circle needs a .png or .webp --output for its transparent corners"
            ),
            (
                ["--crop=1x1", "--shape=circle", "--lossless", "--output=o.webp", "p.jpg"],
                "--lossless cannot cut a circle: its transparent corners are new pixels"
            ),
            (
                ["--crop=1x1", "--size=10", "--lossless", "--output=o.jpg", "p.jpg"],
                "--lossless cannot scale to --size: a lossless cut keeps the crop's own pixels"
            ),
            (
                ["--sidecar", "--crop=1x1", "--shape=circle", "--strip=all", "p.jpg"],
                "--strip applies to --output, not to --sidecar"
            ),
        ]
        for (arguments, reason) in cases {
            #expect(error(arguments) == HeadlessError(image: "p.jpg", reason: reason, exitStatus: 2), "\(arguments)")
        }
    }

    /// `--shape=rectangle` works with every format, and --lossless with it is still just --lossless.
    @Test func aRectangleGoesAnywhere() {
        for name in ["o.png", "o.jpg", "o.webp", "o.tif"] {
            #expect(error(["--crop=1x1", "--shape=rectangle", "--output=\(name)", "p.jpg"]) == nil, "\(name)")
        }
        #expect(error(["--crop=16x16", "--shape=rectangle", "--lossless", "--output=o.jpg", "p.jpg"]) == nil)
    }
}

@Suite struct CutOptionsTests {
    /// --cut may be given again (or several comma-separated): the cuts come in the order written, in the
    /// export; any other option given twice is still a mistake; a batch's jobs carry the same cuts.
    @Test func cutsAreKeptInTheOrderGivenAndCarriedToABatchsJobs() throws {
        let rows = PictureCut(axis: .rows, start: 120, length: 220)
        let columns = PictureCut(axis: .columns, start: 40, length: 300)
        guard
            case .crop(let options) = try HeadlessOptions.parse([
                "--cut=0x220+0+120", "--cut", "300x0+40+0,0x1+0+0", "--output=o.png", "p.jpg",
            ])
        else {
            Issue.record("not a crop request")
            return
        }
        #expect(options.export.cuts == [rows, columns, PictureCut(axis: .rows, start: 0, length: 1)])
        #expect(throws: HeadlessError(image: nil, .syntax(.givenTwice("crop")))) {
            try HeadlessOptions.parse(["--crop=1x1", "--crop=2x2", "--output=o.png", "p.jpg"])
        }
        guard
            case .batch(let batch) = try HeadlessOptions.parse([
                "--cut=0x220+0+120", "--cut=300x0+40+0", "--output-dir=d", "a.png", "b.png",
            ]),
            case .job(let job) = batch.plan.first
        else {
            Issue.record("not a batch with a job")
            return
        }
        guard case .crop(let jobOptions) = try HeadlessOptions.parse(job.arguments) else {
            Issue.record("the job is not a crop request")
            return
        }
        #expect(jobOptions.export.cuts == [rows, columns])
    }
}
