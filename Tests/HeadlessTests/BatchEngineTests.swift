// The batch engine the window will drive, in-process over real crop-editor worker processes: progress, failures and Cancel.

import Batch
import Foundation
import Testing

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

    @Test func aWorkerKilledMidWriteFailsItsPictureAloneAndLeavesNoTemporary() throws {
        let w = try Workspace()
        let jobs = try noiseJobs(in: w, count: 4, side: 2500, crop: 2400)
        let engine = BatchEngine(runner: runner(slots: 1))
        let killed = KilledWorker()
        let out = w.url("out")
        // SIGKILL, which no handler sees, once the first picture's temporary file is being written.
        let watcher = Thread {
            let writing = {
                ((try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []).contains { $0.hasPrefix(".cropeditor-") }
            }
            try? FolderWatch(out).wait(seconds: 30, until: writing)
            guard writing(), let pid = workerPIDs().first else { return }
            kill(pid, SIGKILL)
            killed.set(pid)
        }
        watcher.start()
        let outcomes = engine.run(jobs)
        try #require(killed.pid != nil, "no worker was caught writing")
        #expect(outcomes.map(\.status) == [.failed, .succeeded, .succeeded, .succeeded])
        #expect(outcomes[0].lines == ["crop-editor: \(jobs[0].image): the worker process doing it ended unexpectedly (signal 9)"])
        #expect(w.temporaryLeftovers().isEmpty, "\(w.temporaryLeftovers())")
        #expect(!w.exists("out/n0.png"))
        for index in 1..<4 { #expect(try Tool.size(of: w.url("out/n\(index).png")) == "2400x2400") }
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
