// End to end with the Orca screen reader itself: what it says as a user tabs to the crop area and narrows the crop.

import CAtspi
import CropKit
import Foundation
import OddFiles
import XCTest

@testable import Canvas
@testable import TestSupport
@testable import WindowTestSupport

final class OrcaEndToEndTests: XCTestCase {
    /// The editor on `image` in English (with `environment` added), focused, and Orca listening once it
    /// has presented the crop area (where an opened photo puts the focus) and gone quiet.
    static func listen(
        opening image: String, in folder: URL, environment: [String: String?] = [:]
    ) throws -> (ExternalEditor, OrcaListener) {
        let english: [String: String?] = ["LANG": "C.UTF-8", "LANGUAGE": nil, "LC_ALL": nil]
        let editor = try ExternalEditor(arguments: [image], environment: english.merging(environment) { _, given in given })
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
        let folder = try GtkDisplay.temporaryFolder("orca")
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
        let folder = try GtkDisplay.temporaryFolder("orcapages")
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

    /// T on a screenshot: Orca speaks the crop moved to the window inside the desktop's plain border.
    func testOrcaSpeaksTheCropThatTrimBordersMade() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("orcatrim")
        defer { try? FileManager.default.removeItem(at: folder) }
        let shot = folder.appendingPathComponent("shot.png").path
        try GeneratedScreenshot.plainBorder.make(at: shot)
        let box = try GeneratedScreenshot.imageMagickTrim(shot, fuzz: 10)
        let (editor, orca) = try Self.listen(opening: shot, in: folder)
        defer {
            orca.stop()
            editor.stop()
        }
        let expected = CropText.accessibilityValue(
            CropRect(
                pixelRect: PixelRect(x: box.x, y: box.y, width: box.width, height: box.height), imageWidth: 400, imageHeight: 300)
        )
        XCTAssertEqual(orca.answer(to: "t"), [expected], "Orca said: \(orca.utterances)")
        XCTAssertTrue(editor.process.isRunning, "the editor exited")
    }

