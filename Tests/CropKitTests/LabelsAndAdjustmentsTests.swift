// The numbers people see and hear (size label, screen-reader value) and the nine named adjustments behind keys and actions.
import CropKit
import Testing

@Suite struct LabelsAndAdjustmentsTests {
    // MARK: Percentages (the editor words them; see CanvasTests' CropTextTests)

    @Test func theSeedCropIsWholePercents() {
        #expect(Seed.initialCrop.percentages == CropPercentages(left: 10, top: 10, width: 80, height: 80))
        #expect(CropRect.unit.percentages == CropPercentages(left: 0, top: 0, width: 100, height: 100))
    }

    @Test func halvesRoundAwayFromZero() {
        // 12.5 → 13 and 62.5 → 63 (half to even would say 12 and 62); 37.5 → 38 either way.
        let r = CropRect(x: 0.125, y: 0.625, width: 0.25, height: 0.375)
        #expect(r.percentages == CropPercentages(left: 13, top: 63, width: 25, height: 38))
    }

    @Test func fractionsRoundToTheNearestPercent() {
        let r = CropRect(x: 0.004, y: 0.996, width: 0.3349, height: 0.3351)
        #expect(r.percentages == CropPercentages(left: 0, top: 100, width: 33, height: 34))
    }

    // MARK: Adjustments

    @Test func thereAreNineAdjustmentsWithGioActionNames() {
        #expect(
            CropAdjustment.allCases.map(\.actionName) == [
                "move-left", "move-right", "move-up", "move-down",
                "make-wider", "make-narrower", "make-taller", "make-shorter",
                "reset",
            ])
    }

    /// Each adjustment applied once to the starting crop with the default 0.05 step.
    static let onceFromTheSeed: [(CropAdjustment, CropRect)] = [
        (.moveLeft, CropRect(x: 0.05, y: 0.1, width: 0.8, height: 0.8)),
        (.moveRight, CropRect(x: 0.15, y: 0.1, width: 0.8, height: 0.8)),
        (.moveUp, CropRect(x: 0.1, y: 0.05, width: 0.8, height: 0.8)),
        (.moveDown, CropRect(x: 0.1, y: 0.15, width: 0.8, height: 0.8)),
        (.makeWider, CropRect(x: 0.1, y: 0.1, width: 0.85, height: 0.8)),
        (.makeNarrower, CropRect(x: 0.1, y: 0.1, width: 0.75, height: 0.8)),
        (.makeTaller, CropRect(x: 0.1, y: 0.1, width: 0.8, height: 0.85)),
        (.makeShorter, CropRect(x: 0.1, y: 0.1, width: 0.8, height: 0.75)),
        (.reset, Seed.initialCrop),
    ]

    @Test(arguments: onceFromTheSeed)
    func eachAdjustmentOnceFromTheSeedCrop(adjustment: CropAdjustment, expected: CropRect) {
        let r = adjustment.applied(to: Seed.initialCrop, resetTo: Seed.initialCrop)
        #expect(isClose(r, expected))
        let explicit = adjustment.applied(
            to: Seed.initialCrop, step: CropSize(width: Seed.step, height: Seed.step),
            minimumSide: Seed.minimumSide, resetTo: Seed.initialCrop)
        #expect(r == explicit)
    }

    @Test func movesKeepTheSizeAndResizesKeepTheTopLeftCorner() {
        let start = CropRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        for adjustment in [CropAdjustment.moveLeft, .moveRight, .moveUp, .moveDown] {
            #expect(adjustment.applied(to: start, resetTo: .unit).size == start.size, "\(adjustment)")
        }
        for adjustment in [CropAdjustment.makeWider, .makeNarrower, .makeTaller, .makeShorter] {
            #expect(adjustment.applied(to: start, resetTo: .unit).origin == start.origin, "\(adjustment)")
        }
    }

    static func repeated(_ adjustment: CropAdjustment, _ times: Int) -> CropRect {
        (0..<times).reduce(Seed.initialCrop) { r, _ in adjustment.applied(to: r, resetTo: Seed.initialCrop) }
    }

    @Test func movesStopAtTheImageBorders() {
        #expect(isClose(Self.repeated(.moveLeft, 10), CropRect(x: 0, y: 0.1, width: 0.8, height: 0.8)))
        #expect(isClose(Self.repeated(.moveUp, 10), CropRect(x: 0.1, y: 0, width: 0.8, height: 0.8)))
        #expect(isClose(Self.repeated(.moveRight, 10), CropRect(x: 0.2, y: 0.1, width: 0.8, height: 0.8)))
        #expect(isClose(Self.repeated(.moveDown, 10), CropRect(x: 0.1, y: 0.2, width: 0.8, height: 0.8)))
    }

    @Test func resizesStopAtTheBorderAndAtTheMinimumSide() {
        // The right and bottom edges stop at 1 (0.9 from 0.1) and 0.15 from the opposite side.
        #expect(isClose(Self.repeated(.makeWider, 10).width, 0.9))
        #expect(isClose(Self.repeated(.makeTaller, 10).height, 0.9))
        #expect(isClose(Self.repeated(.makeNarrower, 30).width, Seed.minimumSide))
        #expect(isClose(Self.repeated(.makeShorter, 30).height, Seed.minimumSide))
    }

    @Test func aCustomStepIsUsed() {
        let r = CropAdjustment.makeWider.applied(
            to: Seed.initialCrop, step: CropSize(width: 0.0625, height: 0.5),
            resetTo: .unit)
        #expect(isClose(r.width, 0.8625))
    }

    @Test func resetReturnsTheInitialCropFromAnywhere() {
        let elsewhere = CropRect(x: 0.3, y: 0.4, width: 0.2, height: 0.2)
        #expect(isClose(CropAdjustment.reset.applied(to: elsewhere, resetTo: Seed.initialCrop), Seed.initialCrop))
        #expect(CropAdjustment.reset.applied(to: elsewhere, resetTo: CropRect(x: .nan, y: 0, width: 1, height: 1)) == .unit)
    }

    @Test func aSessionAppliesAdjustmentsToItsCommittedCrop() {
        var session = CropSession(crop: Seed.initialCrop)
        #expect(session.apply(.moveRight, resetTo: Seed.initialCrop) == true)
        #expect(isClose(session.committed, CropRect(x: 0.15, y: 0.1, width: 0.8, height: 0.8)))
        #expect(session.apply(.makeShorter, resetTo: Seed.initialCrop) == true)
        #expect(isClose(session.committed, CropRect(x: 0.15, y: 0.1, width: 0.8, height: 0.75)))
        #expect(session.apply(.reset, resetTo: Seed.initialCrop) == true)
        #expect(isClose(session.committed, Seed.initialCrop))
        #expect(session.committed.percentages == CropPercentages(left: 10, top: 10, width: 80, height: 80))
    }

    @Test func anAdjustmentThatCannotMoveReportsNoChange() {
        var session = CropSession(crop: CropRect(x: 0, y: 0, width: 0.5, height: 0.5))
        #expect(session.apply(.moveLeft, resetTo: Seed.initialCrop) == false)
        #expect(session.apply(.moveUp, resetTo: Seed.initialCrop) == false)
        #expect(session.committed == CropRect(x: 0, y: 0, width: 0.5, height: 0.5))
    }

    @Test func theSessionsMinimumSideLimitsAdjustments() {
        var session = CropSession(crop: Seed.initialCrop, minimumSide: 0.7)
        session.apply(.makeNarrower, resetTo: Seed.initialCrop)
        session.apply(.makeNarrower, resetTo: Seed.initialCrop)
        session.apply(.makeNarrower, resetTo: Seed.initialCrop)
        #expect(isClose(session.committed.width, 0.7))
    }
}

