// Runs the real crop-editor binary as a separate process under the test display, with screenshots and xdotool input.

import CGtk
import Foundation
import XCTest

@testable import TestSupport

/// A crop-editor process started by a test, ended when the test ends.
final class ExternalEditor {
    let process = Process()

    /// The build folder holding both the test bundle and the crop-editor executable.
    static var buildFolder: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// `extra` adds to the test's environment; a nil value removes that variable. `binary` is the
    /// crop-editor built beside the tests unless another (an installed one) is named; `standardError`
    /// takes the editor's standard error (the test's own otherwise).
    init(
        arguments: [String], environment extra: [String: String?] = [:], binary: URL? = nil,
        standardError: FileHandle? = nil
    ) throws {
        let binary = binary ?? Self.buildFolder.appendingPathComponent("crop-editor")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw NSError(
                domain: "ExternalEditor", code: 1,
                userInfo: [NSLocalizedDescriptionKey: "crop-editor not built at \(binary.path)"])
        }
        process.executableURL = binary
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        for (name, value) in extra { environment[name] = value }
        environment["GTK_A11Y"] = nil  // the real AT-SPI bridge, not the test process's test context
        process.environment = environment
        if let standardError { process.standardError = standardError }
        try process.run()
    }

    /// Waits until a visible window titled `name` exists (on `display`, or the test display; xdotool's
    /// own `--sync` waits for it, within `timeout` seconds); returns its X window id.
    func waitForWindow(named name: String, display: String? = nil, timeout: Int = 15) -> String? {
        guard process.isRunning else { return nil }
        let search =
            (display.map { ["DISPLAY=\($0)"] } ?? [])
            + ["timeout", "\(timeout)", "xdotool", "search", "--sync", "--onlyvisible", "--name", "^\(name)$"]
        return Shell.run("env", search)?.split(separator: "\n").first.map(String.init)
    }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    deinit { stop() }
}

/// The X pointer driven with xdotool, as a person's mouse would be.
enum RealPointer {
    /// Presses the primary button at `start`, travels by `offset` in ten steps, and releases. Each
    /// move waits until the X server has moved the pointer (`--sync`); GTK takes the events in order.
    static func drag(from start: (x: Int, y: Int), by offset: (dx: Int, dy: Int)) {
        Shell.run("xdotool", ["mousemove", "--sync", "\(start.x)", "\(start.y)"])
        Shell.run("xdotool", ["mousedown", "1"])
        for step in 1...10 {
            Shell.run(
                "xdotool", ["mousemove", "--sync", "\(start.x + offset.dx * step / 10)", "\(start.y + offset.dy * step / 10)"])
        }
        Shell.run("xdotool", ["mouseup", "1"])
    }
}

/// A screenshot of the whole screen, read back through Cairo.
final class Screenshot {
    let cairoSurface: OpaquePointer
    /// The PNG it was saved as.
    let path: String

    /// The screen of the test display, or of `display` (e.g. ":3") when given, saved to `path` first.
    convenience init?(path: String, display: String? = nil) {
        let command = (display.map { ["DISPLAY=\($0)"] } ?? []) + ["import", "-window", "root", path]
        guard Shell.run("env", command) != nil else { return nil }
        self.init(png: path)
    }

    /// A screenshot already saved as PNG (a Wayland compositor's, for one).
    init?(png path: String) {
        guard let s = cairo_image_surface_create_from_png(path) else { return nil }
        guard cairo_surface_status(s) == CAIRO_STATUS_SUCCESS else { cairo_surface_destroy(s); return nil }
        cairoSurface = s
        self.path = path
    }

