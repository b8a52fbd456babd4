// Apply to All from the window: every photo saved by the workers as the command line saves it; Cancel leaves no temporary.

import CGtk
import CropKit
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class ApplyToAllTests: XCTestCase {
    private static var cli: String { ExternalEditor.buildFolder.appendingPathComponent("crop-editor").path }

    /// Generated photos of several sizes and formats, and a ".jpg" that is not a picture.
    private static func folder(_ label: String, count: Int = 4) throws -> (folder: URL, photos: [String]) {
        let folder = try GtkDisplay.temporaryFolder(label)
        let sizes = ["640x480", "400x600", "801x333", "1000x1000", "320x240", "500x500"]
        var photos: [String] = []
        for index in 0..<count {
            let name = "photo \(index + 1).\(index % 2 == 0 ? "png" : "jpg")"
            let path = folder.appendingPathComponent(name).path
            XCTAssertNotNil(
                Shell.run("convert", ["-size", sizes[index % sizes.count], "-seed", "\(index + 3)", "plasma:fractal", path]))
            photos.append(path)
        }
        return (folder, photos)
    }

    /// What `crop-editor ARGUMENTS --output=OUT -- PHOTO` writes, read back (lossless where the
    /// cut allows it, as the window saves).
    private static func commandLine(_ arguments: [String], photo: String, into folder: URL) -> Data? {
        let output = folder.appendingPathComponent(UUID().uuidString + "." + (photo as NSString).pathExtension).path
        guard Shell.run(cli, arguments + ["--prefer-lossless", "--output=\(output)", "--", photo]) != nil else { return nil }
        defer { try? FileManager.default.removeItem(atPath: output) }
        return try? Data(contentsOf: URL(fileURLWithPath: output))
    }

    private static func saved(_ photo: String) -> Data? {
        try? Data(contentsOf: URL(fileURLWithPath: Saving.croppedName(for: photo)))
    }

    /// Hidden files the folder holds (a temporary file left behind would be one).
    private static func hidden(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasPrefix(".") }
    }

    func testApplyToAllSavesEveryPhotoAsTheCommandLineDoesAndListsWhatFailed() throws {
        try GtkTestSupport.requireDisplay()
        let (folder, photos) = try Self.folder("applyall")
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = folder.appendingPathComponent("photo 5.jpg").path
        try "not a JPEG".write(toFile: broken, atomically: true, encoding: .utf8)
        let reference = try GtkDisplay.temporaryFolder("applyall-cli")
        defer { try? FileManager.default.removeItem(at: reference) }
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: photos[0])
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            XCTAssertTrue(GtkDisplay.pump { window.session.photoCounter == "1 of 5" }, window.session.photoCounter ?? "")
            window.canvas.commit(CropRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
            window.applyToAll.ask()
            let dialog = try XCTUnwrap(window.applyToAll.dialog, "Apply to All did not ask")
            adw_message_dialog_response(dialog.raw.assumingMemoryBound(to: AdwMessageDialog.self), "apply")
            XCTAssertTrue(
                GtkDisplay.pump { window.applyToAll.batch != nil && window.applyToAll.status.isShown }, "no progress shown")
            // The progress bar is a progress bar to assistive technologies, its value the fraction done.
            XCTAssertNotEqual(
                gtk_test_accessible_has_role(
                    cgtk_accessible(window.applyToAll.status.progressBar.raw), GTK_ACCESSIBLE_ROLE_PROGRESS_BAR), 0)
            // The bar has the focus while saving (where Orca follows its description), the crop area after.
            XCTAssertNotEqual(gtk_widget_is_focus(window.applyToAll.status.progressBar), 0, "the progress bar lacks the focus")
            // The window stays responsive meanwhile: a key's worth of editing goes through at once.
            window.canvas.apply(.moveLeft)
            XCTAssertTrue(GtkDisplay.pump(timeout: 60) { window.applyToAll.lastBatch != nil }, "the batch never ended")
            XCTAssertNotEqual(gtk_widget_is_focus(window.canvas.widget), 0, "the crop area did not get the focus back")
            let summary = try XCTUnwrap(window.applyToAll.lastBatch)
            XCTAssertEqual(summary.saved, 4)
            XCTAssertFalse(summary.cancelled)
            XCTAssertEqual(summary.failures.count, 1, "\(summary.failures)")
            XCTAssertEqual(summary.failures.first?.name, "photo 5.jpg", "\(summary.failures)")
            // Typed until worded: the imaging module's own cause, and its words in the dialog's line.
            guard case .imaging(let cause) = summary.failures.first?.cause else { return XCTFail("\(summary.failures)") }
            XCTAssertEqual(summary.failures.first?.line, "photo 5.jpg: \(cause.message)")
            XCTAssertFalse(window.applyToAll.status.isShown)
            let fraction = window.applyToAll.status.fraction
            XCTAssertGreaterThan(fraction, 0)
            XCTAssertNil(
                cgtk_test_accessible_check_double(
                    window.applyToAll.status.progressBar, GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, fraction),
                "the accessible value is not the bar's \(fraction)")
            // Each photo's middle half, as the command line cuts it from its pixels.
            for photo in photos {
                let size = try XCTUnwrap(Shell.run("identify", ["-format", "%w %h", photo])).split(separator: " ").compactMap {
                    Int($0)
                }
                let (w, h) = (size[0], size[1])
                let rect = CropRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5).pixelRect(imageWidth: w, imageHeight: h)
                let expected = Self.commandLine(
                    ["--crop=\(rect.width)x\(rect.height)+\(rect.x)+\(rect.y)"], photo: photo, into: reference)
                XCTAssertNotNil(expected, photo)
                XCTAssertEqual(Self.saved(photo), expected, "\(photo) differs from the command line's")
            }
            XCTAssertEqual(Self.hidden(in: folder), [])
        }
    }

    /// Apply to All makes Save's choice: a JPEG whose crop is on its block grid is cut losslessly
    /// (the bytes jpegtran-style `--lossless` writes), the others re-encoded; the summary counts them.
    func testJPEGsOnTheBlockGridAreCutLosslesslyAndCounted() throws {
        try GtkTestSupport.requireDisplay()
        let (folder, photos) = try Self.folder("applylossless", count: 4)
        defer { try? FileManager.default.removeItem(at: folder) }
        let reference = try GtkDisplay.temporaryFolder("applylossless-cli")
        defer { try? FileManager.default.removeItem(at: reference) }
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: photos[0])
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            XCTAssertTrue(GtkDisplay.pump { window.session.photoCounter == "1 of 4" })
            // The top left corner is on every JPEG's grid: the two JPEGs are cut losslessly, the PNGs not.
            window.canvas.commit(CropRect(x: 0, y: 0, width: 0.5, height: 0.5))
            window.applyToAll.start(.sameRectangle, paths: photos)
            XCTAssertTrue(GtkDisplay.pump(timeout: 60) { window.applyToAll.lastBatch != nil })
            XCTAssertEqual(window.applyToAll.lastBatch, BatchSummary(saved: 4, failures: [], cancelled: false, lossless: 2))
            for photo in photos where photo.hasSuffix(".jpg") {
                let size = try XCTUnwrap(Shell.run("identify", ["-format", "%w %h", photo])).split(separator: " ").compactMap {
                    Int($0)
                }
                let rect = CropRect(x: 0, y: 0, width: 0.5, height: 0.5).pixelRect(imageWidth: size[0], imageHeight: size[1])
                let lossless = Self.commandLine(
                    ["--crop=\(rect.width)x\(rect.height)+0+0", "--lossless"], photo: photo, into: reference)
                XCTAssertNotNil(lossless)
                XCTAssertEqual(Self.saved(photo), lossless, "\(photo) was not cut losslessly")
            }
        }
    }

    func testTheSameSizeAndTheSmartSuggestionOnChosenPhotos() throws {
        try GtkTestSupport.requireDisplay()
        let (folder, photos) = try Self.folder("applysome")
        defer { try? FileManager.default.removeItem(at: folder) }
        let reference = try GtkDisplay.temporaryFolder("applysome-cli")
        defer { try? FileManager.default.removeItem(at: reference) }
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: photos[0])
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            XCTAssertTrue(GtkDisplay.pump { window.session.photoCounter == "1 of 4" })
            // 300×200 pixels of the 640×480 photo, centred on each chosen photo (shrunk where it is smaller).
            window.canvas.commit(
                CropRect(pixelRect: PixelRect(x: 10, y: 20, width: 300, height: 200), imageWidth: 640, imageHeight: 480))
            window.applyToAll.start(.sameSize, paths: [photos[1], photos[2]])
            XCTAssertTrue(GtkDisplay.pump(timeout: 60) { window.applyToAll.lastBatch != nil })
            XCTAssertEqual(window.applyToAll.lastBatch, BatchSummary(saved: 2, failures: [], cancelled: false))
            XCTAssertNil(Self.saved(photos[0]), "a photo not chosen was saved")
            XCTAssertNil(Self.saved(photos[3]), "a photo not chosen was saved")
            // 400×600: x (400 − 300) / 2, y (600 − 200) / 2; 801×333: x 250.5 rounds to 251, y 66.5 to 67.
            XCTAssertEqual(Self.saved(photos[1]), Self.commandLine(["--crop=300x200+50+200"], photo: photos[1], into: reference))
            XCTAssertEqual(Self.saved(photos[2]), Self.commandLine(["--crop=300x200+251+67"], photo: photos[2], into: reference))

            // The smart suggestion of the ratio in force (4:5) on each photo, as --crop=auto places it.
            for photo in photos { try? FileManager.default.removeItem(atPath: Saving.croppedName(for: photo)) }
            window.ratio.choose(AspectRatio(parsing: "4:5")!)
            defer { window.ratio.choose(.free) }
            window.applyToAll.start(.suggestion, paths: photos)
            XCTAssertTrue(GtkDisplay.pump(timeout: 60) { window.applyToAll.lastBatch != nil })
            // Both JPEGs' suggestions start on their block grid (at the top left), so they are cut losslessly, as Save would.
            XCTAssertEqual(window.applyToAll.lastBatch, BatchSummary(saved: 4, failures: [], cancelled: false, lossless: 2))
            for photo in photos {
                let expected = Self.commandLine(["--crop=auto", "--aspect=4:5"], photo: photo, into: reference)
                XCTAssertNotNil(expected)
                XCTAssertEqual(Self.saved(photo), expected, "\(photo): not the command line's suggestion")
            }
        }
    }

    func testCancelStopsTheBatchAndLeavesNoTemporaryFile() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("applycancel")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Twenty 12-megapixel JPEGs: long enough to stop in the middle.
        let photos = try GtkTestSupport.noiseJPEGs(folder, (1...20).map { "big \($0).jpg" }, size: "4000x3000")
        let first = photos[0]
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: first)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            XCTAssertTrue(GtkDisplay.pump { window.session.photoCounter == "1 of 20" })
            window.canvas.commit(CropRect(x: 0.1, y: 0.1, width: 0.7, height: 0.7))
            window.applyToAll.start(.sameRectangle, paths: photos)
            XCTAssertTrue(GtkDisplay.pump(timeout: 60) { window.applyToAll.status.fraction > 0 }, "nothing was saved")
            // The Cancel button, as a person presses it.
            gtk_widget_activate(window.applyToAll.status.cancelButton)
            XCTAssertTrue(GtkDisplay.pump(timeout: 60) { window.applyToAll.lastBatch != nil }, "the batch did not stop")
            let summary = try XCTUnwrap(window.applyToAll.lastBatch)
            XCTAssertTrue(summary.cancelled)
            XCTAssertEqual(summary.failures, [])
            let written = photos.filter { Self.saved($0) != nil }
            XCTAssertEqual(written.count, summary.saved)
            XCTAssertGreaterThan(summary.saved, 0)
            XCTAssertLessThan(summary.saved, 20, "Cancel stopped nothing")
            XCTAssertEqual(Self.hidden(in: folder), [], "a temporary file was left")
            // Every result written is whole: ImageMagick reads each.
            for photo in written {
                XCTAssertEqual(Shell.run("identify", ["-format", "%wx%h", Saving.croppedName(for: photo)]), "2800x2100")
            }
        }
    }
}
