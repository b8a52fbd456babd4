// crop-editor itself links no GTK (scripts pay none of its start-up) and finds the window's binary beside it or in libexec.

import Foundation
import Headless
import Testing

@testable import TestSupport

@Suite struct WindowLauncherTests {
    @Test func theWindowIsLookedForBesideTheCommandThenInLibexec() {
        #expect(
            WindowLauncher.candidates(for: "/usr/local/bin/crop-editor")
                == ["/usr/local/bin/crop-editor-gui", "/usr/local/libexec/crop-editor/crop-editor-gui"])
        #expect(WindowLauncher.candidates(for: "/work/.build/debug/crop-editor").first == "/work/.build/debug/crop-editor-gui")
    }

    @Test func theCommandLineBinaryLoadsNoGTK() throws {
        let binary = CropEditorProcess.binary.path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
        process.arguments = [binary]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let libraries = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(libraries.contains("libc.so"), "ldd did not list the libraries: \(libraries.prefix(200))")
        for gui in ["libgtk-4", "libadwaita-1"] {
            #expect(!libraries.contains(gui), "crop-editor loads \(gui)")
        }
        // The window's binary is built beside it.
        #expect(
            FileManager.default.isExecutableFile(
                atPath: CropEditorProcess.binary.deletingLastPathComponent()
                    .appendingPathComponent(WindowLauncher.binaryName).path))
    }
}
