// Big surfaces' pixels live in a mapping advised for 2 MB pages, work like Cairo's own, and are unmapped only when Cairo lets go.

import CGtk
import Foundation
import XCTest

@testable import GtkSupport
@testable import TestSupport

final class LargePageMemoryTests: XCTestCase {
    /// The /proc/self/smaps entry (header and fields) of the mapping holding `address`, if any.
    static func mapping(holding address: UnsafeMutableRawPointer) -> String? {
        // /proc files report size 0, so read until the end rather than by their size.
        guard let file = FileHandle(forReadingAtPath: "/proc/self/smaps") else { return nil }
        defer { try? file.close() }
        guard let bytes = try? file.readToEnd(), let smaps = String(data: bytes, encoding: .utf8) else { return nil }
        let target = UInt(bitPattern: address)
        var current: [Substring] = [], holds = false
        for line in smaps.split(separator: "\n") {
            let range = line.split(separator: " ").first?.split(separator: "-")
            if let range, range.count == 2, let start = UInt(range[0], radix: 16), let end = UInt(range[1], radix: 16) {
                if holds { break }
                current = [line]
                holds = start <= target && target < end
            } else {
                current.append(line)
            }
        }
        return holds ? current.joined(separator: "\n") : nil
    }

    func testABigSurfaceIsAdvisedForHugePagesAndDrawsLikeAnyOther() throws {
        let surface = try XCTUnwrap(ImageSurface(width: 2000, height: 1500, largePages: true))
        let data = try XCTUnwrap(cairo_image_surface_get_data(surface.surface))
        let entry = try XCTUnwrap(Self.mapping(holding: UnsafeMutableRawPointer(data)), "no mapping for the pixels")
        let flags = try XCTUnwrap(entry.split(separator: "\n").first { $0.hasPrefix("VmFlags:") })
        // A kernel built without transparent huge pages refuses the advice; the surface must work anyway.
        let kernelHasThem = FileManager.default.fileExists(atPath: "/sys/kernel/mm/transparent_hugepage/enabled")
        XCTAssertEqual(flags.split(separator: " ").contains("hg"), kernelHasThem, "huge-page advice: \(flags)")
        // A new surface is transparent, as Cairo's own are, and drawing into it works.
        XCTAssertEqual(surface.pixel(x: 1999, y: 1499).a, 0)
        surface.draw { c in
            c.setColor(RGBA(1, 0, 0))
            c.rectangle(10, 10, 5, 5)
            cairo_fill(c.cr)
        }
        XCTAssertEqual(surface.pixel(x: 12, y: 12).r, 255)
        XCTAssertEqual(surface.pixel(x: 20, y: 20).a, 0)
    }

    func testASmallSurfaceKeepsCairosAllocation() throws {
        let surface = try XCTUnwrap(ImageSurface(width: 100, height: 100, largePages: true))
        let data = try XCTUnwrap(cairo_image_surface_get_data(surface.surface))
        let entry = try XCTUnwrap(Self.mapping(holding: UnsafeMutableRawPointer(data)), "no mapping for the pixels")
        let flags = try XCTUnwrap(entry.split(separator: "\n").first { $0.hasPrefix("VmFlags:") })
        XCTAssertFalse(flags.split(separator: " ").contains("hg"), "a 40 KB surface got its own huge-page mapping")
    }

    /// Just over one 2 MB page (a small window's display cache) would take two: Cairo's allocation instead.
    func testASurfaceThatWouldWasteMoreThanAnEighthKeepsCairosAllocation() throws {
        for (width, height) in [(880, 620), (1920, 1100)] {  // 2.2 MB → 4 MB, 8.4 MB → 10 MB
            let surface = try XCTUnwrap(ImageSurface(width: width, height: height, opaque: true, largePages: true))
            let data = try XCTUnwrap(cairo_image_surface_get_data(surface.surface))
            let entry = try XCTUnwrap(Self.mapping(holding: UnsafeMutableRawPointer(data)), "no mapping for the pixels")
            let flags = try XCTUnwrap(entry.split(separator: "\n").first { $0.hasPrefix("VmFlags:") })
            XCTAssertFalse(flags.split(separator: " ").contains("hg"), "\(width)×\(height) got a huge-page mapping")
        }
    }

    func testThePixelsStayMappedWhileCairoHoldsTheSurfaceAndGoWithIt() throws {
        var surface: ImageSurface? = try XCTUnwrap(ImageSurface(width: 1500, height: 1000, largePages: true))
        let cairoSurface = try XCTUnwrap(surface?.surface)
        let data = UnsafeMutableRawPointer(try XCTUnwrap(cairo_image_surface_get_data(cairoSurface)))
        cairo_surface_reference(cairoSurface)  // as a recording or a pattern would
        surface = nil
        XCTAssertNotNil(Self.mapping(holding: data), "unmapped while Cairo still holds the surface")
        cairo_surface_destroy(cairoSurface)
        XCTAssertNil(Self.mapping(holding: data), "the mapping outlived its surface")
    }
}
