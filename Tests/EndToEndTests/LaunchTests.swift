// A launch with a photo, read from its trace: the photo is asked for before the window exists, and decoded once.

import Foundation
import XCTest

@testable import TestSupport
@testable import WindowTestSupport

final class LaunchTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try GtkDisplay.temporaryFolder("launch")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// The editor started on `photo` with `environment`, until its window shows; what it wrote on standard error.
    private func launch(_ photo: String, environment: [String: String?], until done: (String) -> Bool) throws -> String {
        let log = folder.appendingPathComponent("stderr-\(UUID().uuidString).log")
        XCTAssertTrue(FileManager.default.createFile(atPath: log.path, contents: nil))
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        let editor = try ExternalEditor(arguments: [photo], environment: environment, standardError: handle)
        defer { editor.stop() }
        XCTAssertNotNil(editor.waitForWindow(named: (photo as NSString).lastPathComponent), "no window")
        var text = ""
        _ = GtkDisplay.poll(timeout: 15) {
            text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            return done(text)
        }
        return text
    }

    func testThePhotoIsAskedForBeforeTheWindowIsBuiltAndDecodedOnce() throws {
        try GtkTestSupport.requireDisplay()
        let photo = folder.appendingPathComponent("photo.png").path
        Shell.run("convert", ["-size", "600x400", "xc:#aa3388", photo])
        let painted = "first frame of a picture painted"
        let text = try launch(photo, environment: ["CROP_EDITOR_TRACE": "1"]) { $0.contains(painted) }
        // "crop-editor: trace MS PID WHAT": the phases in the order they came, each with its time.
        let marks: [(ms: Double, phase: String)] = text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", maxSplits: 4)
            guard fields.count == 5, fields[0] == "crop-editor:", fields[1] == "trace", let ms = Double(fields[2]) else {
                return nil
            }
            return (ms, String(fields[4]))
        }
        func first(_ phase: String) -> Double? { marks.first { $0.phase == phase }?.ms }
        let phases = [
            "command line started", "window program started", "GTK and libadwaita started", "launch picture asked",
            "thumbnail asked", "thumbnail received", "window built", "picture reached the window",
            "picture given to the canvas", "display cache built", painted,
        ]
        for phase in phases { XCTAssertNotNil(first(phase), "no mark “\(phase)” in:\n\(text)") }
        guard let asked = first("launch picture asked"), let built = first("window built"),
            let reached = first("picture reached the window"), let shown = first(painted)
        else { return }
        XCTAssertLessThan(asked, built, "the photo was asked for only once the window existed")
        XCTAssertLessThanOrEqual(reached, shown)
        // The window took the launch's decode over instead of starting one of its own.
        XCTAssertEqual(marks.filter { $0.phase == "thumbnail asked" }.count, 1, text)
        XCTAssertEqual(
            Set(text.split(separator: "\n").filter { $0.contains(" trace ") }.map { $0.split(separator: " ")[3] }).count, 1,
            "the command line and the window are one process (exec)")
    }

    /// The first photo is decoded for the window it opens in (900 × 760, the schema's default, on this 1280 × 800
    /// screen), not for the screen: libjpeg scales it further, and it is on screen sooner.
    func testTheFirstPhotoIsDecodedForItsWindowNotTheScreen() throws {
        try GtkTestSupport.requireDisplay()
        let photo = folder.appendingPathComponent("wide.jpg").path
        Shell.run("convert", ["-size", "3000x2000", "gradient:#aa3388-#2288aa", "-quality", "85", photo])
        let text = try launch(photo, environment: ["CROP_EDITOR_TRACE": "1"]) {
            $0.contains("first frame of a picture painted")
        }
        XCTAssertTrue(text.contains(" launch picture's box 900 × 760\n"), text)
        XCTAssertTrue(text.contains(" thumbnail of 900 × 600\n"), text)
        XCTAssertTrue(text.contains(" first frame of a picture painted\n"), text)
    }

    /// This machine's answer: with no GPU render node, the editor leaves OpenGL off and draws with Cairo; a
    /// renderer the person chose is kept.
    func testTheRendererFollowsTheMachineAndAPersonsChoice() throws {
        try GtkTestSupport.requireDisplay()
        let photo = folder.appendingPathComponent("renderer.png").path
        Shell.run("convert", ["-size", "300x200", "xc:#aa3388", photo])
        let nodes = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []
        let expected =
            nodes.contains { $0.hasPrefix("renderD") }
            ? "renderer: GTK's default" : "renderer: Cairo, OpenGL off (no GPU render node in /dev/dri)"
        let base: [String: String?] = [
            "CROP_EDITOR_TRACE": "1", "GSK_RENDERER": nil, "GDK_DEBUG": nil, "LIBGL_ALWAYS_SOFTWARE": nil,
        ]
        let chosen = try launch(photo, environment: base) { $0.contains("first frame of a picture painted") }
        XCTAssertTrue(chosen.contains("trace ") && chosen.contains(" \(expected)\n"), chosen)
        var own = base
        own["GSK_RENDERER"] = "cairo"
        let kept = try launch(photo, environment: own) { $0.contains("first frame of a picture painted") }
        XCTAssertTrue(kept.contains(" renderer: GTK's default\n"), kept)
    }

    func testNothingIsTracedWithoutTheVariable() throws {
        try GtkTestSupport.requireDisplay()
        let photo = folder.appendingPathComponent("quiet.png").path
        Shell.run("convert", ["-size", "300x200", "xc:#aa3388", photo])
        // The decoder's confinement line comes once the window program runs: the log is read after it.
        let text = try launch(photo, environment: ["CROP_EDITOR_TRACE": nil]) { $0.contains("crop-editor: ") }
        XCTAssertFalse(text.isEmpty, "the editor said nothing at all")
        XCTAssertFalse(text.contains(" trace "), text)
    }
}
