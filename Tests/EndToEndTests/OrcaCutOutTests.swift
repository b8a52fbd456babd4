// With Orca: Cut Out mode's chosen band spoken as real keys add, move and lengthen it ("cut 40 rows at 180").

import Foundation
import XCTest

@testable import TestSupport
@testable import WindowTestSupport

final class OrcaCutOutTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try GtkDisplay.temporaryFolder("orca-cut-out") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// A 600×400 photo: X enters Cut Out mode and Orca hears how to cut; B cuts 40 rows from the
    /// middle and Orca hears the band with the crop left whole; Down moves it a row, Ctrl+Down makes it
    /// a row longer, Escape leaves the mode; each heard once, in the crop area's words.
    func testOrcaSpeaksTheChosenBandAsTheKeysChangeIt() throws {
        try GtkTestSupport.requireDisplay()
        let photo = GtkTestSupport.greyFile(folder, "grey.png", size: "600x400")
        let (editor, orca) = try OrcaEndToEndTests.listen(opening: photo, in: folder)
        defer {
            orca.stop()
            editor.stop()
        }
        let whole = "left 0 percent, top 0 percent, width 100 percent, height 100 percent"
        XCTAssertEqual(orca.answer(to: "x"), ["cut out: drag across the picture to cut a band, or press B, \(whole)"])
        XCTAssertEqual(orca.answer(to: "b"), ["cut 40 rows at 180, \(whole)"])
        XCTAssertEqual(orca.answer(to: "Down"), ["cut 40 rows at 181, \(whole)"])
        XCTAssertEqual(orca.answer(to: "ctrl+Down"), ["cut 41 rows at 181, \(whole)"])
        XCTAssertEqual(orca.answer(to: "Escape"), [whole])
        for utterance in orca.utterances {
            XCTAssertEqual(OrcaSpeechModel.classNames(in: utterance), [], "Orca said “\(utterance)”")
        }
        XCTAssertTrue(editor.process.isRunning, "the editor exited")
    }
}
