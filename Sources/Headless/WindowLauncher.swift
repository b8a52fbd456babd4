// Starting the window: crop-editor replaces itself with crop-editor-gui, found beside it or in PREFIX/libexec.

import Foundation
import Glibc

public enum WindowLauncher {
    /// The window's binary, which links GTK and libadwaita.
    public static let binaryName = "crop-editor-gui"
    /// `crop-editor --paste`: the window on the clipboard's image (for a shortcut after a screenshot).
    public static let pasteOption = "--paste"

    /// Where the window's binary may be, for crop-editor at `executable`: beside it (a build
    /// folder), then in `PREFIX/libexec/crop-editor/` for an installed `PREFIX/bin/crop-editor`.
    public static func candidates(for executable: String) -> [String] {
        let folder = (executable as NSString).deletingLastPathComponent
        let prefix = (folder as NSString).deletingLastPathComponent
        return [
            (folder as NSString).appendingPathComponent(binaryName),
            (prefix as NSString).appendingPathComponent("libexec/crop-editor/\(binaryName)"),
        ]
    }

    /// Replaces this process with the window's binary, passing `arguments` on unchanged (the first
    /// stays `crop-editor`, the name GNOME and screen readers know the app by). Returns only when
    /// it could not: then it says so on standard error and returns the exit status.
    public static func run(_ arguments: [String]) -> Int32 {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? arguments.first ?? ""
        let override = ProcessInfo.processInfo.environment["CROP_EDITOR_GUI"].map { [$0] } ?? []
        let places = override + candidates(for: executable)
        guard let binary = places.first(where: { access($0, X_OK) == 0 }) else {
            let message =
                "crop-editor: the window's program \(binaryName) is missing (looked in \(places.joined(separator: ", ")))\n"
            FileHandle.standardError.write(Data(message.utf8))
            return 1
        }
        var cArguments = arguments.map { strdup($0) } + [nil]
        execv(binary, &cArguments)
        let message = "crop-editor: could not start \(binary): \(String(cString: strerror(errno)))\n"
        FileHandle.standardError.write(Data(message.utf8))
        return 1
    }
}
