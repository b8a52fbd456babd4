// Guide lines for each style, worked out by hand on a 300×600 frame at (100, 50).

import CropKit
import Testing

@Suite struct GuidesTests {
    static let frame = CropRect(x: 100, y: 50, width: 300, height: 600)

    private func xs(_ style: GuideStyle) -> [Double] {
        style.lines(in: Self.frame).filter { $0.0.x == $0.1.x }.map { $0.0.x }
    }

    private func ys(_ style: GuideStyle) -> [Double] {
        style.lines(in: Self.frame).filter { $0.0.y == $0.1.y }.map { $0.0.y }
    }

    @Test func thirdsSplitEachSideInThree() {
        #expect(xs(.thirds) == [200, 300])
        #expect(ys(.thirds) == [250, 450])
    }

    @Test func goldenRatioLinesSitAtPointThreeEightTwoAndPointSixOneEight() {
        let x = xs(.goldenRatio), y = ys(.goldenRatio)
        #expect(x.count == 2 && y.count == 2)
        #expect(abs(x[0] - (100 + 300 * 0.381966)) < 1e-3 && abs(x[1] - (100 + 300 * 0.618034)) < 1e-3)
        #expect(abs(y[0] - (50 + 600 * 0.381966)) < 1e-3 && abs(y[1] - (50 + 600 * 0.618034)) < 1e-3)
    }

    @Test func gridHasFiveLinesEachWay() {
        #expect(xs(.grid) == [150, 200, 250, 300, 350])
        #expect(ys(.grid) == [150, 250, 350, 450, 550])
    }

    @Test func diagonalsJoinOppositeCorners() {
        let lines = GuideStyle.diagonals.lines(in: Self.frame)
        #expect(lines.count == 2)
        #expect(lines[0].0 == CropPoint(x: 100, y: 50) && lines[0].1 == CropPoint(x: 400, y: 650))
        #expect(lines[1].0 == CropPoint(x: 400, y: 50) && lines[1].1 == CropPoint(x: 100, y: 650))
    }

    @Test func noneDrawsNothingAndLinesStayInsideTheFrame() {
        #expect(GuideStyle.none.lines(in: Self.frame).isEmpty)
        for style in GuideStyle.allCases {
            for (a, b) in style.lines(in: Self.frame) {
                for p in [a, b] {
                    #expect(p.x >= 100 && p.x <= 400 && p.y >= 50 && p.y <= 650, "\(style) \(p)")
                }
            }
        }
    }

    @Test func visibility() {
        #expect(GuideVisibility.always.shows(dragging: false))
        #expect(!GuideVisibility.whileDragging.shows(dragging: false))
        #expect(GuideVisibility.whileDragging.shows(dragging: true))
    }
}
