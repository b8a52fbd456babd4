// With Orca: perspective mode's chosen corner and its place spoken as real keys move it, and what Find Document and Upright did.

import Foundation
import XCTest

@testable import TestSupport
@testable import WindowTestSupport

final class OrcaPerspectiveTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try GtkDisplay.temporaryFolder("orca-perspective") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// Two photos in a folder: the slanted page, then eight columns leaning in towards a point above
    /// the picture (a street front seen by a camera turned up). Ctrl+Shift+P, an arrow, C, Shift+C, D and Return
    /// on the page, then Page Down and U on the street: Orca speaks the corner and its place after each
    /// key, and "Document found", "Perspective corrected" and "Verticals straightened" each once, before
    /// the corner or the crop they leave.
    func testOrcaSpeaksTheCornersAndWhatFindDocumentAndUprightDid() throws {
        try GtkTestSupport.requireDisplay()
        let photo = PerspectiveEndToEndTests.photo(in: folder, "a-page.png")
        let columns = stride(from: 100, through: 800, by: 100).map { x in "line \(x),600 \(450 + (x - 450) * 4 / 5),0" }
        XCTAssertNotNil(
            Shell.run(
                "convert",
                ["-size", "900x600", "xc:#c8c0b0", "-stroke", "#303030", "-strokewidth", "5"] + columns.flatMap { ["-draw", $0] }
                    + [folder.appendingPathComponent("b-street.png").path]))
        let (editor, orca) = try OrcaEndToEndTests.listen(opening: photo, in: folder)
        defer {
            orca.stop()
            editor.stop()
        }

        func corner(_ corner: String, _ left: Int, _ top: Int) -> String {
            "perspective, \(corner) corner, \(left) percent from the left, \(top) percent from the top"
        }
        let whole = "left 0 percent, top 0 percent, width 100 percent, height 100 percent"
        XCTAssertEqual(orca.answer(to: "ctrl+shift+p"), [corner("top left", 10, 10)])
        XCTAssertEqual(orca.answer(to: "Left"), [corner("top left", 9, 10)])
        XCTAssertEqual(orca.answer(to: "c"), [corner("top right", 90, 10)])
        XCTAssertEqual(orca.answer(to: "shift+c"), [corner("top left", 9, 10)])
        // The page's top left corner, 321 by 160 on 1200 by 900, is 27 and 18 percent in. What was
        // found comes first, once, with where the corner went (Orca reads each sentence as one utterance).
        XCTAssertEqual(orca.answer(to: "d", timeout: 20), ["Document found.", " " + corner("top left", 27, 18)])
        XCTAssertEqual(orca.answer(to: "Return"), ["Perspective corrected.", " \(whole), perspective corrected"])

        let next = orca.answer(to: "Next")
        XCTAssertEqual(Array(next.prefix(2)), ["b-street.png, 2 of 2.", " " + whole], "Orca said: \(next)")
        XCTAssertEqual(
            orca.answer(to: "u", timeout: 20), ["Verticals straightened.", " \(whole), perspective corrected"])
        for utterance in orca.utterances {
            XCTAssertEqual(OrcaSpeechModel.classNames(in: utterance), [], "Orca said “\(utterance)”")
        }
        XCTAssertTrue(editor.process.isRunning, "the editor exited")
    }
}
