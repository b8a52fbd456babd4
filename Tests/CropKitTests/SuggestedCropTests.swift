// `SuggestedCrop`: the largest rectangle of a ratio and a rectangle centred on a point of interest, by hand and at random.
import CropKit
import Testing

@Suite struct SuggestedCropTests {
    @Test func theLargestRectangleOfARatioTakesOneWholeSide() {
        let landscape = SuggestedCrop(width: 6000, height: 4000)
        #expect(landscape.largestSize(ratio: 1) == PixelSize(width: 4000, height: 4000))
        #expect(landscape.largestSize(ratio: 4.0 / 5) == PixelSize(width: 3200, height: 4000))
        #expect(landscape.largestSize(ratio: 16.0 / 9) == PixelSize(width: 6000, height: 3375))
        #expect(landscape.largestSize(ratio: 3.0 / 2) == PixelSize(width: 6000, height: 4000))
        let portrait = SuggestedCrop(width: 401, height: 700)
        #expect(portrait.largestSize(ratio: 1) == PixelSize(width: 401, height: 401))
        // 401 × 5/4 = 501.25: the nearest whole pixel.
        #expect(portrait.largestSize(ratio: 4.0 / 5) == PixelSize(width: 401, height: 501))
        // Nonsense ratios keep the picture whole rather than trap.
        for ratio in [0, -1, Double.nan, .infinity] {
            #expect(portrait.largestSize(ratio: ratio) == PixelSize(width: 401, height: 700))
        }
        // A very thin ratio still leaves a pixel.
        #expect(SuggestedCrop(width: 10, height: 10).largestSize(ratio: 1e-9) == PixelSize(width: 1, height: 10))
    }

    @Test func theRectangleIsCentredOnThePointAndShiftedOnlyToStayInside() {
        let picture = SuggestedCrop(width: 1000, height: 600)
        let size = PixelSize(width: 400, height: 400)
        #expect(picture.placed(size, around: (x: 500, y: 300)) == PixelRect(x: 300, y: 100, width: 400, height: 400))
        #expect(picture.placed(size, around: (x: 950, y: 20)) == PixelRect(x: 600, y: 0, width: 400, height: 400))
        #expect(picture.placed(size, around: (x: 10, y: 590)) == PixelRect(x: 0, y: 200, width: 400, height: 400))
        // Larger than the picture: the picture; a point that is no number: the centre.
        #expect(
            picture.placed(PixelSize(width: 5000, height: 9), around: (x: 0, y: 0))
                == PixelRect(x: 0, y: 0, width: 1000, height: 9))
        #expect(picture.placed(size, around: (x: .nan, y: .infinity)) == PixelRect(x: 300, y: 100, width: 400, height: 400))
    }

    @Test func atRandomTheRectangleIsInsideHasItsSizeAndIsAsCentredAsItCanBe() {
        var random = SplitMix64(seed: 0x5EED_18C)
        for _ in 0..<2000 {
            let picture = SuggestedCrop(width: random.int(1...9000), height: random.int(1...9000))
            let ratio = random.double(0.05...20)
            let size = picture.largestSize(ratio: ratio)
            #expect(size.width >= 1 && size.height >= 1 && size.width <= picture.width && size.height <= picture.height)
            #expect(size.width == picture.width || size.height == picture.height, "one side is whole")
            let point = (
                x: random.double(-100...Double(picture.width) + 100), y: random.double(-100...Double(picture.height) + 100)
            )
            let rect = picture.placed(size, around: point)
            #expect(rect.x >= 0 && rect.y >= 0 && rect.x + rect.width <= picture.width && rect.y + rect.height <= picture.height)
            #expect(rect.width == size.width && rect.height == size.height)
            // Off centre only against an edge.
            let offX = abs(Double(rect.x) + Double(rect.width) / 2 - point.x)
            #expect(offX <= 0.5 + 1e-9 || rect.x == 0 || rect.x + rect.width == picture.width)
            let offY = abs(Double(rect.y) + Double(rect.height) / 2 - point.y)
            #expect(offY <= 0.5 + 1e-9 || rect.y == 0 || rect.y + rect.height == picture.height)
        }
    }
}
