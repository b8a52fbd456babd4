// GtkSupport's files through GIO: paths, the user's folders, types from names, GNOME Files' order, a missing file opened.

import CGtk
import Foundation
import GtkSupport
import XCTest

@testable import TestSupport

final class FilesTests: XCTestCase {
    func testPathsFoldersTypesAndTheOrderOfNames() {
        let file = g_file_new_for_path("/tmp/a b.png")!
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        XCTAssertEqual(Files.path(of: file), "/tmp/a b.png")
        XCTAssertEqual(Files.localPath(ofArgument: "/tmp/a b.png"), "/tmp/a b.png")
        XCTAssertEqual(Files.localPath(ofArgument: "file:///tmp/a%20b.png"), "/tmp/a b.png")
        XCTAssertNil(Files.localPath(ofArgument: "https://example.org/a.png"), "a web address has a local path")
        let pictures = g_get_user_special_dir(G_USER_DIRECTORY_PICTURES).map { String(cString: $0) }
        XCTAssertEqual(Files.picturesFolder, pictures ?? String(cString: g_get_home_dir()))
        XCTAssertEqual(Files.cacheFolder, String(cString: g_get_user_cache_dir()))
        XCTAssertTrue(Files.isOfType(name: "beach.JPG", mimeTypes: ["image/png", "image/jpeg"]))
        XCTAssertFalse(Files.isOfType(name: "notes.txt", mimeTypes: ["image/png", "image/jpeg"]))
        let sorted = ["IMG_10.jpg", "IMG_2.jpg", "IMG_1.jpg"].sorted {
            Files.collationKey(ofName: $0).lexicographicallyPrecedes(Files.collationKey(ofName: $1))
        }
        XCTAssertEqual(sorted, ["IMG_1.jpg", "IMG_2.jpg", "IMG_10.jpg"])
    }

    func testOpeningAFileThatIsNotThereFailsWithGIOsReason() throws {
        try GtkDisplay.require()
        let folder = try GtkDisplay.temporaryFolder("open-missing")
        defer { try? FileManager.default.removeItem(at: folder) }
        MainActor.assumeIsolated {
            do throws(Files.OpenFailure) {
                try Files.openWithDefaultApplication(folder.appendingPathComponent("missing.png").path)
                XCTFail("a file that is not there was opened")
            } catch {
                XCTAssertNotNil(error.reason, "no reason given")
            }
        }
    }
}
