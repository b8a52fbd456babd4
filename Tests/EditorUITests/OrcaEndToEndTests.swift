// End to end with the Orca screen reader itself: what it says as a user tabs to the crop area and narrows the crop.

import Foundation
import XCTest

final class OrcaEndToEndTests: XCTestCase {
    func testOrcaSaysCropAreaAndTheNewCropWithNoClassName() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkTestSupport.temporaryFolder("orca")
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = GtkTestSupport.greyFile(folder, "listened.png")

        let editor = try ExternalEditor(arguments: [image], environment: ["LANG": "C.UTF-8", "LANGUAGE": nil, "LC_ALL": nil])
        defer { editor.stop() }
        let window = try XCTUnwrap(editor.waitForWindow(named: "listened.png"), "the editor window never appeared")
        Shell.run("xdotool", ["windowfocus", "--sync", window])
        let orca = try OrcaListener(folder: folder)
        defer { orca.stop() }
        // Orca presents the window it finds active, focus in the crop area (where an opened photo puts it).
        XCTAssertTrue(orca.waitForUtterance("Crop area panel.", timeout: 20), "Orca said: \(orca.utterances)")
        orca.settle()

        // Tab through the header, as a user would, until the crop area has the focus again.
        var stops: [[String]] = []
        let deadline = Date().addingTimeInterval(120)  // a hang guard: the tour takes about 10 s
        while stops.count < 20, Date() < deadline,
            !(stops.last ?? []).contains(where: { $0.hasPrefix("Crop area") || $0.contains(" Crop area") })
        {
            let said = orca.answer(to: "Tab")
            XCTAssertFalse(said.isEmpty, "Orca said nothing after Tab \(stops.count + 1): \(orca.utterances)")
            if said.isEmpty { return }
            stops.append(said)
        }
        XCTAssertGreaterThan(stops.count, 3, "Tab should pass the header's controls: \(stops)")
        // The whole focus announcement: the crop area's name and role, then the crop, and no container.
        XCTAssertEqual(
            stops.last,
            [
                "Crop area panel.",
                "left 0 percent, top 0 percent, width 100 percent, height 100 percent.",
            ])

        // Shift+Left narrows the crop by 1 %: Orca reads the new description, and only that.
        XCTAssertEqual(orca.answer(to: "shift+Left"), ["left 0 percent, top 0 percent, width 99 percent, height 100 percent"])

        // `]` straightens by 0.1°: the crop shrinks to stay inside, and Orca reads the angle after it.
        let straightened = orca.answer(to: "bracketright")
        XCTAssertEqual(straightened.count, 1, "\(straightened)")
        XCTAssertTrue(
            straightened.first?.hasPrefix("left ") == true
                && straightened.first?.hasSuffix(", straightened 0.1 degrees clockwise") == true, "\(straightened)")

        for utterance in orca.utterances {
            XCTAssertEqual(OrcaSpeechModel.classNames(in: utterance), [], "Orca said “\(utterance)”")
        }
        XCTAssertTrue(editor.process.isRunning, "the editor exited")
    }
}
