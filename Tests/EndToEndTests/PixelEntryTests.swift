// Exact pixels: the X, Y, width and height entries follow the frame, Enter applies them, values are clamped, undo restores.

import CGtk
import CropKit
import Foundation
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class PixelEntryTests: XCTestCase {
    func testEntriesSetTheCropAndFollowIt() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("pixels")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("pixels.png").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "400x300", "xc:#808080", path]))
        MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: path)
            defer {
                // Closed first: an open popover's pointer grab would outlive the window on X11 and
                // keep later tests' real input from reaching their windows.
                gtk_menu_button_popdown(cgtk_menu_button(window.header.pixelButton.raw))
                GtkDisplay.catchUp()
                gtk_window_destroy(cgtk_window(window.window.raw))
            }
            @MainActor func values() -> [Int] {
                window.header.pixelEntries.map { Int(gtk_spin_button_get_value_as_int(OpaquePointer($0))) }
            }
            @MainActor func type(_ numbers: [Int]) {
                for (spin, number) in zip(window.header.pixelEntries, numbers) {
                    gtk_editable_set_text(OpaquePointer(spin), String(number))
                }
            }
            XCTAssertEqual(values(), [0, 0, 400, 300], "the entries show the whole picture")
            // As a person would: open the popover, type, press Enter.
            let button = window.header.pixelButton
            gtk_menu_button_popup(cgtk_menu_button(button.raw))
            XCTAssertTrue(
                GtkDisplay.pump { gtk_widget_get_mapped(window.header.pixelEntries[0]) != 0 }, "the popover did not open")
            type([10, 20, 100, 50])
            // A real Enter key (xdotool) in an entry applies all four.
            let id =
                Shell.run("xdotool", ["search", "--name", "pixels.png"])?.split(separator: "\n").first.map(String.init) ?? ""
            @MainActor func pressEnter(in field: PixelField) {
                gtk_widget_grab_focus(window.header.pixelEntries[field.rawValue])
                GtkDisplay.catchUp()
                Shell.run("xdotool", ["windowfocus", "--sync", id])
                Shell.run("xdotool", ["key", "--clearmodifiers", "Return"])
                GtkDisplay.catchUp()
            }
            pressEnter(in: .height)
            XCTAssertEqual(
                window.canvas.crop.pixelRect(imageWidth: 400, imageHeight: 300),
                PixelRect(x: 10, y: 20, width: 100, height: 50))
            // A width beyond the picture is clamped, and the frame stays inside it.
            type([10, 20, 1000, 50])
            pressEnter(in: .width)
            XCTAssertEqual(
                window.canvas.crop.pixelRect(imageWidth: 400, imageHeight: 300),
                PixelRect(x: 10, y: 20, width: 390, height: 50))
            XCTAssertEqual(values(), [10, 20, 390, 50], "the entries follow the clamped frame")
            // The frame moved by a key: the entries follow.
            XCTAssertNotEqual(
                gtk_widget_activate_action_variant(window.canvas.widget, CanvasAction.adjust(.moveDown).detailed, nil), 0)
            XCTAssertEqual(values()[1], 20 + 15, "5 % of 300 pixels down")
            // Undo returns to the entered crop.
            window.activate(.undo)
            XCTAssertEqual(values(), [10, 20, 390, 50])
        }
    }
}
