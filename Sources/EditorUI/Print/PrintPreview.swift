// The print dialog's Picture tab (print-preview.ui): the page as it will print, what the print is, a note when short of pixels.

import CGtk
import CropKit
import GtkSupport

/// A view: it draws the sheet it is told, with the picture where it is told, and shows the words.
@MainActor
final class PrintPreview {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let page: UnsafeMutablePointer<GtkWidget>
    private let summary: UnsafeMutablePointer<GtkWidget>
    private let note: UnsafeMutablePointer<GtkWidget>
    private let picture: ImageSurface
    /// The sheet and the picture's place on it, once the dialog has said which page it prints on.
    private var shown: (sheet: PrintOperation.Sheet, rect: PageRect)?
    /// The tree, held past its builder for as long as the preview lives (the dialog takes its own reference).
    private let held: GObjectRef

    /// The space around the paper, in points of the tab.
    private static let border = 8.0

    init(picture: ImageSurface) {
        self.picture = picture
        let tree = UIFiles.builder("print-preview.ui")
        widget = UIFiles.widget(tree, "print-preview")
        page = UIFiles.widget(tree, "page")
        summary = UIFiles.widget(tree, "summary")
        note = UIFiles.widget(tree, "note")
        held = GObjectRef(retaining: widget.raw)
        DrawingArea.setDrawFunc(page) { [weak self] cairo, width, height in
            self?.draw(cairo, width: Double(width), height: Double(height))
        }
    }

    /// What the tab says of the print, and its note when one shows.
    var words: (summary: String, note: String?) { (summary.labelText, note.isVisible ? note.labelText : nil) }

    /// Shows the picture at `rect` on `sheet`, and the tab's words.
    func show(_ rect: PageRect, on sheet: PrintOperation.Sheet, words: (summary: String, note: String?)) {
        shown = (sheet, rect)
        summary.labelText = words.summary
        note.labelText = words.note ?? ""
        note.isVisible = words.note != nil
        page.queueDraw()
    }

    /// The paper scaled into the area, its printable area outlined, the picture on it.
    private func draw(_ cairo: Cairo, width: Double, height: Double) {
        guard let (sheet, rect) = shown, sheet.width > 0, sheet.height > 0 else { return }
        let scale = min((width - 2 * Self.border) / sheet.width, (height - 2 * Self.border) / sheet.height)
        guard scale > 0 else { return }
        let origin = (x: (width - sheet.width * scale) / 2, y: (height - sheet.height * scale) / 2)
        cairo.rectangle(origin.x, origin.y, sheet.width * scale, sheet.height * scale)
        cairo.saved {
            cairo.setColor(.white)
            cairo_fill_preserve(cairo.cr)
        }
        cairo.stroke(width: 1, color: RGBA(0, 0, 0, 0.4))
        let printable = sheet.printable
        cairo.rectangle(
            origin.x + printable.x * scale, origin.y + printable.y * scale, printable.width * scale, printable.height * scale)
        cairo.stroke(width: 1, color: RGBA(0, 0, 0, 0.12))
        cairo.saved {
            // The paper's edge cuts a print larger than the paper, as the printer would.
            cairo.rectangle(origin.x, origin.y, sheet.width * scale, sheet.height * scale)
            cairo_clip(cairo.cr)
            cairo.draw(
                picture, x: origin.x + rect.x * scale, y: origin.y + rect.y * scale, width: rect.width * scale,
                height: rect.height * scale)
        }
    }
}
