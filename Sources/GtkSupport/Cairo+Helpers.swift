// Small Cairo conveniences: colours, rectangles, saved state and owned image surfaces.

import CGtk

/// An RGBA colour with components 0…1.
public struct RGBA: Hashable, Sendable {
    public var red, green, blue, alpha: Double
    public init(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    public static let white = RGBA(1, 1, 1)
}

/// Thin helpers on a borrowed `cairo_t`.
public struct Cairo {
    public let cr: OpaquePointer
    public init(_ cr: OpaquePointer) { self.cr = cr }

    public func setColor(_ c: RGBA) { cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha) }
    public func rectangle(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        cairo_rectangle(cr, x, y, width, height)
    }
    public func moveTo(_ x: Double, _ y: Double) { cairo_move_to(cr, x, y) }
    public func lineTo(_ x: Double, _ y: Double) { cairo_line_to(cr, x, y) }

    /// Runs `body` between `cairo_save` and `cairo_restore`.
    public func saved(_ body: () -> Void) {
        cairo_save(cr)
        body()
        cairo_restore(cr)
    }

    /// Strokes the current path with a width, cap and join, then clears it.
    public func stroke(width: Double, color: RGBA, round: Bool = false) {
        cairo_set_line_width(cr, width)
        cairo_set_line_cap(cr, round ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT)
        cairo_set_line_join(cr, round ? CAIRO_LINE_JOIN_ROUND : CAIRO_LINE_JOIN_MITER)
        setColor(color)
        cairo_stroke(cr)
    }
}

/// An ARGB32 image surface owned by Swift: destroyed when the last reference goes.
public final class ImageSurface: @unchecked Sendable {
    // Unchecked: the surface is written only while building it, then read-only (drawing from it).
    public let surface: OpaquePointer
    public let width: Int
    public let height: Int

    /// A new surface, transparent (ARGB32) or opaque (RGB24); nil when cairo cannot allocate it.
    /// `largePages` puts a big one's pixels where the kernel may use 2 MB pages: for surfaces
    /// copied whole every frame (see LargePageMemory).
    public init?(width: Int, height: Int, opaque: Bool = false, largePages: Bool = false) {
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else { return nil }
        let format = opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32
        let made =
            (largePages ? LargePageMemory.surface(format: format, width: Int32(width), height: Int32(height)) : nil)
            ?? cairo_image_surface_create(format, Int32(width), Int32(height))
        guard let s = made, cairo_surface_status(s) == CAIRO_STATUS_SUCCESS else {
            made.map(cairo_surface_destroy)
            return nil
        }
        surface = s
        self.width = width
        self.height = height
    }

    /// Draws into the surface with a fresh context.
    public func draw(_ body: (Cairo) -> Void) {
        let cr = cairo_create(surface)!
        body(Cairo(cr))
        cairo_destroy(cr)
        cairo_surface_flush(surface)
    }

    /// The premultiplied ARGB32 pixel at (x, y) as (r, g, b, a) bytes.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        let p = data + y * stride + x * 4
        // ARGB32 is a native-endian 32-bit word: little-endian bytes are B, G, R, A.
        return (p[2], p[1], p[0], p[3])
    }

    deinit { cairo_surface_destroy(surface) }
}
