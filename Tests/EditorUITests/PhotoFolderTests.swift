// The folder a session browses: only the files the Open dialog offers, in GNOME Files' natural name order.

import Decoding
import Foundation
import ImagingCore
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class PhotoFolderTests: XCTestCase {
    /// The desktop entry offers Crop Editor for exactly the types the editor opens (Files shows
    /// it for phone photos only when image/heif and image/avif are listed).
    func testTheDesktopEntryListsEveryTypeTheEditorOpens() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let entry = try String(
            contentsOf: root.appendingPathComponent("data/io.github.cropeditor.CropEditor.desktop"), encoding: .utf8)
        let line = try XCTUnwrap(entry.split(separator: "\n").first { $0.hasPrefix("MimeType=") })
        let listed = Set(line.dropFirst("MimeType=".count).split(separator: ";").map(String.init))
        XCTAssertTrue(DecoderPool.shared.opensHEIF(), "this platform's libvips opens HEIF, as the entry says")
        XCTAssertEqual(listed, Set(PhotoFolder.mimeTypes))
        XCTAssertTrue(listed.isSuperset(of: ["image/heif", "image/avif"]))
    }

    func testNamesSortAsFilesSortsThemNumbersByValue() {
        // Byte order would put "img10" before "img2" and "IMG_9" before "img1".
        let shuffled = ["img10.jpg", "img2.jpg", "img1.jpg", "img100.jpg", "b.png", "a.png", "img20.jpg", "img3.jpg"]
        XCTAssertEqual(
            PhotoFolder.sortedAsFiles(shuffled),
            ["a.png", "b.png", "img1.jpg", "img2.jpg", "img3.jpg", "img10.jpg", "img20.jpg", "img100.jpg"])
        XCTAssertEqual(
            PhotoFolder.sortedAsFiles(["shot 10.png", "shot 9.png", "shot 9b.png"]), ["shot 9.png", "shot 9b.png", "shot 10.png"])
    }

    func testOnlyWhatTheOpenDialogOffersIsListedHiddenFilesAndFoldersLeftOut() throws {
        let folder = try GtkDisplay.temporaryFolder("listing")
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = [
            "p10.jpg", "p2.JPG", "p1.png", "scan.tif", "scan.tiff", "web.webp", "anim.gif", "notes.txt", "raw.cr2", ".hidden.png",
            "song.mp3", "noextension",
        ]
        for name in names {
            FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data([0]))
        }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("folder.png"), withIntermediateDirectories: false)
        let listed = PhotoFolder.photos(in: folder.path, mimeTypes: PhotoFolder.mimeTypes).map {
            ($0 as NSString).lastPathComponent
        }
        // A Canon raw file is a TIFF to GIO (image/x-canon-cr2 is a subclass of image/tiff), as to the
        // Open dialog's filter: both offer it.
        XCTAssertEqual(listed, ["anim.gif", "p1.png", "p2.JPG", "p10.jpg", "raw.cr2", "scan.tif", "scan.tiff", "web.webp"])
        XCTAssertEqual(
            PhotoFolder.photos(in: folder.appendingPathComponent("missing").path, mimeTypes: PhotoFolder.mimeTypes), [])
    }
}
