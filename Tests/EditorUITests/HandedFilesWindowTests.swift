// The window and what it hands its decoders: linked or piped sidecars, a pipe as the photo, backups, replaced files' owners.

import CGtk
import CropKit
import Decoding
import Foundation
import GtkSupport
import ImagingCore
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class HandedFilesWindowTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try GtkDisplay.temporaryFolder("handed") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// A sidecar that keeps a crop, at `target` (written for a picture of its own and moved there).
    private func sidecarWithACrop(at target: String) throws {
        let donor = GtkTestSupport.greyFile(folder, "donor.png", size: "400x300")
        try DecoderPool(size: 1).writeSidecar(
            StoredCrop(rect: CropRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)), for: donor)
        try FileManager.default.moveItem(atPath: donor + ".xmp", toPath: target)
    }

    /// Keep Crop in `window`, and the message it ends with (the toast of a success, or the error).
    @MainActor private static func keepCrop(_ window: EditorWindow) -> String? {
        let earlier = window.lastError
        window.activate(.keepCrop)
        _ = GtkDisplay.pump(timeout: 10) { window.lastKeptSidecar != nil || window.lastError != earlier }
        return window.lastKeptSidecar != nil ? window.lastToast : window.lastError
    }

    /// A sidecar linked to the window's own environment, its memory, a sidecar outside the folder and
    /// one on /dev/shm (another device): none is read (no crop restored, no message) and Keep Crop
    /// over it is refused in one message; the link and what it leads to stay.
    func testASidecarLinkedElsewhereIsNotReadAndKeepCropOverItIsRefused() throws {
        try GtkTestSupport.requireDisplay()
        let outside = path("outside.xmp")
        let shared = "/dev/shm/cropeditor-\(UUID().uuidString.prefix(8)).xmp"
        try sidecarWithACrop(at: outside)
        XCTAssertNotNil(Shell.run("cp", [outside, shared]))
        defer { unlink(shared) }
        for (index, target) in ["/proc/self/environ", "/proc/self/mem", outside, shared].enumerated() {
            let photo = GtkTestSupport.greyFile(folder, "p\(index).png", size: "400x300")
            let before = target.hasPrefix("/proc") ? nil : FileManager.default.contents(atPath: target)
            XCTAssertEqual(symlink(target, photo + ".xmp"), 0)
            MainActor.assumeIsolated {
                let window = GtkTestSupport.window(opening: photo)
                defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
                XCTAssertNil(window.lastRestoredCrop, "the crop behind the link to \(target) was restored")
                XCTAssertEqual(window.canvas.crop, .unit)
                XCTAssertNil(window.lastError)
                window.canvas.commit(CropRect(x: 0.1, y: 0.1, width: 0.5, height: 0.5))
                XCTAssertEqual(
                    Self.keepCrop(window),
                    "Could not keep the crop: the sidecar p\(index).png.xmp is a symbolic link, which is never followed; "
                        + "the crop was not kept")
            }
            if let before { XCTAssertEqual(FileManager.default.contents(atPath: target), before) }
            XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: photo + ".xmp"), target)
        }
    }

    func testPipesAreNeverWaitedFor() throws {
        try GtkTestSupport.requireDisplay()
        let photo = GtkTestSupport.greyFile(folder, "p.png", size: "400x300")
        let pipe = path("pipe.png")
        XCTAssertEqual(mkfifo(pipe, 0o644), 0)
        XCTAssertEqual(mkfifo(photo + ".xmp", 0o644), 0)
        MainActor.assumeIsolated {
            let window = GtkTestSupport.demoWindow()
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let start = Date()
            window.open(path: pipe)
            XCTAssertTrue(GtkDisplay.pump(timeout: 10) { !window.isLoading && window.lastError != nil }, "the pipe held the load")
            XCTAssertEqual(window.lastError, "Could not open “pipe.png”: is not a regular file (a pipe, a socket or a device)")
            XCTAssertEqual(window.canvas.image?.title, "Coastline")
            // A pipe for the sidecar: the photo opens without it; Keep Crop says why it keeps nothing there.
            window.open(path: photo)
            XCTAssertTrue(GtkDisplay.pump(timeout: 10) { !window.isLoading && window.canvas.image?.path == photo })
            XCTAssertEqual(
                Self.keepCrop(window),
                "Could not keep the crop: the sidecar p.png.xmp is not a regular file; the crop was not kept")
            XCTAssertLessThan(Date().timeIntervalSince(start), 20)
        }
    }

    func testAnUnreadableSidecarIsKeptBesideABackupFolderThatStays() throws {
        try GtkTestSupport.requireDisplay()
        let photo = GtkTestSupport.greyFile(folder, "p.png", size: "400x300")
        let junk = Data("not xmp \u{0}".utf8)
        try junk.write(to: URL(fileURLWithPath: photo + ".xmp"))
        try FileManager.default.createDirectory(atPath: photo + ".xmp~/important", withIntermediateDirectories: true)
        try "notes".write(toFile: photo + ".xmp~/important/notes.txt", atomically: false, encoding: .utf8)
        MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: photo)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            XCTAssertEqual(
                Self.keepCrop(window), "Crop kept in “p.png.xmp” (the unreadable old one is kept as “p.png.xmp~1”)")
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: photo + ".xmp~1")), junk)
        XCTAssertEqual(try String(contentsOfFile: photo + ".xmp~/important/notes.txt", encoding: .utf8), "notes")
    }

    /// Mode 0600, owner 65534, a `user.` attribute and an ACL entry on `file`.
    private func makePrivate(_ file: String) {
        XCTAssertNotNil(Shell.run("setfattr", ["-n", "user.origin", "-v", "camera-roll", file]))
        XCTAssertNotNil(Shell.run("setfacl", ["-m", "u:65533:r", file]))
        XCTAssertEqual(chmod(file, 0o600), 0)
        XCTAssertEqual(chown(file, 65534, 65534), 0)
    }

    private func attributes(_ file: String) -> [String?] {
        [
            Shell.run("stat", ["-c", "%a %u:%g", file]), Shell.run("getfattr", ["--only-values", "-n", "user.origin", file]),
            Shell.run("getfacl", ["--omit-header", "--numeric", file]),
        ]
    }

    func testSaveAndReplaceOriginalKeepWhatTheFilesWere() throws {
        try GtkTestSupport.requireDisplay()
        XCTAssertEqual(getuid(), 0, "giving a file to another owner needs root, as the test machines run")
        let photo = path("p.png")
        XCTAssertNotNil(Shell.run("convert", ["-size", "400x300", "-seed", "2", "plasma:fractal", photo]))
        let saved = Saving.croppedName(for: photo)
        XCTAssertNotNil(Shell.run("convert", ["-size", "10x10", "xc:red", saved]))
        [photo, saved].forEach(makePrivate)
        let before = [photo, saved].map(attributes)
        XCTAssertEqual(before[0][1], "camera-roll")
        MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: photo)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            window.canvas.commit(
                CropRect(pixelRect: PixelRect(x: 40, y: 30, width: 200, height: 100), imageWidth: 400, imageHeight: 300))
            window.saving.export(to: saved, overwritingSource: false)
            XCTAssertTrue(GtkDisplay.pump(timeout: 30) { !window.saving.isSaving }, "the save never ended")
            window.saving.export(to: photo, overwritingSource: true)
            XCTAssertTrue(GtkDisplay.pump(timeout: 30) { !window.saving.isSaving }, "Replace Original never ended")
            XCTAssertNil(window.lastError)
        }
        XCTAssertEqual(Shell.run("identify", ["-format", "%wx%h", saved]), "200x100")
        XCTAssertEqual(Shell.run("identify", ["-format", "%wx%h", photo]), "200x100")
        XCTAssertEqual([photo, saved].map(attributes), before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["p (cropped).png", "p.png"])
    }
}
