// The rectified picture: its size per output request, the pixel limit first, the maps both ways, turns and flips.
import CropKit
import Foundation
import Testing

@Suite struct RectificationTests {
    static let picture = PixelSize(width: 1200, height: 900)
    static let page = PerspectiveQuad([
        CropPoint(x: 300, y: 100), CropPoint(x: 900, y: 150), CropPoint(x: 950, y: 800), CropPoint(x: 250, y: 750),
    ])!
    static let limit = 1 << 30

    @Test func theWholePictureRectifiesToItself() throws {
        let whole = PerspectiveQuad(wholePictureOf: Self.picture)
        let rectified = try Rectification.make(quad: whole, picture: Self.picture, pixelLimit: Self.limit)
        #expect(rectified.size == Self.picture)
        let map = try #require(rectified.pictureFromRectified)
        #expect(isClose(map.applied(to: CropPoint(x: 123.5, y: 456.25)), CropPoint(x: 123.5, y: 456.25), tolerance: 1e-9))
    }

    @Test func eachOutputRequestGivesItsPixels() throws {
        func size(_ output: OutputSize, ratio: Double? = nil) throws -> PixelSize {
            try Rectification.make(quad: Self.page, picture: Self.picture, ratio: ratio, output: output, pixelLimit: Self.limit)
                .size
        }
        let a4 = try #require(PaperSize.a4.printSize())
        #expect(try size(.print(a4)) == PixelSize(width: 2480, height: 3508))
        let letter = try #require(PaperSize.letter.printSize())
        #expect(try size(.print(letter)) == PixelSize(width: 2550, height: 3300))
        #expect(try size(.pixels(PixelSize(width: 800, height: 600))) == PixelSize(width: 800, height: 600))
        #expect(try size(.longerSide(1000), ratio: 0.5) == PixelSize(width: 500, height: 1000))
        #expect(try size(.longerSide(1000), ratio: 4) == PixelSize(width: 1000, height: 250))
        // The original: as wide as the longer of the top and bottom, then the ratio's height.
        let natural = try size(.original, ratio: 1)
        let sides = Self.page.sideLengths
        let expected = max(sides.top, sides.bottom, sides.left, sides.right)
        #expect(natural == PixelSize(width: Int(expected.rounded()), height: Int(expected.rounded())))
        // The estimate when no ratio is locked: the pinhole model's.
        let estimated = try #require(PerspectiveProportions.estimate(Self.page, pictureSize: Self.picture))
        let free = try size(.original)
        #expect(abs(Double(free.width) / Double(free.height) - estimated.ratio) < 0.01)
    }

