// Perspective in the window: the mode's toggle and bar, Find Document on a drawn page, one undo step, what it turns off.

import CGtk
import CropKit
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class PerspectiveWindowTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        try GtkTestSupport.requireDisplay()
        folder = try GtkDisplay.temporaryFolder("perspective-window")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// Saves the window's result as `path`, waits for it, and expects no error.
    @MainActor static func save(_ window: EditorWindow, to path: String, file: StaticString = #filePath, line: UInt = #line) {
        window.saving.export(to: path, overwritingSource: false)
        XCTAssertTrue(GtkDisplay.pump(timeout: 20) { !window.saving.isSaving }, "the save never finished", file: file, line: line)
        XCTAssertNil(window.lastError, file: file, line: line)
    }

    /// The width and height ImageMagick reads in `path`.
    static func size(_ path: String) -> [Int] {
        (Shell.run("identify", ["-format", "%w %h", path]) ?? "").split(separator: " ").compactMap { Int($0) }
    }

    @MainActor static func description(_ canvas: CropCanvas) -> String {
        guard let actual = cgtk_test_accessible_check_string(canvas.widget, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "") else {
            return ""
        }
        defer { g_free(actual) }
        return String(cString: actual)
    }

    func testTheToggleEntersAndLeavesTheModeAndStraightenModeGivesWay() throws {
        let photo = GtkTestSupport.greyFile(folder, "grey.png", size: "600x400")
        MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: photo)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let canvas = window.canvas, bar = window.layout.perspectiveBar.widget
            for action in [WindowAction.perspective, .findDocument, .upright, .uprightGuided, .straighten] {
                XCTAssertTrue(window.isActionEnabled(action), "\(action) is off")
            }
            for action in [WindowAction.applyPerspective, .cancelPerspective, .perspectiveProportions] {
                XCTAssertFalse(window.isActionEnabled(action), "\(action) is on outside the mode")
            }
            XCTAssertFalse(bar.isVisible)

            window.activate(.perspective)
            XCTAssertTrue(canvas.isEditingPerspective)
            XCTAssertTrue(window.isOn(.perspective))
            XCTAssertTrue(bar.isVisible, "the bar is hidden in perspective mode")
            for action in [WindowAction.applyPerspective, .cancelPerspective, .perspectiveProportions] {
                XCTAssertTrue(window.isActionEnabled(action), "\(action) is off in the mode")
            }
            // The header's toggle and the bar's buttons stand for the actions.
            XCTAssertEqual(
                gtk_actionable_get_action_name(OpaquePointer(window.header.perspectiveToggle)).map { String(cString: $0) },
                WindowAction.perspective.detailed)
            XCTAssertNotEqual(
                gtk_toggle_button_get_active(window.header.perspectiveToggle.raw.assumingMemoryBound(to: GtkToggleButton.self)), 0
            )

            // Straighten mode leaves perspective mode, and perspective mode leaves straighten mode.
            window.activate(.straighten)
            XCTAssertFalse(canvas.isEditingPerspective)
            XCTAssertFalse(window.isOn(.perspective))
            XCTAssertFalse(bar.isVisible)
            XCTAssertTrue(canvas.straightenMode && window.straightening.isOn)
            window.activate(.perspective)
            XCTAssertTrue(canvas.isEditingPerspective)
            XCTAssertFalse(window.isOn(.straighten))
            XCTAssertFalse(window.straightening.isOn, "the straighten bar stayed")

            // Cancel leaves with nothing changed; so does the toggle.
            window.activate(.cancelPerspective)
            XCTAssertFalse(canvas.isEditingPerspective)
            XCTAssertFalse(bar.isVisible)
            XCTAssertNil(canvas.editor.perspective)
            window.activate(.perspective)
            window.activate(.perspective)
            XCTAssertFalse(canvas.isEditingPerspective)
            XCTAssertFalse(canvas.editor.canUndo, "entering and leaving the mode is no step")
        }
        MainActor.assumeIsolated {
            // The demo has no bytes for the decoder to rectify or search.
            let demo = GtkTestSupport.demoWindow()
            defer { gtk_window_destroy(cgtk_window(demo.window.raw)) }
            for action in [WindowAction.perspective, .findDocument, .upright] {
                XCTAssertFalse(demo.isActionEnabled(action), "\(action) is on for the demo")
            }
        }
    }

    /// Draw Verticals (guided Upright) takes the picture's drags from perspective mode: the bar stays
    /// for its Cancel; Apply commits the mode's corners as one step and turns straightening off.
    func testGuidedUprightKeepsTheBarAndApplyTurnsStraighteningOff() throws {
        let photo = GtkTestSupport.greyFile(folder, "grey.png", size: "600x400")
        MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: photo)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let canvas = window.canvas, bar = window.layout.perspectiveBar.widget
            window.activate(.perspective)
            window.activate(.uprightGuided)
            XCTAssertTrue(canvas.guidedUprightMode)
            XCTAssertFalse(canvas.isEditingPerspective)
            XCTAssertTrue(window.isOn(.uprightGuided))
            XCTAssertFalse(window.isOn(.perspective))
            XCTAssertTrue(bar.isVisible, "the bar went with guided Upright on")
            XCTAssertFalse(window.isActionEnabled(.applyPerspective))
            XCTAssertTrue(window.isActionEnabled(.cancelPerspective))
            window.activate(.cancelPerspective)
            XCTAssertFalse(canvas.guidedUprightMode)
            XCTAssertFalse(window.isOn(.uprightGuided))
            XCTAssertFalse(bar.isVisible)

            // Apply commits the corners as one step: straightening and Apply to All go, Undo brings them back.
            window.activate(.perspective)
            window.activate(.applyPerspective)
            XCTAssertFalse(canvas.isEditingPerspective)
            XCTAssertNotNil(canvas.editor.perspective)
            for action in [WindowAction.straighten, .applyToAll, .suggest, .trim, .applyPerspective] {
                XCTAssertFalse(window.isActionEnabled(action), "\(action) is on with a correction")
            }
            XCTAssertTrue(window.isActionEnabled(.perspectiveProportions))
            gtk_widget_activate_action_variant(canvas.widget, CanvasAction.straightenClockwise.detailed, nil)
            XCTAssertTrue(canvas.editor.angle.isZero, "the crop area still turns the picture")
            canvas.undo()
            XCTAssertNil(canvas.editor.perspective)
            XCTAssertFalse(canvas.editor.canUndo, "Apply was more than one step")
            XCTAssertTrue(window.isActionEnabled(.straighten))
            XCTAssertTrue(window.isActionEnabled(.applyToAll))
        }
    }

    func testFindDocumentPutsTheCornersOnTheDrawnPageAndApplyIsOneStep() throws {
        let photo = PagePhotos.pagePhoto(in: folder)
        let diagonal = hypot(800.0, 600.0)
        MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: photo)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let canvas = window.canvas
            // In the mode the corners move onto the page, to be applied.
            window.activate(.perspective)
            window.activate(.findDocument)
            // One search of the pixels at a time.
            XCTAssertFalse(window.isActionEnabled(.upright), "Upright is offered while Find Document runs")
            XCTAssertFalse(window.isActionEnabled(.findDocument))
            XCTAssertTrue(
                GtkDisplay.pump(timeout: 20) {
                    canvas.perspectiveEditing?.quad != PerspectiveEditing.startingQuad(on: canvas.shownSize)
                },
                "the corners never moved: \(window.lastToast ?? "no toast")")
            guard let editing = canvas.perspectiveEditing else { return XCTFail("the mode ended") }
            PagePhotos.assertCorners(editing.quad, near: PagePhotos.page, diagonal: diagonal)
            XCTAssertTrue(Self.description(canvas).hasPrefix("Document found. "), Self.description(canvas))
            XCTAssertFalse(canvas.editor.canUndo, "placing the corners in the mode is no step yet")
            window.activate(.applyPerspective)
            XCTAssertEqual(canvas.editor.perspective?.quad, editing.quad)
            canvas.undo()
            XCTAssertNil(canvas.editor.perspective)
            XCTAssertFalse(canvas.editor.canUndo, "Apply was more than one step")

            // Outside the mode, on the picture turned a quarter right: committed at once, the corners turned with it.
            canvas.apply(.rotateRight)
            let turned = PagePhotos.page.map { CropPoint(x: 600 - $0.y, y: $0.x) }
            // Turned right, the drawn top left corner is the page's top right: the corners start at the bottom left.
            let expected = [turned[3], turned[0], turned[1], turned[2]]
            window.activate(.findDocument)
            XCTAssertTrue(GtkDisplay.pump(timeout: 20) { canvas.editor.perspective != nil }, window.lastToast ?? "nothing found")
            guard let committed = canvas.editor.perspective else { return }
            XCTAssertEqual(committed.picture, PixelSize(width: 600, height: 800))
            PagePhotos.assertCorners(committed.quad, near: expected, diagonal: diagonal)
            canvas.undo()
            XCTAssertNil(canvas.editor.perspective, "Find Document was more than one step")
            XCTAssertNil(window.lastError)
        }
    }

    func testAPhotoWithoutADocumentSaysSoAndChangesNothing() throws {
        let photo = folder.appendingPathComponent("clouds.png").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "600x400", "-seed", "3", "plasma:fractal", "-blur", "0x8", photo]))
        MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: photo)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            window.activate(.findDocument)
            XCTAssertTrue(
                GtkDisplay.pump(timeout: 20) { window.lastToast == "No document found" }, window.lastToast ?? "no toast")
            XCTAssertTrue(Self.description(window.canvas).hasPrefix("No document found. "))
            XCTAssertNil(window.canvas.editor.perspective)
            XCTAssertFalse(window.canvas.editor.canUndo)
            XCTAssertTrue(window.isActionEnabled(.findDocument), "the search never ended")
        }
    }

    /// At an angle Find Document still runs (the correction replaces the angle), and the previews
    /// are drawn from the rectified page: white all over.
    func testFindDocumentAtAnAngleReplacesItAndThePreviewsShowTheRectifiedPage() throws {
        let photo = PagePhotos.pagePhoto(in: folder)
        try MainActor.assumeIsolated {
            let settings = try XCTUnwrap(AppSettings.shared)
            defer { g_settings_reset(settings, AppSettings.previewPanelKey) }
            let window = GtkTestSupport.window(opening: photo)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let canvas = window.canvas
            window.previews.setShown(true)
            canvas.setAngle(StraightenAngle(degrees: 4))
            XCTAssertTrue(window.isActionEnabled(.findDocument), "Find Document is off at an angle")
            XCTAssertFalse(window.isActionEnabled(.trim))
            window.activate(.findDocument)
            XCTAssertTrue(GtkDisplay.pump(timeout: 20) { canvas.editor.perspective != nil }, window.lastToast ?? "nothing found")
            XCTAssertTrue(canvas.editor.angle.isZero, "the angle stayed with the correction")
            let size = try XCTUnwrap(canvas.editor.rectification?.size)
            XCTAssertTrue(
                GtkDisplay.pump(timeout: 20) { canvas.rectifiedImage != nil && window.previews.panel.rendered[256] != nil },
                "the rectified picture never came")
            // The page inside its edges: the crop well in from the rectified picture's border.
            canvas.commit(CropRect(x: 0.05, y: 0.05, width: 0.9, height: 0.9))
            let preview = try XCTUnwrap(window.previews.panel.rendered[256])
            XCTAssertEqual(
                Double(preview.width) / Double(preview.height), Double(size.width) / Double(size.height), accuracy: 0.02)
            var darkest = 255
            for y in stride(from: 0, to: preview.height, by: 4) {
                for x in stride(from: 0, to: preview.width, by: 4) {
                    let p = preview.pixel(x: x, y: y)
                    darkest = min(darkest, Int(p.r), Int(p.g), Int(p.b))
                }
            }
            XCTAssertGreaterThan(darkest, 200, "the previews show the table, not the page alone")
        }
    }

    /// A JPEG with a correction says it saves re-encoded, and Save makes what the command line's
    /// `--perspective=…` makes from the same corners on the turned picture, with the same crop.
    func testSavingACorrectedCropMatchesTheCommandLine() throws {
        let photo = folder.appendingPathComponent("letter.jpg").path
        XCTAssertNotNil(
            Shell.run(
                "convert",
                [PagePhotos.pagePhoto(in: folder, "letter.png", marked: true), "-quality", "92", photo]))
        let saved = folder.appendingPathComponent("window.png").path, cli = folder.appendingPathComponent("cli.png").path
        let (corners, crop) = try MainActor.assumeIsolated { () throws -> ([CropPoint], PixelRect) in
            let window = GtkTestSupport.window(opening: photo)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let canvas = window.canvas
            canvas.apply(.rotateRight)
            let quad = try XCTUnwrap(
                PerspectiveQuad([
                    CropPoint(x: 120.5, y: 190.25), CropPoint(x: 450, y: 150), CropPoint(x: 490.75, y: 620),
                    CropPoint(x: 80, y: 660),
                ]))
            canvas.placeFoundDocument(quad)
            XCTAssertEqual(canvas.editor.perspective?.quad, quad)
            canvas.commit(CropRect(x: 0.1, y: 0.15, width: 0.7, height: 0.6))
            XCTAssertEqual(String(cString: gtk_button_get_label(cgtk_button(window.header.losslessButton.raw))), "Re-encoded")
            XCTAssertEqual(
                String(cString: gtk_widget_get_tooltip_text(window.header.losslessButton)),
                "A crop with a corrected perspective saves re-encoded")
            XCTAssertEqual(Saving.exportOptions(canvas.editor, outputSize: .original).perspective, canvas.editor.rectification)
            Self.save(window, to: saved)
            return (quad.corners, canvas.editor.cropPixels)
        }
        let argument = corners.map { "\($0.x),\($0.y)" }.joined(separator: ",")
        XCTAssertNotNil(
            Shell.run(
                ExternalEditor.buildFolder.appendingPathComponent("crop-editor").path,
                [
                    "--rotate=90", "--perspective=\(argument)", "--crop=\(crop.width)x\(crop.height)+\(crop.x)+\(crop.y)",
                    "--output=\(cli)", photo,
                ]), "the command line refused the same corners")
        XCTAssertEqual(Shell.run("identify", ["-format", "%wx%h", saved]), "\(crop.width)x\(crop.height)")
        XCTAssertNotNil(
            Shell.run("compare", ["-metric", "AE", saved, cli, "null:"]), "the window's save differs from the command line's")
    }

    /// Output Size's A4 print of a corrected page locked to A4: exactly A4's pixels at the print's resolution.
    func testAnA4PrintOfACorrectedPageIsExactlyA4AtThePrintsResolution() throws {
        let photo = PagePhotos.pagePhoto(in: folder, corners: PagePhotos.standingPage, marked: true)
        let saved = folder.appendingPathComponent("a4.png").path
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: photo)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            window.canvas.placeFoundDocument(try XCTUnwrap(PerspectiveQuad(PagePhotos.standingPage)))
            window.activate(.perspectiveProportions, g_variant_new_string("a4"))
            let a4 = try XCTUnwrap(OutputSizePreset.printA4.size())
            window.activate(.outputSize, g_variant_new_string(OutputSizing.target(a4)))
            XCTAssertEqual(window.canvas.editor.perspective?.ratio ?? 0, PaperSize.a4.ratio, accuracy: 1e-9)
            // The page fills the crop: the rectified picture is A4 already (to its whole pixels), so all of it is kept.
            XCTAssertGreaterThan(window.canvas.crop.width, 0.998)
            XCTAssertGreaterThan(window.canvas.crop.height, 0.998)
            Self.save(window, to: saved)
        }
        XCTAssertEqual(Self.size(saved), [2480, 3508])
    }

    /// Kept after a quarter turn with A4 proportions: reopened unturned, the same page comes back, A4
    /// again (standing, as the upright photo shows it), nothing to undo, and Save makes the first save turned back.
    func testAKeptPerspectiveIsRestoredWhenThePhotoOpensAgain() throws {
        let photo = PagePhotos.pagePhoto(in: folder, corners: PagePhotos.standingPage, marked: true)
        let first = folder.appendingPathComponent("first.png").path, second = folder.appendingPathComponent("second.png").path
        let kept = try MainActor.assumeIsolated { () throws -> [CropPoint] in
            let window = GtkTestSupport.window(opening: photo)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let canvas = window.canvas
            canvas.apply(.rotateRight)
            window.activate(.findDocument)
            XCTAssertTrue(GtkDisplay.pump(timeout: 20) { canvas.editor.perspective != nil }, window.lastToast ?? "nothing found")
            // Turned right, the page lies: A4 lies too.
            window.activate(.perspectiveProportions, g_variant_new_string("a4"))
            XCTAssertEqual(try XCTUnwrap(canvas.editor.perspective?.ratio), 1 / PaperSize.a4.ratio, accuracy: 1e-12)
            XCTAssertEqual(window.proportions, "a4")
            canvas.commit(CropRect(x: 0.1, y: 0.1, width: 0.8, height: 0.75))
            Self.save(window, to: first)
            window.activate(.keepCrop)
            XCTAssertTrue(GtkDisplay.pump(timeout: 10) { window.lastKeptSidecar != nil }, window.lastError ?? "not kept")
            return try XCTUnwrap(canvas.editor.uprightPerspectiveCorners)
        }
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: photo)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let canvas = window.canvas
            XCTAssertEqual(canvas.transform, .up)
            let restored = try XCTUnwrap(canvas.editor.uprightPerspectiveCorners, "the perspective was not restored")
            for (a, b) in zip(restored, kept) {
                XCTAssertEqual(a.x, b.x, accuracy: 1e-6)
                XCTAssertEqual(a.y, b.y, accuracy: 1e-6)
            }
            XCTAssertEqual(try XCTUnwrap(canvas.editor.perspective?.ratio), PaperSize.a4.ratio, accuracy: 1e-9)
            XCTAssertEqual(window.proportions, "a4")
            XCTAssertFalse(canvas.editor.canUndo, "restoring is no step to undo")
            XCTAssertEqual(window.lastToast?.hasPrefix("Crop restored from"), true, window.lastToast ?? "no toast")
            Self.save(window, to: second)
        }
        // The same crop of the same page; its sides may round a pixel apart once turned back.
        let (turned, reopened) = (Self.size(first), Self.size(second))
        XCTAssertEqual(turned.count, 2)
        XCTAssertEqual(reopened.count, 2)
        guard turned.count == 2, reopened.count == 2 else { return }
        XCTAssertLessThanOrEqual(abs(turned[0] - reopened[1]) + abs(turned[1] - reopened[0]), 2, "\(turned) against \(reopened)")
        let difference = Shell.run(
            "convert",
            [
                first, "-rotate", "270", "(", second, "-resize", "\(turned[1])x\(turned[0])!", ")", "-compose", "difference",
                "-composite", "-format", "%[fx:mean*255]", "info:",
            ])
        XCTAssertLessThanOrEqual(try XCTUnwrap(difference.flatMap { Double($0) }), 2, "the reopened crop makes another picture")
    }

    /// Upright on a street whose columns lean in, on the picture turned right: one step, heard, and
    /// saved as the command line's `--upright=auto --rotate=90` makes it; a flat picture says it has no lines.
    func testUprightOnTheTurnedPictureSavesWhatTheCommandLineMakes() throws {
        let street = folder.appendingPathComponent("street.png").path, flat = folder.appendingPathComponent("flat.png").path
        let columns = stride(from: 100, through: 800, by: 100).map { x in "line \(x),600 \(450 + Int(Double(x - 450) * 0.8)),0" }
        XCTAssertNotNil(
            Shell.run(
                "convert",
                ["-size", "900x600", "xc:#c8c0b0", "-stroke", "#303030", "-strokewidth", "5"] + columns.flatMap { ["-draw", $0] }
                    + ["-depth", "8", street]))
        XCTAssertNotNil(Shell.run("convert", ["-size", "600x400", "xc:gray50", flat]))
        let saved = folder.appendingPathComponent("window.png").path, cli = folder.appendingPathComponent("cli.png").path
        MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: street)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let canvas = window.canvas
            canvas.apply(.rotateRight)
            window.activate(.upright)
            XCTAssertTrue(GtkDisplay.pump(timeout: 20) { canvas.editor.perspective != nil }, window.lastToast ?? "no correction")
            XCTAssertTrue(Self.description(canvas).hasPrefix("Verticals straightened. "), Self.description(canvas))
            XCTAssertEqual(canvas.editor.perspective?.picture, PixelSize(width: 600, height: 900))
            Self.save(window, to: saved)
            canvas.undo()
            XCTAssertNil(canvas.editor.perspective, "Upright was more than one step")
        }
        XCTAssertNotNil(
            Shell.run(
                ExternalEditor.buildFolder.appendingPathComponent("crop-editor").path,
                ["--upright=auto", "--rotate=90", "--output=\(cli)", street]))
        // The same picture in the same proportions. The window keeps Upright's quadrilateral and ratio, and makes
        // it at the quadrilateral's own resolution, where the command line makes Upright's own size.
        let (ours, theirs) = (Self.size(saved).map(Double.init), Self.size(cli).map(Double.init))
        XCTAssertEqual(ours.count, 2)
        XCTAssertEqual(theirs.count, 2)
        guard ours.count == 2, theirs.count == 2 else { return }
        XCTAssertEqual(ours[0] / ours[1], theirs[0] / theirs[1], accuracy: 0.005)
        let difference = Shell.run(
            "convert",
            [
                "(", saved, "-resize", "\(Int(theirs[0]))x\(Int(theirs[1]))!", ")", cli, "-compose", "difference", "-composite",
                "-format", "%[fx:mean*255]", "info:",
            ])
        XCTAssertLessThanOrEqual(try XCTUnwrap(difference.flatMap { Double($0) }), 2, "the window's Upright differs")
        MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: flat)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            window.activate(.upright)
            XCTAssertTrue(
                GtkDisplay.pump(timeout: 20) { window.lastToast == "Nothing to straighten by: the picture has no clear lines" },
                window.lastToast ?? "no toast")
            XCTAssertNil(window.canvas.editor.perspective)
            XCTAssertFalse(window.canvas.editor.canUndo)
        }
    }
}
