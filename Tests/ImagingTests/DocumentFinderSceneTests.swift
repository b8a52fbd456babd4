// Find Document on generated photos through the decoder's thumbnail: corners, proportions, and nothing where there is none.

import CropKit
import Foundation
import Imaging
import Testing

@Suite struct DocumentFinderSceneTests {
    /// How many photos with a document and without, and from which seed: 100 and 50, or as many as
    /// `PERSPECTIVE_SCENES` says (documents; half as many without) from `PERSPECTIVE_SEED`.
    static var documents: Int { ProcessInfo.processInfo.environment["PERSPECTIVE_SCENES"].flatMap(Int.init) ?? 100 }
    static var seed: UInt64 { ProcessInfo.processInfo.environment["PERSPECTIVE_SEED"].flatMap(UInt64.init) ?? 0xD0C0_0001 }

    /// What became of one photo.
    struct Outcome: Sendable {
        var name: String
        /// Found or not; with a document, its corners' worst distance as a fraction of the diagonal,
        /// whether the corners came in the page's own order, and the estimated ratio's error.
        var found: Bool
        var cornerError: Double?
        var sameOrder: Bool
        var ratioError: Double?
        var seconds: Double
        /// The found document's least and mean support and its contrast.
        var measures = ""
    }

    @Test func findsTheDocumentsAndInventsNone() async throws {
        let dir = TempFolder("documents")
        defer { dir.remove() }
        try DocumentScenes.materials(in: dir)
        let documents = Self.documents, empties = max(documents / 2, 1), seed = Self.seed
        let outcomes = try await withThrowingTaskGroup(of: Outcome.self) { group in
            for index in 0..<(documents + empties) {
                group.addTask {
                    let scene =
                        index < documents
                        ? try DocumentScenes.document(index, seed: seed, in: dir)
                        : try DocumentScenes.empty(index - documents, seed: seed, in: dir)
                    let start = ContinuousClock.now
                    let found = try PerspectiveSuggestions.findDocument(path: scene.path)
                    let elapsed = (ContinuousClock.now - start).components
                    let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
                    var outcome = Self.outcome(scene, found?.quad, seconds: seconds)
                    if let found {
                        outcome.measures = [found.leastSupport, found.meanSupport, found.contrast]
                            .map { "\(($0 * 100).rounded() / 100)" }.joined(separator: "/")
                    }
                    Self.keep(scene, outcome, found: found?.quad)
                    try? FileManager.default.removeItem(atPath: scene.path)
                    return outcome
                }
            }
            var all: [Outcome] = []
            for try await outcome in group { all.append(outcome) }
            return all
        }
        let placed = outcomes.filter { !$0.isEmptyScene }, blank = outcomes.filter(\.isEmptyScene)
        let hits = placed.filter { ($0.cornerError ?? .infinity) <= 0.015 }
        let quiet = blank.filter { !$0.found }
        let ratios = hits.compactMap(\.ratioError)
        let goodRatios = ratios.filter { $0 <= 0.03 }
        let orderly = hits.filter(\.sameOrder)
        let slowest = outcomes.map(\.seconds).max() ?? 0
        let misses = placed.filter { ($0.cornerError ?? .infinity) > 0.015 }
            .map { "\($0.name): \($0.cornerError.map { "corners off by \(($0 * 1000).rounded() / 10) %" } ?? "nothing found")" }
        let inventions = blank.filter(\.found).map { "\($0.name) \($0.measures)" }
        print("PERSPECTIVE measures of the documents found: \(hits.map(\.measures).sorted())")
        let badRatios = hits.filter { ($0.ratioError ?? 0) > 0.03 }.map { "\($0.name): \($0.ratioError!)" }
        print(
            "PERSPECTIVE find document: \(hits.count)/\(placed.count) documents found with corners within 1.5 % of the diagonal, "
                + "\(quiet.count)/\(blank.count) photos without one left alone, proportions within 3 % for \(goodRatios.count)/\(ratios.count) "
                + "(mean error \(ratios.reduce(0, +) / Double(max(ratios.count, 1)))), corners in the page's order \(orderly.count)/\(hits.count), "
                + "slowest search \(slowest) s; misses: \(misses.sorted()); inventions: \(inventions.sorted()); ratios off: \(badRatios.sorted())"
        )
        #expect(placed.count >= 100 || documents < 100)
        #expect(Double(hits.count) >= 0.9 * Double(placed.count), "misses: \(misses)")
        #expect(Double(quiet.count) >= 0.9 * Double(blank.count), "inventions: \(inventions)")
        #expect(Double(goodRatios.count) >= 0.9 * Double(ratios.count), "ratios off: \(badRatios)")
    }

