// `FixedFrame`: the frame stays put and the picture moves under it; the crop it makes is the handle mode's crop.
import CropKit
import Testing

@Suite struct FixedFrameTests {
    /// A 2000 × 1000 picture in an 596 × 596 view: 500 × 500 inside the 48-point margin.
    static let layout = FixedFrame(imageWidth: 2000, imageHeight: 1000, viewSize: CropSize(width: 596, height: 596))
    /// A square crop in pixels: 0.25 × 0.5 of a 2:1 picture is 500 × 500 pixels.
    static let square = CropRect(x: 0.25, y: 0.25, width: 0.25, height: 0.5)

    @Test func theFrameHasTheCropsProportionsAndIsCentred() {
        #expect(Self.layout.frame(for: Self.square) == CropRect(x: 48, y: 48, width: 500, height: 500))
        let wide = Self.layout.frame(for: CropRect(x: 0, y: 0, width: 1, height: 1))
        #expect(wide == CropRect(x: 48, y: 173, width: 500, height: 250))
    }

    @Test func theViewportShowsTheCropExactlyInTheFrame() {
        for crop in [Self.square, CropRect.unit, CropRect(x: 0.7, y: 0.1, width: 0.3, height: 0.2)] {
            let viewport = Self.layout.viewport(for: crop)
            #expect(isClose(viewport.viewRect(crop), Self.layout.frame(for: crop), tolerance: 1e-9))
        }
    }

    @Test func panningMovesThePictureUnderTheFrame() {
        // The picture follows the pointer 100 points right: the crop moves left by 100 of the
        // frame's 500 points, a fifth of its width.
        let moved = Self.layout.applying(
            ViewGesture(anchor: CropPoint(x: 300, y: 300), translation: CropSize(width: 100, height: 0)),
            to: Self.square)
        #expect(isClose(moved, CropRect(x: 0.2, y: 0.25, width: 0.25, height: 0.5)))
        // Never past the picture's edge.
        let far = Self.layout.applying(
            ViewGesture(anchor: .zero, translation: CropSize(width: 1e6, height: -1e6)), to: Self.square)
        #expect(far == CropRect(x: 0, y: 0.5, width: 0.25, height: 0.5))
    }

    @Test func zoomingInAroundTheCentreShrinksTheCropAboutItsCentre() {
        let zoomed = Self.layout.applying(
            ViewGesture(anchor: CropPoint(x: 298, y: 298), scale: 2), to: Self.square, minimumSide: 0.01)
        #expect(isClose(zoomed, CropRect(x: 0.3125, y: 0.375, width: 0.125, height: 0.25)))
    }

    @Test func zoomingOutStopsAtTheWholePicture() {
        let out = Self.layout.applying(ViewGesture(anchor: CropPoint(x: 298, y: 298), scale: 0.01), to: Self.square)
        #expect(out.height == 1 && isClose(out.width, 0.5))
        #expect(out.isInside(.unit))
    }

    @Test func zoomingInStopsAtTheMinimumSide() {
        let deep = Self.layout.applying(
            ViewGesture(anchor: CropPoint(x: 298, y: 298), scale: 1000), to: Self.square, minimumSide: 0.15)
        #expect(isClose(min(deep.width, deep.height), 0.15))
    }

    @Test func aGestureAtItsStartKeepsTheCrop() {
        for anchor in [CropPoint(x: 0, y: 0), CropPoint(x: 590, y: 10), CropPoint(x: 298, y: 298)] {
            #expect(isClose(Self.layout.applying(ViewGesture(anchor: anchor), to: Self.square), Self.square))
        }
    }

    /// At random: the crop stays inside the picture, keeps its proportions in pixels, and the
    /// viewport built for it shows it in the frame (so switching modes keeps the crop).
    @Test func propertiesAtRandomGestures() {
        var random = SplitMix64(seed: 0xF1ED)
        for _ in 0..<20_000 {
            let layout = FixedFrame(
                imageWidth: random.pixels(upTo: 20_000), imageHeight: random.pixels(upTo: 20_000),
                viewSize: CropSize(width: random.double(150...2500), height: random.double(150...2500)))
            let crop = random.crop(meeting: 0.15)
            let gesture = ViewGesture(
                anchor: CropPoint(x: random.double(-50...2600), y: random.double(-50...2600)),
                scale: random.double(0.05...20),
                translation: CropSize(width: random.double(-3000...3000), height: random.double(-3000...3000)))
            let result = layout.applying(gesture, to: crop)
            #expect(result.isInside(.unit, tolerance: 1e-9))
            #expect(isClose(result.width / result.height, crop.width / crop.height, tolerance: 1e-6 * crop.width / crop.height))
            let viewport = layout.viewport(for: result)
            #expect(isClose(viewport.viewRect(result), layout.frame(for: result), tolerance: 1e-6 * layout.viewSize.width))
        }
    }
}
