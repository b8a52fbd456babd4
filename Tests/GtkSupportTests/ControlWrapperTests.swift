// GtkSupport's typed controls (buttons, menus, labels, spin buttons, entries, progress) read back what their C calls set.

import CGtk
import GtkSupport
import XCTest

@testable import TestSupport

final class ControlWrapperTests: XCTestCase {
    /// Set when the menu a test handed over is finalized.
    nonisolated(unsafe) static var finalized = false

    func testCheckButtonsJoinAGroupAndBoxesInsertWhereAsked() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let box = Widgets.box(GTK_ORIENTATION_VERTICAL)
            g_object_ref_sink(box.raw)
            defer { g_object_unref(box.raw) }
            let first = Widgets.checkButton("One"), second = Widgets.checkButton("Two")
            XCTAssertEqual(
                String(cString: gtk_check_button_get_label(first.raw.assumingMemoryBound(to: GtkCheckButton.self))), "One")
            box.append(first)
            box.insert(second, after: nil)
            XCTAssertEqual(box.children, [second, first], "inserted after nothing is first")
            second.joinGroup(of: first)
            first.isChecked = true
            XCTAssertTrue(first.isChecked)
            second.isChecked = true
            XCTAssertFalse(first.isChecked, "two radio items of one group both chosen")
            XCTAssertFalse(first.isMenuButton)
            second.setActionName("win.save")
            XCTAssertEqual(gtk_actionable_get_action_name(OpaquePointer(second)).map { String(cString: $0) }, "win.save")
        }
    }

    func testMenuButtonsHoldTheirMenusAndMakeThemAsTheyOpen() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let window = gtk_window_new()!
            defer { gtk_window_destroy(cgtk_window(window.raw)) }
            let button = Widgets.menuButton()
            gtk_window_set_child(cgtk_window(window.raw), button)
            XCTAssertTrue(button.isMenuButton)
            var opened = 0
            let menu = Menu.sectioned([[.action("Save", "win.save")]])
            button.whenMenuOpens {
                opened += 1
                Menu.handOver(Menu.sectioned([[.action("Open", "win.open")]]), to: button.setMenuModel)
            }
            ControlWrapperTests.finalized = false
            g_object_weak_ref(
                menu.raw.assumingMemoryBound(to: GObject.self), { _, _ in ControlWrapperTests.finalized = true }, nil)
            Menu.handOver(menu, to: button.setMenuModel)
            XCTAssertEqual(button.menuModel.map { Menu.entries($0).map(\.action) }, ["win.save"])
            gtk_window_present(cgtk_window(window.raw))
            XCTAssertTrue(GtkDisplay.drawn(button))
            button.popUp()
            XCTAssertEqual(opened, 1, "the menu was not made as it opened")
            XCTAssertEqual(button.menuModel.map { Menu.entries($0).map(\.action) }, ["win.open"])
            // Only the button held the first menu: replaced, it is gone.
            XCTAssertTrue(ControlWrapperTests.finalized, "the menu handed over was still held by its maker")
            let popover = gtk_popover_new()!
            button.setPopover(popover)
            XCTAssertEqual(
                gtk_menu_button_get_popover(cgtk_menu_button(button.raw)), popover.raw.assumingMemoryBound(to: GtkPopover.self))
        }
    }

    func testLabelsLayOutAsToldAndSpinButtonsTakeTypedValues() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let label = Widgets.label("a long name")
            g_object_ref_sink(label.raw)
            defer { g_object_unref(label.raw) }
            label.setLabelLayout(
                ellipsize: PANGO_ELLIPSIZE_MIDDLE, maxWidthChars: 40, wraps: true, selectable: true, xalign: 0,
                justify: GTK_JUSTIFY_CENTER)
            let typed = cgtk_label(label.raw)
            XCTAssertEqual(gtk_label_get_ellipsize(typed), PANGO_ELLIPSIZE_MIDDLE)
            XCTAssertEqual(gtk_label_get_max_width_chars(typed), 40)
            XCTAssertNotEqual(gtk_label_get_wrap(typed), 0)
            XCTAssertNotEqual(gtk_label_get_selectable(typed), 0)
            XCTAssertEqual(gtk_label_get_xalign(typed), 0)
            XCTAssertEqual(gtk_label_get_justify(typed), GTK_JUSTIFY_CENTER)

            let spin = gtk_spin_button_new_with_range(0, 10, 1)!
            g_object_ref_sink(spin.raw)
            defer { g_object_unref(spin.raw) }
            spin.setSpinRange(1, 100)
            spin.spinValue = 500
            XCTAssertEqual(spin.spinValue, 100, "a value beyond the range was kept")
            spin.editableText = "42"
            XCTAssertEqual(spin.spinValue, 100, "typed text counted before it was committed")
            spin.commitTypedValue()
            XCTAssertEqual(spin.spinValue, 42)
            var entered = 0
            spin.whenEntered { entered += 1 }
            // GtkText's activate signal, as Enter emits it (`g_signal_emit` is variadic: its array form).
            let text = gtk_editable_get_delegate(OpaquePointer(spin))!
            var instance = GValue()
            g_value_init(&instance, gtk_text_get_type())
            g_value_set_object(&instance, text.raw)
            g_signal_emitv(&instance, g_signal_lookup("activate", gtk_text_get_type()), 0, nil)
            g_value_unset(&instance)
            XCTAssertEqual(entered, 1)
        }
    }

    func testEntriesProgressSpinnersAndStatusPagesReadBack() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let entry = Widgets.entry("16:9")
            g_object_ref_sink(entry.raw)
            defer { g_object_unref(entry.raw) }
            XCTAssertEqual(entry.editableText, "16:9")
            XCTAssertNotEqual(gtk_entry_get_activates_default(entry.raw.assumingMemoryBound(to: GtkEntry.self)), 0)
            entry.editableText = "4:3"
            XCTAssertEqual(String(cString: gtk_editable_get_text(OpaquePointer(entry))), "4:3")

            let bar = Widgets.progressBar(), spinner = Widgets.spinner()
            for widget in [bar, spinner] { g_object_ref_sink(widget.raw) }
            defer { for widget in [bar, spinner] { g_object_unref(widget.raw) } }
            bar.progressFraction = 0.25
            XCTAssertEqual(bar.progressFraction, 0.25)
            spinner.isSpinning = true
            XCTAssertTrue(spinner.isSpinning)
            spinner.isSpinning = false
            XCTAssertFalse(spinner.isSpinning)

            let child = Widgets.label("buttons")
            let page = Widgets.statusPage(
                icon: "image-x-generic-symbolic", title: "No Image", description: "Open one", child: child)
            g_object_ref_sink(page.raw)
            defer { g_object_unref(page.raw) }
            let status = OpaquePointer(page)
            XCTAssertEqual(String(cString: adw_status_page_get_title(status)), "No Image")
            XCTAssertEqual(String(cString: adw_status_page_get_description(status)), "Open one")
            XCTAssertEqual(String(cString: adw_status_page_get_icon_name(status)), "image-x-generic-symbolic")
            XCTAssertEqual(adw_status_page_get_child(status), child)

            let overlay = Widgets.overlay(), area = DrawingArea.make()
            for widget in [overlay, area] { g_object_ref_sink(widget.raw) }
            defer { for widget in [overlay, area] { g_object_unref(widget.raw) } }
            XCTAssertNotEqual(
                g_type_check_instance_is_a(overlay.raw.assumingMemoryBound(to: GTypeInstance.self), gtk_overlay_get_type()), 0)
            XCTAssertNotEqual(
                g_type_check_instance_is_a(area.raw.assumingMemoryBound(to: GTypeInstance.self), gtk_drawing_area_get_type()), 0)
        }
    }
}
