// A decoder taken over by a hostile picture reaches nothing outside its job, and the editor trusts only what it sees.

import CDecoderSupport
import CropKit
import Decoding
import Foundation
import Glibc
import Imaging
import OddFiles
import Testing

@Suite(.serialized) struct TakenOverDecoderTests {
    init() {
        // The test requests are obeyed only by a decoder the harness starts this way (and only in a debug build).
        setenv("CROP_EDITOR_DECODER_TEST_REQUESTS", "1", 1)
    }

    private func picture(_ scratch: Scratch, _ name: String = "small.png") throws -> String {
        let path = scratch.file(name)
        try Tools.run(["convert", "-size", "96x64", "gradient:red-blue", path])
        return path
    }

    /// The descriptors of `pid` and what each is (`/proc/PID/fd`).
    private func descriptors(of pid: pid_t) -> [Int: String] {
        let folder = "/proc/\(pid)/fd"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return Dictionary(
            uniqueKeysWithValues: names.compactMap { name in
                Int(name).map { ($0, (try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + name)) ?? "?") }
            })
    }

    @Test func theDecoderHoldsDevNullOnItsStandardStreamsItsSocketAndNothingElse() throws {
        let pool = DecoderPool(size: 1)
        #expect(pool.confinement() != nil)
        let pid = try #require(pool.idlePIDs.first)
        // The pidfd it sent with its first message is closed just after sending.
        var open: [Int: String] = [:]
        #expect(
            waitFor(10) {
                open = descriptors(of: pid); return open.keys.sorted() == [0, 1, 2, 3]
            }, "\(open)")
        #expect(open[0] == "/dev/null" && open[1] == "/dev/null" && open[2] == "/dev/null", "\(open)")
        #expect(open[3]?.hasPrefix("socket:") == true, "\(open)")
    }

    @Test func theDecoderInheritsNoneOfTheEnvironment() throws {
        setenv("CROP_EDITOR_TEST_SECRET_TOKEN", "hunter2", 1)
        defer { unsetenv("CROP_EDITOR_TEST_SECRET_TOKEN") }
        let pool = DecoderPool(size: 1)
        #expect(pool.confinement() != nil)
        let pid = try #require(pool.idlePIDs.first)
        let environ = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/environ"))
        let names = environ.split(separator: 0).map { String(decoding: $0, as: UTF8.self).prefix { $0 != "=" } }
        // Only the harness's request switch (set by this suite) and what the decoder sets itself.
        #expect(Set(names).isSubset(of: ["CROP_EDITOR_DECODER_TEST_REQUESTS", "ORC_CODE"]), "\(names)")
        #expect(!names.contains("PATH") && !names.contains("HOME") && !names.contains("CROP_EDITOR_TEST_SECRET_TOKEN"))
    }

    @Test func forgedFramesOnItsStandardStreamsReachNobody() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let pool = DecoderPool(size: 1)
        let outcome = try pool.tryEscaping(.forgeFrames)
        // Written, but into /dev/null (descriptor 0 is read-only there): nobody reads them.
        #expect(outcome.contains("fd1 ") && outcome.contains("fd2 "), "\(outcome)")
        #expect(try pool.probe(path: try picture(scratch)).width == 96)
    }

    @Test func itCannotMakeTheKernelSignalAnotherProcess() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let pool = DecoderPool(size: 1)
        let outcome = try pool.tryEscaping(.signalOthers)
        #expect(
            outcome == "setown -1 errno \(EPERM), setown-group -1 errno \(EPERM), setsig -1 errno \(EPERM), "
                + "async -1 errno \(EPERM)")
        // Data on its socket now (the next job) would signal us had any of them taken: we live on.
        #expect(try pool.probe(path: try picture(scratch)).height == 64)
    }

    @Test func itCannotLearnWhetherAPathExists() throws {
        let pool = DecoderPool(size: 1)
        let outcome = try pool.tryEscaping(.statPaths)
        #expect(
            outcome == "newfstatat -1 errno \(EACCES), newfstatat-empty-path -1 errno \(EACCES), "
                + "statx -1 errno \(ENOSYS), statx-empty-path -1 errno \(ENOSYS)")
    }

    @Test func itCannotMapCodeOfItsOwn() throws {
        let pool = DecoderPool(size: 1)
        #expect(try pool.tryEscaping(.executableMemory) == "mmap -1 errno \(EPERM), mprotect -1 errno \(EPERM)")
    }

    @Test func itCannotRaiseItsLimits() throws {
        let pool = DecoderPool(size: 1)
        #expect(try pool.tryEscaping(.raiseLimits) == "prlimit-cpu -1 errno \(EPERM), prlimit-as -1 errno \(EPERM)")
        let pid = try #require(pool.idlePIDs.first)
        let limits = try String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8)
        #expect(limits.contains(/Max cpu time\s+240\s+240\s+seconds/))
        #expect(limits.contains(/Max address space\s+8589934592\s+8589934592\s+bytes/))
    }

    @Test func writingToEveryDescriptorReachesOnlyDevNull() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let source = try picture(scratch)
        let output = scratch.file("out.png")
        let pool = DecoderPool(size: 1)
        let info = try pool.probe(path: source)
        _ = try pool.export(info, crop: PixelRect(x: 0, y: 0, width: 50, height: 40), output: output)
        let written = try Data(contentsOf: URL(fileURLWithPath: output))
        // The same process, which held the export's descriptors, now writes everywhere it can.
        let outcome = try pool.tryEscaping(.writeEverywhere)
        // 0, 1 and 2 are /dev/null (see above); nothing else took a byte.
        #expect(outcome == "wrote to fd0 fd1 fd2", "\(outcome)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == written)
    }

    @Test func forkingEndsTheProcess() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let pool = DecoderPool(size: 1)
        #expect(throws: ImagingError.decoderStopped) { try pool.tryEscaping(.fork) }
        #expect(try pool.probe(path: try picture(scratch)).width == 96)
    }

    /// While it exports, the decoder holds the source read-only and nothing else of the user's: the
    /// result comes back in a memfd the editor writes out.
    @Test func theDecoderHoldsNoWritableDescriptorOnAUserFile() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let source = try bigNoisePicture(scratch)
        let pool = DecoderPool(size: 1)
        let info = try pool.probe(path: source)
        let output = scratch.file("out.png")
        let finished = exportInBackground(pool, info, to: output)
        var seen: [Int: String] = [:]
        var flags: [Int: String] = [:]
        #expect(
            waitFor(30) {
                guard let pid = pool.workingPIDs.first else { return false }
                seen = descriptors(of: pid)
                flags = Dictionary(
                    uniqueKeysWithValues: seen.keys.map { fd in
                        (fd, (try? String(contentsOfFile: "/proc/\(pid)/fdinfo/\(fd)", encoding: .utf8)) ?? "")
                    })
                return seen.values.contains { $0.contains("crop-editor-result") }
            })
        #expect(finished.value == nil, "the export ended before the decoder was looked at")
        for (fd, target) in seen where target.hasPrefix("/") && target != "/dev/null" && !target.hasPrefix("/memfd:") {
            // Only the source, and read-only (flags' low two bits: 0 = O_RDONLY).
            #expect(target == source, "descriptor \(fd) is \(target)")
            let octal = flags[fd]?.split(separator: "\n").first { $0.hasPrefix("flags:") }?.split(separator: "\t").last
            #expect(octal.flatMap { Int($0, radix: 8) }.map { $0 & 3 } == 0, "descriptor \(fd) is writable")
        }
        #expect(waitFor(60) { finished.value != nil })
        #expect(try finished.value?.get().width == 6000)
    }

    @Test func oneProcessServesOneSourceFileAndTheNextIsStartedAhead() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let first = try picture(scratch, "a.png")
        let second = try picture(scratch, "b.png")
        let pool = DecoderPool(size: 1)
        pool.sparesAhead = 1
        defer { pool.shutdown() }
        let info = try pool.probe(path: first)
        #expect(waitFor(20) { pool.idlePIDs.count == 2 }, "no process was started ahead")
        let serving = Set(pool.idlePIDs)
        // The same file's jobs share its process.
        _ = try pool.displayThumbnail(path: first, maxWidth: 50, maxHeight: 50)
        _ = try pool.renderRegion(info, region: .unit, scale: 0.5)
        #expect(Set(pool.idlePIDs) == serving)
        // Another file gets the spare; the first file's process is retired, a new spare started.
        _ = try pool.probe(path: second)
        #expect(waitFor(20) { pool.idlePIDs.count == 2 && Set(pool.idlePIDs).intersection(serving).count == 1 })
        let retired = serving.subtracting(pool.idlePIDs)
        #expect(retired.count == 1)
        // Ended, and reaped by the zygote that forked it.
        #expect(waitFor(10) { retired.allSatisfy { statusField("State", of: $0) == nil } }, "the first file's process lives on")
    }

    /// A decoder made to report success from `seccomp_load` and `prctl` without acting says it is
    /// confined; the editor reads `/proc` and refuses it.
    @Test func aDecoderThatOnlySaysItIsConfinedIsRefused() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let wrapper = try FakeConfinedDecoder.make(in: scratch.path)
        let pool = DecoderPool(size: 1, program: wrapper)
        #expect(throws: ImagingError.decoderUnconfined) { try pool.probe(path: try picture(scratch)) }
        #expect(pool.idlePIDs.isEmpty && pool.workingPIDs.isEmpty)
        #expect(!pool.ranUnconfined)
    }

    @Test func theRepliesAreCheckedAgainstTheRequest() {
        let picture = (width: 1000, height: 800)
        let asked = CropRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        // As asked: 500 × 400 picture pixels at a half.
        #expect(DecoderPool.regionFits(asked, width: 250, height: 200, asked: asked, scale: 0.5, picture: picture))
        // More pixels than the region holds at that scale.
        #expect(!DecoderPool.regionFits(asked, width: 4000, height: 200, asked: asked, scale: 0.5, picture: picture))
        // A region that misses part of the one asked, or reaches far past it.
        #expect(
            !DecoderPool.regionFits(
                CropRect(x: 0.3, y: 0.25, width: 0.45, height: 0.5), width: 225, height: 200, asked: asked, scale: 0.5,
                picture: picture))
        #expect(!DecoderPool.regionFits(.unit, width: 500, height: 400, asked: asked, scale: 0.5, picture: picture))
    }

    @Test func pixelsMustBeSealedToBeMapped() throws {
        // A memfd the way a decoder makes one for a result, but never sealed.
        let fd = cds_result_memfd()
        defer { close(fd) }
        #expect(fd >= 0 && ftruncate(fd, 16) == 0)
        #expect(SealedPixels.map(fd, count: 16) == nil)
        #expect(SealedPixels.sealedSize(fd, limit: 1 << 20) == nil)
    }
}