    /// The bounding boxes of the areas of exactly `color` (e.g. "#ff00ff"), each one 4-connected
    /// area, as ImageMagick's connected-components finds them; largest first.
    func boxes(of color: String) -> [(x: Int, y: Int, width: Int, height: Int, area: Int)] {
        let output =
            Shell.run(
                "convert",
                [
                    path, "-fill", "black", "+opaque", color, "-fill", "white", "-opaque", color,
                    "-define", "connected-components:verbose=true", "-connected-components", "4",
                    "null:",
                ]) ?? ""
        // Lines like "  1: 256x171+615+106 742.5,191.0 43776 srgb(255,255,255)"; black areas are the rest.
        return output.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count >= 5, fields.last!.contains("255,255,255") || fields.last! == "gray(255)" else { return nil }
            let numbers = fields[1].split(whereSeparator: { "x+".contains($0) }).compactMap { Int($0) }
            guard numbers.count == 4, let area = Int(fields[3]) else { return nil }
            return (numbers[2], numbers[3], numbers[0], numbers[1], area)
        }.sorted { $0.area > $1.area }
    }

    deinit { cairo_surface_destroy(cairoSurface) }

    /// A point on the screen, in pixels.
    struct Point: Equatable, CustomStringConvertible {
        let x: Int, y: Int
        var description: String { "(\(x), \(y))" }
    }

    /// Takes screenshots into `path` until `read` finds something in one and the same in the next
    /// (the screen has settled on it); nil after `timeout` seconds. Each screenshot takes a tenth
    /// of a second or so, which paces the polling.
    static func settled(_ path: String, timeout: Double = 15, _ read: (Screenshot) -> Point?) -> (shot: Screenshot, point: Point)?
    {
        let deadline = Date().addingTimeInterval(timeout)
        var last: Point?
        while Date() < deadline {
            guard let shot = Screenshot(path: path) else { continue }
            let point = read(shot)
            if let point, point == last { return (shot, point) }
            last = point
        }
        return nil
    }

    var width: Int { Int(cairo_image_surface_get_width(cairoSurface)) }
    var height: Int { Int(cairo_image_surface_get_height(cairoSurface)) }

    func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        let stride = Int(cairo_image_surface_get_stride(cairoSurface))
        let p = cairo_image_surface_get_data(cairoSurface)! + y * stride + x * 4
        return (p[2], p[1], p[0])
    }

    /// The thickness, in pure-white rows, of the horizontal arm of the top-left bracket whose outer corner is
    /// `corner`, measured `along` pixels to the right of it; nil when no arm crosses there.
    func bracketArmRows(corner: Point, along: Int) -> Int? {
        func isWhite(_ y: Int) -> Bool {
            let p = pixel(x: corner.x + along, y: y)
            return p.r >= 250 && p.g >= 250 && p.b >= 250
        }
        guard let top = (max(corner.y - 10, 0)..<min(corner.y + 10, height)).first(where: isWhite) else { return nil }
        return (top..<min(top + 20, height)).prefix(while: isWhite).count
    }

    /// How many pixels are within `tolerance` of `colour` in each channel.
    func count(of colour: (r: Int, g: Int, b: Int), tolerance: Int = 2) -> Int {
        var found = 0
        for y in 0..<height {
            for x in 0..<width {
                let p = pixel(x: x, y: y)
                if abs(Int(p.r) - colour.r) <= tolerance, abs(Int(p.g) - colour.g) <= tolerance,
                    abs(Int(p.b) - colour.b) <= tolerance
                {
                    found += 1
                }
            }
        }
        return found
    }

    /// The pure-white pixel furthest to the top left (smallest x + y) below `top`.
    func topLeftWhite(below top: Int) -> Point? {
        var best: Point?
        for y in top..<height {
            for x in 0..<width {
                let p = pixel(x: x, y: y)
                if p.r >= 250, p.g >= 250, p.b >= 250, (best.map { x + y < $0.x + $0.y } ?? true) { best = Point(x: x, y: y) }
            }
        }
        return best
    }

    /// The pure-white pixel furthest to the bottom right (largest x + y) below `top`: on a grey
    /// picture that is the outer corner of the bottom-right bracket.
    func bottomRightWhite(below top: Int) -> Point? {
        var best: Point?
        for y in top..<height {
            for x in 0..<width {
                let p = pixel(x: x, y: y)
                if p.r >= 250, p.g >= 250, p.b >= 250, (best.map { x + y > $0.x + $0.y } ?? true) { best = Point(x: x, y: y) }
            }
        }
        return best
    }
}
