// Perspective mode under Xvfb: a page's corners placed by real keys and by a real pointer, saved as the command line makes them.

import CGtk
import CropKit
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class PerspectiveEndToEndTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        try GtkTestSupport.requireDisplay()
        folder = try GtkDisplay.temporaryFolder("perspective-e2e")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// The photo's size, and the page's corners on it, clockwise from the top left: an A4 page seen by
    /// a camera tilted and turned (so the estimated proportions are A4's), each corner some whole 1 %
    /// steps and some pixels from where the mode puts its corners.
    static let picture = PixelSize(width: 1200, height: 900)
    static let page = [
        CropPoint(x: 321, y: 160), CropPoint(x: 798, y: 101), CropPoint(x: 850, y: 711), CropPoint(x: 441, y: 730),
    ]

    /// The slanted page with lines of writing on it, as `name` in `folder`.
    static func photo(in folder: URL, _ name: String = "page.png") -> String {
        PagePhotos.pagePhoto(
            in: folder, name, size: "\(picture.width)x\(picture.height)", corners: page, marks: PagePhotos.writing(on: page))
    }

    /// The keys that move the chosen corner from `from` to `to`: whole 1 % steps (arrows), then the
    /// pixels left over (Ctrl+arrows).
    static func keys(from: CropPoint, to: CropPoint) -> [String] {
        func axis(_ distance: Double, step: Double, _ less: String, _ more: String) -> [String] {
            let key = distance < 0 ? less : more
            let steps = Int(abs(distance) / step), pixels = Int((abs(distance) - Double(steps) * step).rounded())
            return Array(repeating: key, count: steps) + Array(repeating: "ctrl+\(key)", count: pixels)
        }
        let step = PerspectiveEditing.keyStep
        return axis(to.x - from.x, step: Double(picture.width) * step, "Left", "Right")
            + axis(to.y - from.y, step: Double(picture.height) * step, "Up", "Down")
    }

    /// Types `keys` as real key presses, the loop running meanwhile so each is handled as it comes;
    /// true once xdotool has finished and `done` holds.
    @MainActor static func type(_ keys: [String], until done: () -> Bool) throws -> Bool {
        let typing = Process()
        typing.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        typing.arguments = ["key", "--clearmodifiers", "--delay", "5"] + keys
        try typing.run()
        return GtkDisplay.pump(timeout: 20) { !typing.isRunning && done() }
    }

    /// The page photo in a shown window at the screen's corner, the crop area focused, perspective mode
    /// entered by Ctrl+Shift+P, the corners placed by `place` (given the window and the crop area's
    /// origin on the screen), then applied by Return and saved by Ctrl+S: real keys all. Returns the
    /// photo, the corners committed and the saved file.
    private func placedAndSaved(
        _ place: @MainActor (EditorWindow, (x: Double, y: Double)) throws -> Void
    ) throws -> (photo: String, corners: [CropPoint], saved: String) {
        let photo = Self.photo(in: folder)
        let (corners, saved) = try MainActor.assumeIsolated { () throws -> ([CropPoint], String) in
            let window = GtkTestSupport.window(opening: photo)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let origin = try GtkTestSupport.placeAtCorner(window, name: (photo as NSString).lastPathComponent)
            let canvas = window.canvas
            gtk_widget_grab_focus(canvas.widget)
            XCTAssertTrue(try Self.type(["ctrl+shift+p"]) { canvas.isEditingPerspective }, "Ctrl+Shift+P entered no mode")
            XCTAssertTrue(GtkDisplay.drawn(canvas.widget), "the corners were never drawn")
            try place(window, origin)
            XCTAssertNil(canvas.editor.perspective, "the corners were committed before Return")
            let placed = canvas.perspectiveEditing?.quad.corners
            let (committed, saved) = try Self.applyAndSave(window, photo)
            XCTAssertEqual(committed, placed, "Return committed other corners than were placed")
            return (committed, saved)
        }
        return (photo, corners, saved)
    }

    /// Return applies the mode and Ctrl+S saves beside the photo (real keys both); returns the
    /// committed corners and the saved file.
    @MainActor static func applyAndSave(_ window: EditorWindow, _ path: String) throws -> ([CropPoint], String) {
        let canvas = window.canvas
        XCTAssertTrue(try type(["Return"]) { canvas.editor.perspective != nil }, "Return applied nothing")
        XCTAssertFalse(canvas.isEditingPerspective)
        let correction = try XCTUnwrap(canvas.editor.perspective)
        // Apply keeps the whole rectified picture: the command line's output without --crop.
        let size = try XCTUnwrap(canvas.editor.rectification?.size)
        XCTAssertEqual(canvas.editor.cropPixels, PixelRect(x: 0, y: 0, width: size.width, height: size.height))
        let saved = Saving.croppedName(for: path)
        XCTAssertTrue(
            try type(["ctrl+s"]) { !window.saving.isSaving && FileManager.default.fileExists(atPath: saved) },
            "Ctrl+S saved nothing: \(window.lastError ?? "no error")")
        XCTAssertTrue(GtkDisplay.pump(timeout: 20) { !window.saving.isSaving }, "the save never finished")
        XCTAssertNil(window.lastError)
        return (correction.quad.corners, saved)
    }

    /// The command line's `--perspective=` for `corners` on `photo`, against the window's `saved`: the same pixels.
    func assertTheCommandLineMakes(
        _ saved: String, from photo: String, corners: [CropPoint], file: StaticString = #filePath, line: UInt = #line
    ) {
        let cli = folder.appendingPathComponent("cli.png").path
        let argument = corners.map { "\($0.x),\($0.y)" }.joined(separator: ",")
        XCTAssertNotNil(
            Shell.run(
                ExternalEditor.buildFolder.appendingPathComponent("crop-editor").path,
                ["--perspective=\(argument)", "--output=\(cli)", photo]), "the command line refused \(argument)", file: file,
            line: line)
        XCTAssertEqual(
            Shell.run("identify", ["-format", "%wx%h", saved]), Shell.run("identify", ["-format", "%wx%h", cli]), file: file,
            line: line)
        XCTAssertEqual(
            Shell.run("compare", ["-metric", "AE", saved, cli, "null:"]), "", "the window's save differs from the command line's",
            file: file, line: line)
    }

    /// Ctrl+Shift+P, each corner moved onto the page by arrows and Ctrl+arrows, C for the next corner,
    /// Return, Ctrl+S: the corners are the page's exactly, and the save is the command line's for them.
    func testCornersMovedByRealKeysSaveWhatTheCommandLineMakes() throws {
        let (photo, corners, saved) = try placedAndSaved { window, _ in
            let canvas = window.canvas
            let start = PerspectiveEditing.startingQuad(on: Self.picture).corners
            for (index, (from, to)) in zip(start, Self.page).enumerated() {
                let keys = (index == 0 ? [] : ["c"]) + Self.keys(from: from, to: to)
                XCTAssertTrue(
                    try Self.type(keys) { canvas.perspectiveEditing?.quad.corners[index] == to },
                    "corner \(index) at \(canvas.perspectiveEditing?.quad.corners[index] as Any), not \(to)")
            }
        }
        XCTAssertEqual(corners, Self.page)
        assertTheCommandLineMakes(saved, from: photo, corners: Self.page)
    }

    /// Each corner's grip dragged onto the page's corner by a real pointer, then Return and Ctrl+S:
    /// every corner lands within a screen point of its target, and the save is the command line's
    /// for the corners the window committed.
    func testCornersDraggedByARealPointerSaveWhatTheCommandLineMakes() throws {
        let (photo, corners, saved) = try placedAndSaved { window, origin in
            let canvas = window.canvas
            let viewport = try XCTUnwrap(canvas.viewport)
            // A screen point in picture pixels: how far a whole-pixel pointer can land from a target.
            let point = Double(Self.picture.width) / viewport.imageFrame.width
            func screen(_ p: CropPoint) -> (x: Int, y: Int) {
                let view = viewport.viewPoint(
                    CropPoint(x: p.x / Double(Self.picture.width), y: p.y / Double(Self.picture.height)))
                return (Int((origin.x + view.x).rounded()), Int((origin.y + view.y).rounded()))
            }
            for (index, target) in Self.page.enumerated() {
                let corner = try XCTUnwrap(canvas.perspectiveEditing?.quad.corners[index])
                let (from, to) = (screen(corner), screen(target))
                RealPointer.drag(from: from, by: (to.x - from.x, to.y - from.y))
                XCTAssertTrue(
                    GtkDisplay.pump(timeout: 5) {
                        canvas.perspectiveEditing.map { $0.drag == nil && $0.quad.corners[index] != corner } ?? false
                    }, "corner \(index) was not dragged")
                let landed = try XCTUnwrap(canvas.perspectiveEditing?.quad.corners[index])
                XCTAssertEqual(landed.x, target.x, accuracy: point + 1e-6, "corner \(index)")
                XCTAssertEqual(landed.y, target.y, accuracy: point + 1e-6, "corner \(index)")
            }
            Shell.run("xdotool", ["mousemove", "5", "5"])
        }
        assertTheCommandLineMakes(saved, from: photo, corners: corners)
    }
}
