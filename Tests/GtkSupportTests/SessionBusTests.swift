// GtkSupport's D-Bus: values as GVariants and back, calls answered or refused, the file manager and wallpaper portal asked.

import CGtk
import Foundation
import GtkSupport
import XCTest

@testable import TestSupport

final class SessionBusTests: XCTestCase {
    func testValuesBecomeGVariantsOfTheirTypeAndReadBackTheSame() throws {
        let values: [(BusValue, String)] = [
            (.string("a b"), "s"), (.objectPath("/org/a"), "o"), (.strings(["x", "y"]), "as"), (.strings([]), "as"),
            (.bool(true), "b"), (.uint(7), "u"), (.int(-3), "i"), (.handle(0), "h"), (.variant(.string("v")), "v"),
            (.options(["set-on": .string("background"), "show-preview": .bool(false)]), "a{sv}"),
            (.tuple([.string(""), .handle(0), .options([:])]), "(sha{sv})"),
        ]
        for (value, type) in values {
            let variant = g_variant_ref_sink(value.variant)!
            defer { g_variant_unref(variant) }
            XCTAssertEqual(String(cString: g_variant_get_type_string(variant)), type, "\(value)")
            XCTAssertEqual(BusValue(variant), value)
        }
        XCTAssertEqual(BusValue.tuple([.uint(1), .string("a")])[1], .string("a"))
        XCTAssertNil(BusValue.string("a")[0])
    }

    func testTheBusAnswersACallAndRefusesANameNobodyHas() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            var owner: Result<BusValue, BusFailure>?
            SessionBus.call(
                "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetNameOwner",
                [.string("org.freedesktop.DBus")]
            ) { owner = $0 }
            XCTAssertTrue(GtkDisplay.pump(timeout: 10) { owner != nil })
            XCTAssertEqual(try? owner?.get(), .tuple([.string("org.freedesktop.DBus")]))
            var missing: Result<BusValue, BusFailure>?
            SessionBus.call("org.example.Nobody", "/org/example", "org.example.Nobody", "Hello", []) { missing = $0 }
            XCTAssertTrue(GtkDisplay.pump(timeout: 10) { missing != nil })
            guard case .failure(let failure) = missing else { return XCTFail("a missing service answered") }
            XCTAssertEqual(failure.name, "org.freedesktop.DBus.Error.ServiceUnknown")
            XCTAssertFalse(failure.message.isEmpty)
        }
    }

    func testTheFileManagerIsAskedToShowTheFilesByTheirURIs() throws {
        try GtkDisplay.require()
        try MainActor.assumeIsolated {
            let manager = try RecordingBusService.fileManager()
            defer { manager.stop() }
            var answers: [BusFailure?] = []
            FileManagerService.showItems(["file:///tmp/a%20b.png"]) { answers.append($0) }
            XCTAssertTrue(GtkDisplay.pump(timeout: 10) { !answers.isEmpty })
            XCTAssertEqual(answers.count, 1)
            XCTAssertNil(answers.first ?? nil)
            XCTAssertEqual(manager.calls.map(\.method), ["ShowItems"])
            XCTAssertEqual(manager.calls.first?.arguments, .tuple([.strings(["file:///tmp/a%20b.png"]), .string("")]))
        }
        // Once it is gone, the call fails: the caller falls back.
        MainActor.assumeIsolated {
            var answer: BusFailure??
            FileManagerService.showItems(["file:///tmp/a.png"]) { answer = .some($0) }
            XCTAssertTrue(GtkDisplay.pump(timeout: 10) { answer != nil })
            XCTAssertNotNil(answer ?? nil, "a file manager answered after it left")
        }
    }

    func testTheWallpaperPortalIsFoundAndGivenTheFileItselfForTheBackground() throws {
        try GtkDisplay.require()
        let folder = try GtkDisplay.temporaryFolder("portal")
        defer { try? FileManager.default.removeItem(at: folder) }
        let picture = folder.appendingPathComponent("wall.png")
        try Data("not really a picture, bytes to compare".utf8).write(to: picture)
        MainActor.assumeIsolated {
            var present: Bool?
            WallpaperPortal.isPresent { present = $0 }
            XCTAssertTrue(GtkDisplay.pump(timeout: 10) { present != nil })
            XCTAssertEqual(present, false, "a portal answered before the test's own")
        }
        try MainActor.assumeIsolated {
            let portal = try RecordingBusService.wallpaperPortal()
            defer { portal.stop() }
            var present: Bool?
            WallpaperPortal.isPresent { present = $0 }
            XCTAssertTrue(GtkDisplay.pump(timeout: 10) { present != nil })
            XCTAssertEqual(present, true)
            var outcomes: [WallpaperPortal.Outcome] = []
            WallpaperPortal.setBackground(picture.path) { outcomes.append($0) }
            XCTAssertTrue(GtkDisplay.pump(timeout: 10) { !outcomes.isEmpty }, "the portal's answer never came")
            XCTAssertEqual(outcomes, [.done])
            let call = try XCTUnwrap(portal.calls.first)
            XCTAssertEqual(call.method, "SetWallpaperFile")
            XCTAssertEqual(call.arguments[0], .string(""))
            XCTAssertEqual(call.arguments[1], .handle(0))
            guard case .options(let options) = call.arguments[2] else { return XCTFail("no options: \(call.arguments)") }
            XCTAssertEqual(options["set-on"], .string("background"))
            XCTAssertEqual(options["show-preview"], .bool(false))
            XCTAssertEqual(call.descriptorContents, [try Data(contentsOf: picture)])
        }
        try MainActor.assumeIsolated {
            let portal = try RecordingBusService.wallpaperPortal(responding: 1)
            defer { portal.stop() }
            var outcomes: [WallpaperPortal.Outcome] = []
            WallpaperPortal.setBackground(picture.path) { outcomes.append($0) }
            XCTAssertTrue(GtkDisplay.pump(timeout: 10) { !outcomes.isEmpty })
            XCTAssertEqual(outcomes, [.cancelled])
            var missing: [WallpaperPortal.Outcome] = []
            WallpaperPortal.setBackground(folder.appendingPathComponent("gone.png").path) { missing.append($0) }
            guard case .failed = missing.first else { return XCTFail("a missing file was handed over: \(missing)") }
        }
    }
}
