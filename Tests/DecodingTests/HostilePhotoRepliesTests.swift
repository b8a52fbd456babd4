// Find Photos' prints, kept frames and several exports' results a decoder invents are refused on receipt, none written elsewhere.

import CropKit
import Decoding
import Foundation
import ImagingCore
import OddFiles
import Testing

@Suite(.serialized) struct HostilePhotoRepliesTests {
    /// A 600 × 400 scan of two prints on a white lid, which an honest decoder finds.
    static func scan(in scratch: Scratch) throws -> String {
        let path = scratch.file("scan.png")
        try Tools.run([
            "convert", "-size", "600x400", "xc:#f4f4f4", "-type", "TrueColor",
            "(", "-size", "200x150", "plasma:red-yellow", "-background", "none", "-rotate", "6", ")",
            "-geometry", "+50+80", "-composite",
            "(", "-size", "180x220", "plasma:navy-cyan", "-background", "none", "-rotate", "-4", ")",
            "-geometry", "+330+70", "-composite", path,
        ])
        return path
    }

    /// The scan drawn in `scratch`, an honest decoder and its probe of the scan: what each test starts from.
    static func honestScan(in scratch: Scratch) throws -> (path: String, honest: DecoderPool, info: ImageInfo) {
        let path = try scan(in: scratch)
        let honest = DecoderPool(size: 1)
        return (path, honest, try honest.probe(path: path))
    }

    /// A pool whose decoders answer Find Photos and a kept crop's job with `reply`, as it is written.
    static func forging(_ reply: String) -> DecoderPool {
        var environment = HostileDecoder.forgedReplies.environment
        environment[HostileDecoder.forgedVariable] = reply
        return DecoderPool(size: 1, decoderEnvironment: environment)
    }

    /// `reply` encoded as a decoder sends it, then `marker` (a number in it) written as `forged` instead.
    static func encoded(_ reply: DecoderReply, replacing marker: String? = nil, with forged: String = "") -> String {
        let text = String(decoding: MessageCoding.encode(reply), as: UTF8.self)
        guard let marker else { return text }
        #expect(text.contains(marker), "\(text)")
        return text.replacingOccurrences(of: marker, with: forged)
    }

    /// Prints no honest finder gives on a 600 × 400 scan, each as its reply's text.
    static let inventedPrints: [(what: String, reply: String)] = {
        let print = FoundPrint(centre: CropPoint(x: 150, y: 150), width: 123.25, height: 90, tilt: 4)
        func with(_ change: (inout FoundPrint) -> Void) -> DecoderReply {
            var changed = print
            change(&changed)
            return .photos([changed])
        }
        return [
            ("a width of NaN", encoded(.photos([print]), replacing: "123.25", with: "NaN")),
            ("an infinite width", encoded(.photos([print]), replacing: "123.25", with: "1e999")),
            ("a width of 1e308", encoded(with { $0.width = 1e308 })),
            ("a negative height", encoded(with { $0.height = -90 })),
            ("a centre outside the picture", encoded(with { $0.centre = CropPoint(x: 6000, y: 150) })),
            ("a print larger than the picture", encoded(with { $0.width = 2000 })),
            ("a tilt of 90°", encoded(with { $0.tilt = 90 })),
            ("a tilt of −1e300°", encoded(with { $0.tilt = -1e300 })),
            ("too many prints", encoded(.photos([FoundPrint](repeating: print, count: PhotoFinder.maximumPrints + 1)))),
            ("no list", #"{"photos":{"_0":"many"}}"#),
        ]
    }()

    @Test func inventedPrintsAreRefusedAndAnHonestDecoderStillFindsThem() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let (path, honest, info) = try Self.honestScan(in: scratch)
        let found = try honest.findPhotos(.file(path), info: info)
        #expect(found.count == 2)
        for (what, reply) in Self.inventedPrints {
            let hostile = Self.forging(reply)
            defer { hostile.shutdown() }
            #expect(throws: ImagingError.decoderStopped, "\(what)") { try hostile.findPhotos(.file(path), info: info) }
        }
        // What an honest answer would be, forged: taken as it is (the refusals are of the numbers, not of forging).
        let hostile = Self.forging(Self.encoded(.photos(found)))
        defer { hostile.shutdown() }
        #expect(try hostile.findPhotos(.file(path), info: info) == found)
        #expect(try honest.findPhotos(.file(path), info: info) == found)
    }

    /// Kept frames no sidecar of ours holds, each as a `storedCrop` reply's text (the crop in the picture's own XMP).
    static let inventedFrames: [(what: String, reply: String)] = {
        let frame = FrameState(
            crop: CropRect(x: 0.125, y: 0.25, width: 0.375, height: 0.5), angle: StraightenAngle(hundredths: 400))
        func kept(_ frames: [FrameState], active: Int = 0, change: (inout StoredCrop) -> Void = { _ in }) -> DecoderReply {
            // The crop itself the whole picture: the numbers forged are the frames' alone.
            var crop = StoredCrop(rect: .unit)
            crop.frames = frames.map(StoredFrame.init)
            crop.activeFrame = active
            change(&crop)
            return .storedCrop(KeptCrop(crop: crop))
        }
        let two = [frame, FrameState(crop: CropRect(x: 0.5, y: 0.5, width: 0.25, height: 0.25))]
        return [
            ("a frame's x of NaN", encoded(kept(two), replacing: "0.125", with: "NaN")),
            ("a frame outside the picture", encoded(kept(two), replacing: "0.125", with: "1.5")),
            ("a frame of no width", encoded(kept(two), replacing: "0.375", with: "0")),
            ("an angle of 900°", encoded(kept(two), replacing: "400", with: "90000")),
            ("an angle of 2^62 hundredths", encoded(kept(two), replacing: "400", with: "\(HostileDecoder.hugeNumber)")),
            ("too many frames", encoded(kept([FrameState](repeating: frame, count: FrameState.maximumCount + 1)))),
            ("one frame", encoded(kept([frame]))),
            ("the active frame not among them", encoded(kept(two, active: 2))),
            ("an output size of 2^62 pixels", encoded(kept(two) { $0.frames?[1].outputSize = .longerSide(1 << 62) })),
        ]
    }()

