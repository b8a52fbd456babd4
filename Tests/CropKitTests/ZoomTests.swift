// Zoom and pan in `Viewport`: fit…16×, zooming around a point, panning without empty margins, the rules at random zoom and pan.
import CropKit
import Testing

@Suite struct ZoomTests {
    /// A 1000 × 500 picture in a 532 × 532 view: the fit is 0.5 points per pixel, 500 × 250.
    static let view = Viewport(imageWidth: 1000, imageHeight: 500, viewSize: CropSize(width: 532, height: 532))

    @Test func theFitIsTheUnzoomedLayout() {
        #expect(Self.view.fitScale == 0.5)
        #expect(Self.view.imageFrame == CropRect(x: 16, y: 141, width: 500, height: 250))
        #expect(Self.view.fitted == Self.view)
    }

    @Test func theVisibleFrameIsThePictureCutToTheView() {
        #expect(Self.view.visibleFrame == Self.view.imageFrame)
        // Twice the fit: 1000 × 500 on screen, cut to the 532-point-wide view.
        let zoomed = Self.view.zoomed(by: 2, around: CropPoint(x: 266, y: 266))
        #expect(zoomed.visibleFrame == CropRect(x: 0, y: 16, width: 532, height: 500))
        // Panned wholly out of the view (an unclamped zoom state): nothing visible.
        var away = Self.view
        away.zoom = ZoomState(zoom: 1, center: CropPoint(x: 5, y: 0.5))
        #expect(away.visibleFrame == nil)
    }

    @Test func theRangeRunsFromTheFitTo16PointsPerPixel() {
        #expect(Self.view.zoomRange == 1...32)
        // A 10 × 10 icon already shown at 50 points per pixel cannot zoom further.
        let icon = Viewport(imageWidth: 10, imageHeight: 10, viewSize: CropSize(width: 532, height: 532))
        #expect(icon.zoomRange == 1...1)
        #expect(Self.view.zoomed(by: 1000, around: CropPoint(x: 266, y: 266)).scale == Viewport.maximumPixelScale)
        #expect(Self.view.zoomed(by: 0.001, around: CropPoint(x: 0, y: 0)) == Self.view)
    }

    @Test func zoomingKeepsThePointUnderTheAnchor() {
        // Twice the fit around the picture's left-middle third: 1000 × 500 on screen.
        let anchor = CropPoint(x: 16 + 500.0 / 3, y: 266)
        let before = Self.view.normalizedPoint(anchor)
        let zoomed = Self.view.zoomed(by: 2, around: anchor)
        #expect(zoomed.zoom.zoom == 2)
        #expect(isClose(zoomed.normalizedPoint(anchor), before, tolerance: 1e-12))
        #expect(zoomed.imageFrame.width == 1000)
    }

    @Test func aPictureSmallerThanTheViewStaysCentredOnThatAxis() {
        // At 1.5× the picture is 750 × 375: wider than the 500-point padded view, not taller.
        let zoomed = Self.view.zoomed(by: 1.5, around: CropPoint(x: 30, y: 30))
        #expect(zoomed.zoom.center.y == 0.5)
        #expect(zoomed.imageFrame.midY == 266)
        #expect(zoomed.imageFrame.minX <= 16 && zoomed.imageFrame.maxX >= 516)
    }

    @Test func panningStopsAtThePictureEdge() {
        let zoomed = Self.view.zoomed(to: 4, around: CropPoint(x: 266, y: 266))  // 2000 × 1000
        let far = zoomed.panned(by: CropSize(width: 10_000, height: -10_000))
        #expect(far.imageFrame.minX == 16)
        #expect(far.imageFrame.maxY == 516)
        let step = zoomed.panned(by: CropSize(width: 40, height: 10))
        #expect(isClose(step.imageFrame.minX, zoomed.imageFrame.minX + 40, tolerance: 1e-9))
        #expect(isClose(step.imageFrame.minY, zoomed.imageFrame.minY + 10, tolerance: 1e-9))
    }

    @Test func oneHundredPercentIsOneImagePixelPerDevicePixel() {
        let actual = Self.view.zoomed(to: Self.view.magnification(forPixelScale: 0.5), around: CropPoint(x: 266, y: 266))
        #expect(actual.scale == 0.5)
        #expect(actual.zoomPercent(deviceScale: 2) == 100)
        let single = Self.view.zoomed(to: Self.view.magnification(forPixelScale: 1), around: CropPoint(x: 266, y: 266))
        #expect(single.zoomPercent(deviceScale: 1) == 100)
    }

    @Test func hostileZoomStatesFallBackToTheFit() {
        for bad in [
            ZoomState(zoom: .nan, center: CropPoint(x: 0.5, y: 0.5)), ZoomState(zoom: 2, center: CropPoint(x: .infinity, y: 0)),
            ZoomState(zoom: -3, center: CropPoint(x: 0.5, y: 0.5)),
        ] {
            #expect(
                Viewport(imageWidth: 10, imageHeight: 10, viewSize: CropSize(width: 100, height: 100), zoom: bad).zoom == .fit)
            #expect(Self.view.clamped(bad) == Self.view)
        }
    }

    @Test func aGestureAtItsStartChangesNothingWhereverItBegins() {
        let committed = Self.view.zoomed(to: 3, around: CropPoint(x: 100, y: 400))
        for anchor in [CropPoint(x: 0, y: 0), CropPoint(x: 531, y: 531), CropPoint(x: 266, y: 10), CropPoint(x: -50, y: 900)] {
            #expect(ViewGesture(anchor: anchor).applied(to: committed) == committed)
        }
    }

    /// View → image → view is the identity, the picture never leaves an empty margin inside the
    /// padded view, the magnification stays in range, and the crop's 44-point grips do not shrink.
    @Test func propertiesAtRandomZoomAndPan() {
        var random = SplitMix64(seed: 0x2002)
        for _ in 0..<20_000 {
            let base = random.viewport()
            guard base.fitScale > 0 else { continue }
            var viewport = base.zoomed(
                by: random.double(0.5...40), around: CropPoint(x: random.double(-100...2600), y: random.double(-100...2600)))
            viewport = viewport.panned(by: CropSize(width: random.double(-3000...3000), height: random.double(-3000...3000)))
            #expect(viewport.zoomRange.contains(viewport.zoom.zoom))
            let point = CropPoint(x: random.double(0...base.viewSize.width), y: random.double(0...base.viewSize.height))
            let back = viewport.viewPoint(viewport.normalizedPoint(point))
            #expect(isClose(back, point, tolerance: 1e-6 * max(1, viewport.imageFrame.width)))
            let frame = viewport.imageFrame
            let available = CropSize(
                width: base.viewSize.width - 2 * base.padding, height: base.viewSize.height - 2 * base.padding)
            if frame.width > available.width + 1e-6 {
                #expect(frame.minX <= base.padding + 1e-6 && frame.maxX >= base.viewSize.width - base.padding - 1e-6)
            } else {
                #expect(isClose(frame.midX, base.viewSize.width / 2, tolerance: 1e-6))
            }
            let crop = random.crop(meeting: 0.15)
            let drawn = viewport.viewRect(crop)
            for corner in [CropHandle.topLeft, .topRight, .bottomRight, .bottomLeft] {
                #expect(corner.hitArea(around: drawn).size == CropSize(width: CropHandle.gripSize, height: CropHandle.gripSize))
            }
            #expect(CropHandle.top.hitArea(around: drawn).height == CropHandle.gripSize)
            #expect(CropHandle.left.hitArea(around: drawn).width == CropHandle.gripSize)
        }
    }
}
