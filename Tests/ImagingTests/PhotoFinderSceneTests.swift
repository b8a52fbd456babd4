// Find Photos on generated scans through the decoder's thumbnail: every print, its corners, tilt and result, none on a photo.

import CropKit
import Foundation
import Imaging
import ImagingCore
import Testing

@Suite struct PhotoFinderSceneTests {
    /// How many scans and ordinary photos, and from which seed: 60 and 20, or `PHOTO_SCENES` scans from `PHOTO_SEED`.
    static var scans: Int { ProcessInfo.processInfo.environment["PHOTO_SCENES"].flatMap(Int.init) ?? 60 }
    static var seed: UInt64 { ProcessInfo.processInfo.environment["PHOTO_SEED"].flatMap(UInt64.init) ?? 0x9107_0037 }
    static let ordinaries = 20
    /// The bars: corners within this share of the scan's diagonal, the tilt within this many degrees,
    /// each result this close to its print's face (normalised correlation).
    static let cornerBar = 0.005, tiltBar = 0.3, likenessBar = 0.95
    /// How much less like its face a result may be than the print cut where it was drawn.
    static let likenessSlack = 0.02
    /// The shares the finder must reach, the bars: of the scans, those with every print found
    /// and none extra; of their prints, those within each bar (docs/BENCHMARKS.md, "Find Photos").
    static let reachedScans = 1.0, reachedCorners = 1.0, reachedTilts = 1.0, reachedLikeness = 1.0

    /// What became of one scan's prints.
    struct Outcome: Sendable {
        var name: String
        var drawn: Int
        var found: Int
        /// Per print drawn, in reading order: the found one's worst corner distance (share of the
        /// diagonal), its tilt's error in degrees, and its result's likeness to the face.
        var cornerErrors: [Double] = []
        var tiltErrors: [Double] = []
        var likenesses: [Double] = []
        /// Per print, the likeness to its face of the print cut from the scan where it was drawn.
        var truths: [Double] = []
        /// Per print, where it was found beside where it was drawn (centre, size, tilt), in words.
        var places: [String] = []
        /// Per print, how much wider and taller than drawn it was found, in the scan's pixels (half each side).
        var sizeErrors: [Double] = []
        var seconds: Double
        var touching = false

        var allFound: Bool { found == drawn }
        func good(_ index: Int) -> Bool {
            cornerErrors[index] <= cornerBar && tiltErrors[index] <= tiltBar && alike(index)
        }
        /// Like its face by the bar, or as like as the print cut where it was drawn, where the scan's
        /// grain keeps even that under the bar.
        func alike(_ index: Int) -> Bool {
            likenesses[index] >= min(likenessBar, truths[index] - likenessSlack)
        }
    }

