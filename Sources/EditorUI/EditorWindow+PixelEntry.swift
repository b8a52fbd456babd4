// Exact pixels: X, Y, width and height spin buttons in a header-bar popover, two-way with the frame.

import CGtk
import CropKit
import GtkSupport

/// The four entries of the pixel popover, in Tab order.
enum PixelField: Int, CaseIterable {
    case x, y, width, height

    var label: String {
        switch self {
        case .x: return N_("_X")
        case .y: return N_("_Y")
        case .width: return N_("_Width")
        case .height: return N_("_Height")
        }
    }
}

extension EditorWindow {
    /// A menu button whose popover holds the entries; Enter in any entry applies them all.
    func makePixelEntryButton() -> UnsafeMutablePointer<GtkWidget> {
        let gridWidget = gtk_grid_new()!
        let grid = gridWidget.raw.assumingMemoryBound(to: GtkGrid.self)
        gtk_grid_set_row_spacing(grid, 6)
        gtk_grid_set_column_spacing(grid, 12)
        for field in PixelField.allCases {
            let spin = gtk_spin_button_new_with_range(0, 1_000_000, 1)!
            gtk_spin_button_set_digits(OpaquePointer(spin), 0)
            gtk_widget_add_css_class(spin, "numeric")
            let label = gtk_label_new_with_mnemonic(tr(field.label))!
            gtk_label_set_mnemonic_widget(cgtk_label(label.raw), spin)
            gtk_widget_set_halign(label, GTK_ALIGN_END)
            gtk_grid_attach(grid, label, 0, Int32(field.rawValue), 1, 1)
            gtk_grid_attach(grid, spin, 1, Int32(field.rawValue), 1, 1)
            // GTK 4.8's spin button has no activate signal of its own; its text delegate has.
            if let text = gtk_editable_get_delegate(OpaquePointer(spin)) {
                Signal.connect(text.raw, "activate") { [weak self] in self?.applyPixelEntries() }
            }
            pixelEntries.append(spin)
        }
        let apply = gtk_button_new_with_mnemonic(tr("_Apply"))!
        gtk_widget_add_css_class(apply, "suggested-action")
        Signal.connect(apply.raw, "clicked") { [weak self] in self?.applyPixelEntries() }
        gtk_grid_attach(grid, apply, 1, Int32(PixelField.allCases.count), 1, 1)

        let popover = gtk_popover_new()!
        gtk_popover_set_child(popover.raw.assumingMemoryBound(to: GtkPopover.self), gridWidget)
        let button = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(cgtk_menu_button(button.raw), "document-edit-symbolic")
        gtk_menu_button_set_popover(cgtk_menu_button(button.raw), popover)
        gtk_widget_set_tooltip_text(button, tr("Crop position and size in pixels"))
        cgtk_accessible_set_label(button, tr("Pixel position and size"))
        return button
    }

    /// The entries follow the committed crop (in whole pixels of the picture as shown).
    func updatePixelEntries() {
        guard canvas.image != nil, pixelEntries.count == PixelField.allCases.count else { return }
        let (w, h) = (canvas.shownSize.width, canvas.shownSize.height)
        let p = canvas.crop.pixelRect(imageWidth: w, imageHeight: h)
        let values = [p.x, p.y, p.width, p.height]
        let limits = [w - 1, h - 1, w, h]
        for (index, spin) in pixelEntries.enumerated() {
            // Whole pixels inside the picture: typed values beyond are clamped by the spin button.
            gtk_spin_button_set_range(OpaquePointer(spin), index < 2 ? 0 : 1, Double(limits[index]))
            gtk_spin_button_set_value(OpaquePointer(spin), Double(values[index]))
        }
    }

    /// Reads the four entries and commits that pixel rect (CropKit keeps it inside the picture).
    func applyPixelEntries() {
        guard canvas.image != nil else { return }
        for spin in pixelEntries { gtk_spin_button_update(OpaquePointer(spin)) }
        let v = pixelEntries.map { Int(gtk_spin_button_get_value_as_int(OpaquePointer($0))) }
        let rect = PixelRect(x: v[0], y: v[1], width: v[2], height: v[3])
        canvas.commit(CropRect(pixelRect: rect, imageWidth: canvas.shownSize.width, imageHeight: canvas.shownSize.height))
        updatePixelEntries()
    }
}
