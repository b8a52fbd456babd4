// A private folder per test with the input images it needs, and a snapshot of its files to prove nothing changed.

import Foundation
import Glibc

/// `in/` holds sources, `out/` receives outputs; crop-editor runs with the workspace as its
/// current folder, so tests pass relative paths and see them echoed as given.
final class Workspace {
    let root: URL
    let logs: URL

    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("HeadlessTests-\(UUID().uuidString)")
        root = base.appendingPathComponent("work")
        logs = base.appendingPathComponent("logs")
        for folder in [root, logs, root.appendingPathComponent("in"), root.appendingPathComponent("out")] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
    }

    deinit {
        // Permission tests leave folders and files locked; unlock them so they can be removed.
        let base = root.deletingLastPathComponent()
        if let paths = FileManager.default.enumerator(atPath: base.path) {
            for case let path as String in paths { chmod(base.appendingPathComponent(path).path, 0o755) }
        }
        try? FileManager.default.removeItem(at: base)
    }

    static var isRoot: Bool { getuid() == 0 }

    /// A path as crop-editor sees it: relative to the workspace, or absolute.
    func url(_ path: String) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
    }

    /// Whether anything (even a dangling link) is at `path`.
    func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(url(path).path, &info) == 0
    }

    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> RunResult {
        try CropEditorProcess.run(arguments, in: root, logs: logs, environment: environment)
    }

    // MARK: Inputs

    /// A 400×300 (or other) photo-like picture made by ImageMagick; the extension picks the format.
    @discardableResult
    func picture(_ relative: String, size: String = "400x300") throws -> URL {
        let url = self.url(relative)
        try Tool.run("convert", ["-size", size, "plasma:fractal", url.path])
        return url
    }

    @discardableResult
    func file(_ relative: String, bytes: [UInt8]) throws -> URL {
        let url = self.url(relative)
        try Data(bytes).write(to: url)
        return url
    }

    /// A real picture cut off halfway through its bytes, as an interrupted download leaves it.
    @discardableResult
    func truncatedPicture(_ relative: String) throws -> URL {
        let url = try picture(relative)
        let data = try Data(contentsOf: url)
        try data.prefix(data.count / 2).write(to: url)
        return url
    }

    // MARK: Snapshots

    /// Every file and folder under the workspace (hidden ones included) with its bytes.
    func snapshot() -> [String: Data?] {
        var entries: [String: Data?] = [:]
        guard let paths = FileManager.default.enumerator(atPath: root.path) else { return entries }
        for case let path as String in paths {
            var isDirectory: ObjCBool = false
            let full = root.appendingPathComponent(path).path
            _ = FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory)
            entries[path] = isDirectory.boolValue ? nil : FileManager.default.contents(atPath: full)
        }
        return entries
    }

    /// Leftovers of an interrupted atomic write: hidden `.NAME.cropeditor-*` files anywhere.
    func temporaryLeftovers() -> [String] {
        snapshot().keys.filter { ($0 as NSString).lastPathComponent.contains(".cropeditor-") }.sorted()
    }
}