    @Test func aSizeOverThePixelLimitIsRefusedFirst() {
        #expect(throws: RectificationProblem.tooLarge(PixelSize(width: 40_000, height: 40_000), limit: Self.limit)) {
            try Rectification.make(
                quad: Self.page, picture: Self.picture, ratio: 1, output: .longerSide(40_000), pixelLimit: Self.limit)
        }
        // A ratio that makes one side run past any number of pixels.
        #expect(throws: RectificationProblem.self) {
            try Rectification.make(quad: Self.page, picture: Self.picture, ratio: 1e-300, pixelLimit: Self.limit)
        }
        for bad in [0.0, -1, .nan, .infinity] {
            #expect(throws: RectificationProblem.invalidShape) {
                try Rectification.make(quad: Self.page, picture: Self.picture, ratio: bad, pixelLimit: Self.limit)
            }
        }
        #expect(throws: RectificationProblem.invalidShape) {
            try Rectification.make(quad: Self.page, picture: Self.picture, output: .longerSide(0), pixelLimit: Self.limit)
        }
        let c = Self.page.corners
        let crossed = PerspectiveQuad([c[0], c[1], c[3], c[2]])!
        #expect(throws: RectificationProblem.quad(.crossesItself)) {
            try Rectification.make(quad: crossed, picture: Self.picture, pixelLimit: Self.limit)
        }
    }

    @Test func theMapsGoBothWaysAndACropOfTheRectifiedPictureHasItsQuadrilateral() throws {
        let rectified = try Rectification.make(quad: Self.page, picture: Self.picture, ratio: 0.75, pixelLimit: Self.limit)
        let w = Double(rectified.size.width), h = Double(rectified.size.height)
        let corners = [CropPoint(x: 0, y: 0), CropPoint(x: w, y: 0), CropPoint(x: w, y: h), CropPoint(x: 0, y: h)]
        for (corner, expected) in zip(corners, Self.page.corners) {
            #expect(isClose(try #require(rectified.picturePoint(fromRectified: corner)), expected, tolerance: 1e-7))
            #expect(isClose(try #require(rectified.rectifiedPoint(fromPicture: expected)), corner, tolerance: 1e-7))
        }
        let whole = try #require(rectified.pictureQuad(of: CropRect(x: 0, y: 0, width: w, height: h)))
        #expect(whole == Self.page)
        let part = try #require(rectified.pictureQuad(of: CropRect(x: w / 4, y: h / 4, width: w / 2, height: h / 2)))
        #expect(part.problem(in: Self.picture) == nil)
        let rectifiedPart = try #require(rectified.rectifiedPoint(fromPicture: part.topLeft))
        // Within the 1/1024-pixel grid the quadrilateral's corners are kept on.
        #expect(isClose(rectifiedPart, CropPoint(x: w / 4, y: h / 4), tolerance: 2e-3))
        // A display-sized rendering maps the same corners.
        let small = rectified.resized(to: PixelSize(width: 300, height: 400))
        #expect(
            isClose(
                try #require(small.picturePoint(fromRectified: CropPoint(x: 300, y: 400))), Self.page.bottomRight, tolerance: 1e-7
            ))
        let coded = try JSONDecoder().decode(Rectification.self, from: JSONEncoder().encode(rectified))
        #expect(coded == rectified)
    }

    // MARK: Turns and flips

    @Test(arguments: ImageOrientation.allCases)
    func theQuadrilateralFollowsThePictureAndStaysClockwise(_ orientation: ImageOrientation) throws {
        let turned = Self.page.mapped(by: orientation, pictureSize: Self.picture)
        let shownSize = orientation.displayedSize(storedWidth: Self.picture.width, storedHeight: Self.picture.height)
        let shown = PixelSize(width: shownSize.width, height: shownSize.height)
        #expect(turned.problem(in: shown) == nil)
        // Every corner is where ImageOrientation's own map sends its point.
        let expected = Self.page.corners.map { p -> CropPoint in
            let q = orientation.displayedPoint(fromStored: CropPoint(x: p.x / 1200, y: p.y / 900))
            return CropPoint(x: q.x * Double(shown.width), y: q.y * Double(shown.height))
        }
        for corner in turned.corners { #expect(expected.contains { isClose($0, corner, tolerance: 1e-9) }) }
        // The rectified picture turns as the picture did: its corners' points follow the orientation.
        let before = Rectification(quad: Self.page, size: PixelSize(width: 600, height: 800))
        let after = Rectification(quad: turned, size: orientation.swapsAxes ? PixelSize(width: 800, height: 600) : before.size)
        for (u, v) in [(0.0, 0.0), (0.25, 0.5), (1, 1), (0.9, 0.1)] {
            let p = try #require(before.picturePoint(fromRectified: CropPoint(x: 600 * u, y: 800 * v)))
            let moved = orientation.displayedPoint(fromStored: CropPoint(x: u, y: v))
            let size = after.size
            let q = try #require(
                after.picturePoint(fromRectified: CropPoint(x: moved.x * Double(size.width), y: moved.y * Double(size.height))))
            let pShown = orientation.displayedPoint(fromStored: CropPoint(x: p.x / 1200, y: p.y / 900))
            #expect(isClose(q, CropPoint(x: pShown.x * Double(shown.width), y: pShown.y * Double(shown.height)), tolerance: 1e-6))
        }
    }

    @Test func turnsAndFlipsUndoThemselvesBitForBit() {
        var random = SplitMix64(seed: 0x2A4E_0002)
        for _ in 0..<200 {
            let size = PixelSize(width: random.int(50...9000), height: random.int(50...9000))
            let quad = PerspectiveQuadTests.randomQuad(in: size, random: &random)
            var q = quad, s = size
            for _ in 0..<4 {
                q = q.mapped(by: .rotateRight, pictureSize: s)
                s = PixelSize(width: s.height, height: s.width)
            }
            #expect(q == quad)
            for flip in [PictureTransform.flipHorizontal, .flipVertical] {
                #expect(quad.mapped(by: flip, pictureSize: size).mapped(by: flip, pictureSize: size) == quad)
            }
            let left = quad.mapped(by: .rotateLeft, pictureSize: size)
            #expect(left.mapped(by: .rotateRight, pictureSize: PixelSize(width: size.height, height: size.width)) == quad)
            // Two steps are the composed orientation in one.
            let a = ImageOrientation.allCases[random.int(0...7)], b = ImageOrientation.allCases[random.int(0...7)]
            let middle = a.displayedSize(storedWidth: size.width, storedHeight: size.height)
            let stepwise = quad.mapped(by: a, pictureSize: size).mapped(
                by: b, pictureSize: PixelSize(width: middle.width, height: middle.height))
            #expect(stepwise == quad.mapped(by: a.followed(by: b), pictureSize: size))
        }
    }

    @Test func paperNamesAndRatios() {
        #expect(PaperSize(name: " A4 ") == .a4)
        #expect(PaperSize(name: "Letter") == .letter)
        #expect(PaperSize(name: "a3") == nil)
        #expect(PaperSize.a5.printSize()?.pixels == PixelSize(width: 1748, height: 2480))
        #expect(isClose(PaperSize.a4.ratio, 1 / 2.0.squareRoot(), tolerance: 2e-4))
        #expect(PaperSize.letter.aspectRatio.pixelRatio(imageWidth: 1, imageHeight: 1) == 8.5 / 11)
    }
}
