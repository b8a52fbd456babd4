// Find Document: the page, whiteboard or screen in a photo, as the convex quadrilateral of its lines best edged all round.

/// A document found in a picture.
public struct FoundDocument: Hashable, Sendable {
    /// Its corners, clockwise from the one that becomes the top left, in the picture's pixels.
    public var quad: PerspectiveQuad
    /// The least share (0…1) of a side along which an edge runs, and the sides' mean weighted by length.
    public var leastSupport: Double
    public var meanSupport: Double
    /// The mean difference of luminance (0…1) just inside and just outside its sides.
    public var contrast: Double
}

/// Finds the document in a photo: the convex quadrilateral whose four sides are straight edges
/// along nearly their whole length.
///
/// The method. The picture is averaged down to at most `LevelEstimator.workingSize` pixels on its
/// longer side and blurred a little; its edges are thinned to one pixel (`EdgeField`); its
/// straight lines are found by a Hough transform and refitted to their edge pixels
/// (`HoughLines`). Every two pairs of lines (one pair roughly across from each other, the other
/// crossing them) make a candidate quadrilateral; each side is scored by the share of its length
/// along which an edge runs (`LineSupport`, from prefix sums: a candidate costs a few lookups), a
/// side with little edge costing more than a well-supported one earns, so that lines running on
/// past a page's corners to some other edge do not win. The best candidates are weighed again with
/// the contrast across their sides, the winner must pass every threshold below, or nothing is
/// returned (never an invented quadrilateral), and its sides are refitted to their own edge pixels
/// between its corners.
public enum DocumentFinder {
    /// The most lines the search combines (the strongest ones).
    static let lineLimit = 30
    /// The least edge pixels a line needs, as a fraction of the picture's shorter side.
    static let minimumLineVotes = 0.06
    /// The least and most angle between two sides meeting at a corner, in degrees (a rectangle
    /// seen at a slant has corners from about 40° to 140°).
    static let minimumCornerAngle = 25.0
    /// How far outside the picture a corner may be found and still be moved onto its edge, as a
    /// fraction of the picture's longer side.
    static let cornerSlack = 0.01
    /// The least area of a document, as a fraction of the picture's.
    static let minimumArea = 0.05
    /// The least share of each side, and of the perimeter as a whole, along which an edge must run.
    static let minimumSideSupport = 0.5
    static let minimumMeanSupport = 0.6
    /// The least contrast across the sides (luminance 0…1, the mean of the four).
    static let minimumContrast = 0.08
    /// How many of the best candidates are weighed again with their contrast.
    static let finalists = 12

    /// The document in a `width × height` picture of 8-bit luminance (row by row), or nil when none is found.
    public static func find(width: Int, height: Int, luminance: [UInt8]) -> FoundDocument? {
        guard width >= 16, height >= 16, width <= Int.max / height, luminance.count == width * height else { return nil }
        return search(width: width, height: height, luminance: EdgeField.unit(luminance))
    }

    /// The document in a picture of luminance 0…1 (row by row), or nil when none is found.
    public static func find(width: Int, height: Int, luminance: [Float]) -> FoundDocument? {
        guard width >= 16, height >= 16, width <= Int.max / height, luminance.count == width * height,
            luminance.allSatisfy(\.isFinite)
        else { return nil }
        return search(width: width, height: height, luminance: luminance)
    }

    /// The search itself, on checked luminance.
    static func search(width: Int, height: Int, luminance: [Float]) -> FoundDocument? {
        let (w, h, pixels) = LevelEstimator.reduced(width: width, height: height, luminance: luminance)
        let factor = Double((max(width, height) + LevelEstimator.workingSize - 1) / LevelEstimator.workingSize)
        let edges = EdgeField(width: w, height: h, luminance: pixels)
        let lines = HoughLines.lines(
            in: edges, limit: lineLimit, minimumVotes: minimumLineVotes * Double(min(w, h)))
        let candidates = DocumentCandidates(lines: lines, width: Double(w), height: Double(h))
        let ranked = candidates.ranked().prefix(finalists).map { candidate in
            (candidate, candidate.score * contrastWeight(candidate.contrast(edges: edges)))
        }
        guard let (best, _) = ranked.max(by: { $0.1 < $1.1 }), best.leastSupport >= minimumSideSupport,
            best.meanSupport >= minimumMeanSupport, best.area >= minimumArea * Double(w * h)
        else { return nil }
        let contrast = best.contrast(edges: edges)
        guard contrast >= minimumContrast else { return nil }
        let corners = best.refinedCorners(edges: edges).map { CropPoint(x: $0.x * factor, y: $0.y * factor) }
        guard let quad = upright(corners, width: Double(width), height: Double(height)),
            quad.problem(in: PixelSize(width: width, height: height)) == nil
        else { return nil }
        return FoundDocument(quad: quad, leastSupport: best.leastSupport, meanSupport: best.meanSupport, contrast: contrast)
    }

    /// How much a candidate's contrast adds to its score: up to twice for a contrast of a fifth of
    /// the luminance range or more (a page on a desk), nothing for none.
    static func contrastWeight(_ contrast: Double) -> Double { 1 + min(max(contrast, 0) / 0.2, 1) }

    /// The corners in clockwise order starting from the one whose next side runs most nearly
    /// rightwards (the page's top as the photo shows it), moved onto the picture when a hair outside.
    static func upright(_ corners: [CropPoint], width: Double, height: Double) -> PerspectiveQuad? {
        guard corners.count == 4 else { return nil }
        let slack = cornerSlack * max(width, height)
        guard corners.allSatisfy({ $0.x >= -slack && $0.y >= -slack && $0.x <= width + slack && $0.y <= height + slack })
        else { return nil }
        var points = corners.map { CropPoint(x: min(max($0.x, 0), width), y: min(max($0.y, 0), height)) }
        if let quad = PerspectiveQuad(points), quad.signedArea < 0 { points.reverse() }
        // The side from corner k to k + 1 whose direction has the largest rightward share.
        let start = (0..<4).max { a, b in
            rightwardness(points[a], points[(a + 1) % 4]) < rightwardness(points[b], points[(b + 1) % 4])
        }!
        return PerspectiveQuad((0..<4).map { points[(start + $0) % 4] })
    }

    private static func rightwardness(_ a: CropPoint, _ b: CropPoint) -> Double {
        let length = PerspectiveQuad.distance(a, b)
        return length > 0 ? (b.x - a.x) / length : -1
    }
}