    @Test func findsEveryPrintAndInventsNone() async throws {
        let dir = TempFolder("photos")
        defer { dir.remove() }
        try PhotoScenes.materials(in: dir)
        let (scans, seed) = (Self.scans, Self.seed)
        let outcomes = try await withThrowingTaskGroup(of: Outcome.self) { group in
            for index in 0..<(scans + Self.ordinaries) {
                group.addTask {
                    let scene =
                        index < scans
                        ? try PhotoScenes.scan(index, seed: seed, in: dir)
                        : try PhotoScenes.ordinary(index - scans, seed: seed, in: dir)
                    return try Self.outcome(scene, in: dir)
                }
            }
            var all: [Outcome] = []
            for try await outcome in group { all.append(outcome) }
            return all
        }
        let placed = outcomes.filter { $0.drawn > 0 }, blank = outcomes.filter { $0.drawn == 0 }
        let prints = placed.map(\.drawn).reduce(0, +)
        let complete = placed.filter(\.allFound)
        let good = complete.map { o in o.cornerErrors.indices.filter { o.good($0) }.count }.reduce(0, +)
        let corners = complete.flatMap(\.cornerErrors), tilts = complete.flatMap(\.tiltErrors)
        let likenesses = complete.flatMap(\.likenesses)
        let quiet = blank.filter { $0.found == 0 }
        let miscounted = placed.filter { !$0.allFound }.map { "\($0.name): \($0.found) found" }
        let off = complete.flatMap { o in
            o.cornerErrors.indices.filter { !o.good($0) }.map { i in
                "\(o.name) #\(i + 1): corners \(Self.percent(o.cornerErrors[i])) %, tilt \(Self.rounded(o.tiltErrors[i]))°, "
                    + "likeness \(Self.rounded(o.likenesses[i])) (cut where drawn \(Self.rounded(o.truths[i]))), "
                    + "found \(o.places[i])"
            }
        }
        let withinCorners = corners.filter { $0 <= Self.cornerBar }.count, withinTilt = tilts.filter { $0 <= Self.tiltBar }.count
        let alike = complete.map { o in o.likenesses.indices.filter { o.alike($0) }.count }.reduce(0, +)
        let overBar = likenesses.filter { $0 >= Self.likenessBar }.count
        let grainy = complete.flatMap(\.truths).filter { $0 < Self.likenessBar + Self.likenessSlack }.count
        print(
            "PHOTOS find photos: \(good)/\(prints) prints found within the bars on \(placed.count) scans "
                + "(corners \(withinCorners), tilt \(withinTilt), likeness \(alike) of the \(corners.count) prints of those scans) "
                + "(\(complete.count) scans with every print and none extra, \(placed.filter(\.touching).count) with two touching); "
                + "corners worst \(Self.percent(corners.max() ?? 0)) % mean \(Self.percent(Self.mean(corners))) % of the diagonal; "
                + "tilt worst \(Self.rounded(tilts.max() ?? 0))° mean \(Self.rounded(Self.mean(tilts)))°; "
                + "likeness least \(Self.rounded(likenesses.min() ?? 0)) mean \(Self.rounded(Self.mean(likenesses))), "
                + "\(overBar) at least \(Self.likenessBar), \(grainy) prints whose cut where drawn is under \(Self.likenessBar + Self.likenessSlack); "
                + "size error mean \(Self.rounded(Self.mean(complete.flatMap(\.sizeErrors)))) px; "
                + "\(quiet.count)/\(blank.count) ordinary photos left alone; "
                + "slowest search \(Self.rounded(outcomes.map(\.seconds).max() ?? 0)) s; "
                + "miscounted: \(miscounted.sorted()); off: \(off.sorted())")
        #expect(placed.count >= 60 && prints >= 120 || Self.scans < 60)
        #expect(Double(complete.count) >= Self.reachedScans * Double(placed.count), "miscounted: \(miscounted)")
        #expect(Double(withinCorners) >= Self.reachedCorners * Double(corners.count), "off: \(off)")
        #expect(Double(withinTilt) >= Self.reachedTilts * Double(tilts.count), "off: \(off)")
        #expect(Double(alike) >= Self.reachedLikeness * Double(likenesses.count), "off: \(off)")
        #expect(quiet.count == blank.count, "ordinary photos with prints found: \(blank.filter { $0.found > 0 }.map(\.name))")
    }

