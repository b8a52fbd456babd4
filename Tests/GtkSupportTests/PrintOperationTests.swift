// GtkSupport's printing: one page exported into a PDF on the paper and orientation asked, drawn once, done once.

import CGtk
import Foundation
import GtkSupport
import XCTest

@testable import TestSupport

final class PrintOperationTests: XCTestCase {
    /// Exports one page on `page`, drawing a blue inch at the top-left corner; the PDF's `pdfinfo`
    /// and the sheets the drawing was given.
    @MainActor private static func export(
        _ page: PrintOperation.PageSetup, to pdf: URL
    ) -> (info: String, sheets: [PrintOperation.Sheet], outcome: PrintOperation.Outcome?) {
        let operation = PrintOperation(jobName: "test page", page: page)
        XCTAssertEqual(operation.defaultPage?.landscape, page.landscape)
        var sheets: [PrintOperation.Sheet] = []
        var outcomes: [PrintOperation.Outcome] = []
        operation.run(
            over: nil, exportingTo: pdf.path,
            draw: { cairo, sheet in
                sheets.append(sheet)
                cairo.setColor(RGBA(0, 0, 1))
                cairo.rectangle(0, 0, 72, 72)
                cairo_fill(cairo.cr)
            }, done: { outcomes.append($0) })
        XCTAssertTrue(GtkDisplay.pump(timeout: 30) { !outcomes.isEmpty }, "the export never finished")
        XCTAssertEqual(outcomes.count, 1)
        return (Shell.run("pdfinfo", [pdf.path]) ?? "", sheets, outcomes.first)
    }

    /// A field of `pdfinfo`'s answer (`Page size:   595.276 x 419.528 pts`).
    static func field(_ name: String, of info: String) -> String? {
        info.split(separator: "\n").first { $0.hasPrefix(name + ":") }.map {
            $0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces)
        }
    }

    func testAPageIsExportedOnItsPaperTurnedAsAskedAndDrawnOnce() throws {
        try GtkDisplay.require()
        let folder = try GtkDisplay.temporaryFolder("print-operation")
        defer { try? FileManager.default.removeItem(at: folder) }
        MainActor.assumeIsolated {
            let a5 = PrintOperation.PageSetup(paperName: "iso_a5", width: 148, height: 210, landscape: true)
            let turned = Self.export(a5, to: folder.appendingPathComponent("a5.pdf"))
            XCTAssertEqual(turned.outcome, .printed)
            XCTAssertEqual(turned.sheets.count, 1)
            // 210 × 148 mm as it lies: 595.3 × 419.5 points, the printable area inside it.
            let sheet = try? XCTUnwrap(turned.sheets.first)
            XCTAssertEqual(sheet?.width ?? 0, 595.28, accuracy: 0.01)
            XCTAssertEqual(sheet?.height ?? 0, 419.53, accuracy: 0.01)
            if let printable = sheet?.printable {
                XCTAssertTrue(printable.x >= 0 && printable.width > 0 && printable.x + printable.width <= 595.28, "\(printable)")
            }
            XCTAssertEqual(Self.field("Pages", of: turned.info), "1")
            XCTAssertEqual(Self.field("Page size", of: turned.info), "595.276 x 419.528 pts")
            // A paper of its own size, upright.
            let own = PrintOperation.PageSetup(paperName: nil, width: 100, height: 150, landscape: false)
            let upright = Self.export(own, to: folder.appendingPathComponent("own.pdf"))
            XCTAssertEqual(upright.outcome, .printed)
            XCTAssertEqual(Self.field("Page size", of: upright.info), "283.465 x 425.197 pts")
        }
    }

    func testTheDefaultPaperIsTheOneGTKPrintsOnByDefault() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let paper = PrintOperation.defaultPaper
            XCTAssertEqual(paper.paperName, String(cString: gtk_paper_size_get_default()))
            XCTAssertTrue(paper.width > 100 && paper.height > paper.width, "\(paper)")
        }
    }
}
