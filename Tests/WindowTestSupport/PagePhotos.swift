// Photos of a page at a slant for the perspective tests, made with ImageMagick, and the checks on where its corners were found.

import CGtk
import CropKit
import Foundation
import XCTest

@testable import EditorUI
@testable import TestSupport

enum PagePhotos {
    /// The page's corners as ImageMagick draws them on an 800×600 picture, clockwise from the top left.
    static let page = [
        CropPoint(x: 190, y: 110), CropPoint(x: 620, y: 150), CropPoint(x: 660, y: 520), CropPoint(x: 150, y: 480),
    ]

    /// A page 300 × 420 (A4's proportions, near enough) standing, turned 8° clockwise about the picture's
    /// centre: seen square on, so its proportions are the sides' whichever way the picture is turned.
    static let standingPage = [
        CropPoint(x: 281, y: 71), CropPoint(x: 578, y: 113), CropPoint(x: 519, y: 529), CropPoint(x: 222, y: 487),
    ]

    /// A photo of a white page (`corners`, `page` unless given) on a dark textured table, as `name`;
    /// `marked`: with a dark disc and a grey block on the page, so one crop of it differs from another.
    static func pagePhoto(
        in folder: URL, _ name: String = "page.png", corners: [CropPoint] = page, marked: Bool = false
    ) -> String {
        let path = folder.appendingPathComponent(name).path
        let polygon = corners.map { "\(Int($0.x)),\(Int($0.y))" }.joined(separator: " ")
        let marks =
            marked
            ? ["-fill", "gray20", "-draw", "circle 340,200 365,200", "-fill", "gray60", "-draw", "rectangle 420,300 500,420"] : []
        XCTAssertNotNil(
            Shell.run(
                "convert",
                [
                    "-size", "800x600", "-seed", "7", "plasma:fractal", "-fill", "black", "-colorize", "70%", "-fill", "white",
                    "-draw", "polygon \(polygon)",
                ] + marks + [path]), "ImageMagick drew no page")
        return path
    }

    /// Whether every corner of `quad` lies within `tolerance` of the picture's diagonal from `expected`'s.
    static func assertCorners(
        _ quad: PerspectiveQuad, near expected: [CropPoint], diagonal: Double, tolerance: Double = 0.02,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        for (found, drawn) in zip(quad.corners, expected) {
            let distance = hypot(found.x - drawn.x, found.y - drawn.y)
            XCTAssertLessThanOrEqual(distance, tolerance * diagonal, "\(found) is far from \(drawn)", file: file, line: line)
        }
    }
}

extension EditorWindow {
    /// Whether `action` is enabled now.
    @MainActor func isActionEnabled(_ action: WindowAction) -> Bool {
        g_action_group_get_action_enabled(OpaquePointer(window.raw), action.name) != 0
    }

    /// A toggle action's state.
    @MainActor func isOn(_ action: WindowAction) -> Bool {
        guard let state = g_action_group_get_action_state(OpaquePointer(window.raw), action.name) else { return false }
        defer { g_variant_unref(state) }
        return g_variant_get_boolean(state) != 0
    }

    /// The Proportions menu's choice.
    @MainActor var proportions: String? {
        guard let state = g_action_group_get_action_state(OpaquePointer(window.raw), WindowAction.perspectiveProportions.name)
        else { return nil }
        defer { g_variant_unref(state) }
        return String(cString: g_variant_get_string(state, nil))
    }
}
