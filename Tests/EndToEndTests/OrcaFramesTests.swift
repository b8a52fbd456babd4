// With Orca: the frames heard as real keys add and choose them ("frame 2 of 2, …"), and Find Photos heard on a scan.

import Foundation
import XCTest

@testable import TestSupport
@testable import WindowTestSupport

final class OrcaFramesTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try GtkDisplay.temporaryFolder("orca-frames") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// A scan of three prints, opened whole: N adds a frame and Orca says "frame 2 of 2" before the
    /// crop, F goes back to the first ("frame 1 of 2"), and P finds the prints: "3 photos found", once,
    /// before the first print's frame, "frame 1 of 3".
    func testOrcaHearsTheFramesAddedAndChosenAndThePhotosFound() throws {
        try GtkTestSupport.requireDisplay()
        let scan = folder.appendingPathComponent("scan.png").path
        try ScanOfPrints.make(scan) { self.folder.appendingPathComponent("face\($0).png").path }
        let (editor, orca) = try OrcaEndToEndTests.listen(opening: scan, in: folder)
        defer {
            orca.stop()
            editor.stop()
        }
        let whole = "left 0 percent, top 0 percent, width 100 percent, height 100 percent"
        XCTAssertEqual(orca.answer(to: "n"), ["frame 2 of 2, \(whole)"])
        XCTAssertEqual(orca.answer(to: "f"), ["frame 1 of 2, \(whole)"])
        let found = orca.answer(to: "p", timeout: 30)
        XCTAssertEqual(found.first, "3 photos found.", "Orca said: \(found)")
        XCTAssertEqual(found.filter { $0.contains("photos found") }.count, 1, "Orca said: \(found)")
        XCTAssertTrue(found.dropFirst().first?.hasPrefix(" frame 1 of 3, left ") == true, "Orca said: \(found)")
        XCTAssertEqual(orca.answer(to: "f").first?.hasPrefix("frame 2 of 3, left "), true)
        for utterance in orca.utterances {
            XCTAssertEqual(OrcaSpeechModel.classNames(in: utterance), [], "Orca said “\(utterance)”")
        }
        XCTAssertTrue(editor.process.isRunning, "the editor exited")
    }
}
