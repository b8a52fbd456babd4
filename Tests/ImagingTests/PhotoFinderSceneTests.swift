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
    /// The shares the finder reaches: of the scans, those with every print found and none extra; of
    /// their prints, those within each bar.
    static let reachedScans = 0.9, reachedCorners = 0.9, reachedTilts = 0.99, reachedLikeness = 0.8

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
        /// Per print, how much wider and taller than drawn it was found, in the scan's pixels (half each side).
        var sizeErrors: [Double] = []
        var seconds: Double
        var touching = false

        var allFound: Bool { found == drawn }
        func good(_ index: Int) -> Bool {
            cornerErrors[index] <= cornerBar && tiltErrors[index] <= tiltBar && likenesses[index] >= likenessBar
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
                    + "likeness \(Self.rounded(o.likenesses[i]))"
            }
        }
        let withinCorners = corners.filter { $0 <= Self.cornerBar }.count, withinTilt = tilts.filter { $0 <= Self.tiltBar }.count
        let alike = likenesses.filter { $0 >= Self.likenessBar }.count
        print(
            "PHOTOS find photos: \(good)/\(prints) prints found within the bars on \(placed.count) scans "
                + "(corners \(withinCorners), tilt \(withinTilt), likeness \(alike) of the \(corners.count) prints of those scans) "
                + "(\(complete.count) scans with every print and none extra, \(placed.filter(\.touching).count) with two touching); "
                + "corners worst \(Self.percent(corners.max() ?? 0)) % mean \(Self.percent(Self.mean(corners))) % of the diagonal; "
                + "tilt worst \(Self.rounded(tilts.max() ?? 0))° mean \(Self.rounded(Self.mean(tilts)))°; "
                + "likeness least \(Self.rounded(likenesses.min() ?? 0)) mean \(Self.rounded(Self.mean(likenesses))); "
                + "size error mean \(Self.rounded(Self.mean(complete.flatMap(\.sizeErrors)))) px; "
                + "\(quiet.count)/\(blank.count) ordinary photos left alone; "
                + "slowest search \(Self.rounded(outcomes.map(\.seconds).max() ?? 0)) s; "
                + "miscounted: \(miscounted.sorted()); off: \(off.sorted())")
        #expect(placed.count >= 60 && prints >= 120 || Self.scans < 60)
        // The bars are every print found within them; what the finder reaches is asserted
        // (docs/BENCHMARKS.md, "Find Photos", has the figures and what falls short).
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
            outcome.likenesses.append(try likeness(of: print, on: scene, face: scene.faces[number], in: dir))
        }
        return outcome
    }

    /// The normalised correlation of the print's result (cut and straightened by the export) with
    /// its face, the result scaled to the face's size, in grey, both at a quarter of that size: the
    /// scan's grain, blur and JPEG and the two turns' resampling leave a texture's finest detail
    /// unlike from pixel to pixel, while a print cut a pixel or two out of place still shows.
    static func likeness(of print: FoundPrint, on scene: PhotoScene, face: String, in dir: TempFolder) throws -> Double {
        guard let cut = print.cut(pictureWidth: scene.size.width, pictureHeight: scene.size.height) else { return 0 }
        let out = dir.file("result-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(atPath: out) }
        _ = try CropExporter.export(
            source: scene.path, crop: cut, output: out, options: ExportOptions(straighten: print.straighten))
        let size = try Tool.identify("%wx%h", face)
        let (status, bytes, _) = try Tool.run([
            Tool.convert, face, "(", out, "-resize", "\(size)!", ")", "-resize", "25%", "-colorspace", "gray", "-depth", "8",
            "-append", "gray:-",
        ])
        let half = bytes.count / 2
        guard status == 0, half > 0 else { return 0 }
        let a = bytes.prefix(half).map(Double.init), b = bytes.suffix(half).map(Double.init)
        let (ma, mb) = (mean(a), mean(b))
        var (ab, aa, bb) = (0.0, 0.0, 0.0)
        for i in 0..<half {
            let (x, y) = (a[i] - ma, b[i] - mb)
            ab += x * y
            aa += x * x
            bb += y * y
        }
        return aa > 0 && bb > 0 ? ab / (aa * bb).squareRoot() : 0
    }

    static func mean(_ values: [Double]) -> Double { values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count) }
    static func percent(_ share: Double) -> Double { (share * 10_000).rounded() / 100 }
    static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}
