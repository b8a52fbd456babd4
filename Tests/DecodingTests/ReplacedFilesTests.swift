// A file the editor replaces keeps what it was (owner, mode, attributes, ACL), and no save leaves a temporary behind.

import CropKit
import Decoding
import Foundation
import Glibc
import ImagingCore
import OddFiles
import Testing

@Suite(.serialized) struct ReplacedFilesTests {
    /// A 96 × 64 PNG in `scratch`.
    private func picture(_ scratch: Scratch, _ name: String = "p.png") throws -> String {
        let path = scratch.file(name)
        try Tools.run(["convert", "-size", "96x64", "gradient:red-blue", path])
        return path
    }

    /// Gives `path` what a user's private file may carry: mode 0600, owner and group 65534, a
    /// `user.` attribute and an ACL entry for another user (root may do all of it).
    private func makePrivate(_ path: String) throws {
        try Tools.run(["setfattr", "-n", "user.origin", "-v", "camera-roll", path])
        try Tools.run(["setfacl", "-m", "u:65533:r", path])
        #expect(chmod(path, 0o600) == 0)
        #expect(chown(path, 65534, 65534) == 0)
    }

    /// Mode, owner, the `user.` attribute and the ACL of `path`, as `stat`, `getfattr` and `getfacl` say.
    private func kept(_ path: String) throws -> (mode: String, owner: String, attribute: String, acl: String) {
        (
            try Tools.output(["stat", "-c", "%a", path]).trimmingCharacters(in: .whitespacesAndNewlines),
            try Tools.output(["stat", "-c", "%u:%g", path]).trimmingCharacters(in: .whitespacesAndNewlines),
            try Tools.output(["getfattr", "--only-values", "-n", "user.origin", path]),
            try Tools.output(["getfacl", "--omit-header", "--numeric", path])
        )
    }

    @Test func anExportOverAPrivateFileKeepsItsOwnerModeAttributesAndACL() throws {
        try #require(getuid() == 0, "giving a file to another owner needs root, as the test machines run")
        let scratch = Scratch()
        defer { scratch.remove() }
        let source = try picture(scratch)
        let output = try picture(scratch, "out.png")
        try makePrivate(output)
        let before = try kept(output)
        #expect(before.mode == "640" || before.mode == "600", "\(before)")
        let pool = DecoderPool(size: 1)
        let info = try pool.probe(path: source)
        _ = try pool.export(info, crop: PixelRect(x: 0, y: 0, width: 50, height: 40), output: output)
        #expect(try Tools.output(["identify", "-format", "%wx%h", output]) == "50x40")
        let after = try kept(output)
        #expect(after.mode == before.mode && after.owner == "65534:65534", "\(after)")
        #expect(after.attribute == "camera-roll" && after.acl == before.acl && after.acl.contains("user:65533:r--"))
        #expect(scratch.entries == ["out.png", "p.png"])
    }

    @Test func aSidecarReplacedKeepsItsOwnerModeAttributesAndACL() throws {
        try #require(getuid() == 0, "giving a file to another owner needs root, as the test machines run")
        let scratch = Scratch()
        defer { scratch.remove() }
        let image = try picture(scratch)
        let pool = DecoderPool(size: 1)
        try pool.writeSidecar(StoredCrop(rect: CropRect(x: 0, y: 0, width: 0.5, height: 0.5)), for: image)
        try makePrivate(image + ".xmp")
        let before = try kept(image + ".xmp")
        #expect(try pool.writeSidecar(StoredCrop(rect: .unit), for: image) == nil)
        #expect(try pool.storedCrop(path: image)?.crop.rect == .unit)
        let after = try kept(image + ".xmp")
        #expect(after.mode == before.mode && after.owner == "65534:65534" && after.attribute == "camera-roll")
        #expect(after.acl == before.acl, "\(after.acl)")
    }

    @Test func aNewFileGetsTheUsualMode() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let source = try picture(scratch)
        let pool = DecoderPool(size: 1)
        let info = try pool.probe(path: source)
        _ = try pool.export(info, crop: PixelRect(x: 0, y: 0, width: 10, height: 10), output: scratch.file("new.png"))
        var status = stat()
        #expect(stat(scratch.file("new.png"), &status) == 0)
        let mask = try String(contentsOfFile: "/proc/self/status", encoding: .utf8).split(separator: "\n")
            .first { $0.hasPrefix("Umask:") }.flatMap { Int($0.split(separator: "\t").last ?? "", radix: 8) }
        #expect(Int(status.st_mode) & 0o777 == 0o666 & ~(mask ?? 0o022))
        #expect(status.st_uid == geteuid())
    }

    /// Temporaries of earlier saves in the folder: the ones no save holds any more go with the next
    /// save; one being written, one of another user's, a newer one, a link and a pipe stay.
    @Test func theNextSaveInAFolderRemovesOnlyStaleTemporariesOfOurs() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let source = try picture(scratch)
        let hour: TimeInterval = 3600
        func plant(_ name: String, modified: Date) throws -> String {
            let path = scratch.file(name)
            try Data("left over".utf8).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: path)
            return path
        }
        _ = try plant(".cropeditor-0000dead.tmp", modified: Date().addingTimeInterval(-hour))
        let held = try plant(".cropeditor-00000led.tmp", modified: Date().addingTimeInterval(-hour))
        let newer = ".cropeditor-0000newr.tmp"
        _ = try plant(newer, modified: Date().addingTimeInterval(hour))
        let notOurs = try plant(".cropeditor-00000her.tmp", modified: Date().addingTimeInterval(-hour))
        let isRoot = getuid() == 0
        if isRoot { #expect(chown(notOurs, 65534, 65534) == 0) }
        let target = try plant("target.txt", modified: Date().addingTimeInterval(-hour))
        #expect(symlink(target, scratch.file(".cropeditor-000link.tmp")) == 0)
        #expect(mkfifo(scratch.file(".cropeditor-000pipe.tmp"), 0o600) == 0)
        // Held as a save holds the file it writes.
        let lock = open(held, O_RDONLY | O_CLOEXEC)
        defer { close(lock) }
        #expect(flock(lock, LOCK_EX | LOCK_NB) == 0)
        let pool = DecoderPool(size: 1)
        let info = try pool.probe(path: source)
        _ = try pool.export(info, crop: PixelRect(x: 0, y: 0, width: 10, height: 10), output: scratch.file("out.png"))
        var expected = [
            ".cropeditor-00000led.tmp", newer, ".cropeditor-000link.tmp", ".cropeditor-000pipe.tmp", "out.png", "p.png",
            "target.txt",
        ]
        if isRoot { expected.append(".cropeditor-00000her.tmp") }
        #expect(scratch.entries == expected.sorted())
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "left over")
    }
}