    /// With `PERSPECTIVE_KEEP=DIR`, a photo the finder got wrong is copied into DIR, its name saying
    /// what the finder found, for looking at.
    static func keep(_ scene: DocumentScene, _ outcome: Outcome, found: PerspectiveQuad?) {
        guard let folder = ProcessInfo.processInfo.environment["PERSPECTIVE_KEEP"],
            outcome.isEmptyScene ? outcome.found : (outcome.cornerError ?? .infinity) > 0.015
        else { return }
        let name = scene.name.replacingOccurrences(of: " ", with: "-") + "-found-" + (found?.description ?? "nothing") + ".jpg"
        try? FileManager.default.copyItem(atPath: scene.path, toPath: (folder as NSString).appendingPathComponent(name))
    }

    /// How far the found corners are from the document's, the best of the four ways round (the
    /// rectified picture's top is a matter of which side reads as the top), and the ratio's error.
    /// A screen's corners may be its bezel's or its lit area's.
    static func outcome(_ scene: DocumentScene, _ quad: PerspectiveQuad?, seconds: Double) -> Outcome {
        guard let truth = scene.corners, let ratio = scene.ratio else {
            return Outcome(
                name: scene.name, found: quad != nil, cornerError: nil, sameOrder: false, ratioError: nil, seconds: seconds)
        }
        guard let quad else {
            return Outcome(name: scene.name, found: false, cornerError: nil, sameOrder: false, ratioError: nil, seconds: seconds)
        }
        if let inner = scene.inner {
            let outer = outcome(
                DocumentScene(name: scene.name, path: scene.path, size: scene.size, corners: truth, ratio: ratio), quad,
                seconds: seconds)
            let lit = outcome(
                DocumentScene(
                    name: scene.name, path: scene.path, size: scene.size, corners: inner, ratio: scene.innerRatio ?? ratio),
                quad, seconds: seconds)
            return (lit.cornerError ?? .infinity) < (outer.cornerError ?? .infinity) ? lit : outer
        }
        let diagonal = (Double(scene.size.width * scene.size.width + scene.size.height * scene.size.height)).squareRoot()
        let found = quad.corners
        let turns = (0..<4).map { turn in
            (0..<4).map { k in
                let a = found[(k + turn) % 4], b = truth[k]
                return ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() / diagonal
            }.max()!
        }
        let best = turns.indices.min { turns[$0] < turns[$1] }!
        let estimate = PerspectiveProportions.estimate(quad, pictureSize: scene.size)?.ratio
        // An odd number of quarter turns reads the page's width as its height.
        let truthRatio = best % 2 == 0 ? ratio : 1 / ratio
        return Outcome(
            name: scene.name, found: true, cornerError: turns[best], sameOrder: best == 0,
            ratioError: estimate.map { abs($0 / truthRatio - 1) }, seconds: seconds)
    }
}

extension DocumentFinderSceneTests.Outcome {
    var isEmptyScene: Bool {
        ["texture", "gradient", "picture", "clutter", "lines", "planks"].contains { name.hasPrefix($0 + " ") }
    }
}
