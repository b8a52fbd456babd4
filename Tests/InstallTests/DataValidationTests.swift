// The desktop entry, AppStream metadata and schemas pass the validators Flathub runs, and agree with each other.

import Foundation
import XCTest

final class DataValidationTests: XCTestCase {
    private let appID = InstalledTree.appID

    private func read(_ path: String) throws -> String {
        try String(contentsOf: PackageCommand.root.appendingPathComponent(path), encoding: .utf8)
    }

    func testDesktopEntryValidatesWithoutWarnings() throws {
        let result = try PackageCommand.run("desktop-file-validate", ["data/\(appID).desktop"])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(result.output, "", "desktop-file-validate has remarks")
    }

    func testMetainfoValidatesOfflineWithoutWarnings() throws {
        let result = try PackageCommand.run("appstreamcli", ["validate", "--no-net", "data/\(appID).metainfo.xml"])
        XCTAssertEqual(result.status, 0, result.output)
        let remarks = result.output.split(separator: "\n").filter { $0.hasPrefix("E:") || $0.hasPrefix("W:") }
        XCTAssertEqual(remarks, [], "appstreamcli reports errors or warnings")
    }

    /// With no schema in data/ this still runs, and says "No schema files found: doing nothing".
    func testSchemasCompileStrictly() throws {
        let result = try PackageCommand.run("glib-compile-schemas", ["--strict", "--dry-run", "data/"])
        XCTAssertEqual(result.status, 0, result.output)
    }

    func testMakeValidatePasses() throws {
        let result = try PackageCommand.run("make", ["--no-print-directory", "validate"])
        XCTAssertEqual(result.status, 0, result.output)
    }

    func testDesktopEntryMetainfoAndIconsNameTheSameApp() throws {
        let desktop = try read("data/\(appID).desktop")
        XCTAssertTrue(desktop.contains("\nExec=crop-editor %F\n"), "Exec must run the installed binary")
        XCTAssertTrue(desktop.contains("\nIcon=\(appID)\n"), "Icon must be the app ID")
        XCTAssertFalse(desktop.contains("DBusActivatable"), "the app does not implement D-Bus activation")
        let metainfo = try read("data/\(appID).metainfo.xml")
        XCTAssertTrue(metainfo.contains("<id>\(appID)</id>"))
        XCTAssertTrue(metainfo.contains("<launchable type=\"desktop-id\">\(appID).desktop</launchable>"))
        XCTAssertTrue(metainfo.contains("<binary>crop-editor</binary>"))
    }

    /// Each screenshot URL in the metainfo points at a PNG kept in data/screenshots/, of the size it states.
    func testScreenshotsInMetainfoAreKeptInTheRepository() throws {
        let metainfo = try read("data/\(appID).metainfo.xml")
        let prefix = "https://raw.githubusercontent.com/cropeditor/CropEditor/main/"
        // Each piece after the first starts with the path and is preceded by `width="W" height="H">`.
        let pieces = metainfo.components(separatedBy: prefix)
        XCTAssertGreaterThanOrEqual(pieces.count - 1, 2, "the metainfo should show at least two screenshots")
        for (before, piece) in zip(pieces, pieces.dropFirst()) {
            let path = String(piece.prefix { $0 != "<" })
            XCTAssertTrue(path.hasPrefix("data/screenshots/") && path.hasSuffix(".png"), path)
            let data = try Data(contentsOf: PackageCommand.root.appendingPathComponent(path))
            XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "\(path) is no PNG")
            guard data.count >= 24 else { return XCTFail("\(path) is too short") }
            // The PNG header's IHDR chunk holds width and height, big-endian, at bytes 16 and 20.
            let size = [16, 20].map { at in data[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
            let stated = "width=\"\(size[0])\" height=\"\(size[1])\">"
            XCTAssertTrue(before.hasSuffix(stated), "\(path) is \(size[0])×\(size[1]), the metainfo says otherwise")
        }
    }
}
