// GtkSupport's trash: a record's place as the trash writes it, the file just trashed found by its inode, put back safely.

import Foundation
import Glibc
import XCTest

@testable import GtkSupport
@testable import TestSupport

final class TrashTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try GtkDisplay.temporaryFolder("trash") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// A trash folder as the freedesktop.org layout has it, holding `name` (its contents `bytes`)
    /// with a record naming `place`.
    private func trashed(_ name: String, from place: String, bytes: String, in trash: URL) throws -> TrashedFile {
        let files = trash.appendingPathComponent("files"), info = trash.appendingPathComponent("info")
        for folder in [files, info] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try Data(bytes.utf8).write(to: files.appendingPathComponent(name))
        let escaped = place.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!
        try "[Trash Info]\nPath=\(escaped)\nDeletionDate=2026-12-03T10:00:00\n"
            .write(to: info.appendingPathComponent(name + ".trashinfo"), atomically: true, encoding: .utf8)
        return TrashedFile(
            originalPath: place, trashedPath: files.appendingPathComponent(name).path,
            infoPath: info.appendingPathComponent(name + ".trashinfo").path)
    }

    func testARecordsPlaceIsReadUnescapedFromItsOwnGroup() {
        XCTAssertEqual(Trash.originalPath(in: "[Trash Info]\nPath=/tmp/a%20b%C3%A9.png\nDeletionDate=x\n"), "/tmp/a bé.png")
        XCTAssertNil(Trash.originalPath(in: "[Other]\nPath=/tmp/a.png\n"))
        XCTAssertEqual(Trash.originalPath(in: "[Other]\nPath=/x\n[Trash Info]\nPath=rel/a.png\n"), "rel/a.png")
    }

    func testTheFileJustTrashedIsFoundByItsInodeAmongFilesOnceAtTheSamePlace() throws {
        let trash = folder.appendingPathComponent("Trash")
        let place = folder.appendingPathComponent("photos/a b.png").path
        _ = try trashed("a b.png", from: place, bytes: "older", in: trash)
        let newer = try trashed("a b.2.png", from: place, bytes: "newer", in: trash)
        var info = stat()
        XCTAssertEqual(lstat(newer.trashedPath, &info), 0)
        let found = Trash.find(place, device: info.st_dev, inode: info.st_ino, in: trash.path, top: "/")
        XCTAssertEqual(found, newer)
        XCTAssertNil(Trash.find(place + "x", device: info.st_dev, inode: info.st_ino, in: trash.path, top: "/"))
        // A mount's own trash records places relative to its top directory.
        let top = folder.path
        let relative = try trashed("c.png", from: "photos/c.png", bytes: "c", in: folder.appendingPathComponent(".Trash-1"))
        XCTAssertEqual(lstat(relative.trashedPath, &info), 0)
        let inMount = Trash.find(
            top + "/photos/c.png", device: info.st_dev, inode: info.st_ino, in: folder.appendingPathComponent(".Trash-1").path,
            top: top)
        XCTAssertEqual(inMount?.trashedPath, relative.trashedPath)
        XCTAssertEqual(Trash.folders(for: place, device: info.st_dev).first?.folder, Files.dataFolder + "/Trash")
    }

    func testRestorePutsTheFileBackAndRemovesItsRecordButNeverWritesOverAFile() throws {
        let photos = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let entry = try trashed(
            "a.png", from: photos.appendingPathComponent("a.png").path, bytes: "photo", in: folder.appendingPathComponent("Trash")
        )
        try Trash.restore(entry)
        XCTAssertEqual(try String(contentsOfFile: entry.originalPath, encoding: .utf8), "photo")
        XCTAssertFalse(FileManager.default.fileExists(atPath: entry.trashedPath))
        XCTAssertFalse(FileManager.default.fileExists(atPath: entry.infoPath))
        // Something new at the place: the trashed file stays where it is.
        let again = try trashed("a.png", from: entry.originalPath, bytes: "trashed", in: folder.appendingPathComponent("Trash"))
        XCTAssertThrowsError(try Trash.restore(again))
        XCTAssertEqual(try String(contentsOfFile: entry.originalPath, encoding: .utf8), "photo")
        XCTAssertTrue(FileManager.default.fileExists(atPath: again.trashedPath))
        XCTAssertTrue(FileManager.default.fileExists(atPath: again.infoPath))
    }
}
