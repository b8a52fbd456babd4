// Outputs that cannot or must not be written: missing or read-only folders, unusable names, the source itself, unknown formats.

import Foundation
import Testing

@testable import TestSupport

extension HeadlessBinaryTests {
    @Suite struct BadOutputs {
        private let crop = "--crop=100x100+10+10"

        private func workspace() throws -> Workspace {
            let w = try Workspace()
            try w.picture("in/photo.jpg")
            return w
        }

        /// A real full file system (a 256 KiB tmpfs, mounted for the test: the tests run as root):
        /// one line that says the disk is full, nothing left in it, the source untouched.
        @Test func aFullDiskSaysSoAndLeavesNothing() throws {
            let w = try Workspace()
            try Tool.run("convert", ["-size", "2000x1500", "plasma:fractal", w.url("in/big.png").path])
            let full = w.url("full").path
            try FileManager.default.createDirectory(atPath: full, withIntermediateDirectories: true)
            try Tool.run("mount", ["-t", "tmpfs", "-o", "size=256k", "tmpfs", full])
            defer { _ = try? Tool.run("umount", [full]) }
            let before = w.snapshot()["in/big.png"]
            let result = try w.run(["--crop=1900x1400+0+0", "--output=full/out.png", "in/big.png"])
            #expect(result.exited && result.status == 1)
            #expect(result.standardError == "crop-editor: in/big.png: the result could not be written: the disk is full\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: full).isEmpty, "something was left on the full disk")
            #expect(w.snapshot()["in/big.png"] == before)
        }

        @Test func aFolderThatDoesNotExist() throws {
            let w = try workspace()
            try expectCleanFailure(
                in: w, [crop, "--output=out/nowhere/a.png", "in/photo.jpg"],
                image: "in/photo.jpg", reasons: ["does not exist"], output: "out/nowhere/a.png")
        }

        @Test func aFolderThatIsAFile() throws {
            let w = try workspace()
            try w.file("out/notes.txt", bytes: Array("not a folder".utf8))
            try expectCleanFailure(
                in: w, [crop, "--output=out/notes.txt/a.png", "in/photo.jpg"],
                image: "in/photo.jpg", reasons: ["does not exist", "not a folder", "not a directory"],
                output: "out/notes.txt/a.png")
        }

        @Test func aReadOnlyFolder() throws {
            let w = try workspace()
            try FileManager.default.createDirectory(at: w.url("out/locked"), withIntermediateDirectories: true)
            #expect(chmod(w.url("out/locked").path, 0o555) == 0)
            let arguments = [crop, "--output=out/locked/a.png", "in/photo.jpg"]
            if Workspace.isRoot {
                // Root writes into a chmod 555 folder; the write-failure path is covered for root by
                // the over-long name below. Here the run must succeed correctly or fail cleanly.
                try expectSuccessOrCleanFailure(
                    in: w, arguments, image: "in/photo.jpg", reasons: ["not writable"],
                    output: "out/locked/a.png", expectedSize: "100x100")
            } else {
                try expectCleanFailure(
                    in: w, arguments, image: "in/photo.jpg", reasons: ["not writable"],
                    output: "out/locked/a.png")
            }
        }

        @Test func aNameTooLongToCreate() throws {
            // A write that fails inside an existing, writable folder, for root too: no file name may
            // exceed 255 bytes, so creating the temporary file fails after the folder checks pass.
            let w = try workspace()
            let output = "out/" + String(repeating: "n", count: 300) + ".png"
            try expectCleanFailure(
                in: w, [crop, "--output=\(output)", "in/photo.jpg"], image: "in/photo.jpg",
                reasons: ["too long", "could not be written", "write"], output: output)
        }

        @Test func anOutputThatIsAFolder() throws {
            let w = try workspace()
            try FileManager.default.createDirectory(at: w.url("out/result.png"), withIntermediateDirectories: true)
            try expectCleanFailure(
                in: w, [crop, "--output=out/result.png", "in/photo.jpg"], image: "in/photo.jpg",
                reasons: ["directory", "folder"], output: "out/result.png")
        }

        @Test func theSourceItselfHoweverSpelled() throws {
            let w = try workspace()
            try FileManager.default.createSymbolicLink(
                atPath: w.url("out/link.jpg").path,
                withDestinationPath: w.url("in/photo.jpg").path)
            try FileManager.default.linkItem(at: w.url("in/photo.jpg"), to: w.url("out/hard.jpg"))
            let spellings = [
                "in/photo.jpg", "./in/photo.jpg", "in/../in/photo.jpg", "in//photo.jpg",
                w.url("in/photo.jpg").path, "out/link.jpg", "out/hard.jpg",
            ]
            for output in spellings {
                let result = try expectCleanFailure(
                    in: w, [crop, "--output=\(output)", "in/photo.jpg"],
                    image: "in/photo.jpg", reasons: ["source"], output: output)
                #expect(result.status == 2, "a command line that cannot work: \(output)")
            }
        }

        @Test func anUnknownExtension() throws {
            let w = try workspace()
            try expectCleanFailure(
                in: w, [crop, "--output=out/a.bmp", "in/photo.jpg"], image: "in/photo.jpg",
                reasons: ["unknown output format “.bmp”"], output: "out/a.bmp")
        }

        @Test func noExtension() throws {
            let w = try workspace()
            try expectCleanFailure(
                in: w, [crop, "--output=out/result", "in/photo.jpg"], image: "in/photo.jpg",
                reasons: ["no extension"], output: "out/result")
        }
    }
}
