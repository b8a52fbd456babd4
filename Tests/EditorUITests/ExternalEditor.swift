// Runs the real crop-editor binary as a separate process under the test display, with screenshots and xdotool input.

import CGtk
import Foundation
import XCTest

/// A crop-editor process started by a test, ended when the test ends.
final class ExternalEditor {
    let process = Process()

    /// The build folder holding both the test bundle and the crop-editor executable.
    static var buildFolder: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// `extra` adds to the test's environment; a nil value removes that variable.
    init(arguments: [String], environment extra: [String: String?] = [:]) throws {
        let binary = Self.buildFolder.appendingPathComponent("crop-editor")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw NSError(domain: "ExternalEditor", code: 1,
                          userInfo: [NSLocalizedDescriptionKey: "crop-editor not built at \(binary.path)"])
        }
        process.executableURL = binary
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        for (name, value) in extra { environment[name] = value }
        environment["GTK_A11Y"] = nil // the real AT-SPI bridge, not the test process's test context
        process.environment = environment
        try process.run()
    }

    /// Waits until a visible window titled `name` exists; returns its X window id.
    func waitForWindow(named name: String, timeout: Double = 15) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, process.isRunning {
            if let id = Shell.run("xdotool", ["search", "--onlyvisible", "--name", "^\(name)$"])?
                .split(separator: "\n").first {
                return String(id)
            }
            usleep(100_000)
        }
        return nil
    }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    deinit { stop() }
}

/// The X pointer driven with xdotool, as a person's mouse would be.
enum RealPointer {
    /// Presses the primary button at `start`, travels by `offset` in ten steps, and releases.
    static func drag(from start: (x: Int, y: Int), by offset: (dx: Int, dy: Int)) {
        Shell.run("xdotool", ["mousemove", "--sync", "\(start.x)", "\(start.y)"])
        Shell.run("xdotool", ["mousedown", "1"])
        for step in 1...10 {
            usleep(30_000)
            Shell.run("xdotool", ["mousemove", "--sync", "\(start.x + offset.dx * step / 10)", "\(start.y + offset.dy * step / 10)"])
        }
        usleep(100_000)
        Shell.run("xdotool", ["mouseup", "1"])
    }
}

enum Shell {
    /// Runs a program and returns its standard output, or nil if it failed.
    @discardableResult
    static func run(_ program: String, _ arguments: [String]) -> String? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = [program] + arguments
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}

/// A screenshot of the whole screen, read back through Cairo.
final class Screenshot {
    let cairoSurface: OpaquePointer

    /// The X screen, saved to `path` first.
    convenience init?(path: String) {
        guard Shell.run("import", ["-window", "root", path]) != nil else { return nil }
        self.init(png: path)
    }

    /// A screenshot already saved as PNG (a Wayland compositor's, for one).
    init?(png path: String) {
        guard let s = cairo_image_surface_create_from_png(path) else { return nil }
        guard cairo_surface_status(s) == CAIRO_STATUS_SUCCESS else { cairo_surface_destroy(s); return nil }
        cairoSurface = s
    }

    deinit { cairo_surface_destroy(cairoSurface) }

    var width: Int { Int(cairo_image_surface_get_width(cairoSurface)) }
    var height: Int { Int(cairo_image_surface_get_height(cairoSurface)) }

    func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        let stride = Int(cairo_image_surface_get_stride(cairoSurface))
        let p = cairo_image_surface_get_data(cairoSurface)! + y * stride + x * 4
        return (p[2], p[1], p[0])
    }

    /// The thickness, in pure-white rows, of the horizontal arm of the top-left bracket whose outer corner is
    /// `corner`, measured `along` pixels to the right of it; nil when no arm crosses there.
    func bracketArmRows(corner: (x: Int, y: Int), along: Int) -> Int? {
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
                   abs(Int(p.b) - colour.b) <= tolerance { found += 1 }
            }
        }
        return found
    }

    /// The pure-white pixel furthest to the top left (smallest x + y) below `top`.
    func topLeftWhite(below top: Int) -> (x: Int, y: Int)? {
        var best: (x: Int, y: Int)?
        for y in top..<height {
            for x in 0..<width {
                let p = pixel(x: x, y: y)
                if p.r >= 250, p.g >= 250, p.b >= 250, (best.map { x + y < $0.x + $0.y } ?? true) { best = (x, y) }
            }
        }
        return best
    }

    /// The pure-white pixel furthest to the bottom right (largest x + y) below `top`: on a grey
    /// picture that is the outer corner of the bottom-right bracket.
    func bottomRightWhite(below top: Int) -> (x: Int, y: Int)? {
        var best: (x: Int, y: Int)?
        for y in top..<height {
            for x in 0..<width {
                let p = pixel(x: x, y: y)
                if p.r >= 250, p.g >= 250, p.b >= 250, (best.map { x + y > $0.x + $0.y } ?? true) { best = (x, y) }
            }
        }
        return best
    }
}
