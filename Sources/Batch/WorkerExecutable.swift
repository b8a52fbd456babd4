// Where the worker processes' program is: crop-editor, found beside the running binary or in PREFIX/bin.

import Foundation
import Glibc

public enum WorkerExecutable {
    public static let name = "crop-editor"

    /// crop-editor itself when it is the running program; beside it (a build folder, where
    /// crop-editor-gui sits next to it); or `PREFIX/bin/crop-editor` for an installed
    /// `PREFIX/libexec/crop-editor/crop-editor-gui`. `CROP_EDITOR_WORKER` overrides. Nil when none is executable.
    public static func locate() -> String? {
        let running = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let folder = (running as NSString).deletingLastPathComponent
        let prefix = ((folder as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
        var places = ProcessInfo.processInfo.environment["CROP_EDITOR_WORKER"].map { [$0] } ?? []
        if (running as NSString).lastPathComponent == name { places.append(running) }
        places += [(folder as NSString).appendingPathComponent(name), (prefix as NSString).appendingPathComponent("bin/\(name)")]
        return places.first { access($0, X_OK) == 0 }
    }
}
