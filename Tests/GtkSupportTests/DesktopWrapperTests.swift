// GtkSupport's desktop wrappers: the data folder and URIs, settings changed together, pictures drawn, the app chooser.

import CGtk
import Foundation
import GtkSupport
import XCTest

@testable import TestSupport

final class DesktopWrapperTests: XCTestCase {
    func testTheDataFolderAndAFilesURIAreGIOs() {
        XCTAssertEqual(Files.dataFolder, String(cString: g_get_user_data_dir()))
        XCTAssertEqual(Files.uri(ofPath: "/tmp/a b#é.png"), "file:///tmp/a%20b%23%C3%A9.png")
    }

    /// GNOME's background keys (gsettings-desktop-schemas), in the tests' memory backend.
    func testKeysChangeTogetherAndGoBackToTheirDefaults() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            guard let settings = Settings.installed("org.gnome.desktop.background") else {
                return XCTFail("org.gnome.desktop.background is not installed (gsettings-desktop-schemas)")
            }
            let defaults = (settings.string("picture-uri"), settings.string("picture-uri-dark"))
            XCTAssertNil(settings.userString("picture-uri"))
            var changes = 0
            let owner = gtk_label_new("")!
            g_object_ref_sink(owner.raw)
            defer { g_object_unref(owner.raw) }
            settings.follow("picture-uri", while: owner) { changes += 1 }
            settings.setTogether([("picture-uri", "file:///light.png"), ("picture-uri-dark", "file:///dark.png")])
            XCTAssertEqual(settings.userString("picture-uri"), "file:///light.png")
            XCTAssertEqual(settings.string("picture-uri-dark"), "file:///dark.png")
            XCTAssertEqual(changes, 1)
            settings.setTogether([("picture-uri", nil), ("picture-uri-dark", nil)])
            XCTAssertNil(settings.userString("picture-uri"))
            XCTAssertNil(settings.userString("picture-uri-dark"))
            XCTAssertEqual(settings.string("picture-uri"), defaults.0)
            XCTAssertEqual(settings.string("picture-uri-dark"), defaults.1)
        }
    }

    func testAPictureIsDrawnScaledIntoItsRectangle() throws {
        let picture = try XCTUnwrap(ImageSurface(width: 2, height: 1))
        picture.draw { cairo in
            cairo.setColor(RGBA(1, 0, 0))
            cairo.rectangle(0, 0, 1, 1)
            cairo_fill(cairo.cr)
            cairo.setColor(RGBA(0, 0, 1))
            cairo.rectangle(1, 0, 1, 1)
            cairo_fill(cairo.cr)
        }
        let target = try XCTUnwrap(ImageSurface(width: 10, height: 6))
        target.draw { $0.draw(picture, x: 1, y: 1, width: 8, height: 4) }
        let stride = Int(cairo_image_surface_get_stride(target.surface))
        let data = try XCTUnwrap(cairo_image_surface_get_data(target.surface))
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { (0..<4).map { data[y * stride + x * 4 + $0] } }
        // BGRA; the picture's pixels blend where they meet and fade at its edges (Cairo's bilinear filter).
        let left = pixel(2, 3), right = pixel(7, 3)
        XCTAssertTrue(left[2] > 150 && left[0] == 0, "the left half is not red: \(left)")
        XCTAssertTrue(right[0] > 150 && right[2] == 0, "the right half is not blue: \(right)")
        XCTAssertEqual(pixel(0, 0), [0, 0, 0, 0], "drawn outside its rectangle")
        XCTAssertEqual(pixel(9, 5), [0, 0, 0, 0], "drawn outside its rectangle")
    }

    func testTheAppChooserOffersApplicationsForTheFilesTypeAndCancelsOnce() throws {
        try GtkDisplay.require()
        let folder = try GtkDisplay.temporaryFolder("chooser")
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = folder.appendingPathComponent("photo.png")
        XCTAssertNotNil(Shell.run("convert", ["-size", "8x8", "xc:gray", photo.path]))
        MainActor.assumeIsolated {
            let window = gtk_window_new()!
            defer { window.asWindow.destroy() }
            var outcomes: [AppChooser.Outcome] = []
            let dialog = AppChooser.present(for: photo.path, over: window, heading: "Open “photo.png” with…") {
                outcomes.append($0)
            }
            XCTAssertNotEqual(
                g_type_check_instance_is_a(
                    dialog.raw.assumingMemoryBound(to: GTypeInstance.self), gtk_app_chooser_dialog_get_type()), 0)
            XCTAssertEqual(String(cString: gtk_app_chooser_dialog_get_heading(OpaquePointer(dialog))), "Open “photo.png” with…")
            XCTAssertEqual(String(cString: gtk_app_chooser_get_content_type(OpaquePointer(dialog))), "image/png")
            XCTAssertEqual(gtk_window_get_transient_for(dialog.asWindow), window.asWindow)
            gtk_dialog_response(dialog.raw.assumingMemoryBound(to: GtkDialog.self), GTK_RESPONSE_CANCEL.rawValue)
            XCTAssertEqual(outcomes, [.cancelled])
        }
    }
}
