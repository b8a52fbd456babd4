// What the editor hands a decoder: the picture and its sidecar, nothing a link or a pipe leads to.

import CropKit
import Decoding
import Foundation
import Glibc
import Imaging
import OddFiles
import Testing

@Suite(.serialized) struct HandedFilesTests {
    init() {
        // The test requests are obeyed only by a decoder the harness starts this way (and only in a debug build).
        setenv("CROP_EDITOR_DECODER_TEST_REQUESTS", "1", 1)
    }

    /// Where a planted sidecar link leads.
    enum Elsewhere: String, CaseIterable, CustomTestStringConvertible {
        case environment, memory, outsideTheFolder, anotherDevice
        var testDescription: String { rawValue }
    }

    /// A 96 × 64 PNG at `folder/p.png`.
    private func picture(in folder: String) throws -> String {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/p.png"
        try Tools.run(["convert", "-size", "96x64", "gradient:red-blue", path])
        return path
    }

    /// A sidecar keeping a crop, with `secret` in a comment, written at `path` (by way of a picture of its own).
    private func sidecarWithACrop(at path: String, secret: String, scratch: Scratch) throws {
        let donor = try picture(in: scratch.file("donor"))
        try DecoderPool(size: 1).writeSidecar(StoredCrop(rect: CropRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)), for: donor)
        let text = try String(contentsOfFile: donor + ".xmp", encoding: .utf8) + "<!-- \(secret) -->\n"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }

    @Test(arguments: Elsewhere.allCases)
    func aSidecarLinkedElsewhereReachesTheDecoderAsNothing(_ elsewhere: Elsewhere) throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let secret = "secret-\(UUID().uuidString)"
        let image = try picture(in: scratch.file("photos"))
        let target: String
        switch elsewhere {
        case .environment: target = "/proc/self/environ"
        case .memory: target = "/proc/self/mem"
        case .outsideTheFolder: target = scratch.file("outside.xmp")
        case .anotherDevice: target = "/dev/shm/cropeditor-\(UUID().uuidString.prefix(8)).xmp"
        }
        if elsewhere == .outsideTheFolder || elsewhere == .anotherDevice {
            try sidecarWithACrop(at: target, secret: secret, scratch: scratch)
        }
        defer { if elsewhere == .anotherDevice { unlink(target) } }
        let before = FileManager.default.contents(atPath: target)
        #expect(symlink(target, image + ".xmp") == 0)
        let pool = DecoderPool(size: 1)
        // The decoder, handed what a thumbnail's job is handed, reads every descriptor it holds.
        let read = try pool.tryEscaping(.readEveryDescriptor, on: .file(image), withSidecar: true)
        #expect(read.hasPrefix("fd4 ") && read.contains(" bytes: \\x89PNG"), "\(read)")
        #expect(!read.contains("; fd") && !read.contains(secret) && !read.contains("PATH=") && !read.contains("xmpmeta"))
        // Read as absent: no crop restored from it, no problem reported.
        let thumbnail = try pool.displayThumbnail(path: image, maxWidth: 64, maxHeight: 64)
        #expect(thumbnail.storedCrop == nil && thumbnail.sidecarProblem == nil)
        #expect(try pool.storedCrop(path: image) == nil)
        // Keep Crop over it is refused, saying why; the link and what it leads to stay as they were.
        #expect(throws: ImagingError.sidecar(.refused(name: "p.png.xmp", .symbolicLink))) {
            try pool.writeSidecar(StoredCrop(rect: .unit), for: image)
        }
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: image + ".xmp")) == target)
        if elsewhere == .outsideTheFolder || elsewhere == .anotherDevice {
            #expect(FileManager.default.contents(atPath: target) == before)
        }
    }

    /// A regular file of another device in the picture's folder (a file mounted over the sidecar's
    /// name: a link would already be refused) is read as absent and not replaced.
    @Test func aSidecarOnAnotherDeviceIsRefused() throws {
        try #require(getuid() == 0, "mounting a file over the sidecar's name needs root, as the test machines run")
        let scratch = Scratch()
        defer { scratch.remove() }
        let image = try picture(in: scratch.file("photos"))
        let elsewhere = "/dev/shm/cropeditor-\(UUID().uuidString.prefix(8)).xmp"
        try sidecarWithACrop(at: elsewhere, secret: "mounted", scratch: scratch)
        defer { unlink(elsewhere) }
        #expect(FileManager.default.createFile(atPath: image + ".xmp", contents: Data()))
        try Tools.run(["mount", "--bind", elsewhere, image + ".xmp"])
        defer { try? Tools.run(["umount", image + ".xmp"]) }
        var picture = stat(), sidecar = stat()
        #expect(stat(image, &picture) == 0 && stat(image + ".xmp", &sidecar) == 0 && picture.st_dev != sidecar.st_dev)
        let pool = DecoderPool(size: 1)
        let read = try pool.tryEscaping(.readEveryDescriptor, on: .file(image), withSidecar: true)
        #expect(read.hasPrefix("fd4 ") && !read.contains("; fd") && !read.contains("mounted"), "\(read)")
        #expect(try pool.storedCrop(path: image) == nil)
        #expect(throws: ImagingError.sidecar(.refused(name: "p.png.xmp", .otherDevice))) {
            try pool.writeSidecar(StoredCrop(rect: .unit), for: image)
        }
    }

    @Test func aPipeNamedLikeAPictureOrASidecarHoldsNothingUp() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let image = try picture(in: scratch.path)
        let pipe = scratch.file("pipe.png")
        #expect(mkfifo(pipe, 0o644) == 0 && mkfifo(image + ".xmp", 0o644) == 0)
        let pool = DecoderPool(size: 1)
        let start = Date()
        #expect(throws: ImagingError.unreadable(.notRegularFile)) { try pool.probe(path: pipe) }
        #expect(try pool.displayThumbnail(path: image, maxWidth: 64, maxHeight: 64).storedCrop == nil)
        #expect(throws: ImagingError.sidecar(.refused(name: "p.png.xmp", .notRegularFile))) {
            try pool.writeSidecar(StoredCrop(rect: .unit), for: image)
        }
        #expect(Date().timeIntervalSince(start) < 10, "a pipe held a job up")
    }

    @Test func aFileTheSystemMakesUpIsNoPicture() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let image = try picture(in: scratch.path)
        let pool = DecoderPool(size: 1)
        #expect(throws: ImagingError.unreadable(.systemFile)) { try pool.probe(path: "/proc/self/environ") }
        #expect(symlink("/proc/self/environ", scratch.file("environ.png")) == 0)
        #expect(throws: ImagingError.unreadable(.systemFile)) { try pool.probe(path: scratch.file("environ.png")) }
        // A picture named through a link that a person gave is the file it leads to, checked as any.
        #expect(symlink(image, scratch.file("linked.png")) == 0)
        #expect(try pool.probe(path: scratch.file("linked.png")).width == 96)
        #expect(throws: ImagingError.unreadable(.missing)) { try pool.probe(path: scratch.file("nowhere.png")) }
        #expect(throws: ImagingError.unreadable(.folder)) { try pool.probe(path: scratch.path) }
    }

    @Test func aSidecarLargerThanAnyXMPIsRefused() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let image = try picture(in: scratch.path)
        let large = Data(repeating: 0x20, count: DecoderLimits.sidecarLimit + 1)
        try large.write(to: URL(fileURLWithPath: image + ".xmp"))
        let pool = DecoderPool(size: 1)
        #expect(try pool.storedCrop(path: image) == nil)
        #expect(throws: ImagingError.sidecar(.refused(name: "p.png.xmp", .tooLarge(limit: DecoderLimits.sidecarLimit)))) {
            try pool.writeSidecar(StoredCrop(rect: .unit), for: image)
        }
        #expect(FileManager.default.contents(atPath: image + ".xmp") == large)
    }

    @Test func theCancellationFlagReachesTheDecoderReadOnlyAndSealed() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let image = try picture(in: scratch.path)
        let pool = DecoderPool(size: 1)
        // The picture on 4, the flag on 5: the decoder cuts and writes every memfd it holds, then
        // this process sets the flag through its mapping (a flag cut short would end it with SIGBUS).
        let outcome = try pool.tryEscaping(.truncateMemfds, on: .file(image), withFlag: true)
        #expect(outcome.hasPrefix("fd5 write -1 errno ") && outcome.contains(" ftruncate -1 errno "), "\(outcome)")
        #expect(outcome.hasSuffix("; the flag set, 4 bytes"), "\(outcome)")
        // Pasted bytes reach it as a sealed memfd of their own: neither cut nor written either.
        let bytes = try SealedBytes(Array(try Data(contentsOf: URL(fileURLWithPath: image))), name: "Pasted Image")
        let pasted = try pool.tryEscaping(.truncateMemfds, on: .bytes(bytes))
        #expect(pasted.hasPrefix("fd4 write -1 errno ") && pasted.contains(" ftruncate -1 errno "), "\(pasted)")
        #expect(try pool.probe(.bytes(bytes)).width == 96)
    }

    @Test func anUndecodableReplyLeavesNoDescriptorHere() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let image = try picture(in: scratch.path)
        let memfds = memfdCount(), shared = sharedMemoryKilobytes()
        for _ in 0..<3 {
            let pool = DecoderPool(size: 1)
            #expect(throws: ImagingError.decoderStopped) { try pool.tryEscaping(.undecodableReply) }
        }
        // The same from a job's reply, under the harness's hostile answers.
        let hostile = DecoderPool(size: 1, decoderEnvironment: HostileDecoder.undecodableReply.environment)
        for _ in 0..<3 { #expect(throws: ImagingError.decoderStopped) { try hostile.probe(path: image) } }
        let after = sharedMemoryKilobytes()
        print("MEMFDS before \(memfds) after \(memfdCount()); Shmem \(shared) kB before, \(after) kB after six hostile replies")
        #expect(memfdCount(settlingTo: memfds) <= memfds)
        // Six replies of 4 × 64 MiB each kept would be 1.5 GiB of shared memory.
        #expect(after - shared < 256 << 10, "Shmem grew from \(shared) to \(after) kB")
    }

    @Test func unreadableWithNoSidecarSentIsAProtocolErrorAndNothingIsRemoved() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let image = try picture(in: scratch.path)
        let keptFolder = image + ".xmp~/important"
        try FileManager.default.createDirectory(atPath: keptFolder, withIntermediateDirectories: true)
        try "notes".write(toFile: keptFolder + "/notes.txt", atomically: false, encoding: .utf8)
        let hostile = DecoderPool(size: 1, decoderEnvironment: HostileDecoder.unreadable.environment)
        #expect(throws: ImagingError.decoderStopped) { try hostile.writeSidecar(StoredCrop(rect: .unit), for: image) }
        #expect(!FileManager.default.fileExists(atPath: image + ".xmp"))
        // With a sidecar sent, "unreadable" sets it aside under the first free name; nothing is removed.
        try DecoderPool(size: 1).writeSidecar(StoredCrop(rect: CropRect(x: 0, y: 0, width: 0.5, height: 0.5)), for: image)
        let old = try Data(contentsOf: URL(fileURLWithPath: image + ".xmp"))
        let backup = try hostile.writeSidecar(StoredCrop(rect: .unit), for: image)
        #expect(backup == image + ".xmp~1")
        #expect(try Data(contentsOf: URL(fileURLWithPath: image + ".xmp~1")) == old)
        #expect(try String(contentsOfFile: keptFolder + "/notes.txt", encoding: .utf8) == "notes")
        #expect(try DecoderPool(size: 1).storedCrop(path: image)?.crop.rect == .unit)
    }

    @Test func aGenuinelyUnreadableSidecarGoesBesideEarlierBackups() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let image = try picture(in: scratch.path)
        let junk = Data("not xmp \u{0}".utf8)
        try junk.write(to: URL(fileURLWithPath: image + ".xmp"))
        try Data("an earlier backup".utf8).write(to: URL(fileURLWithPath: image + ".xmp~"))
        try FileManager.default.createDirectory(atPath: image + ".xmp~1", withIntermediateDirectories: false)
        let backup = try DecoderPool(size: 1).writeSidecar(StoredCrop(rect: .unit), for: image)
        #expect(backup == image + ".xmp~2")
        #expect(try Data(contentsOf: URL(fileURLWithPath: image + ".xmp~2")) == junk)
        #expect(try String(contentsOfFile: image + ".xmp~", encoding: .utf8) == "an earlier backup")
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: image + ".xmp~1", isDirectory: &isFolder) && isFolder.boolValue)
    }
}
