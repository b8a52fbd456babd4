// Print into a PDF through GTK's print-to-file path: poppler reads the page, the picture's size and pixels (Save's).

import CGtk
import CropKit
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class PrintingTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try GtkDisplay.temporaryFolder("print") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// A photo of coloured noise (no near-white pixel, so the print's box on white paper is its own).
    private func photo(_ name: String, size: String) -> String {
        let path = folder.appendingPathComponent(name).path
        XCTAssertNotNil(
            Shell.run(
                "convert",
                ["-size", size, "-seed", "7", "xc:#3060a0", "-attenuate", "0.6", "+noise", "Gaussian", "-depth", "8", path]))
        return path
    }

    /// Prints `window`'s crop into `pdf` (GTK's export path, no dialog) and waits for the end.
    @MainActor private static func print(_ window: EditorWindow, to pdf: URL) -> PrintOperation.Outcome? {
        var outcome: PrintOperation.Outcome?
        window.printing.print(exportingTo: pdf.path) { outcome = $0 }
        XCTAssertTrue(GtkDisplay.pump(timeout: 120) { outcome != nil }, "the print never finished")
        return outcome
    }

    /// Saves `window`'s crop beside its photo and waits: the file Save wrote.
    @MainActor private static func save(_ window: EditorWindow) -> String? {
        window.saving.save()
        XCTAssertTrue(GtkDisplay.pump(timeout: 60) { !window.saving.isSaving })
        XCTAssertNil(window.lastError)
        return window.saving.lastSavedPath
    }

    /// The page's size in points, by pdfinfo (`Page size:  841.89 x 595.276 pts (A4)`).
    private static func pageSize(_ pdf: URL) -> (width: Double, height: Double)? {
        let info = Shell.run("pdfinfo", [pdf.path]) ?? ""
        guard let line = info.split(separator: "\n").first(where: { $0.hasPrefix("Page size:") }) else { return nil }
        let numbers = line.split(separator: " ").compactMap { Double($0) }
        return numbers.count >= 2 ? (numbers[0], numbers[1]) : nil
    }

    /// The images of the PDF as `pdfimages -list` lists them: pixels and resolution.
    private static func images(_ pdf: URL) -> [(width: Int, height: Int, xPPI: Int, yPPI: Int)] {
        // page num type width height color comp bpc enc interp object ID x-ppi y-ppi size ratio
        (Shell.run("pdfimages", ["-list", pdf.path]) ?? "").split(separator: "\n").dropFirst(2).compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count >= 14, fields[2] == "image", let w = Int(fields[3]), let h = Int(fields[4]),
                let x = Int(fields[12]), let y = Int(fields[13])
            else { return nil }
            return (w, h, x, y)
        }
    }

    /// The box of what is not white on the page rendered at 254 dpi (a pixel is a tenth of a
    /// millimetre), and the page's size in those pixels.
    private func printedBox(_ pdf: URL) throws -> (box: (x: Int, y: Int, width: Int, height: Int), page: (Int, Int)) {
        let prefix = folder.appendingPathComponent("rendered").path
        XCTAssertNotNil(Shell.run("pdftoppm", ["-r", "254", "-png", "-singlefile", pdf.path, prefix]))
        let geometry = try XCTUnwrap(Shell.run("convert", [prefix + ".png", "-fuzz", "10%", "-format", "%@ %W %H", "info:"]))
        let parts = geometry.split(separator: " ")
        let numbers = parts[0].split(whereSeparator: { "x+".contains($0) }).compactMap { Int($0) }
        XCTAssertEqual(numbers.count, 4, geometry)
        return ((numbers[2], numbers[3], numbers[0], numbers[1]), (Int(parts[1]) ?? 0, Int(parts[2]) ?? 0))
    }

    /// Whether the picture in the PDF, extracted by poppler, has every pixel of `saved`: ImageMagick's
    /// `compare` succeeds only then ("" is its silent success, "differs" anything else).
    private func comparison(_ pdf: URL, _ saved: String) -> String {
        let prefix = folder.appendingPathComponent("extracted").path
        XCTAssertNotNil(Shell.run("pdfimages", ["-png", pdf.path, prefix]))
        if Shell.run("compare", ["-metric", "AE", prefix + "-000.png", saved, "null:"]) != nil { return "" }
        let counted = try? Tool.outcome("compare", ["-metric", "AE", prefix + "-000.png", saved, "null:"])
        let described = Shell.run("identify", [prefix + "-000.png", saved]) ?? ""
        return "\(counted?.errors ?? "?") pixels differ: \(described)"
    }

    func testAPrintSizeIsPrintedAtExactlyItsSizeCentredWithThePixelsSaveWrites() throws {
        try GtkTestSupport.requireDisplay()
        let path = photo("beach.png", size: "2400x1600")
        let pdf = folder.appendingPathComponent("print.pdf")
        let saved = try MainActor.assumeIsolated { () throws -> String in
            let window = GtkTestSupport.window(opening: path)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            window.outputSizing.choose(.print(PrintSize(width: 15, height: 10, unit: .centimetres)!))
            let saved = try XCTUnwrap(Self.save(window))
            XCTAssertEqual(Self.print(window, to: pdf), .printed)
            XCTAssertNil(window.printing.running, "the finished print is still kept")
            return saved
        }
        XCTAssertEqual(Shell.run("identify", ["-format", "%wx%h", saved]), "1772x1181")
        // The paper GTK prints on by default, turned landscape for the wide print.
        let paper = MainActor.assumeIsolated { PrintOperation.defaultPaper }
        let page = try XCTUnwrap(Self.pageSize(pdf))
        XCTAssertEqual(page.width, paper.height * 72 / 25.4, accuracy: 0.01)
        XCTAssertEqual(page.height, paper.width * 72 / 25.4, accuracy: 0.01)
        // One picture of the result's pixels at 300 ppi: 1772 px over 15 cm.
        let images = Self.images(pdf)
        XCTAssertEqual(images.count, 1, "\(images)")
        let image = try XCTUnwrap(images.first)
        XCTAssertEqual([image.width, image.height, image.xPPI, image.yPPI], [1772, 1181, 300, 300])
        XCTAssertEqual(Double(image.width) / Double(image.xPPI) * 25.4, 150, accuracy: 0.5)
        XCTAssertEqual(Double(image.height) / Double(image.yPPI) * 25.4, 100, accuracy: 0.5)
        // Drawn on the page: 150 × 100 mm within half a millimetre (5 pixels at 254 dpi), centred.
        let printed = try printedBox(pdf)
        XCTAssertEqual(Double(printed.box.width), 1500, accuracy: 5, "\(printed)")
        XCTAssertEqual(Double(printed.box.height), 1000, accuracy: 5, "\(printed)")
        XCTAssertEqual(Double(printed.box.x * 2 + printed.box.width), Double(printed.page.0), accuracy: 6, "\(printed)")
        XCTAssertEqual(Double(printed.box.y * 2 + printed.box.height), Double(printed.page.1), accuracy: 6, "\(printed)")
        // Every pixel the one Save wrote.
        XCTAssertEqual(comparison(pdf, saved), "")
    }

    func testATallCropIsPrintedOnAPortraitPageFittedOrAtA4() throws {
        try GtkTestSupport.requireDisplay()
        let path = photo("tower.png", size: "600x1000")
        let fitted = folder.appendingPathComponent("fitted.pdf"), a4 = folder.appendingPathComponent("a4.pdf")
        MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: path)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            XCTAssertEqual(Self.print(window, to: fitted), .printed)
            window.outputSizing.choose(OutputSizePreset.printA4.size()!)
            XCTAssertEqual(Self.print(window, to: a4), .printed)
        }
        // Without a print size: the default paper, upright, the picture as large as the printable area holds.
        let page = try XCTUnwrap(Self.pageSize(fitted))
        XCTAssertGreaterThan(page.height, page.width)
        XCTAssertEqual(Self.images(fitted).first.map { [$0.width, $0.height] }, [600, 1000])
        let box = try printedBox(fitted)
        XCTAssertEqual(Double(box.box.x * 2 + box.box.width), Double(box.page.0), accuracy: 6, "\(box)")
        XCTAssertGreaterThan(box.box.height, box.page.1 * 9 / 10, "not fitted: \(box)")
        XCTAssertLessThan(box.box.height, box.page.1, "\(box)")
        // A4 at 300 ppi: an A4 page, upright, filled by the print's 2480 × 3508 pixels.
        let paper = try XCTUnwrap(Self.pageSize(a4))
        XCTAssertEqual(paper.width, 595.276, accuracy: 0.01)
        XCTAssertEqual(paper.height, 841.89, accuracy: 0.01)
        XCTAssertTrue((Shell.run("pdfinfo", [a4.path]) ?? "").contains("(A4)"))
        XCTAssertEqual(Self.images(a4).first.map { [$0.width, $0.height, $0.xPPI, $0.yPPI] }, [2480, 3508, 300, 300])
    }

    func testTheDialogPreviewsThePageAndSaysWhenTheCropIsShortOfPixels() throws {
        try GtkTestSupport.requireDisplay()
        let path = photo("small.png", size: "400x300")
        MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: path)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            window.outputSizing.choose(.print(PrintSize(width: 15, height: 10, unit: .centimetres)!))
            window.activate(.print)
            // The action is the dialog's way in; its end is heard through the running job.
            XCTAssertTrue(GtkDisplay.pump(timeout: 60) { window.printing.running?.preview != nil }, "no Picture tab")
            let job = window.printing.running
            let words = job?.preview?.words
            XCTAssertEqual(words?.summary, "Printed at 15 × 10 cm, centred on the paper")
            // 400 pixels across 15 cm: 67 ppi.
            XCTAssertEqual(words?.note, "The crop has too few pixels for 300 ppi: it prints at 67 ppi and may look soft")
            XCTAssertEqual(job?.startingPage?.landscape, true)
            let dialog = Self.printDialog()
            XCTAssertNotNil(dialog, "no print dialog")
            if let dialog {
                gtk_dialog_response(dialog.raw.assumingMemoryBound(to: GtkDialog.self), GTK_RESPONSE_CANCEL.rawValue)
            }
            XCTAssertTrue(GtkDisplay.pump(timeout: 20) { window.printing.running == nil }, "the cancelled print is still kept")
            XCTAssertNil(window.lastError, "cancelling said something went wrong")
        }
    }

    /// GTK's print dialog, among the toplevel windows.
    @MainActor private static func printDialog() -> UnsafeMutablePointer<GtkWidget>? {
        let toplevels = gtk_window_list_toplevels()
        defer { g_list_free(toplevels) }
        var node = toplevels
        while let current = node {
            if let widget = current.pointee.data?.assumingMemoryBound(to: GtkWidget.self),
                String(cString: typeName(of: widget)) == "GtkPrintUnixDialog"
            {
                return widget
            }
            node = current.pointee.next
        }
        return nil
    }
}

/// A GObject's type name (`G_OBJECT_TYPE_NAME` is a macro).
@MainActor private func typeName(of widget: UnsafeMutablePointer<GtkWidget>) -> UnsafePointer<CChar> {
    g_type_name(widget.raw.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type)
}
