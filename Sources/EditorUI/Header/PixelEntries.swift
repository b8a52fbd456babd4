// Exact pixels: X, Y, width and height spin buttons in the header's popover, two-way with the frame.

import CGtk
import CropKit
import GtkSupport

/// The pixel popover's four entries: they follow the committed crop, and Enter or Apply commits what
/// they say. They hold nothing of their own: the crop is the canvas's.
@MainActor
struct PixelEntries {
    unowned let host: any WindowHost
    /// X, Y, width and height, in `PixelField` order.
    let entries: [UnsafeMutablePointer<GtkWidget>]

    /// The entries follow the committed crop (in whole pixels of the picture as shown).
    func show() {
        let canvas = host.canvas
        guard canvas.image != nil, entries.count == PixelField.allCases.count else { return }
        let (w, h) = (canvas.straightenedSize.width, canvas.straightenedSize.height)
        let p = canvas.crop.pixelRect(imageWidth: w, imageHeight: h)
        let values = [p.x, p.y, p.width, p.height]
        let limits = [w - 1, h - 1, w, h]
        for (index, spin) in entries.enumerated() {
            // Whole pixels inside the picture: typed values beyond are clamped by the spin button.
            spin.setSpinRange(index < 2 ? 0 : 1, Double(limits[index]))
            spin.spinValue = Double(values[index])
        }
    }

    /// Reads the four entries and commits that pixel rect (CropKit keeps it inside the picture).
    func apply() {
        let canvas = host.canvas
        guard canvas.image != nil else { return }
        for spin in entries { spin.commitTypedValue() }
        let v = entries.map { Int($0.spinValue.rounded()) }
        let rect = PixelRect(x: v[0], y: v[1], width: v[2], height: v[3])
        canvas.commit(
            CropRect(pixelRect: rect, imageWidth: canvas.straightenedSize.width, imageHeight: canvas.straightenedSize.height))
        // The commit shows itself; typed values it clamped show the crop again too.
        host.refresh(.crop)
    }
}
