// What the desktop entry and AppStream metadata tell software centres: keywords, Paste and Crop, developer, branding, releases.

import Foundation
import XCTest

final class AppStreamElementsTests: XCTestCase {
    private let appID = InstalledTree.appID

    private func read(_ path: String) throws -> String {
        try String(contentsOf: PackageCommand.root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The value of `key` in the desktop entry's group `group`.
    private static func value(_ key: String, in group: String, of entry: String) -> String? {
        var inGroup = false
        for line in entry.split(separator: "\n") {
            if line.hasPrefix("[") { inGroup = line == "[\(group)]" }
            if inGroup, line.hasPrefix(key + "=") { return String(line.dropFirst(key.count + 1)) }
        }
        return nil
    }

    func testTheDesktopEntryHasKeywordsAndAPasteAndCropAction() throws {
        let entry = try read("data/\(appID).desktop")
        let keywords = try XCTUnwrap(Self.value("Keywords", in: "Desktop Entry", of: entry)).split(separator: ";")
        for word in ["crop", "photo", "screenshot", "print", "wallpaper"] {
            XCTAssertTrue(keywords.contains(Substring(word)), word)
        }
        XCTAssertEqual(Self.value("Actions", in: "Desktop Entry", of: entry), "paste;")
        XCTAssertEqual(Self.value("Name", in: "Desktop Action paste", of: entry), "Paste and Crop")
        XCTAssertEqual(Self.value("Exec", in: "Desktop Action paste", of: entry), "crop-editor --paste")
    }

    func testTheMetainfoHasTheAppStreamOneElementsSoftwareCentresShow() throws {
        let metainfo = try read("data/\(appID).metainfo.xml")
        XCTAssertTrue(metainfo.contains("<developer id=\"io.github.cropeditor\">\n    <name>Crop Editor contributors</name>"))
        for scheme in ["light", "dark"] {
            XCTAssertNotNil(
                metainfo.range(
                    of: #"<color type="primary" scheme_preference="\#(scheme)">#[0-9a-f]{6}</color>"#, options: .regularExpression
                ),
                "no \(scheme) brand colour")
        }
        let screenshots = metainfo.components(separatedBy: "<screenshot").dropFirst().filter { !$0.hasPrefix("s>") }
        XCTAssertGreaterThanOrEqual(screenshots.count, 2)
        for screenshot in screenshots { XCTAssertTrue(screenshot.contains("<caption>"), "a screenshot without a caption") }
        XCTAssertNotNil(metainfo.range(of: #"<release version="[0-9.]+" date="\d{4}-\d{2}-\d{2}">"#, options: .regularExpression))
        XCTAssertTrue(metainfo.contains("<content_rating type=\"oars-1.1\"/>"))
    }
}
