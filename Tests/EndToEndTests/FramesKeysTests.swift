// The frames' keys pressed for real on the crop area: N, F, Shift+F and Ctrl+Delete, one undo step each, the photo kept.

import CGtk
import CropKit
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class FramesKeysTests: XCTestCase {
    func testTheFrameKeysAddChooseAndRemoveFramesAndCtrlDeleteKeepsThePhoto() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("frames-keys")
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = GtkTestSupport.greyFile(folder, "grey.png", size: "600x400")
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: photo)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            _ = try GtkTestSupport.placeAtCorner(window, name: "grey.png")
            let canvas = window.canvas
            canvas.commit(CropRect(x: 0.1, y: 0.1, width: 0.3, height: 0.3))
            let committed = canvas.crop
            let steps: [(key: String, count: Int, active: Int)] = [
                ("n", 2, 1), ("n", 3, 2), ("f", 3, 0), ("shift+f", 3, 2), ("ctrl+Delete", 2, 1),
            ]
            for step in steps {
                Shell.run("xdotool", ["key", "--clearmodifiers", step.key])
                XCTAssertTrue(
                    GtkDisplay.pump(timeout: 10) {
                        canvas.editor.frameCount == step.count && canvas.editor.activeFrame == step.active
                    }, "\(step.key): \(canvas.editor.frameCount) frames, frame \(canvas.editor.activeFrame + 1) edited")
            }
            XCTAssertTrue(FileManager.default.fileExists(atPath: photo), "Ctrl+Delete moved the photo to the trash")
            XCTAssertNil(window.lastError)
            // Each key was one step: five back is the single frame of the committed crop.
            for _ in steps { XCTAssertTrue(canvas.undo()) }
            XCTAssertEqual(canvas.editor.frameCount, 1)
            XCTAssertEqual(canvas.crop, committed)
        }
    }
}
