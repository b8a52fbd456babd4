// End to end with the Orca screen reader itself: what it says as a user tabs to the crop area and narrows the crop.

import Foundation
import XCTest

final class OrcaEndToEndTests: XCTestCase {
    /// The editor on `image` in English, focused, and Orca listening once it has presented the crop area
    /// (where an opened photo puts the focus) and gone quiet.
    private static func listen(opening image: String, in folder: URL) throws -> (ExternalEditor, OrcaListener) {
        let editor = try ExternalEditor(arguments: [image], environment: ["LANG": "C.UTF-8", "LANGUAGE": nil, "LC_ALL": nil])
        let name = (image as NSString).lastPathComponent
        let window = try XCTUnwrap(editor.waitForWindow(named: name), "the editor window never appeared")
        Shell.run("xdotool", ["windowfocus", "--sync", window])
        let orca = try OrcaListener(folder: folder)
        XCTAssertTrue(orca.waitForUtterance("Crop area panel.", timeout: 20), "Orca said: \(orca.utterances)")
        orca.settle()
        return (editor, orca)
    }

    func testOrcaSaysCropAreaAndTheNewCropWithNoClassName() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkTestSupport.temporaryFolder("orca")
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = GtkTestSupport.greyFile(folder, "listened.png")

        let (editor, orca) = try Self.listen(opening: image, in: folder)
        defer {
            orca.stop()
            editor.stop()
        }

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

    /// Page Down in a folder: Orca says the new photo's name and place ("b.png, 2 of 3") with its crop.
    func testOrcaSaysThePhotoCounterWhenThePhotoChanges() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkTestSupport.temporaryFolder("orcapages")
        defer { try? FileManager.default.removeItem(at: folder) }
        // A red disc at the right: Suggest moves a narrowed crop over it.
        let first = folder.appendingPathComponent("a.png").path
        XCTAssertNotNil(
            Shell.run("convert", ["-size", "300x200", "xc:#808080", "-fill", "red", "-draw", "circle 250,100 250,130", first]))
        _ = GtkTestSupport.greyFile(folder, "b.png", size: "200x300")
        _ = GtkTestSupport.greyFile(folder, "c.png", size: "300x300")

        let (editor, orca) = try Self.listen(opening: first, in: folder)
        defer {
            orca.stop()
            editor.stop()
        }

        // Orca speaks the new description in its two sentences (then the window's new title).
        let next = orca.answer(to: "Next")
        XCTAssertEqual(
            Array(next.prefix(2)), ["b.png, 2 of 3.", " left 0 percent, top 0 percent, width 100 percent, height 100 percent"],
            "Orca said: \(next)")
        let back = orca.answer(to: "Prior")
        XCTAssertEqual(back.first, "a.png, 1 of 3.", "Orca said: \(back)")
        // A change of the crop afterwards is said alone, without the photo again.
        XCTAssertEqual(orca.answer(to: "shift+Left"), ["left 0 percent, top 0 percent, width 99 percent, height 100 percent"])
        // S suggests a crop of that size over the disc: Orca speaks where it went.
        XCTAssertEqual(orca.answer(to: "s"), ["left 1 percent, top 0 percent, width 99 percent, height 100 percent"])
        XCTAssertTrue(editor.process.isRunning, "the editor exited")
    }

    /// Apply to All from the keyboard as Orca reads it (F10, down to its menu item, Enter), Save All
    /// pressed through AT-SPI: the progress bar is a named progress bar on AT-SPI, its value the
    /// fraction done. (Orca 43 here spoke none of its updates: see the README.)
    func testApplyToAllFromTheKeyboardShowsAProgressBarOnAtspi() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkTestSupport.temporaryFolder("orcabatch")
        defer { try? FileManager.default.removeItem(at: folder) }
        let photos = try GtkTestSupport.noiseJPEGs(folder, (1...24).map { "big \($0).jpg" }, size: "4000x3000")
        let (editor, orca) = try Self.listen(opening: photos[0], in: folder)
        defer {
            orca.stop()
            editor.stop()
        }
        // The main menu opens on Open…; Apply to All… is four down.
        XCTAssertEqual(orca.answer(to: "F10").last, "Open...", "Orca said: \(orca.utterances)")
        var item: [String] = []
        for _ in 0..<4 { item = orca.answer(to: "Down") }
        XCTAssertEqual(item, ["Apply to All..."])
        Shell.run("xdotool", ["key", "--clearmodifiers", "Return"])
        // Xvfb has no window manager to give the new dialog the focus: its Save All is pressed through AT-SPI.
        let app = try XCTUnwrap(AtspiClient.application(pid: editor.process.processIdentifier))
        // GTK 4.8 names a mnemonic button "_Save All Save All"; libadwaita lays the responses out twice
        // (side by side, stacked) and shows one: both are pressed, the hidden one does nothing.
        var saveAll: [AtspiNode] = []
        XCTAssertTrue(
            GtkTestSupport.poll(timeout: 10) {
                saveAll = app.descendants(depth: 60).filter {
                    $0.roleName == "push button" && $0.name?.hasSuffix("Save All") == true
                }
                return !saveAll.isEmpty
            }, "no Save All button on AT-SPI")
        for button in saveAll { button.doAction(named: button.actionNames.first ?? "click") }
        var bar: AtspiNode?
        XCTAssertTrue(
            GtkTestSupport.poll(timeout: 30) {
                bar = app.descendants().first { $0.roleName == "progress bar" && ($0.currentValue ?? 0) > 0 }
                return bar != nil
            }, "no progress bar with progress on AT-SPI")
        if let value = bar?.currentValue { XCTAssertTrue(value > 0 && value <= 1, "value \(value)") }
        XCTAssertEqual(bar?.name, "Saving progress")
    }
}