    /// The scene's prints found, matched in reading order, and each cut out as the command line cuts it.
    static func outcome(_ scene: PhotoScene, in dir: TempFolder) throws -> Outcome {
        let start = ContinuousClock.now
        let found = try PhotoSuggestions.findPhotos(path: scene.path)
        let elapsed = (ContinuousClock.now - start).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        var outcome = Outcome(
            name: scene.name, drawn: scene.prints.count, found: found.count, seconds: seconds, touching: scene.touching)
        defer {
            // `PHOTO_KEEP=DIR` keeps every scan there, to look at by hand.
            if let folder = ProcessInfo.processInfo.environment["PHOTO_KEEP"] {
                let name = (scene.path as NSString).lastPathComponent
                try? FileManager.default.copyItem(atPath: scene.path, toPath: (folder as NSString).appendingPathComponent(name))
            }
            try? FileManager.default.removeItem(atPath: scene.path)
        }
        guard outcome.allFound, !found.isEmpty else { return outcome }
        let diagonal = hypot(Double(scene.size.width), Double(scene.size.height))
        for (number, (drawn, print)) in zip(scene.prints, found).enumerated() {
            let worst = zip(drawn.corners, print.corners).map { hypot($0.x - $1.x, $0.y - $1.y) }.max() ?? .infinity
            outcome.cornerErrors.append(worst / diagonal)
            outcome.tiltErrors.append(abs(drawn.tilt - print.tilt))
            outcome.sizeErrors += [print.width - drawn.width, print.height - drawn.height]
            outcome.places.append("\(place(print)) drawn \(place(drawn))")
            let likeness = try likeness(of: print, drawn: drawn, on: scene, face: scene.faces[number], in: dir)
            outcome.likenesses.append(likeness.result)
            outcome.truths.append(likeness.truth)
        }
        return outcome
    }

    /// The normalised correlations with its face (in grey, both at a quarter of the face's size) of
    /// the print's result (cut and straightened by the export, scaled to the face's size) and of the
    /// print cut by ImageMagick from the scan at the place it was drawn: the grain, blur and JPEG
    /// of the scan and the resampling leave a texture's finest detail unlike from pixel to pixel,
    /// while a print cut a pixel or two out of place still shows; the second says how like its
    /// face the scan lets a print be at all (a low-contrast texture's grain is the scanner's).
    static func likeness(
        of print: FoundPrint, drawn: FoundPrint, on scene: PhotoScene, face: String, in dir: TempFolder
    ) throws
        -> (result: Double, truth: Double)
    {
        guard let cut = print.cut(pictureWidth: scene.size.width, pictureHeight: scene.size.height) else { return (0, 0) }
        let out = dir.file("result-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(atPath: out) }
        _ = try CropExporter.export(
            source: scene.path, crop: cut, output: out, options: ExportOptions(straighten: print.straighten))
        let size = try Tool.identify("%wx%h", face)
        let (w, h) = (Int(drawn.width), Int(drawn.height))
        let (status, bytes, _) = try Tool.run([
            Tool.convert, face, "(", out, "-resize", "\(size)!", ")",
            "(", scene.path, "-define", "distort:viewport=\(w)x\(h)+0+0", "-distort", "SRT",
            "\(drawn.centre.x),\(drawn.centre.y) 1 \(-drawn.tilt) \(drawn.width / 2),\(drawn.height / 2)", "+repage",
            "-resize", "\(size)!", ")", "-resize", "25%", "-colorspace", "gray", "-depth", "8", "-append", "gray:-",
        ])
        let third = bytes.count / 3
        guard status == 0, third > 0 else { return (0, 0) }
        let face = bytes.prefix(third).map(Double.init)
        let result = bytes[third..<(2 * third)].map(Double.init), truth = bytes.suffix(third).map(Double.init)
        return (correlation(face, result), correlation(face, truth))
    }

    /// The normalised correlation of two lists of levels of one length.
    static func correlation(_ a: [Double], _ b: [Double]) -> Double {
        let (ma, mb) = (mean(a), mean(b))
        var (ab, aa, bb) = (0.0, 0.0, 0.0)
        for i in a.indices {
            let (x, y) = (a[i] - ma, b[i] - mb)
            ab += x * y
            aa += x * x
            bb += y * y
        }
        return aa > 0 && bb > 0 ? ab / (aa * bb).squareRoot() : 0
    }

    /// A print's centre, size and tilt to a tenth.
    static func place(_ p: FoundPrint) -> String {
        let r = { (v: Double) in (v * 10).rounded() / 10 }
        return "(\(r(p.centre.x)), \(r(p.centre.y))) \(r(p.width))×\(r(p.height)) \(r(p.tilt))°"
    }

    static func mean(_ values: [Double]) -> Double { values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count) }
    static func percent(_ share: Double) -> Double { (share * 10_000).rounded() / 100 }
    static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}
