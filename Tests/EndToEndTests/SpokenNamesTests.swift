// Through AT-SPI, what Orca 43 would say on the way to the crop area and to each header control: never a toolkit class name.

import Foundation
import XCTest

@testable import TestSupport
@testable import WindowTestSupport

final class SpokenNamesTests: XCTestCase {
    func testNoClassNameOnTheWayToTheCropAreaOrAnyHeaderControl() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("spoken")
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = GtkTestSupport.greyFile(folder, "spoken.png")

        let editor = try ExternalEditor(arguments: [image])
        defer { editor.stop() }
        XCTAssertNotNil(editor.waitForWindow(named: "spoken.png"), "the editor window never appeared")
        let app = try XCTUnwrap(
            AtspiClient.application(pid: editor.process.processIdentifier),
            "crop-editor never appeared on the AT-SPI desktop")
        let area = try XCTUnwrap(app.find(named: "Crop area"), "no “Crop area” in the application")

        // Focus coming from outside the window: Orca speaks the window, then every ancestor it does not
        // pass over, then the crop area. Between the window and the crop area it must pass over them all.
        let path = area.ancestors
        XCTAssertEqual(path.first?.roleName, "frame")
        XCTAssertEqual(path.first.flatMap(OrcaSpeechModel.ancestorPhrase), "spoken.png")
        let spokenContainers = path.dropFirst().compactMap(OrcaSpeechModel.ancestorPhrase)
        XCTAssertEqual(spokenContainers, [], "Orca would say these before “Crop area”")
        XCTAssertEqual(OrcaSpeechModel.focusPhrase(area), "Crop area panel")
        XCTAssertGreaterThan(path.count, 3, "the walk must pass through the window's containers: \(path.map(\.roleName))")

        // Every control of the header: all of them in the window besides the crop area, as the previews are
        // off and hidden widgets are not on the bus (GTK 4.8 marks only the window as "showing").
        let window = try XCTUnwrap(path.first)
        let controlRoles: Set<String> = [
            "push button", "toggle button", "label", "check box", "combo box",
            "spin button", "text", "entry",
        ]
        let controls = window.descendants().filter { controlRoles.contains($0.roleName ?? "") }
        let phrases = controls.map(OrcaSpeechModel.focusPhrase)
        for name in ["Open push button", "Reset crop push button", "Undo push button", "Main menu push button"] {
            XCTAssertTrue(phrases.contains(name), "no header control Orca reads as “\(name)”: \(phrases)")
        }
        for control in controls {
            let focus = OrcaSpeechModel.focusPhrase(control)
            XCTAssertEqual(OrcaSpeechModel.classNames(in: focus), [], "Orca would say “\(focus)”")
            for ancestor in control.ancestors {
                guard let spoken = OrcaSpeechModel.ancestorPhrase(ancestor) else { continue }
                XCTAssertEqual(
                    OrcaSpeechModel.classNames(in: spoken), [],
                    "Orca would say “\(spoken)” on the way to “\(focus)”")
            }
        }
        XCTAssertTrue(editor.process.isRunning)
    }
}
