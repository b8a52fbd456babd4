// Reset animates the drawn frame over about 200 ms while the committed crop changes at once, and not at all with reduce-motion.

import CGtk
import CropKit
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import CanvasTestSupport
@testable import TestSupport

final class ResetAnimationTests: XCTestCase {
    static let seedCrop = CropRect(x: 0.1, y: 0.1, width: 0.8, height: 0.8)

    /// Sets the desktop's reduce-motion switch, returning what it was.
    @MainActor private static func setAnimations(_ on: Bool) -> Bool {
        let was = DesktopSettings.animationsEnabled
        var value = GValue()
        g_value_init(&value, cgtk_boolean_type())
        g_value_set_boolean(&value, on ? 1 : 0)
        g_object_set_property(cgtk_object(gtk_settings_get_default()!.raw), "gtk-enable-animations", &value)
        g_value_unset(&value)
        return was
    }

    func testResetAnimatesOverAboutTwoHundredMillisecondsUnlessAnimationsAreOff() throws {
        try GtkDisplay.require()
        try MainActor.assumeIsolated {
            let h = CanvasHarness()
            defer { h.close() }
            h.canvas.setImage(TestPictures.grey(width: 1000, height: 800), crop: Self.seedCrop)
            let was = Self.setAnimations(true)
            defer { _ = Self.setAnimations(was) }
            let vp = try XCTUnwrap(h.canvas.viewport)
            @MainActor func dragAway() {
                let centre = vp.viewPoint(CropPoint(x: 0.5, y: 0.5))
                h.canvas.dragBegan(x: centre.x, y: centre.y)
                h.canvas.dragEnded(dx: 60, dy: 40)
            }
            dragAway()
            let moved = h.canvas.crop
            let clock = ContinuousClock(), start = clock.now
            h.canvas.reset()
            XCTAssertEqual(h.canvas.crop, Self.seedCrop, "the committed crop changes at once")
            XCTAssertEqual(h.canvas.shownCrop, moved, "the drawn frame starts where it was")
            var between = false
            XCTAssertTrue(
                GtkDisplay.pump(timeout: 3) {
                    let shown = h.canvas.shownCrop
                    if shown != moved && shown != Self.seedCrop { between = true }
                    return shown == Self.seedCrop
                })
            let took = start.duration(to: clock.now)
            XCTAssertTrue(between, "no frame in between: not animated")
            XCTAssertGreaterThanOrEqual(took, .milliseconds(150), "the animation ended too soon")
            XCTAssertLessThan(took, .milliseconds(700), "the animation took too long")
            XCTAssertEqual(CropAnimation.resetDuration, 0.2, accuracy: 0.05)

            // Reduce motion: the frame is there at once.
            _ = Self.setAnimations(false)
            dragAway()
            h.canvas.reset()
            XCTAssertEqual(h.canvas.shownCrop, Self.seedCrop, "with animations off the reset is immediate")
            XCTAssertNil(h.canvas.resetAnimation.animation)
        }
    }
}
