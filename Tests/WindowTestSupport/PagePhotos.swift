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

    /// A photo of a white page (`corners`, `page` unless given) on a dark textured table, as `name`, of
    /// `size` ("800x600" unless given); `marked`: with a dark disc and a grey block on the page, so one
    /// crop of it differs from another; `marks`: more ImageMagick drawing on it (`writing(on:)`).
    static func pagePhoto(
        in folder: URL, _ name: String = "page.png", size: String = "800x600", corners: [CropPoint] = page,
        marked: Bool = false, marks more: [String] = []
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
                    "-size", size, "-seed", "7", "plasma:fractal", "-fill", "black", "-colorize", "70%", "-fill", "white",
                    "-draw", "polygon \(polygon)",
                ] + marks + more + [path]), "ImageMagick drew no page")
        return path
    }

    /// Drawing arguments for `count` dark lines of writing across the page whose corners are `corners`,
    /// each from near its left side towards its right (straight lines stay straight when the page is
    /// made flat), clear of its edges.
    static func writing(on corners: [CropPoint], count: Int = 8) -> [String] {
        func along(_ a: CropPoint, _ b: CropPoint, _ t: Double) -> CropPoint {
            CropPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
        }
        var lines = ["-stroke", "gray25", "-strokewidth", "3"]
        for row in 1...count {
            let t = 0.1 + 0.8 * Double(row) / Double(count + 1)
            let (left, right) = (along(corners[0], corners[3], t), along(corners[1], corners[2], t))
            let (start, end) = (along(left, right, 0.12), along(left, right, row % 3 == 0 ? 0.6 : 0.88))
            lines += ["-draw", "line \(Int(start.x)),\(Int(start.y)) \(Int(end.x)),\(Int(end.y))"]
        }
        return lines
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
