// Hit areas around a drawn frame and `CropHandle.hitTest`: which handle a press grabs.
import CropKit
import Testing

@Suite struct HitTestingTests {
    /// A frame drawn at 100…300 × 100…260 view points; half a grip is 22 points.
    static let frame = CropRect(x: 100, y: 100, width: 200, height: 160)

    static let areas: [(CropHandle, CropRect)] = [
        // 44 × 44 squares centred on the corners.
        (.topLeft, CropRect(x: 78, y: 78, width: 44, height: 44)),
        (.topRight, CropRect(x: 278, y: 78, width: 44, height: 44)),
        (.bottomRight, CropRect(x: 278, y: 238, width: 44, height: 44)),
        (.bottomLeft, CropRect(x: 78, y: 238, width: 44, height: 44)),
        // Strips 44 thick along each edge, between the corner squares (200 - 44 = 156, 160 - 44 = 116).
        (.top, CropRect(x: 122, y: 78, width: 156, height: 44)),
        (.bottom, CropRect(x: 122, y: 238, width: 156, height: 44)),
        (.left, CropRect(x: 78, y: 122, width: 44, height: 116)),
        (.right, CropRect(x: 278, y: 122, width: 44, height: 116)),
        // The frame inset by 22 on every side.
        (.body, CropRect(x: 122, y: 122, width: 156, height: 116)),
    ]

    @Test(arguments: areas)
    func areasFollowTheSeedLayout(handle: CropHandle, expected: CropRect) {
        #expect(handle.hitArea(around: Self.frame) == expected)
        #expect(handle.hitArea(around: Self.frame, grip: Seed.grip) == expected)
    }

    @Test func aTinyFrameNeverGetsAnInvertedArea() {
        let tiny = CropRect(x: 50, y: 50, width: 10, height: 10)
        for handle in CropHandle.allCases {
            let area = handle.hitArea(around: tiny)
            #expect(area.width >= 0, "\(handle)")
            #expect(area.height >= 0, "\(handle)")
        }
        // The body shrinks to the frame's centre rather than turning inside out.
        #expect(CropHandle.body.hitArea(around: tiny) == CropRect(x: 55, y: 55, width: 0, height: 0))
    }

    @Test func aThinFrameKeepsTheBodyOnTheLongAxis() {
        let thin = CropRect(x: 0, y: 0, width: 30, height: 100)
        // Inset by min(22, 15) across and by 22 along.
        #expect(CropHandle.body.hitArea(around: thin) == CropRect(x: 15, y: 22, width: 0, height: 56))
        #expect(CropHandle.top.hitArea(around: thin).width == 0)
    }

    static let presses: [(CropPoint, CropHandle?)] = [
        (CropPoint(x: 100, y: 100), .topLeft),
        (CropPoint(x: 300, y: 100), .topRight),
        (CropPoint(x: 300, y: 260), .bottomRight),
        (CropPoint(x: 100, y: 260), .bottomLeft),
        (CropPoint(x: 200, y: 100), .top),
        (CropPoint(x: 300, y: 180), .right),
        (CropPoint(x: 200, y: 260), .bottom),
        (CropPoint(x: 100, y: 180), .left),
        (CropPoint(x: 200, y: 180), .body),
        // Just inside and just outside the grips.
        (CropPoint(x: 121.9, y: 100), .topLeft),
        (CropPoint(x: 122, y: 100), .top),
        (CropPoint(x: 200, y: 78), .top),
        (CropPoint(x: 200, y: 77.9), nil),
        (CropPoint(x: 122, y: 122), .body),
        (CropPoint(x: 121.9, y: 122), .left),
        (CropPoint(x: 321.9, y: 281.9), .bottomRight),
        (CropPoint(x: 322, y: 180), nil),
        (CropPoint(x: 0, y: 0), nil),
        (CropPoint(x: 10_000, y: -10_000), nil),
    ]

    @Test(arguments: presses)
    func aPressGrabsTheHandleDrawnThere(point: CropPoint, expected: CropHandle?) {
        #expect(CropHandle.hitTest(point, frame: Self.frame) == expected)
    }

    @Test func cornersComeFirstThenEdgesThenTheBody() {
        let order = CropHandle.hitTestOrder
        #expect(order.count == 9)
        #expect(Set(order) == Set(CropHandle.allCases))
        #expect(order[0..<4].map(\.isCorner) == [true, true, true, true])
        #expect(order[4..<8].map(\.isEdge) == [true, true, true, true])
        #expect(order.last == .body)
    }

    @Test func onATinyFrameEveryPressInsideGrabsACorner() {
        // The corner squares cover a 10 × 10 frame entirely, so corners must win everywhere in it.
        let tiny = CropRect(x: 50, y: 50, width: 10, height: 10)
        for i in 0..<10 {
            for j in 0..<10 {
                let p = CropPoint(x: 50 + Double(i) + 0.5, y: 50 + Double(j) + 0.5)
                let hit = CropHandle.hitTest(p, frame: tiny)
                #expect(hit?.isCorner == true, "\(p) hit \(String(describing: hit))")
            }
        }
    }

    @Test func theGripsCoverExactlyTheFrameGrownByHalfAGrip() {
        let grown = Self.frame.insetBy(dx: -22, dy: -22)
        var y = 60.5
        while y < 300 {
            var x = 60.5
            while x < 340 {
                let p = CropPoint(x: x, y: y)
                let hit = CropHandle.hitTest(p, frame: Self.frame)
                #expect((hit != nil) == grown.contains(p), "\(p)")
                x += 3
            }
            y += 3
        }
    }

    @Test func aCustomGripScalesTheAreas() {
        #expect(CropHandle.topLeft.hitArea(around: Self.frame, grip: 10) == CropRect(x: 95, y: 95, width: 10, height: 10))
        #expect(CropHandle.hitTest(CropPoint(x: 90, y: 90), frame: Self.frame, grip: 10) == nil)
        #expect(CropHandle.hitTest(CropPoint(x: 90, y: 90), frame: Self.frame) == .topLeft)
    }
}
