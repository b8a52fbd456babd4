// One print of the result: its pixels, the page set up for them, where they go on the page, the dialog's preview and its words.

import CGtk
import CropKit
import GtkSupport
import Wording

/// A print of the result: the page set up to fit it (CropKit's `PrintLayout` says which paper and
/// which way up), the picture placed on whatever page the dialog ends with, and the Picture tab
/// previewing it.
@MainActor
final class PrintJob {
    /// Where a window keeps its print: the one running, or one being made.
    @MainActor final class Slot {
        var job: PrintJob?
        var preparing = false
    }

    /// The result's pixels, as Save makes them.
    let picture: ImageSurface
    /// Output Size's print size, printed at exactly its size; nil: fitted to the printable area.
    let print: PrintSize?
    /// The crop's own pixels, which a print size's resolution is measured by.
    let cropPixels: PixelSize
    private let operation: PrintOperation
    /// The dialog's Picture tab, once the dialog made it.
    private(set) var preview: PrintPreview?

    init(picture: ImageSurface, print: PrintSize?, cropPixels: PixelSize, title: String) {
        self.picture = picture
        self.print = print
        self.cropPixels = cropPixels
        let paper = PrintOperation.defaultPaper
        let page = PrintLayout.page(
            for: PixelSize(width: picture.width, height: picture.height), print: print,
            preferred: Paper(name: paper.paperName, width: paper.width, height: paper.height))
        operation = PrintOperation(
            jobName: title,
            page: PrintOperation.PageSetup(
                paperName: page.paper.name, width: page.paper.width, height: page.paper.height,
                landscape: page.orientation == .landscape))
    }

    /// The result's size in pixels.
    var pixels: PixelSize { PixelSize(width: picture.width, height: picture.height) }

    /// The page the dialog starts on (for tests and logs).
    var startingPage: PrintOperation.PageSetup? { operation.defaultPage }

    /// Shows the dialog over `window` (or writes `pdf`); `done` hears how it ended.
    func run(
        over window: UnsafeMutablePointer<GtkWidget>?, exportingTo pdf: String?,
        done: @escaping @MainActor (PrintOperation.Outcome) -> Void
    ) {
        operation.add(
            PrintOperation.Tab(
                label: tr("Picture"),
                make: { [weak self, picture] in
                    let preview = PrintPreview(picture: picture)
                    self?.preview = preview
                    return preview.widget
                },
                pageChanged: { [weak self] sheet in
                    guard let self else { return }
                    self.preview?.show(self.place(on: sheet), on: sheet, words: self.words(sheet))
                }))
        operation.run(
            over: window, exportingTo: pdf,
            draw: { [weak self] cairo, sheet in
                guard let self else { return }
                let rect = self.place(on: sheet)
                cairo.draw(self.picture, x: rect.x, y: rect.y, width: rect.width, height: rect.height)
            },
            done: { [self] outcome in
                // The job lives until here: the preview and the operation go with it.
                self.preview = nil
                done(outcome)
            })
    }

    /// Where the picture goes on `sheet`.
    func place(on sheet: PrintOperation.Sheet) -> PageRect {
        let printable = sheet.printable
        return PrintLayout.place(
            pixels, print: print, page: CropSize(width: sheet.width, height: sheet.height),
            printable: PageRect(x: printable.x, y: printable.y, width: printable.width, height: printable.height))
    }

    /// What the tab says of the print on `sheet`: its size on the paper, and a note when it is short of pixels.
    func words(_ sheet: PrintOperation.Sheet) -> (summary: String, note: String?) {
        let rect = place(on: sheet)
        let summary: String
        if let print {
            summary = Localization.format(
                // TRANSLATORS: the print dialog's Picture tab: the print size from Output Size.
                tr("Printed at %1$s × %2$s %3$s, centred on the paper"),
                [PrintSize.length(print.width), PrintSize.length(print.height), OutputSizeWords.unit(print.unit)])
        } else {
            let toCentimetres = 2.54 / 72
            summary = Localization.format(
                // TRANSLATORS: the print dialog's Picture tab: a result without a print size, as large as the page allows.
                tr("Fitted to the page: %1$s × %2$s cm"),
                [PrintSize.length(rect.width * toCentimetres), PrintSize.length(rect.height * toCentimetres)])
        }
        let carrying = print == nil ? pixels : cropPixels
        let note = PrintLayout.shortfall(carrying, print: print, rect: rect).map { got in
            Localization.format(
                // TRANSLATORS: under the print preview: the crop has fewer pixels than the resolution needs.
                tr("The crop has too few pixels for %1$d ppi: it prints at %2$d ppi and may look soft"),
                [print?.ppi ?? PrintSize.defaultPPI, got])
        }
        return (summary, note)
    }
}