    @Test func inventedKeptFramesAreRefusedAndHonestOnesTaken() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let path = try Self.scan(in: scratch)
        for (what, reply) in Self.inventedFrames {
            let hostile = Self.forging(reply)
            defer { hostile.shutdown() }
            #expect(throws: ImagingError.decoderStopped, "\(what)") { try hostile.storedCrop(.file(path)) }
        }
        let frames = [
            FrameState(crop: CropRect(x: 0.125, y: 0.25, width: 0.375, height: 0.5), angle: StraightenAngle(hundredths: 400)),
            FrameState(crop: CropRect(x: 0.5, y: 0.5, width: 0.25, height: 0.25)),
        ]
        var crop = StoredCrop(rect: .unit)
        crop.frames = frames.map(StoredFrame.init)
        crop.activeFrame = 1
        let hostile = Self.forging(Self.encoded(.storedCrop(KeptCrop(crop: crop))))
        defer { hostile.shutdown() }
        let taken = try hostile.storedCrop(.file(path))
        #expect(taken?.crop.frames == crop.frames && taken?.crop.activeFrame == 1 && taken?.source == .embedded)
    }

    /// Results of several exports no honest decoder gives for `made` (the results it made, and their
    /// byte counts in its memfd), each as its reply's text.
    static func inventedResults(_ made: [(ExportResult, Int)]) -> [(what: String, reply: String)] {
        func with(_ change: (inout [(ExportResult, Int)]) -> Void) -> String {
            var changed = made
            change(&changed)
            return encoded(.exportedFrames(changed.map { FrameOutcome.exported($0.0, byteCount: $0.1) }))
        }
        func sized(_ result: ExportResult, width: Int) -> ExportResult {
            ExportResult(outputPath: result.outputPath, width: width, height: result.height, lossless: false)
        }
        return [
            ("more results than frames", with { $0.append($0[0]) }),
            ("fewer results than frames", with { $0.removeLast() }),
            ("more bytes than it sent", with { $0[1].1 += 1 }),
            ("fewer bytes than it sent", with { $0[0].1 -= 1 }),
            ("a byte count of 2^62", with { $0[0].1 = HostileDecoder.hugeNumber }),
            ("a negative byte count", with { $0[0].1 = -$0[1].1 }),
            ("a result wider than asked", with { $0[0].0 = sized($0[0].0, width: $0[0].0.width + 40) }),
            ("a width of 2^62", with { $0[1].0 = sized($0[1].0, width: HostileDecoder.hugeNumber) }),
            (
                "a failure whose bytes it sent",
                encoded(.exportedFrames([.failed(.decoderStopped), .exported(made[1].0, byteCount: made[1].1)]))
            ),
            ("no list", #"{"exportedFrames":{"_0":"many"}}"#),
        ]
    }

    @Test func inventedResultsOfSeveralExportsAreRefusedAndNothingIsWrittenElsewhere() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let (path, honest, info) = try Self.honestScan(in: scratch)
        let frames = try honest.findPhotos(.file(path), info: info).enumerated().compactMap { index, print in
            print.cut(pictureWidth: 600, pictureHeight: 400).map { cut in
                DecoderPool.FrameExport(
                    crop: cut, output: scratch.file("out-\(index + 1).jpg"),
                    options: ExportOptions(quality: 90, straighten: print.straighten))
            }
        }
        #expect(frames.count == 2)
        let made = try honest.export(info, from: .file(path), frames: frames).map { try $0.get() }
        let bytes = try frames.map { try Data(contentsOf: URL(fileURLWithPath: $0.output)) }
        for frame in frames { try FileManager.default.removeItem(atPath: frame.output) }
        let memfds = memfdCount()
        for (what, reply) in Self.inventedResults(Array(zip(made, bytes.map(\.count)))) {
            let hostile = Self.forging(reply)
            defer { hostile.shutdown() }
            let results = hostile.export(info, from: .file(path), frames: frames)
            #expect(results.count == 2, "\(what)")
            for result in results { #expect(throws: ImagingError.decoderStopped, "\(what)") { try result.get() } }
            #expect(scratch.entries == ["scan.png"], "\(what)")
        }
        // Its results said to be elsewhere: written where this process named them, nowhere else.
        let elsewhere = scratch.file("elsewhere.jpg")
        let moved = made.map {
            ExportResult(outputPath: elsewhere, width: $0.width, height: $0.height, lossless: $0.lossless, leftOut: $0.leftOut)
        }
        let hostile = Self.forging(
            Self.encoded(.exportedFrames(zip(moved, bytes).map { .exported($0, byteCount: $1.count) })))
        defer { hostile.shutdown() }
        let results = hostile.export(info, from: .file(path), frames: frames)
        #expect(try results.map { try $0.get() } == made)
        #expect(try frames.map { try Data(contentsOf: URL(fileURLWithPath: $0.output)) } == bytes)
        #expect(scratch.entries == ["out-1.jpg", "out-2.jpg", "scan.png"])
        #expect(memfdCount(settlingTo: memfds) <= memfds)
    }
}