    /// Ctrl+C on the crop area: Orca speaks "Copied, W × H pixels" with the crop (the crop area's
    /// description carries it once, as the toast says it), and the clipboard holds the picture.
    func testOrcaSpeaksCopyWithTheCopiedSize() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("orcacopy")
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = GtkTestSupport.greyFile(folder, "copied.png", size: "300x200")
        let (editor, orca) = try Self.listen(opening: image, in: folder)
        defer {
            orca.stop()
            editor.stop()
        }
        let said = orca.answer(to: "ctrl+c", quiet: 1.5, timeout: 20)
        XCTAssertTrue(
            said.contains { $0.hasPrefix("Copied, 300 × 200 pixels") }, "Orca said after Ctrl+C: \(said); all: \(orca.utterances)"
        )
        XCTAssertTrue(editor.process.isRunning, "the editor exited")
    }

    /// Output Size by keys alone, as Orca reads each step: Tab to the pixel button, Space opens its
    /// popover, Tab to the Output Size button (named for the size in force), Space opens its menu, Down
    /// to a preset, Return. Back on the crop area (Escape, Tab), Orca speaks the crop with the output
    /// size and the enlargement.
    func testOrcaHearsTheOutputSizeChosenByKeys() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("orcasize")
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = GtkTestSupport.greyFile(folder, "sized.png", size: "1200x800")
        let (editor, orca) = try Self.listen(opening: image, in: folder)
        defer {
            orca.stop()
            editor.stop()
        }
        let app = try XCTUnwrap(AtspiClient.application(pid: editor.process.processIdentifier))
        func press(_ key: String, until words: String, limit: Int) -> Bool {
            Self.press(key, until: words, limit: limit, orca: orca, app: app)
        }
        // The Output Size button is named for the size in force ("Original Size"), its tooltip says what it is.
        XCTAssertTrue(press("Tab", until: "Pixel position and size", limit: 12), "Orca said: \(orca.utterances)")
        // The popover's first field takes the focus: Orca names it ("X …"), or, when it is still
        // reading the button's tooltip, says only its value and that its text is selected.
        let opened = orca.answer(to: "space", quiet: 0.5, timeout: 5)
        XCTAssertTrue(
            opened.contains { $0.hasPrefix("X ") } || opened.contains("selected"),
            "the popover did not open: \(orca.utterances.suffix(4))")
        XCTAssertTrue(press("Tab", until: "Original Size", limit: 8), "Orca said: \(orca.utterances.suffix(12))")
        // The pointer away from where the menu opens: an item under it would take the focus.
        Shell.run("xdotool", ["mousemove", "--sync", "1279", "799"])
        let menu = orca.answer(to: "space", quiet: 0.8, timeout: 5)
        XCTAssertTrue(
            menu.contains { $0.hasPrefix("Square Post") } || press("Down", until: "Square Post", limit: 4)
                || press("Up", until: "Square Post", limit: 14),
            "Orca said: \(orca.utterances.suffix(12))")
        _ = orca.answer(to: "Return", quiet: 1, timeout: 5)
        // Escape leaves the popover (the focus back on its button); Tab on to the crop area, whose
        // description now ends with the output size.
        _ = orca.answer(to: "Escape", quiet: 0.5, timeout: 5)
        XCTAssertTrue(press("Tab", until: "Crop area", limit: 12), "Orca said: \(orca.utterances.suffix(12))")
        XCTAssertTrue(
            GtkDisplay.poll(timeout: 10) {
                orca.utterances.suffix(8).joined(separator: " ").contains("output 1080 by 1080 pixels, enlarged 1.4 ×")
            }, "Orca said: \(orca.utterances.suffix(12))")
        XCTAssertTrue(editor.process.isRunning, "the editor exited")
    }

    /// Presses `key` until the focus is on an object whose name starts with `words` and Orca has said
    /// that name (at most `limit` presses). Where the focus is comes from AT-SPI, as Orca reads it; Orca's
    /// speech may trail the key by a second or more on a loaded machine, so each press waits until Orca
    /// has spoken the focused object's name before the next, and no press is counted against the wrong
    /// announcement.
    private static func press(_ key: String, until words: String, limit: Int, orca: OrcaListener, app: AtspiNode) -> Bool {
        for _ in 0..<limit {
            let before = orca.utterances.count
            _ = orca.answer(to: key, quiet: 0.5, timeout: 5)
            guard let name = focusedName(in: app) else { continue }
            let spoken = GtkDisplay.poll(timeout: 10) { orca.utterances.dropFirst(before).contains { $0.hasPrefix(name) } }
            if name.hasPrefix(words) { return spoken }
        }
        return false
    }

    /// The name of the focused object of `app` (the deepest named one with AT-SPI's focused state).
    private static func focusedName(in app: AtspiNode) -> String? {
        app.descendants().last { $0.has(ATSPI_STATE_FOCUSED) && !($0.name ?? "").isEmpty }?.name
    }

    /// Apply to All from the keyboard as Orca reads it (F10, down to its menu item, Enter), then Save All:
    /// Orca speaks the progress bar as it fills ("40 percent saved"), and no class name. On AT-SPI the
    /// bar is a named progress bar, its value the fraction done.
    func testOrcaFollowsApplyToAllsProgressBar() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("orcabatch")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Forty large noise pictures: a batch of several seconds on two cores.
        let photos = try GtkTestSupport.noiseJPEGs(folder, (1...40).map { "big \($0).jpg" }, size: "4000x3000")
        let (editor, orca) = try Self.listen(opening: photos[0], in: folder)
        defer {
            orca.stop()
            editor.stop()
        }
        let window = try XCTUnwrap(editor.waitForWindow(named: "big 1.jpg"))
        // The main menu opens on Open…; Apply to All… is a few down, after the saves.
        XCTAssertEqual(orca.answer(to: "F10").last, "Open...", "Orca said: \(orca.utterances)")
        var item: [String] = []
        for _ in 0..<8 where item != ["Apply to All..."] { item = orca.answer(to: "Down") }
        XCTAssertEqual(item, ["Apply to All..."], "Orca said: \(orca.utterances.suffix(8))")
        let fromDialog = orca.utterances.count
        Shell.run("xdotool", ["key", "--clearmodifiers", "Return"])

        // Xvfb has no window manager: GTK gives the dialog the input focus before it is shown, and Orca,
        // finding it active but not yet showing, stays on the closed menu. Save All is pressed through
        // AT-SPI; then the test does what GNOME's window manager does when the dialog closes: it gives
        // the parent window the focus again.
        let app = try XCTUnwrap(AtspiClient.application(pid: editor.process.processIdentifier))
        // GTK 4.8 names a mnemonic button "_Save All Save All"; libadwaita lays the responses out twice
        // (side by side, stacked) and shows one: both are pressed, the hidden one does nothing.
        var saveAll: [AtspiNode] = []
        XCTAssertTrue(
            GtkDisplay.poll(timeout: 10) {
                saveAll = app.descendants(depth: 60).filter {
                    $0.roleName == "push button" && $0.name?.hasSuffix("Save All") == true
                }
                return !saveAll.isEmpty
            }, "no Save All button on AT-SPI")
        for button in saveAll { button.doAction(named: button.actionNames.first ?? "click") }
        XCTAssertTrue(GtkDisplay.poll(timeout: 10) { Self.visibleWindows(of: editor) == [window] }, "the dialog stayed")
        Shell.run("xdotool", ["windowfocus", "--sync", window])

        // While it runs, the bar is on AT-SPI by its role and name, its value rising.
        var bar: AtspiNode?
        XCTAssertTrue(
            GtkDisplay.poll(timeout: 30) {
                bar = app.descendants().first { $0.roleName == "progress bar" && ($0.currentValue ?? 0) > 0 }
                return bar != nil
            }, "no progress bar with progress on AT-SPI")
        if let value = bar?.currentValue { XCTAssertTrue(value > 0 && value <= 1, "value \(value)") }
        XCTAssertEqual(bar?.name, "Saving progress")

        // Orca speaks the bar as it takes the focus ("Saving progress 0 percent."), then each tenth saved
        // ("10 percent saved", rising, each once), and the crop area again when the batch is done.
        XCTAssertTrue(
            GtkDisplay.poll(timeout: 120) {
                orca.utterances.dropFirst(fromDialog).contains { $0.hasPrefix("Crop area") }
            }, "Orca said: \(orca.utterances.dropFirst(fromDialog))")
        let said = Array(orca.utterances.dropFirst(fromDialog))
        XCTAssertTrue(said.contains { $0.hasPrefix("Saving progress ") && $0.hasSuffix(" percent.") }, "Orca said: \(said)")
        let percents = Self.progressPercents(in: said)
        XCTAssertGreaterThanOrEqual(percents.count, 3, "Orca said: \(said)")
        XCTAssertEqual(percents, Array(Set(percents)).sorted(), "Orca said: \(said)")
        // From the dialog on: the main menu itself is read with GTK 4.8's class names of its inner parts.
        for utterance in said { XCTAssertEqual(OrcaSpeechModel.classNames(in: utterance), [], "Orca said “\(utterance)”") }
        XCTAssertTrue(editor.process.isRunning, "the editor exited")
    }

    /// The X windows `editor` shows (its main window, and a dialog while one is open).
    private static func visibleWindows(of editor: ExternalEditor) -> [String] {
        let pid = "\(editor.process.processIdentifier)"
        return (Shell.run("xdotool", ["search", "--onlyvisible", "--pid", pid]) ?? "").split(separator: "\n").map(String.init)
    }

    /// The percentages in Orca's progress announcements ("40 percent saved"), in the order spoken.
    private static func progressPercents(in utterances: [String]) -> [Int] {
        let regex = try! NSRegularExpression(pattern: #"(\d+) percent saved"#)
        return utterances.flatMap { utterance in
            regex.matches(in: utterance, range: NSRange(utterance.startIndex..., in: utterance)).compactMap {
                Int((utterance as NSString).substring(with: $0.range(at: 1)))
            }
        }
    }
}
