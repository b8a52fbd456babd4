// The real window from outside: a stop signal mid-save leaves no temporary; a sidecar linked to its environment, nothing.

import Foundation
import XCTest

@testable import TestSupport
@testable import WindowTestSupport

final class WindowStopAndSecretsTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try GtkDisplay.temporaryFolder("window-stop") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func entries() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// Ctrl+S in the real editor, its save held before it is put in place (the debug-only pause),
    /// then SIGTERM: the window ends, and the folder holds the photo alone. With `named`, the save
    /// writes a hidden file (as on a file system without nameless files), which the window removes.
    private func stopMidSave(named: Bool) throws {
        try GtkTestSupport.requireDisplay()
        let photo = folder.appendingPathComponent("shot.png").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "300x200", "-seed", "4", "plasma:fractal", photo]))
        var environment: [String: String?] = ["CROP_EDITOR_TEST_COMMIT_PAUSE": "30"]
        if named { environment["CROP_EDITOR_TEST_NAMED_TEMPORARY"] = "1" }
        let editor = try ExternalEditor(arguments: [photo], environment: environment)
        defer { editor.stop() }
        let window = try XCTUnwrap(editor.waitForWindow(named: "shot.png"), "the editor window never appeared")
        Shell.run("xdotool", ["windowfocus", "--sync", window])
        Shell.run("xdotool", ["key", "--clearmodifiers", "shift+Left"])
        Shell.run("xdotool", ["key", "--clearmodifiers", "ctrl+s"])
        let pid = editor.process.processIdentifier
        XCTAssertTrue(
            GtkDisplay.poll(timeout: 30) {
                named
                    ? self.entries().contains { $0.hasPrefix(".cropeditor-") }
                    : ProcessFiles.holdsAnUnnamedFile(pid, in: self.folder)
            }, "the save never reached its pause: \(entries())")
        XCTAssertEqual(kill(pid, SIGTERM), 0)
        XCTAssertTrue(GtkDisplay.poll(timeout: 15) { !editor.process.isRunning }, "the window outlived SIGTERM")
        XCTAssertEqual(entries(), ["shot.png"])
    }

    func testAStopSignalMidSaveLeavesNothing() throws { try stopMidSave(named: false) }

    func testAStopSignalMidSaveRemovesAHiddenFile() throws { try stopMidSave(named: true) }

    /// The editor runs with a secret in its environment and a photo whose sidecar is a link to
    /// /proc/self/environ; every decoder reads each descriptor it holds before each job and says
    /// what it read on standard error.
    func testASidecarLinkedToTheEditorsEnvironmentReachesTheDecoderAsNothing() throws {
        try GtkTestSupport.requireDisplay()
        let photo = folder.appendingPathComponent("p.png").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "300x200", "-seed", "6", "plasma:fractal", photo]))
        XCTAssertEqual(symlink("/proc/self/environ", photo + ".xmp"), 0)
        let secret = "cropeditor-secret-\(UUID().uuidString)"
        let log = folder.appendingPathComponent("stderr.log")
        XCTAssertTrue(FileManager.default.createFile(atPath: log.path, contents: nil))
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        let editor = try ExternalEditor(
            arguments: [photo],
            environment: [
                "CROP_EDITOR_TEST_SECRET": secret, "CROP_EDITOR_DECODER_TEST_REQUESTS": "1",
                "CROP_EDITOR_DECODER_HOSTILE": "read-descriptors", "CROP_EDITOR_DECODER_STDERR": "1",
            ], standardError: handle)
        defer { editor.stop() }
        XCTAssertNotNil(editor.waitForWindow(named: "p.png"), "the photo's window never appeared")
        var text = ""
        XCTAssertTrue(
            GtkDisplay.poll(timeout: 15) {
                text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                return text.contains("took over: read ")
            }, "no decoder said what it read: \(text)")
        let reports = text.split(separator: "\n").filter { $0.contains("took over: read ") }
        // Each job held the photo on 4 and, for a zoomed region, its cancellation flag (one int) on 5: nothing else.
        for report in reports {
            let held = report.components(separatedBy: "took over: read ").last?.components(separatedBy: "; ") ?? []
            XCTAssertTrue(held.first?.hasPrefix("fd4 ") == true, String(report.prefix(80)))
            XCTAssertTrue(
                held.dropFirst().allSatisfy { $0.hasPrefix("fd5 4 bytes: \\x00\\x00\\x00") },
                held.dropFirst().joined(separator: "; "))
        }
        XCTAssertTrue(reports.contains { $0.contains("\\x89PNG") }, "the photo was not among what it held")
        XCTAssertFalse(text.contains(secret), "the secret reached the log")
        XCTAssertFalse(text.contains("PATH="), "the environment reached the log")
    }
}
