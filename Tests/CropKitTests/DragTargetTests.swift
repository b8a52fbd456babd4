// What a press would drag, asked before any press (the cursor), is what the press then drags.

import CropKit
import Testing

@Suite struct DragTargetTests {
    @Test func targetMatchesWhatBeginDrags() {
        let viewport = Viewport(imageWidth: 1000, imageHeight: 800, viewSize: CropSize(width: 600, height: 500))
        let session = CropSession(crop: CropRect(x: 0.1, y: 0.1, width: 0.8, height: 0.8))
        let frame = viewport.viewRect(session.committed)
        let cases: [(CropPoint, DragTarget)] = [
            (CropPoint(x: frame.midX, y: frame.midY), .handle(.body)),
            (CropPoint(x: frame.maxX, y: frame.maxY), .handle(.bottomRight)),
            (CropPoint(x: frame.minX, y: frame.midY), .handle(.left)),
            (CropPoint(x: 2, y: 2), .newRectangle),
        ]
        for (point, expected) in cases {
            #expect(session.target(at: point, in: viewport) == expected)
            var pressed = session
            #expect(pressed.begin(at: point, in: viewport) == expected)
        }
    }
}
