// A headless Wayland compositor (weston) of the test's own, for running the real editor under Wayland, with screenshots.

import Foundation
import XCTest

@testable import TestSupport

/// Weston with its headless backend and the pixman renderer (it composites in memory, so its screenshots hold
/// what clients drew), listening on a socket of its own in a private runtime folder. Started with --debug
/// so that weston-screenshooter may capture the output.
final class WestonCompositor {
    let runtime: URL
    let socketName: String
    private let process = Process()
    private let log: URL

    /// Starts weston and waits for its socket; throws with weston's log when it does not come up.
    /// `scale` is the output's scale factor, as GNOME sets it for a HiDPI screen.
    init(folder: URL, width: Int = 1280, height: Int = 800, scale: Int = 1) throws {
        runtime = folder.appendingPathComponent("wayland")
        socketName = "crop-editor-test-\(ProcessInfo.processInfo.processIdentifier)"
        log = folder.appendingPathComponent("weston.log")
        // Wayland wants its runtime folder private to the user.
        try FileManager.default.createDirectory(
            at: runtime, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        let configuration = folder.appendingPathComponent("weston.ini")
        try "[output]\nname=headless\nscale=\(scale)\n".write(to: configuration, atomically: true, encoding: .utf8)
        try Data().write(to: log)

        process.executableURL = URL(fileURLWithPath: "/usr/bin/weston")
        process.arguments = [
            "--backend=headless-backend.so", "--use-pixman", "--width=\(width)", "--height=\(height)",
            "--socket=\(socketName)", "--config=\(configuration.path)", "--idle-time=0", "--debug",
            "--log=\(log.path)",
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtime.path
        environment["WAYLAND_DISPLAY"] = nil
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: log)
        do { try process.run() } catch {
            throw Self.failure(
                "weston could not be started (\(error.localizedDescription)); is Debian's weston installed?", log: log)
        }
        let socket = runtime.appendingPathComponent(socketName).path
        GtkDisplay.poll(timeout: 20) { FileManager.default.fileExists(atPath: socket) || !process.isRunning }
        guard process.isRunning, FileManager.default.fileExists(atPath: socket) else {
            stop()
            throw Self.failure("weston did not open its Wayland socket \(socket)", log: log)
        }
    }

    /// The environment a client needs to reach this compositor, and only it: no X display to fall back on.
    var clientEnvironment: [String: String?] {
        ["GDK_BACKEND": "wayland", "WAYLAND_DISPLAY": socketName, "XDG_RUNTIME_DIR": runtime.path, "DISPLAY": nil]
    }

    /// What the compositor shows now, as weston-screenshooter saves it.
    func screenshot(into folder: URL) -> Screenshot? {
        let shots = folder.appendingPathComponent("shot-\(UUID().uuidString)")
        guard (try? FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)) != nil else { return nil }
        defer { try? FileManager.default.removeItem(at: shots) }
        let shooter = Process()
        shooter.executableURL = URL(fileURLWithPath: "/usr/bin/weston-screenshooter")
        shooter.currentDirectoryURL = shots
        shooter.environment = ProcessInfo.processInfo.environment.merging(
            ["XDG_RUNTIME_DIR": runtime.path, "WAYLAND_DISPLAY": socketName]) { _, new in new }
        shooter.standardOutput = FileHandle.nullDevice
        shooter.standardError = FileHandle.nullDevice
        guard (try? shooter.run()) != nil else { return nil }
        // It waits for the compositor's answer: never past a deadline.
        if !GtkDisplay.poll(timeout: 15, { !shooter.isRunning }) { shooter.terminate() }
        shooter.waitUntilExit()
        guard shooter.terminationStatus == 0,
            let name = try? FileManager.default.contentsOfDirectory(atPath: shots.path).first(where: { $0.hasSuffix(".png") })
        else { return nil }
        return Screenshot(png: shots.appendingPathComponent(name).path)
    }

    var isRunning: Bool { process.isRunning }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        if !GtkDisplay.poll(timeout: 10, { !process.isRunning }) { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit { stop() }

    private static func failure(_ message: String, log: URL) -> NSError {
        let printed = (try? String(contentsOf: log, encoding: .utf8)).map { String($0.suffix(3000)) } ?? ""
        return NSError(domain: "WestonCompositor", code: 1, userInfo: [NSLocalizedDescriptionKey: "\(message):\n\(printed)"])
    }
}
