// Files the command line replaces keep owner, mode, attributes and ACL; a new one gets the usual mode.

import Foundation
import Glibc
import Testing

@testable import TestSupport

extension HeadlessBinaryTests {
    @Suite struct ReplacedFiles {
        /// Mode 0600, owner 65534, a `user.` attribute and an ACL entry on `path` (root may give all of it).
        private func makePrivate(_ path: URL) throws {
            _ = try Tool.run("setfattr", ["-n", "user.origin", "-v", "camera-roll", path.path])
            _ = try Tool.run("setfacl", ["-m", "u:65533:r", path.path])
            #expect(chmod(path.path, 0o600) == 0 && chown(path.path, 65534, 65534) == 0)
        }

        /// What `stat`, `getfattr` and `getfacl` say of `path`.
        private func attributes(_ path: URL) throws -> [String] {
            [
                try Tool.run("stat", ["-c", "%a %u:%g", path.path]),
                try Tool.run("getfattr", ["--only-values", "-n", "user.origin", path.path]),
                try Tool.run("getfacl", ["--omit-header", "--numeric", path.path]),
            ]
        }

        @Test func outputSidecarAndBatchResultsKeepWhatTheyWere() throws {
            try #require(Workspace.isRoot, "giving a file to another owner needs root, as the test machines run")
            let w = try Workspace()
            try w.picture("in/a.png", size: "300x200")
            try w.picture("in/b.png", size: "300x200")
            for name in ["out/single.png", "out/batch/a.png"] {
                try FileManager.default.createDirectory(
                    at: w.url(name).deletingLastPathComponent(), withIntermediateDirectories: true)
                try w.picture(name, size: "10x10")
            }
            let sidecar = try w.run(["--sidecar", "--crop=50x40+0+0", "in/a.png"])
            #expect(sidecar.exited && sidecar.status == 0, "\(sidecar.standardError)")
            let replaced = ["out/single.png", "out/batch/a.png", "in/a.png.xmp"].map(w.url)
            try replaced.forEach(makePrivate)
            let before = try replaced.map(attributes)
            #expect(
                before.allSatisfy { $0[0].hasSuffix(" 65534:65534") && $0[1] == "camera-roll" && $0[2].contains("user:65533:r") })
            let runs = [
                ["--crop=100x80+10+10", "--output=out/single.png", "in/a.png"],
                ["--crop=100x80+10+10", "--output-dir=out/batch", "in/a.png", "in/b.png"],
                ["--sidecar", "--crop=100x80+10+10", "in/a.png"],
            ]
            for arguments in runs {
                let result = try w.run(arguments)
                #expect(
                    result.exited && result.status == 0 && result.standardError.isEmpty, "\(arguments): \(result.standardError)")
            }
            #expect(try Tool.size(of: w.url("out/single.png")) == "100x80" && Tool.size(of: w.url("out/batch/a.png")) == "100x80")
            #expect(try replaced.map(attributes) == before)
            #expect(w.temporaryLeftovers().isEmpty)
        }

        @Test(arguments: [("027", "640"), ("002", "664")])
        func aNewResultGetsTheUsualMode(_ umask: String, _ mode: String) throws {
            let w = try Workspace()
            try w.picture("in/a.png", size: "300x200")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = [
                "-c", "umask \(umask) && exec \"$0\" \"$@\"", CropEditorProcess.binary.path,
                "--crop=100x80+10+10", "--output=out/new.png", "in/a.png",
            ]
            process.currentDirectoryURL = w.root
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            #expect(try Tool.run("stat", ["-c", "%a", w.url("out/new.png").path]) == mode)
        }
    }
}
