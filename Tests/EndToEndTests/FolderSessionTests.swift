// A cropping session over a folder with real keys: Page Down/Up, crops kept per photo, Ctrl+Return, closing unsaved.

import CGtk
import CropKit
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class FolderSessionTests: XCTestCase {
    /// Generated photos in a new folder, each `name: WxH`, with a text file and a hidden photo the session leaves out.
    private static func folder(_ label: String, _ photos: [(name: String, size: String)]) throws -> URL {
        let folder = try GtkDisplay.temporaryFolder(label)
        for (seed, photo) in photos.enumerated() {
            XCTAssertNotNil(
                Shell.run(
                    "convert",
                    [
                        "-size", photo.size, "-seed", "\(seed + 1)", "plasma:fractal",
                        folder.appendingPathComponent(photo.name).path,
                    ]))
        }
        try "not a photo".write(to: folder.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        _ = GtkTestSupport.greyFile(folder, ".hidden.png", size: "20x20")
        return folder
    }

    /// A real key press (xdotool) on the focused window, handled before it returns.
    @MainActor private static func press(_ keys: String) {
        Shell.run("xdotool", ["key", "--clearmodifiers", keys])
        GtkDisplay.catchUp()
    }

    @MainActor private static func enabled(_ window: EditorWindow, _ action: WindowAction) -> Bool {
        g_action_group_get_action_enabled(OpaquePointer(window.window.raw), action.name) != 0
    }

    @MainActor private static func shownTitle(_ window: EditorWindow) -> String {
        String(cString: adw_window_title_get_title(OpaquePointer(window.header.title)))
    }

    /// Waits until the window shows `path` (Page Down may decode it first).
    @MainActor private static func waitFor(_ window: EditorWindow, showing path: String) -> Bool {
        GtkDisplay.pump(timeout: 10) { !window.isLoading && window.canvas.image?.path == path }
    }

    func testPageDownAndUpBrowseTheFolderInNameOrderAndEachPhotoKeepsItsCrop() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try Self.folder(
            "browse", [("photo 10.png", "640x360"), ("photo 1.png", "600x400"), ("photo 2.jpg", "500x500")])
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = ["photo 1.png", "photo 2.jpg", "photo 10.png"].map { folder.appendingPathComponent($0).path }
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: paths[0])
            defer {
                window.ratio.choose(.free)  // remembered: later windows must start free
                gtk_window_destroy(cgtk_window(window.window.raw))
            }
            XCTAssertTrue(
                GtkDisplay.pump { window.session.photoCounter == "1 of 3" }, window.session.photoCounter ?? "no counter")
            _ = try GtkTestSupport.placeAtCorner(window, name: "photo 1.png")
            XCTAssertFalse(Self.enabled(window, .previousPhoto))
            XCTAssertTrue(Self.enabled(window, .nextPhoto))
            for button in window.header.photoButtons { XCTAssertNotEqual(gtk_widget_get_visible(button), 0) }

            // The first photo: narrowed by a real key, then square and round for what comes next.
            Self.press("shift+Left")
            let first = window.canvas.editor
            XCTAssertEqual(first.crop.width, 0.99, accuracy: 1e-9)
            XCTAssertEqual(Self.shownTitle(window), "• photo 1.png")

            Self.press("Next")  // Page Down
            XCTAssertTrue(Self.waitFor(window, showing: paths[1]), "Page Down did not show \(paths[1])")
            XCTAssertEqual(window.session.photoCounter, "2 of 3 · 1 unsaved")
            XCTAssertEqual(Self.shownTitle(window), "photo 2.jpg")
            XCTAssertEqual(window.canvas.crop, .unit, "a photo not shown before starts whole")
            XCTAssertFalse(window.canvas.editor.canUndo)
            window.activate(.aspectRatio, g_variant_new_string("16:9"))
            window.activate(.shape, g_variant_new_string("circle"))
            Self.press("Left")
            let second = window.canvas.editor

            Self.press("Next")
            XCTAssertTrue(Self.waitFor(window, showing: paths[2]))
            XCTAssertEqual(window.session.photoCounter, "3 of 3 · 2 unsaved")
            XCTAssertFalse(Self.enabled(window, .nextPhoto))
            // The ratio and the shape carry over to a photo not shown before: a 16:9 crop of 640×360 is the whole.
            XCTAssertEqual(window.canvas.aspectRatio, AspectRatio(parsing: "16:9"))
            XCTAssertEqual(window.canvas.shape, .circle)
            XCTAssertEqual(window.canvas.crop, .unit)
            Self.press("Next")  // nothing after the last
            XCTAssertEqual(window.canvas.image?.path, paths[2])

            Self.press("Prior")  // Page Up
            XCTAssertTrue(Self.waitFor(window, showing: paths[1]))
            XCTAssertEqual(window.canvas.editor, second, "the second photo's crop, ratio, shape and history came back")
            XCTAssertTrue(window.canvas.editor.canUndo)
            Self.press("Prior")
            XCTAssertTrue(Self.waitFor(window, showing: paths[0]))
            XCTAssertEqual(window.canvas.editor, first)
            XCTAssertEqual(window.canvas.shape, .rectangle)
            XCTAssertFalse(Self.enabled(window, .previousPhoto))
            XCTAssertEqual(window.session.photoCounter, "1 of 3 · 2 unsaved")
            // Undoing the only change: the photo is as it was opened, no longer unsaved.
            window.activate(.undo)
            XCTAssertEqual(Self.shownTitle(window), "photo 1.png")
            XCTAssertEqual(window.session.photoCounter, "1 of 3 · 1 unsaved")
            // The header's arrow does what Page Down does.
            window.activate(.nextPhoto)
            XCTAssertTrue(Self.waitFor(window, showing: paths[1]))
            XCTAssertNil(window.lastError)
        }
    }

    func testCtrlReturnSavesTheCropAndGoesToTheNextPhoto() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try Self.folder("loop", [("a.png", "600x400"), ("b.png", "300x500")])
        defer { try? FileManager.default.removeItem(at: folder) }
        let (a, b) = (folder.appendingPathComponent("a.png").path, folder.appendingPathComponent("b.png").path)
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: a)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            XCTAssertTrue(GtkDisplay.pump { window.session.photoCounter == "1 of 2" })
            _ = try GtkTestSupport.placeAtCorner(window, name: "a.png")
            window.canvas.commit(
                CropRect(pixelRect: PixelRect(x: 60, y: 40, width: 300, height: 200), imageWidth: 600, imageHeight: 400))
            Self.press("ctrl+Return")
            XCTAssertTrue(Self.waitFor(window, showing: b), "Ctrl+Return did not go on to b.png")
            XCTAssertTrue(GtkDisplay.pump(timeout: 10) { !window.saving.isSaving })
            XCTAssertNil(window.lastError)
            let saved = folder.appendingPathComponent("a (cropped).png").path
            let reference = folder.appendingPathComponent("reference.png").path
            Shell.run("convert", [a, "-crop", "300x200+60+40", "+repage", reference])
            XCTAssertEqual(Shell.run("compare", ["-metric", "AE", saved, reference, "null:"]) ?? "differs", "")
            // Saved: the first photo is not counted unsaved.
            XCTAssertEqual(window.session.photoCounter, "2 of 2")
            // On the last photo Ctrl+Return saves and stays.
            Self.press("ctrl+Return")
            XCTAssertTrue(GtkDisplay.pump(timeout: 10) { !window.saving.isSaving })
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("b (cropped).png").path))
            XCTAssertEqual(window.canvas.image?.path, b)
        }
    }

    func testClosingWithUnsavedCropsAsksAndCancelKeepsSaveAllSavesEveryOne() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try Self.folder("close", [("one.png", "400x300"), ("two.png", "300x300"), ("three.png", "200x100")])
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = ["one.png", "three.png", "two.png"].map { folder.appendingPathComponent($0).path }
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: paths[0])
            XCTAssertTrue(GtkDisplay.pump { window.session.photoCounter == "1 of 3" })
            _ = try GtkTestSupport.placeAtCorner(window, name: "one.png")
            window.canvas.commit(
                CropRect(pixelRect: PixelRect(x: 10, y: 20, width: 200, height: 100), imageWidth: 400, imageHeight: 300))
            Self.press("Next")
            XCTAssertTrue(Self.waitFor(window, showing: paths[1]))
            Self.press("Next")
            XCTAssertTrue(Self.waitFor(window, showing: paths[2]))
            window.canvas.commit(
                CropRect(pixelRect: PixelRect(x: 0, y: 50, width: 150, height: 250), imageWidth: 300, imageHeight: 300))

            // Ctrl+W asks; Escape (the dialog's close response) is Cancel: the window stays, nothing written.
            Self.press("ctrl+w")
            XCTAssertTrue(GtkDisplay.pump { window.closing.dialog != nil }, "closing did not ask")
            XCTAssertTrue(GtkDisplay.drawn(try XCTUnwrap(window.closing.dialog)))
            Self.press("Escape")
            XCTAssertTrue(GtkDisplay.pump { window.closing.dialog == nil })
            XCTAssertFalse(window.isClosed)
            let written = {
                (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.filter { $0.contains("cropped") } ?? []
            }
            XCTAssertEqual(written(), [])

            // Again, and Save All: both crops are written beside their photos and the window closes.
            Self.press("ctrl+w")
            let dialog = try XCTUnwrap(GtkDisplay.pump { window.closing.dialog != nil } ? window.closing.dialog : nil)
            adw_message_dialog_response(dialog.raw.assumingMemoryBound(to: AdwMessageDialog.self), "save")
            XCTAssertTrue(GtkDisplay.pump(timeout: 15) { window.isClosed }, window.lastError ?? "the window stayed open")
            XCTAssertEqual(written().sorted(), ["one (cropped).png", "two (cropped).png"])
            for (source, geometry) in [(paths[0], "200x100+10+20"), (paths[2], "150x250+0+50")] {
                let reference = folder.appendingPathComponent("reference.png").path
                Shell.run("convert", [source, "-crop", geometry, "+repage", reference])
                let saved = Saving.croppedName(for: source)
                XCTAssertEqual(Shell.run("compare", ["-metric", "AE", saved, reference, "null:"]) ?? "differs", "", saved)
            }
            XCTAssertEqual(
                (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.filter { $0.hasPrefix(".") },
                [".hidden.png"],
                "a temporary file was left")
        }
    }

    func testDiscardClosesWithoutWritingAndAWindowWithNothingUnsavedClosesAtOnce() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try Self.folder("discard", [("x.png", "300x200"), ("y.png", "300x200")])
        defer { try? FileManager.default.removeItem(at: folder) }
        MainActor.assumeIsolated {
            let untouched = GtkTestSupport.window(opening: folder.appendingPathComponent("x.png").path)
            gtk_window_close(cgtk_window(untouched.window.raw))
            XCTAssertTrue(GtkDisplay.pump { untouched.isClosed }, "a window with nothing unsaved asked")

            let window = GtkTestSupport.window(opening: folder.appendingPathComponent("y.png").path)
            window.canvas.apply(.makeNarrower)
            // Quit (Ctrl+Q) closes every window as its close button would: this one asks first.
            GtkTestSupport.application.quit()
            XCTAssertTrue(GtkDisplay.pump { window.closing.dialog != nil }, "quitting did not ask")
            XCTAssertFalse(window.isClosed)
            adw_message_dialog_response(window.closing.dialog!.raw.assumingMemoryBound(to: AdwMessageDialog.self), "discard")
            XCTAssertTrue(GtkDisplay.pump { window.isClosed })
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("y (cropped).png").path))
        }
    }

    /// Page Down to the next photo drawn, with its picture prepared in the background and without:
    /// printed as a `PAGEDOWN` line (measured, not asserted: the figures go in docs/BENCHMARKS.md).
    func testPageDownToTheNextPhotoDrawnPreparedAndNot() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("pagedown")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Three 24-megapixel JPEGs.
        let first = try GtkTestSupport.noiseJPEGs(folder, ["big1.jpg", "big2.jpg", "big3.jpg"], size: "6000x4000")[0]
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: first)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            XCTAssertTrue(GtkDisplay.pump { window.session.photoCounter == "1 of 3" })
            _ = try GtkTestSupport.placeAtCorner(window, name: "big1.jpg")
            // From the key reaching the window (xdotool has returned; the loop has not run since) to
            // the photo set on the canvas, and to its first frame painted.
            @MainActor func pageDown(to name: String) -> (shown: Double, painted: Double) {
                Shell.run("xdotool", ["key", "--clearmodifiers", "Next"])
                let start = Date()
                GtkDisplay.catchUp()
                XCTAssertTrue(Self.waitFor(window, showing: folder.appendingPathComponent(name).path))
                let shown = Date().timeIntervalSince(start) * 1000
                XCTAssertTrue(GtkDisplay.drawn(window.canvas.widget))
                return (shown, Date().timeIntervalSince(start) * 1000)
            }
            let second = folder.appendingPathComponent("big2.jpg").path
            XCTAssertTrue(
                GtkDisplay.pump(timeout: 20) { window.session.prefetcher.prepared(second) != nil }, "never prepared")
            let prepared = pageDown(to: "big2.jpg")
            let third = folder.appendingPathComponent("big3.jpg").path
            // Not prepared: the decode that started in the background is dropped and Page Down decodes.
            XCTAssertTrue(GtkDisplay.pump(timeout: 20) { window.session.prefetcher.prepared(third) != nil })
            window.session.prefetcher.drop(third)
            let unprepared = pageDown(to: "big3.jpg")
            print(
                String(
                    format: "PAGEDOWN 6000x4000 JPEG, shown / painted: prepared %.0f / %.0f ms, not prepared %.0f / %.0f ms",
                    prepared.shown, prepared.painted, unprepared.shown, unprepared.painted))
        }
    }

    /// The next photo's display cache is drawn while the first is shown, so Page Down's first frame copies it
    /// rather than drawing one.
    func testPageDownCopiesTheNextPhotosCacheDrawnAhead() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("ahead")
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try GtkTestSupport.noiseJPEGs(folder, ["ahead1.jpg", "ahead2.jpg", "ahead3.jpg"], size: "2400x1600")[0]
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: first)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            _ = try GtkTestSupport.placeAtCorner(window, name: "ahead1.jpg")
            let second = folder.appendingPathComponent("ahead2.jpg").path
            let painter = window.canvas.painter
            @MainActor func preparedSurface() -> ImageSurface? {
                guard case .success(let image) = window.session.prefetcher.prepared(second) else { return nil }
                return painter.preparedCaches.contains { $0.source === image.surface } ? image.surface : nil
            }
            XCTAssertTrue(GtkDisplay.pump(timeout: 20) { preparedSurface() != nil }, "the next photo was never drawn ahead")
            let surface = try XCTUnwrap(preparedSurface())
            var builds = 0
            painter.onCacheBuild = { builds += 1 }
            Shell.run("xdotool", ["key", "--clearmodifiers", "Next"])
            XCTAssertTrue(Self.waitFor(window, showing: second))
            XCTAssertTrue(GtkDisplay.drawn(window.canvas.widget))
            XCTAssertTrue(painter.displayCache?.source === surface, "the frame shows another cache")
            XCTAssertEqual(builds, 0, "Page Down drew the cache again")
            XCTAssertFalse(painter.preparedCaches.contains { $0.source === surface }, "taken, not kept twice")
        }
    }
}
