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

    @Test func cancelStopsTheJobsInFlightAndStartsNoMore() throws {
        let w = try Workspace()
        var jobs: [BatchJob] = []
        for index in 0..<8 {
            let image = w.url("in/noise\(index).png").path
            try Tool.run("vips", ["gaussnoise", image, "2000", "2000"])
            jobs.append(
                BatchJob(
                    image: image, arguments: ["--crop=1900x1900", "--output=\(w.url("out/n\(index).png").path)", "--", image]))
        }
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
}
