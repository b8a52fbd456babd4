// The decoding process is confined for real: what it must not do fails or ends it, /proc shows the confinement while it works.

import CropKit
import Decoding
import Foundation
import Glibc
import Imaging
import OddFiles
import Testing

@Suite(.serialized) struct ConfinementTests {
    init() {
        // The test requests are obeyed only by a decoder the harness starts this way (and only in a debug build).
        setenv("CROP_EDITOR_DECODER_TEST_REQUESTS", "1", 1)
    }

    /// A small picture every test can decode afterwards, to show the pool recovered.
    private func picture(_ scratch: Scratch) throws -> String {
        let path = scratch.file("small.png")
        try Tools.run(["convert", "-size", "96x64", "gradient:red-blue", path])
        return path
    }

    @Test func theConfinementThisKernelOffersIsEntered() throws {
        let pool = DecoderPool(size: 1)
        let confinement = try #require(pool.confinement())
        #expect(confinement.noNewPrivileges)
        #expect(confinement.seccomp)
        // This machine's kernel has Landlock (ABI 7 when measured); where it has none the summary says so.
        #expect(confinement.summary.hasPrefix("Decoders run confined: seccomp"))
    }

    /// What the log and `--help` say on kernels that lack parts of it (the editor works on without them).
    @Test func theSummaryNamesWhatTheKernelLacks() {
        let full = Confinement(noNewPrivileges: true, landlockABI: 3, seccomp: true)
        #expect(full.summary == "Decoders run confined: seccomp, Landlock ABI 3, no new privileges")
        let noLandlock = Confinement(noNewPrivileges: true, landlockABI: 0, seccomp: true)
        #expect(noLandlock.summary == "Decoders run confined: seccomp, no new privileges; no Landlock on this kernel")
        let none = Confinement(noNewPrivileges: false, landlockABI: 0, seccomp: false)
        #expect(
            none.summary == "Decoders run in a separate process, unconfined; no seccomp or Landlock on this kernel")
    }

    /// A one-file pool (the command line's) starts its decoder on its own, no zygote: a child of
    /// ours, confined as a forked one is, refusing what a forked one refuses, and reaped by us.
    @Test func aDecoderStartedWithoutAZygoteIsOursConfinedAndReaped() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let pool = DecoderPool(size: 1)
        pool.decodesOneFile = true
        #expect(try pool.probe(path: try picture(scratch)).width == 96)
        let pid = try #require(pool.idlePIDs.first)
        #expect(statusField("PPid", of: pid) == "\(getpid())", "not started by us")
        #expect(statusField("NoNewPrivs", of: pid) == "1")
        #expect(statusField("Seccomp", of: pid) == "2")
        #expect(try pool.tryEscaping(.openFile) == "-1 errno \(EACCES)")
        pool.shutdown()
        // Reaped, not left a zombie: the pid is gone from /proc.
        #expect(waitFor(10) { statusField("State", of: pid) == nil }, "left as \(statusField("State", of: pid) ?? "-")")
    }

    @Test func openingAFileIsRefused() throws {
        let pool = DecoderPool(size: 1)
        let outcome = try pool.tryEscaping(.openFile)
        // EACCES from the filter (Landlock would say the same): the file stays closed to it.
        #expect(outcome == "-1 errno \(EACCES)")
    }

    @Test(arguments: [DecoderTestRequest.socket, .exec])
    func aSocketOrAProgramEndsTheProcess(_ request: DecoderTestRequest) throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let pool = DecoderPool(size: 1)
        #expect(throws: ImagingError.decoderStopped) { try pool.tryEscaping(request) }
        // The next job gets a fresh process, confined again.
        let info = try pool.probe(path: try picture(scratch))
        #expect(info.width == 96 && info.height == 64)
        #expect(pool.confinement()?.seccomp == true)
    }

    @Test func aJobPastItsTimeIsEndedAndNothingIsWritten() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let pool = DecoderPool(size: 1, timeout: 0.5)
        let started = Date()
        #expect(throws: ImagingError.decoderStopped) { try pool.tryEscaping(.spin) }
        #expect(Date().timeIntervalSince(started) < 10)
        let info = try pool.probe(path: try picture(scratch))
        #expect(info.width == 96)
    }

    @Test func aProcessThatDiedWhileIdleCostsTheNextJobNothing() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let pool = DecoderPool(size: 1)
        #expect(pool.confinement() != nil)
        let idle = try #require(pool.idlePIDs.first)
        #expect(kill(idle, SIGKILL) == 0)
        #expect(waitFor(10) { statusField("State", of: idle)?.hasPrefix("Z") ?? true })
        #expect(try pool.probe(path: try picture(scratch)).width == 96)
        #expect(pool.idlePIDs.count == 1 && pool.idlePIDs.first != idle)
    }

    /// The kernel's CPU limit ends a job that computes past its budget, well before the wall-clock limit.
    @Test func aJobPastItsProcessorTimeIsEndedByTheKernel() throws {
        let pool = DecoderPool(size: 1, timeout: 60, decoderEnvironment: ["CROP_EDITOR_DECODER_CPU_SECONDS": "1"])
        let started = Date()
        #expect(throws: ImagingError.decoderStopped) { try pool.tryEscaping(.spin) }
        #expect(Date().timeIntervalSince(started) < 30)
    }

    @Test func theProcessIsConfinedWhileItExports() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let source = try bigNoisePicture(scratch)
        let pool = DecoderPool(size: 1)
        let info = try pool.probe(path: source)
        let output = scratch.file("out.png")
        let finished = exportInBackground(pool, info, to: output)
        var seen: (noNewPrivs: String?, seccomp: String?, limits: String?) = (nil, nil, nil)
        #expect(
            waitFor(30) {
                guard let pid = pool.workingPIDs.first else { return false }
                seen = (
                    statusField("NoNewPrivs", of: pid), statusField("Seccomp", of: pid),
                    try? String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8)
                )
                return seen.seccomp != nil
            })
        let limits = try #require(seen.limits)
        // Read while the export was still on its way.
        #expect(finished.value == nil)
        // 8 GiB of address space, its soft and hard limits alike; a processor-time budget; no core files.
        #expect(limits.contains(/Max address space\s+8589934592\s+8589934592\s+bytes/))
        #expect(limits.contains(/Max cpu time\s+(\d+)\s+\1\s+seconds/))
        // Writes, memfds included, bounded by the largest result; a few descriptors.
        #expect(limits.contains(/Max file size\s+(\d+)\s+\1\s+bytes/))
        #expect(limits.contains(/Max open files\s+64\s+64\s+files/))
        #expect(limits.contains(/Max core file size\s+0\s+0\s+bytes/))
        #expect(seen.noNewPrivs == "1")
        #expect(seen.seccomp == "2")
        #expect(waitFor(60) { finished.value != nil })
        #expect(try finished.value?.get().width == 6000)
    }

    @Test func aProcessKilledMidExportLeavesNothingAndTheNextJobWorks() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let source = try bigNoisePicture(scratch)
        let before = try Data(contentsOf: URL(fileURLWithPath: source))
        let pool = DecoderPool(size: 1)
        let info = try pool.probe(path: source)
        let output = scratch.file("out.png")
        let bound = try #require(pool.idlePIDs.first)
        let probed = try #require(processorTicks(of: bound))
        let finished = exportInBackground(pool, info, to: output)
        var killed = false
        // Killed once it is at work on the export (50 ms of processor time past its probe's): a
        // process killed before the request reached it would only make the pool retry on a fresh one.
        #expect(
            waitFor(30) {
                guard let pid = pool.workingPIDs.first, (processorTicks(of: pid) ?? 0) >= probed + 5 else { return false }
                killed = kill(pid, SIGKILL) == 0
                return true
            })
        #expect(killed)
        #expect(waitFor(30) { finished.value != nil })
        #expect(throws: ImagingError.decoderStopped) { try finished.value?.get() }
        // Nothing written, no temporary left, the source as it was.
        #expect(scratch.entries == ["big.jpg"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: source)) == before)
        #expect(try pool.probe(path: try picture(scratch)).height == 64)
    }
}
