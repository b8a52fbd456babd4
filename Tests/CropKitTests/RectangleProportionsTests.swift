// A photographed rectangle's true proportions (Zhang and He): ratio and lens given back, the parallel and assumed-lens cases.
import CropKit
import Testing

@Suite struct RectangleProportionsTests {
    /// Rectangles from random poses, exactly projected (only the corners' 1/1024-pixel grid rounds):
    /// the ratio within 0.5 % (in fact to a few parts in a million) and the focal length found.
    @Test func exactProjectionsGiveBackTheRatio() throws {
        var random = SplitMix64(seed: 0x2A4E_0001)
        var worst = 0.0
        for _ in 0..<300 {
            let shot = PinholeShot.random(&random)
            let quad = try #require(shot.quad)
            let estimate = try #require(PerspectiveProportions.estimate(quad, pictureSize: shot.picture))
            let error = abs(estimate.ratio / shot.ratio - 1)
            worst = max(worst, error)
            #expect(error < 0.005, "\(shot): \(estimate)")
            if estimate.method == .estimatedFocalLength, let f = estimate.focalLength {
                #expect(abs(f / shot.focal - 1) < 0.01, "\(shot): \(estimate)")
            }
        }
        print("PERSPECTIVE proportions of exact projections: worst error \(worst)")
        #expect(worst < 1e-3)
    }

    @Test func aRectangleSeenSquareOnIsItsOwnRatioWhateverTheLens() throws {
        let picture = PixelSize(width: 1200, height: 900)
        let quad = try #require(
            PerspectiveQuad([
                CropPoint(x: 100, y: 200), CropPoint(x: 700, y: 200), CropPoint(x: 700, y: 500), CropPoint(x: 100, y: 500),
            ]))
        let estimate = try #require(PerspectiveProportions.estimate(quad, pictureSize: picture))
        #expect(estimate.method == .parallel)
        #expect(isClose(estimate.ratio, 2))
        // A parallelogram (a rectangle seen far away at a slant, an affine view) keeps its sides' ratio too.
        let slanted = try #require(
            PerspectiveQuad([
                CropPoint(x: 100, y: 200), CropPoint(x: 700, y: 260), CropPoint(x: 700, y: 560), CropPoint(x: 100, y: 500),
            ]))
        let affine = try #require(PerspectiveProportions.estimate(slanted, pictureSize: picture))
        #expect(affine.method == .parallel)
        #expect(isClose(affine.ratio, (600.0 * 600 + 60 * 60).squareRoot() / 300, tolerance: 1e-9))
    }

    /// Tilted about one axis only, one pair of sides stays parallel and the lens cannot be measured:
    /// given, the ratio is exact; assumed, it is as right as the assumption.
    @Test func withOnePairOfSidesParallelTheLensIsGivenOrAssumed() throws {
        let diagonal = 1500.0
        var shot = PinholeShot(ratio: 210.0 / 297, focal: 0.8 * diagonal, tilt: 30, pan: 0, roll: 0, distance: 3)
        let quad = try #require(shot.quad)
        let assumed = try #require(PerspectiveProportions.estimate(quad, pictureSize: shot.picture))
        #expect(assumed.method == .assumedFocalLength)
        #expect(abs(assumed.ratio / shot.ratio - 1) < 1e-4)
        shot.focal = 1.6 * diagonal
        let longLens = try #require(shot.quad)
        let given = try #require(PerspectiveProportions.estimate(longLens, pictureSize: shot.picture, focalLength: shot.focal))
        #expect(given.method == .givenFocalLength)
        #expect(abs(given.ratio / shot.ratio - 1) < 1e-4)
        let guessed = try #require(PerspectiveProportions.estimate(longLens, pictureSize: shot.picture))
        #expect(abs(guessed.ratio / shot.ratio - 1) > 1e-3)
    }

    @Test func degenerateShapesHaveNoProportions() {
        let picture = PixelSize(width: 100, height: 100)
        let point = CropPoint(x: 10, y: 10)
        #expect(PerspectiveProportions.estimate(PerspectiveQuad([point, point, point, point])!, pictureSize: picture) == nil)
        #expect(
            PerspectiveProportions.estimate(
                PerspectiveQuad(wholePictureOf: picture), pictureSize: PixelSize(width: 0, height: 0)) == nil)
    }
}
