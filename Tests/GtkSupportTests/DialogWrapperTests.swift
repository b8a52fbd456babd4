// GtkSupport's dialogs: a message dialog's one answer, the native file chooser's start and answer, the About window.

import CGtk
import Foundation
import GtkSupport
import XCTest

@testable import TestSupport

final class DialogWrapperTests: XCTestCase {
    func testAMessageDialogOffersItsResponsesAndAnswersOnce() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let window = gtk_window_new()!
            defer { window.asWindow.destroy() }
            let extra = Widgets.entry("2.39:1")
            var answers: [String] = []
            let dialog = MessageDialog.present(
                over: window, heading: "Replace?", body: "It exists.", extra: extra,
                responses: [
                    DialogResponse(id: "cancel", label: "_Cancel"),
                    DialogResponse(id: "replace", label: "_Replace", appearance: ADW_RESPONSE_DESTRUCTIVE),
                ], defaultResponse: "cancel"
            ) { answers.append($0) }
            let message = dialog.raw.assumingMemoryBound(to: AdwMessageDialog.self)
            XCTAssertEqual(gtk_window_get_transient_for(dialog.asWindow), window.asWindow)
            XCTAssertEqual(String(cString: adw_message_dialog_get_heading(message)), "Replace?")
            XCTAssertEqual(adw_message_dialog_get_extra_child(message), extra)
            XCTAssertNotEqual(adw_message_dialog_has_response(message, "replace"), 0)
            XCTAssertEqual(adw_message_dialog_get_response_appearance(message, "replace"), ADW_RESPONSE_DESTRUCTIVE)
            XCTAssertEqual(String(cString: adw_message_dialog_get_default_response(message)), "cancel")
            XCTAssertEqual(String(cString: adw_message_dialog_get_close_response(message)), "cancel")
            adw_message_dialog_response(message, "replace")
            XCTAssertEqual(answers, ["replace"])
        }
    }

    func testTheFileChooserStartsWhereAskedAndAnswersNothingWhenCancelled() throws {
        try GtkDisplay.require()
        let folder = try GtkDisplay.temporaryFolder("chooser")
        defer { try? FileManager.default.removeItem(at: folder) }
        MainActor.assumeIsolated {
            let window = gtk_window_new()!
            defer { window.asWindow.destroy() }
            window.asWindow.present()
            var answers: [String?] = []
            let dialog = FileChooser.present(
                title: "Save", over: window, action: GTK_FILE_CHOOSER_ACTION_SAVE, accept: "_Save", cancel: "_Cancel",
                start: FileChooser.Start(filter: (name: "Images", mimeTypes: ["image/png"]), folder: folder.path, name: "a.png")
            ) { answers.append($0) }
            let chooser = cgtk_file_chooser(dialog.raw)!
            XCTAssertEqual(gtk_file_chooser_get_current_name(chooser).map { String(cString: $0) }, "a.png")
            // The chooser reads the folder once shown.
            let current = {
                gtk_file_chooser_get_current_folder(chooser).map { GObjectRef(adopting: $0.raw) }.flatMap {
                    Files.path(of: $0.opaque)
                }
            }
            XCTAssertTrue(GtkDisplay.pump { current() == folder.path }, "the chooser is in \(current() ?? "no folder")")
            let filters = gtk_file_chooser_get_filters(chooser).map { GObjectRef(adopting: $0.raw) }
            XCTAssertEqual(filters.map { g_list_model_get_n_items(OpaquePointer($0.raw)) }, 1)
            gtk_native_dialog_hide(cgtk_native_dialog(dialog.raw))
            Self.respond(dialog.raw, GTK_RESPONSE_CANCEL.rawValue)
            XCTAssertEqual(answers, [nil])
        }
    }

    /// Emits a native dialog's `response` with `id`, as the person's answer does (`g_signal_emit` is
    /// variadic: its array form).
    @MainActor private static func respond(_ dialog: UnsafeMutableRawPointer, _ id: Int32) {
        var values = [GValue(), GValue()]
        g_value_init(&values[0], gtk_native_dialog_get_type())
        g_value_set_object(&values[0], dialog)
        g_value_init(&values[1], cgtk_int_type())
        g_value_set_int(&values[1], id)
        g_signal_emitv(&values, g_signal_lookup("response", gtk_native_dialog_get_type()), 0, nil)
        for index in values.indices { g_value_unset(&values[index]) }
    }

    func testTheAboutWindowSaysWhatItIsGiven() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let window = gtk_window_new()!
            defer { window.asWindow.destroy() }
            let about = AboutDialog.present(
                AboutDialog.Details(
                    name: "Crop Editor", icon: "io.github.cropeditor.CropEditor", version: "1.2.3", developer: "Contributors",
                    license: GTK_LICENSE_GPL_3_0, website: "https://example.org", issues: "https://example.org/issues",
                    comments: "Crops"),
                over: window.asWindow)
            defer { about.asWindow.destroy() }
            let details = OpaquePointer(about)
            XCTAssertEqual(String(cString: adw_about_window_get_application_name(details)), "Crop Editor")
            XCTAssertEqual(String(cString: adw_about_window_get_version(details)), "1.2.3")
            XCTAssertEqual(String(cString: adw_about_window_get_issue_url(details)), "https://example.org/issues")
            XCTAssertEqual(adw_about_window_get_license_type(details), GTK_LICENSE_GPL_3_0)
            XCTAssertEqual(gtk_window_get_transient_for(about.asWindow), window.asWindow)
        }
    }
}
