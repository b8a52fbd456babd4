// The batch's progress line in words: done of total, failures (those refused before running included), time left.

import Batch
import Testing

@testable import Headless
@testable import TestSupport

@Suite struct ProgressLineTests {
    private func progress(done: Int, total: Int, failed: Int = 0, elapsed: Double) -> BatchProgress {
        BatchProgress(done: done, total: total, failed: failed, elapsed: elapsed, latest: nil)
    }

    @Test func theLineSaysDoneOfTotalFailuresAndTimeLeftAtThePaceSoFar() {
        #expect(ProgressLine.text(progress(done: 0, total: 40, elapsed: 0)) == "crop-editor: 0 of 40 done")
        // 4 done in 2 s: 0.5 s each, 36 to go.
        #expect(ProgressLine.text(progress(done: 4, total: 40, elapsed: 2)) == "crop-editor: 4 of 40 done, about 18 s left")
        #expect(
            ProgressLine.text(progress(done: 10, total: 400, failed: 2, elapsed: 5))
                == "crop-editor: 10 of 400 done, 2 failed, about 3 min 15 s left")
        #expect(ProgressLine.text(progress(done: 40, total: 40, failed: 1, elapsed: 9)) == "crop-editor: 40 of 40 done, 1 failed")
        // Refused images count as done and failed, but not in the pace: they took no time.
        #expect(
            ProgressLine.text(progress(done: 2, total: 10, elapsed: 4), refused: 3)
                == "crop-editor: 5 of 13 done, 3 failed, about 16 s left")
    }

    @Test func durationsReadAsPeopleSayThem() {
        #expect(ProgressLine.duration(0.2) == "1 s")
        #expect(ProgressLine.duration(59) == "59 s")
        #expect(ProgressLine.duration(125) == "2 min 5 s")
        #expect(ProgressLine.duration(3 * 3600 + 7 * 60 + 30) == "3 h 7 min")
    }
}
