// Odd files other viewers open, in a real window: each opens and saves, left-out metadata is said, the unusable refused.

import CGtk
import CropKit
import Foundation
import GtkSupport
import OddFiles
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class OddFilesWindowTests: XCTestCase {
    private var folder: URL!
    private var files: [OddFile] = []

    override func setUpWithError() throws {
        folder = try GtkDisplay.temporaryFolder("odd-files")
        files = try OddFiles.make(in: folder.path)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func file(_ name: String) throws -> OddFile { try XCTUnwrap(files.first { $0.name == name }) }

    /// Opens `file` in `window` and waits for it to be shown (or refused).
    @MainActor private static func open(_ file: OddFile, in window: EditorWindow) {
        window.open(path: file.path)
        XCTAssertTrue(GtkDisplay.pump(timeout: 10) { !window.isLoading }, "\(file.name) never finished loading")
    }

    /// Saves the committed crop as `target` (Save As without the chooser), or beside the source
    /// (Ctrl+S) when it is nil, and waits for the toast; returns where it went.
    @MainActor @discardableResult
    private static func save(_ window: EditorWindow, as target: String? = nil) -> String {
        let source = window.canvas.image?.path ?? ""
        if let target { window.saving.saveChosen(target, source: source) } else { window.saving.save() }
        let written = target ?? Saving.croppedName(for: source)
        XCTAssertTrue(
            GtkDisplay.pump(timeout: 10) { !window.saving.isSaving && window.saving.lastSavedPath == written },
            "\(written) was not saved: \(window.lastError ?? "no error")")
        return written
    }

    /// Every file with damage viewers repair, the camera's and the multi-picture ones: the window
    /// shows it at its size and Save writes `NAME (cropped).EXT` with the crop; a PNG's is exactly
    /// ImageMagick's crop of the source.
    func testEveryFileOtherViewersOpenOpensAndSaves() throws {
        try GtkTestSupport.requireDisplay()
        let folder: URL = folder
        let openable = files.filter(\.opens)
        XCTAssertEqual(openable.count, 11)
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.demoWindow()
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            for file in openable {
                Self.open(file, in: window)
                XCTAssertNil(window.lastError, "\(file.name)")
                let image = try XCTUnwrap(window.canvas.image, file.name)
                XCTAssertEqual(image.path, file.path)
                XCTAssertEqual(image.pixelWidth, file.size.width, file.name)
                XCTAssertEqual(image.pixelHeight, file.size.height, file.name)
                let (w, h) = file.size
                let crop = PixelRect(x: w / 4, y: h / 4, width: max(1, w / 2), height: max(1, h / 2))
                window.canvas.commit(CropRect(pixelRect: crop, imageWidth: w, imageHeight: h))
                let target = Self.save(window)
                XCTAssertEqual(
                    window.lastToast?.hasPrefix("Saved “\((target as NSString).lastPathComponent)”"), true,
                    "\(file.name): \(window.lastToast ?? "no toast")")
                XCTAssertEqual(Shell.run("identify", ["-format", "%wx%h", target]), "\(crop.width)x\(crop.height)", file.name)
                if target.hasSuffix(".png") {
                    let reference = folder.appendingPathComponent("reference-\(file.name).png").path
                    Shell.run(
                        "convert", [file.path, "-crop", "\(crop.width)x\(crop.height)+\(crop.x)+\(crop.y)", "+repage", reference])
                    XCTAssertEqual(
                        Shell.run("compare", ["-metric", "AE", target, reference, "null:"]) ?? "differs", "", file.name)
                }
            }
        }
    }

    /// Saved as PNG, the camera's maker notes and the Ultra HDR gain map cannot come along: the
    /// crop is saved and the toast names what was left out.
    func testTheToastSaysWhatWasLeftOut() throws {
        try GtkTestSupport.requireDisplay()
        let cases = [
            (try file("camera-maker-notes.jpg"), "the camera's maker notes"), (try file("ultra-hdr.jpg"), "the HDR gain map"),
        ]
        let folder: URL = folder
        MainActor.assumeIsolated {
            let window = GtkTestSupport.demoWindow()
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            for (source, leftOut) in cases {
                let name = source.name
                Self.open(source, in: window)
                let target = folder.appendingPathComponent("\(name).png").path
                Self.save(window, as: target)
                XCTAssertEqual(window.lastToast, "Saved “\(name).png” without \(leftOut)")
                XCTAssertNil(window.lastError)
                XCTAssertEqual(Shell.run("identify", ["-format", "%wx%h", target]), "320x240")
            }
        }
    }

    /// Saved beside itself, the whole Ultra HDR photo is cut losslessly and keeps its gain map.
    func testAnUltraHDRPhotoSavedBesideKeepsItsGainMap() throws {
        try GtkTestSupport.requireDisplay()
        let source = try file("ultra-hdr.jpg")
        MainActor.assumeIsolated {
            let window = GtkTestSupport.demoWindow()
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            Self.open(source, in: window)
            window.canvas.commit(
                CropRect(pixelRect: PixelRect(x: 32, y: 16, width: 256, height: 192), imageWidth: 320, imageHeight: 240))
            let target = Self.save(window)
            XCTAssertEqual(window.lastToast, "Saved “ultra-hdr (cropped).jpg” (lossless)")
            XCTAssertEqual(Shell.run("exiftool", ["-s3", "-MPF:NumberOfImages", "-XMP-hdrgm:Version", target]), "2\n1.0\n")
        }
    }

    /// What is really missing, or a TIFF layout libvips cannot decode, is refused with its reason
    /// and the picture already open stays.
    func testMissingDataAndUnsupportedTIFFLayoutsAreRefusedInWords() throws {
        try GtkTestSupport.requireDisplay()
        let refused = files.filter { !$0.opens }
        XCTAssertEqual(refused.count, 5)
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.demoWindow()
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            for file in refused {
                Self.open(file, in: window)
                let message = try XCTUnwrap(window.lastError, "\(file.name) opened")
                let reason = file.kind == .cutShort ? "incomplete" : "this TIFF variant is not supported ("
                XCTAssertTrue(message.contains(file.name) && message.contains(reason), "\(file.name): \(message)")
                XCTAssertEqual(window.canvas.image?.title, "Coastline", "the picture already open stays")
            }
        }
    }
}
