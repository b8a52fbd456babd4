// GUIDE.md's key tables list exactly the keys of the shortcuts window, which come from the tables the keys are installed from.

import Foundation
import XCTest

@testable import EditorUI

final class GuideKeysTests: XCTestCase {
    private static let guide = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/GUIDE.md")

    /// Each window action's first key (the one the shortcuts window shows) is a row of GUIDE's
    /// window table, and each key there is one.
    func testTheWindowTableIsTheWindowsShortcuts() throws {
        let guide = try GuideKeyTable.keys(
            inTableTitled: "keys (anywhere in the window)", of: String(contentsOf: Self.guide, encoding: .utf8))
        let installed = MainActor.assumeIsolated { ShortcutsWindow.windowShortcuts.compactMap(\.accels.first) }
        XCTAssertFalse(installed.isEmpty)
        let shortcuts = Set(installed.map(GuideKeyTable.name(ofAccelerator:)))
        XCTAssertEqual(guide.subtracting(shortcuts).sorted(), [], "in GUIDE.md, not in the action tables")
        XCTAssertEqual(shortcuts.subtracting(guide).sorted(), [], "in the action tables, not in GUIDE.md")
    }

    /// The crop area's keys in GUIDE are the crop area group of the shortcuts window.
    func testTheCropAreaTableIsTheCropAreasShortcuts() throws {
        let guide = try GuideKeyTable.keys(
            inTableTitled: "keys (crop area focused)", of: String(contentsOf: Self.guide, encoding: .utf8))
        let installed = MainActor.assumeIsolated { ShortcutsWindow.cropAreaShortcuts.map(\.accelerator) }
        let shortcuts = Set(installed.map(GuideKeyTable.name(ofAccelerator:)))
        XCTAssertEqual(guide.subtracting(shortcuts).sorted(), [], "in GUIDE.md, not in the shortcuts window")
        XCTAssertEqual(shortcuts.subtracting(guide).sorted(), [], "in the shortcuts window, not in GUIDE.md")
    }

    func testKeysAreSpelledTheSameOnBothSides() {
        XCTAssertEqual(GuideKeyTable.name(ofAccelerator: "<Control><Shift>s"), "Ctrl+Shift+S")
        XCTAssertEqual(GuideKeyTable.name(ofAccelerator: "<Shift><Control>Left"), "Ctrl+Shift+←")
        XCTAssertEqual(GuideKeyTable.name(ofAccelerator: "Page_Down"), "Page Down")
        XCTAssertEqual(
            GuideKeyTable.names(inCell: "Ctrl+← → ↑ ↓, Ctrl+Shift+→"), ["Ctrl+←", "Ctrl+→", "Ctrl+↑", "Ctrl+↓", "Ctrl+Shift+→"])
        XCTAssertEqual(GuideKeyTable.names(inCell: "+ / −"), ["+", "−"])
        XCTAssertEqual(GuideKeyTable.names(inCell: "Ctrl+plus / Page Up"), ["Ctrl++", "Page Up"])
    }
}

/// Keys as GUIDE.md writes them (`Ctrl+Shift+S`, `Page Down`, `←`), from its tables' first column and from
/// GTK accelerators (`<Control><Shift>s`).
enum GuideKeyTable {
    private static let keyNames = [
        "Left": "←", "Right": "→", "Up": "↑", "Down": "↓", "Page_Down": "Page Down", "Page_Up": "Page Up",
        "BackSpace": "Backspace", "question": "?", "plus": "+", "minus": "−", "equal": "=", "bracketright": "]",
        "bracketleft": "[", "space": "Space",
    ]

    static func name(ofAccelerator accelerator: String) -> String {
        var modifiers: [String] = []
        var key = Substring(accelerator)
        while key.hasPrefix("<"), let end = key.firstIndex(of: ">") {
            modifiers.append(String(key[key.index(after: key.startIndex)..<end]))
            key = key[key.index(after: end)...]
        }
        let order = [("Control", "Ctrl+"), ("Shift", "Shift+"), ("Alt", "Alt+")]
        let prefix = order.filter { modifiers.contains($0.0) }.map(\.1).joined()
        let named = keyNames[String(key)] ?? (key.count == 1 ? key.uppercased() : String(key))
        return prefix + named
    }

    /// The keys of one cell: `A / B` and `A, B` list keys; `Ctrl+← → ↑ ↓` gives each key the modifiers.
    static func names(inCell cell: String) -> [String] {
        let spaced = cell.replacingOccurrences(of: "Page Down", with: "Page_Down").replacingOccurrences(
            of: "Page Up", with: "Page_Up")
        var found: [String] = []
        for token in spaced.components(separatedBy: " / ").flatMap({ $0.components(separatedBy: ", ") }) {
            var rest = Substring(token.trimmingCharacters(in: .whitespaces))
            var prefix = ""
            for modifier in ["Ctrl+", "Shift+", "Alt+"] where rest.hasPrefix(modifier) && rest.count > modifier.count {
                prefix += modifier
                rest = rest.dropFirst(modifier.count)
            }
            for key in rest.split(separator: " ") {
                let spelled = String(key).replacingOccurrences(of: "_", with: " ")
                found.append(prefix + ([("plus", "+"), ("minus", "−")].first { $0.0 == spelled }?.1 ?? spelled))
            }
        }
        return found
    }

    /// Every key of the first column of the table whose header's first cell is `title`.
    static func keys(inTableTitled title: String, of text: String) throws -> Set<String> {
        let lines = text.components(separatedBy: "\n")
        guard let header = lines.firstIndex(where: { $0.hasPrefix("| \(title) |") }) else {
            throw NSError(domain: "GUIDE.md has no table “\(title)”", code: 1)
        }
        let rows = lines[(header + 2)...].prefix { $0.hasPrefix("|") }
        return Set(rows.flatMap { names(inCell: $0.split(separator: "|", omittingEmptySubsequences: false)[1].description) })
    }
}
