// A texture lends a surface's pixels uncopied until GTK lets go; snapshots take Cairo drawings and textures.

import CGtk
import GtkSupport
import Synchronization
import XCTest

@testable import TestSupport

final class SnapshotAndTextureTests: XCTestCase {
    /// A 4×3 surface with one red pixel at (1, 2), the rest half-transparent blue.
    private static func surface() -> ImageSurface {
        let surface = ImageSurface(width: 4, height: 3)!
        surface.draw { c in
            c.setColor(RGBA(0, 0, 1, 0.5))
            cairo_paint(c.cr)
            c.setColor(RGBA(1, 0, 0))
            c.rectangle(1, 2, 1, 1)
            cairo_fill(c.cr)
        }
        return surface
    }

    func testATextureShowsTheSurfacesPixelsAndGivesThemBackWhenLetGo() throws {
        try GtkDisplay.require()
        let surface = Self.surface()
        let released = Mutex(0)
        do {
            let texture = try XCTUnwrap(Texture(sharing: surface) { released.withLock { $0 += 1 } })
            XCTAssertEqual([texture.width, texture.height], [4, 3])
            // GDK's own download, in the same premultiplied BGRA order as Cairo's: the surface's bytes.
            var bytes = [UInt8](repeating: 0, count: 4 * 3 * 4)
            bytes.withUnsafeMutableBufferPointer { gdk_texture_download(texture.pointer, $0.baseAddress, 16) }
            for y in 0..<3 {
                for x in 0..<4 {
                    let p = surface.pixel(x: x, y: y), i = (y * 4 + x) * 4
                    XCTAssertEqual([bytes[i + 2], bytes[i + 1], bytes[i], bytes[i + 3]], [p.r, p.g, p.b, p.a], "(\(x), \(y))")
                }
            }
            XCTAssertEqual(surface.pixel(x: 1, y: 2).r, 255)
            XCTAssertEqual(released.withLock { $0 }, 0, "given back while the texture is alive")
        }
        XCTAssertEqual(released.withLock { $0 }, 1, "not given back once, when the texture went")
    }

    func testAnOpaqueSurfaceIsNotLent() {
        let opaque = ImageSurface(width: 4, height: 3, opaque: true)!
        XCTAssertNil(Texture(sharing: opaque) {})
    }

    func testASnapshotHoldsItsCairoDrawingAndItsTextureUntilItsNodeGoes() throws {
        try GtkDisplay.require()
        try MainActor.assumeIsolated {
            let released = Mutex(0)
            let snapshot = Snapshot(gtk_snapshot_new()!)
            var drew = false
            XCTAssertTrue(
                snapshot.drawWithCairo(width: 20, height: 10) { c in
                    drew = true
                    c.setColor(RGBA.white)
                    cairo_paint(c.cr)
                })
            XCTAssertTrue(drew)
            do {
                let texture = try XCTUnwrap(Texture(sharing: Self.surface()) { released.withLock { $0 += 1 } })
                snapshot.append(texture, width: 8, height: 6)
            }
            XCTAssertEqual(released.withLock { $0 }, 0, "the snapshot's node holds the texture")
            let node = try XCTUnwrap(gtk_snapshot_free_to_node(snapshot.pointer))
            XCTAssertEqual(gsk_render_node_get_node_type(node), GSK_CONTAINER_NODE)
            let kinds = (0..<gsk_container_node_get_n_children(node)).map {
                gsk_render_node_get_node_type(gsk_container_node_get_child(node, $0))
            }
            XCTAssertEqual(kinds, [GSK_CAIRO_NODE, GSK_TEXTURE_NODE])
            var bounds = graphene_rect_t()
            gsk_render_node_get_bounds(gsk_container_node_get_child(node, 1), &bounds)
            XCTAssertEqual([bounds.size.width, bounds.size.height], [8, 6])
            gsk_render_node_unref(node)
            XCTAssertEqual(released.withLock { $0 }, 1)
        }
    }
}
