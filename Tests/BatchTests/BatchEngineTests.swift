// The batch engine the window will drive, in-process over real crop-editor worker processes: progress, failures and Cancel.

import Batch
import Foundation
import Imaging
import Testing
import Wording

@testable import TestSupport

@Suite(.serialized) struct BatchEngineTests {
    private final class Reports: @unchecked Sendable {
        let lock = NSLock()
        var all: [BatchProgress] = []
        func add(_ progress: BatchProgress) {
            lock.lock()
            all.append(progress)
            lock.unlock()
        }
    }

    private func runner(slots: Int) -> ProcessRunner {
        ProcessRunner(executable: CropEditorProcess.binary.path, slots: slots)
    }

    @Test func progressCountsEachJobOnceAndFailuresComeAsTheirLines() throws {
        let w = try Workspace()
        var jobs: [BatchJob] = []
        for index in 0..<5 {
            let image = w.url("in/p\(index).png").path
            try w.picture("in/p\(index).png")
            jobs.append(
                BatchJob(image: image, arguments: ["--crop=20x10", "--output=\(w.url("out/p\(index).png").path)", "--", image]))
        }
        let missing = w.url("in/missing.png").path
        jobs.insert(
            BatchJob(image: missing, arguments: ["--crop=20x10", "--output=\(w.url("out/m.png").path)", "--", missing]), at: 2)
        let reports = Reports()
        let outcomes = BatchEngine(runner: runner(slots: 2)).run(jobs) { reports.add($0) }
        #expect(outcomes.map(\.status) == [.succeeded, .succeeded, .failed, .succeeded, .succeeded, .succeeded])
        #expect(outcomes[2].lines == ["crop-editor: \(missing): no such file"])
        // The cause comes typed beside the words, for a window that words causes itself.
        let cause = try JSONDecoder().decode(ImagingError.self, from: #require(outcomes[2].cause))
        #expect(cause.message == "no such file")
        #expect(outcomes.filter { $0.status == .succeeded }.allSatisfy { $0.cause == nil })
        #expect(reports.all.map(\.done) == Array(0...6))
        #expect(reports.all.last?.failed == 1 && reports.all.allSatisfy { $0.total == 6 })
        #expect(Set(reports.all.compactMap { $0.latest?.index }) == Set(0..<6))
        #expect(reports.all.first?.secondsLeft == nil && reports.all.last?.secondsLeft == 0)
        for index in 0..<5 { #expect(try Tool.size(of: w.url("out/p\(index).png")) == "20x10") }
    }

    /// `count` noise pictures `side` pixels square (noise compresses slowly: each result takes long
    /// enough to be caught while it is written), each cropped to `crop` square into `out/nINDEX.png`.
    private func noiseJobs(in w: Workspace, count: Int, side: Int, crop: Int) throws -> [BatchJob] {
        try (0..<count).map { index in
            let image = w.url("in/noise\(index).png").path
            try Tool.run("vips", ["gaussnoise", image, "\(side)", "\(side)"])
            return BatchJob(
                image: image, arguments: ["--crop=\(crop)x\(crop)", "--output=\(w.url("out/n\(index).png").path)", "--", image])
        }
    }

    @Test func cancelStopsTheJobsInFlightAndStartsNoMore() throws {
        let w = try Workspace()
        let jobs = try noiseJobs(in: w, count: 8, side: 2000, crop: 1900)
        let engine = BatchEngine(runner: runner(slots: 2))
        // Cancelled from the progress report of the first result, as the window's Cancel could come then.
        let outcomes = engine.run(jobs) { progress in if progress.done == 1 { engine.cancel() } }
        #expect(engine.isCancelled)
        let succeeded = outcomes.filter { $0.status == .succeeded }.count
        #expect(succeeded >= 1 && succeeded < jobs.count, "\(outcomes.map(\.status))")
        #expect(!outcomes.contains { $0.status == .failed }, "a stopped job was reported as failed: \(outcomes)")
        #expect(outcomes.suffix(4).allSatisfy { $0.status == .cancelled }, "jobs started after Cancel")
        for (index, outcome) in outcomes.enumerated() where outcome.status == .succeeded {
            #expect(try Tool.size(of: w.url("out/n\(index).png")) == "1900x1900")
        }
        #expect(w.temporaryLeftovers().isEmpty, "\(w.temporaryLeftovers())")
    }

    /// Cancel that comes after a worker put its result in place but before it reported it: the
    /// result is counted as saved, not lost as cancelled (a batch's summary matches the folder).
    @Test func aResultWrittenJustBeforeCancelIsCountedAsSaved() throws {
        let w = try Workspace()
        let image = w.url("in/p.png").path
        try w.picture("in/p.png")
        let output = w.url("out/p.png").path
        // The real worker, made to wait 5 s between its rename and its report (a debug-only pause).
        let worker = w.url("pausing-worker").path
        try w.file(
            "pausing-worker",
            bytes: Array(
                "#!/bin/sh\nCROP_EDITOR_WORKER_TEST_REPORT_PAUSE=5 exec '\(CropEditorProcess.binary.path)' \"$@\"\n".utf8))
        #expect(chmod(worker, 0o755) == 0)
        let engine = BatchEngine(runner: ProcessRunner(executable: worker, slots: 1))
        let canceller = Thread {
            GtkDisplay.poll(timeout: 30) { FileManager.default.fileExists(atPath: output) }
            engine.cancel()
        }
        canceller.start()
        let outcomes = engine.run([BatchJob(image: image, arguments: ["--crop=20x10", "--output=\(output)", "--", image])])
        #expect(engine.isCancelled)
        #expect(outcomes.map(\.status) == [.succeeded], "a result in place was not counted")
        #expect(try Tool.size(of: URL(fileURLWithPath: output)) == "20x10")
        #expect(w.temporaryLeftovers().isEmpty, "\(w.temporaryLeftovers())")
    }

    @Test func aWorkerKilledMidJobFailsItsPictureAloneAndLeavesNoTemporary() throws {
        let w = try Workspace()
        let jobs = try noiseJobs(in: w, count: 4, side: 2500, crop: 2400)
        let engine = BatchEngine(runner: runner(slots: 1))
        let killed = KilledWorker()
        // SIGKILL, which no handler sees, once the first picture's decoder (the worker's grandchild,
        // forked by its zygote) is at work on it.
        let watcher = Thread {
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline {
                if let worker = workerPIDs().first, Self.decoderAtWork(under: worker) {
                    kill(worker, SIGKILL)
                    killed.set(worker)
                    return
                }
                sched_yield()
            }
        }
        watcher.start()
        let outcomes = engine.run(jobs)
        try #require(killed.pid != nil, "no worker was caught at work")
        #expect(outcomes.map(\.status) == [.failed, .succeeded, .succeeded, .succeeded])
        #expect(outcomes[0].lines == ["crop-editor: \(jobs[0].image): the worker process doing it ended unexpectedly (signal 9)"])
        #expect(w.temporaryLeftovers().isEmpty, "\(w.temporaryLeftovers())")
        #expect(!w.exists("out/n0.png"))
        for index in 1..<4 { #expect(try Tool.size(of: w.url("out/n\(index).png")) == "2400x2400") }
    }

    /// A worker that dies having made its temporary file (here a stand-in that makes it and kills
    /// itself, as a crash mid-write would): the batch removes that file, which it named itself, and
    /// nothing else; the worker could not name another.
    @Test func theBatchRemovesTheTemporaryItNamedWhenAWorkerDiesMidWrite() throws {
        let w = try Workspace()
        try w.file("out/keep.txt", bytes: Array("keep".utf8))
        let image = w.url("in/p.png").path
        let worker = w.url("dying-worker").path
        // Reads the job (a 4-byte length and JSON), makes the temporary it was given, dies by SIGKILL.
        let script = """
            #!/usr/bin/env python3
            import json, os, signal, sys
            length = int.from_bytes(sys.stdin.buffer.read(4), "little")
            job = json.loads(sys.stdin.buffer.read(length))
            output = [a for a in job["arguments"] if a.startswith("--output=")][0][len("--output="):]
            open(os.path.join(os.path.dirname(output), job["temporaryName"]), "w").write("half")
            os.kill(os.getpid(), signal.SIGKILL)
            """
        try w.file("dying-worker", bytes: Array(script.utf8))
        #expect(chmod(worker, 0o755) == 0)
        let job = BatchJob(image: image, arguments: ["--crop=20x10", "--output=\(w.url("out/p.png").path)", "--", image])
        let outcomes = BatchEngine(runner: ProcessRunner(executable: worker, slots: 1)).run([job])
        #expect(outcomes.map(\.status) == [.failed])
        #expect(outcomes[0].lines == ["crop-editor: \(image): the worker process doing it ended unexpectedly (signal 9)"])
        #expect(w.temporaryLeftovers().isEmpty, "\(w.temporaryLeftovers())")
        #expect(try FileManager.default.contentsOfDirectory(atPath: w.url("out").path) == ["keep.txt"])
    }

    /// Whether a decoder forked by `worker`'s zygote has used processor time (it is decoding).
    private static func decoderAtWork(under worker: pid_t) -> Bool {
        let children = { (parent: pid_t) -> [(pid: pid_t, ticks: Int)] in
            ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { entry in
                guard let pid = pid_t(entry), let stat = FileManager.default.contents(atPath: "/proc/\(entry)/stat")
                else { return nil }
                let text = String(decoding: stat, as: UTF8.self)
                guard let close = text.lastIndex(of: ")") else { return nil }
                let fields = text[text.index(after: close)...].split(separator: " ")
                guard fields.count > 13, pid_t(fields[1]) == parent else { return nil }
                return (pid, (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0))
            }
        }
        return children(worker).contains { zygote in children(zygote.pid).contains { $0.ticks > 5 } }
    }

    private final class KilledWorker: @unchecked Sendable {
        private let lock = NSLock()
        private var killed: pid_t?
        func set(_ pid: pid_t) {
            lock.lock()
            killed = pid
            lock.unlock()
        }
        var pid: pid_t? {
            lock.lock()
            defer { lock.unlock() }
            return killed
        }
    }

    /// This test process's worker children (`crop-editor --internal-batch-worker`).
    private func workerPIDs() -> [pid_t] {
        let me = getpid()
        return ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry), let stat = FileManager.default.contents(atPath: "/proc/\(entry)/stat"),
                let command = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
                String(decoding: command, as: UTF8.self).contains("--internal-batch-worker")
            else { return nil }
            // Field 4 of stat, after the command in parentheses, is the parent's pid.
            let text = String(decoding: stat, as: UTF8.self)
            guard let close = text.lastIndex(of: ")") else { return nil }
            let fields = text[text.index(after: close)...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == me ? pid : nil
        }
    }
}
