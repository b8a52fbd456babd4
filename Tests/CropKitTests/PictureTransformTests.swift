// Turning and flipping the picture: the eight orientations reached, the crop and pixels following the content, and identities.
import CropKit
import Testing

@Suite struct PictureTransformTests {
    /// The upright picture is 400 × 300; the crop is 0.125…0.625 × 0.25…0.5, pixels 50…250 × 75…150.
    static let width = 400, height = 300
    static let crop = CropRect(x: 0.125, y: 0.25, width: 0.5, height: 0.25)
    static let pixels = PixelRect(x: 50, y: 75, width: 200, height: 75)

    /// Each of the eight orientations by the user's steps, with the crop and pixels worked out by hand
    /// (e.g. a quarter turn clockwise sends upright (x, y) to (1 − y, x): the top band goes to the right).
    static let cases: [([PictureTransform], ImageOrientation, CropRect, PixelRect)] = [
        ([], .up, CropRect(x: 0.125, y: 0.25, width: 0.5, height: 0.25), PixelRect(x: 50, y: 75, width: 200, height: 75)),
        (
            [.flipHorizontal], .upMirrored, CropRect(x: 0.375, y: 0.25, width: 0.5, height: 0.25),
            PixelRect(x: 150, y: 75, width: 200, height: 75)
        ),
        (
            [.rotateRight, .rotateRight], .down, CropRect(x: 0.375, y: 0.5, width: 0.5, height: 0.25),
            PixelRect(x: 150, y: 150, width: 200, height: 75)
        ),
        (
            [.flipVertical], .downMirrored, CropRect(x: 0.125, y: 0.5, width: 0.5, height: 0.25),
            PixelRect(x: 50, y: 150, width: 200, height: 75)
        ),
        (
            [.rotateRight, .flipHorizontal], .leftMirrored, CropRect(x: 0.25, y: 0.125, width: 0.25, height: 0.5),
            PixelRect(x: 75, y: 50, width: 75, height: 200)
        ),
        (
            [.rotateRight], .right, CropRect(x: 0.5, y: 0.125, width: 0.25, height: 0.5),
            PixelRect(x: 150, y: 50, width: 75, height: 200)
        ),
        (
            [.rotateLeft, .flipHorizontal], .rightMirrored, CropRect(x: 0.5, y: 0.375, width: 0.25, height: 0.5),
            PixelRect(x: 150, y: 150, width: 75, height: 200)
        ),
        (
            [.rotateLeft], .left, CropRect(x: 0.25, y: 0.375, width: 0.25, height: 0.5),
            PixelRect(x: 75, y: 150, width: 75, height: 200)
        ),
    ]