// Keyboard steps: 1 % of the image, or exactly one pixel with Ctrl; action names map back to adjustments.
@Suite struct KeyStepTests {
    @Test func percentStepIsOnePercentOnBothAxes() {
        #expect(CropAdjustment.keyStep(.percent, imageWidth: 1200, imageHeight: 900) == CropSize(width: 0.01, height: 0.01))
    }

    @Test func pixelStepIsOneOverTheImageSize() {
        let step = CropAdjustment.keyStep(.pixel, imageWidth: 1000, imageHeight: 800)
        #expect(step == CropSize(width: 0.001, height: 0.00125))
        // Applied to a crop on whole pixels, one pixel step moves it exactly one pixel.
        let crop = CropRect(pixelRect: PixelRect(x: 100, y: 80, width: 500, height: 400), imageWidth: 1000, imageHeight: 800)
        let moved = CropAdjustment.moveRight.applied(to: crop, step: step, resetTo: .unit)
        #expect(moved.pixelRect(imageWidth: 1000, imageHeight: 800) == PixelRect(x: 101, y: 80, width: 500, height: 400))
        let taller = CropAdjustment.makeTaller.applied(to: crop, step: step, resetTo: .unit)
        #expect(taller.pixelRect(imageWidth: 1000, imageHeight: 800) == PixelRect(x: 100, y: 80, width: 500, height: 401))
    }

    @Test func zeroSizedImagesDoNotDivideByZero() {
        let step = CropAdjustment.keyStep(.pixel, imageWidth: 0, imageHeight: -3)
        #expect(step == CropSize(width: 1, height: 1))
    }

    @Test(arguments: CropAdjustment.allCases)
    func actionNamesRoundTrip(_ adjustment: CropAdjustment) {
        #expect(CropAdjustment(actionName: adjustment.actionName) == adjustment)
    }

    @Test func unknownActionNameIsNil() {
        #expect(CropAdjustment(actionName: "rotate") == nil)
        #expect(CropAdjustment(actionName: "crop.move-left") == nil)
    }
}
