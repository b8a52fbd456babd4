// Exact pixels: X, Y, width and height spin buttons in a header-bar popover, two-way with the frame.

import CGtk
import CropKit
import GtkSupport

extension EditorWindow {
    /// The entries follow the committed crop (in whole pixels of the picture as shown).
    func updatePixelEntries() {
        guard canvas.image != nil, header.pixelEntries.count == PixelField.allCases.count else { return }
        let (w, h) = (canvas.straightenedSize.width, canvas.straightenedSize.height)
        let p = canvas.crop.pixelRect(imageWidth: w, imageHeight: h)
        let values = [p.x, p.y, p.width, p.height]
        let limits = [w - 1, h - 1, w, h]
        for (index, spin) in header.pixelEntries.enumerated() {
            // Whole pixels inside the picture: typed values beyond are clamped by the spin button.
            gtk_spin_button_set_range(OpaquePointer(spin), index < 2 ? 0 : 1, Double(limits[index]))
            gtk_spin_button_set_value(OpaquePointer(spin), Double(values[index]))
        }
    }

    /// Reads the four entries and commits that pixel rect (CropKit keeps it inside the picture).
    func applyPixelEntries() {
        guard canvas.image != nil else { return }
        for spin in header.pixelEntries { gtk_spin_button_update(OpaquePointer(spin)) }
        let v = header.pixelEntries.map { Int(gtk_spin_button_get_value_as_int(OpaquePointer($0))) }
        let rect = PixelRect(x: v[0], y: v[1], width: v[2], height: v[3])
        canvas.commit(
            CropRect(pixelRect: rect, imageWidth: canvas.straightenedSize.width, imageHeight: canvas.straightenedSize.height))
        // The commit shows itself; typed values it clamped show the crop again too.
        refresh(.crop)
    }
}