    @Test(arguments: cases)
    func theCropFollowsTheContent(
        steps: [PictureTransform], orientation: ImageOrientation,
        expected: CropRect, expectedPixels: PixelRect
    ) {
        var state = CropState(crop: Self.crop)
        var pixels = Self.pixels
        var (w, h) = (Self.width, Self.height)
        for step in steps {
            state = state.applying(step)
            pixels = step.mapped(pixels, imageWidth: w, imageHeight: h)
            (w, h) = step.size(imageWidth: w, imageHeight: h)
        }
        #expect(state.orientation == orientation)
        #expect(state.crop == expected)
        #expect(pixels == expectedPixels)
        // Size: quarter turns swap it; the state says the same.
        #expect((w, h) == (orientation.swapsAxes ? (300, 400) : (400, 300)))
        #expect(state.shownSize(uprightWidth: Self.width, uprightHeight: Self.height) == (w, h))
        // The crop as pixels of the shown picture is the mapped pixel rect exactly, and back on the upright picture it is where it began.
        #expect(state.crop.pixelRect(imageWidth: w, imageHeight: h) == expectedPixels)
        #expect(state.uprightCrop == Self.crop)
        #expect(
            orientation.storedPixelRect(fromDisplayed: pixels, storedWidth: Self.width, storedHeight: Self.height) == Self.pixels)
        #expect(
            orientation.displayedPixelRect(fromStored: Self.pixels, storedWidth: Self.width, storedHeight: Self.height) == pixels)
    }

    @Test(arguments: ImageOrientation.allCases)
    func fourQuarterTurnsOrTwoFlipsChangeNothing(start: ImageOrientation) {
        let state = CropState(crop: Self.crop, aspectRatio: .fourByThree, orientation: start)
        for turn in [PictureTransform.rotateLeft, .rotateRight] {
            var turned = state
            for _ in 0..<4 { turned = turned.applying(turn) }
            #expect(turned == state)
        }
        for flip in [PictureTransform.flipHorizontal, .flipVertical] {
            #expect(state.applying(flip).applying(flip) == state)
        }
        for step in PictureTransform.allCases {
            #expect(state.applying(step).applying(step.inverse) == state)
        }
    }

    @Test(arguments: ImageOrientation.allCases)
    func composingWithTheInverseIsTheIdentity(o: ImageOrientation) {
        #expect(o.followed(by: o.inverse) == .up)
        #expect(o.inverse.followed(by: o) == .up)
        #expect(o.followed(by: .up) == o && ImageOrientation.up.followed(by: o) == o)
    }

    @Test func composingMatchesMappingTwice() {
        for a in ImageOrientation.allCases {
            for b in ImageOrientation.allCases {
                let both = a.followed(by: b)
                #expect(
                    both.displayedRect(fromStored: Self.crop)
                        == b.displayedRect(fromStored: a.displayedRect(fromStored: Self.crop)),
                    "\(a) then \(b) = \(both)")
            }
        }
    }

    @Test(arguments: ImageOrientation.allCases)
    func thePointMapAgreesWithTheRectMap(o: ImageOrientation) {
        let a = o.displayedPoint(fromStored: Self.crop.origin)
        let b = o.displayedPoint(fromStored: CropPoint(x: Self.crop.maxX, y: Self.crop.maxY))
        #expect(
            o.displayedRect(fromStored: Self.crop)
                == CropRect(left: min(a.x, b.x), top: min(a.y, b.y), right: max(a.x, b.x), bottom: max(a.y, b.y)))
    }

    @Test func theExifOrientationAndTheUsersComposeIntoOne() {
        // A picture stored sideways (EXIF 6) that the user turns back anticlockwise is the stored grid as is.
        #expect(ImageOrientation.right.applying(.rotateLeft) == .up)
        #expect(ImageOrientation.right.followed(by: .right) == .down)
        #expect(ImageOrientation.upMirrored.applying(.rotateRight) == .rightMirrored)
    }

    @Test func aLockedRatioTurnsWithTheFrame() {
        // 16:9 fitted on the 1600 × 1200 upright picture is 1600 × 900 pixels; turned, 900 × 1600 of 1200 × 1600.
        let crop = AspectRatio.sixteenByNine.fitted(.unit, imageWidth: 1600, imageHeight: 1200)
        let state = CropState(crop: crop, aspectRatio: .sixteenByNine)
        let turned = state.applying(.rotateRight)
        #expect(turned.aspectRatio == AspectRatio.custom(width: 9, height: 16))
        #expect(turned.crop.pixelRect(imageWidth: 1200, imageHeight: 1600) == PixelRect(x: 150, y: 0, width: 900, height: 1600))
        #expect(
            isClose(
                turned.aspectRatio.normalizedRatio(imageWidth: 1200, imageHeight: 1600)!, turned.crop.width / turned.crop.height))
        // Flips keep the ratio; Original stays Original through turns, since the picture turns too.
        #expect(state.applying(.flipVertical).aspectRatio == .sixteenByNine)
        #expect(CropState(aspectRatio: .original).applying(.rotateLeft).aspectRatio == .original)
        #expect(CropState(aspectRatio: .free).applying(.rotateLeft).aspectRatio == .free)
    }

    @Test func normalizedCropsOfWholePixelsMapToWholePixels() {
        var rng = SplitMix64(seed: 0x5EED_0000_0000_0C01)
        var failures = PropertyFailures()
        for _ in 0..<2_000 {
            let w = rng.sensibleSide(), h = rng.sensibleSide()
            let x = rng.int(0...(w - 1)), y = rng.int(0...(h - 1))
            let p = PixelRect(x: x, y: y, width: rng.int(1...(w - x)), height: rng.int(1...(h - y)))
            let step = PictureTransform.allCases[rng.int(0...3)]
            let (tw, th) = step.size(imageWidth: w, imageHeight: h)
            let viaCrop = step.mapped(CropRect(pixelRect: p, imageWidth: w, imageHeight: h)).pixelRect(
                imageWidth: tw, imageHeight: th)
            let direct = step.mapped(p, imageWidth: w, imageHeight: h)
            failures.check(viaCrop == direct, "\(step) \(p) of \(w)x\(h): \(viaCrop) vs \(direct)")
            failures.check(step.inverse.mapped(direct, imageWidth: tw, imageHeight: th) == p, "\(step) \(p) does not come back")
        }
        #expect(failures.isEmpty, "\(failures)")
    }
}
