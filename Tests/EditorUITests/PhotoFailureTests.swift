// A photo Apply to All did not save: a worker's typed cause decoded, its words as the fallback, one line each.

import Foundation
import ImagingCore
import Testing
import Wording

@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

struct PhotoFailureTests {
    @Test func aWorkersEncodedCauseComesBackTyped() throws {
        let encoded = try JSONEncoder().encode(ImagingError.unreadable(.missing))
        let failure = PhotoFailure(
            path: "/photos/a b.jpg", workerLines: ["crop-editor: /photos/a b.jpg: no such file"], encodedCause: encoded)
        #expect(failure == PhotoFailure(path: "/photos/a b.jpg", cause: .imaging(.unreadable(.missing))))
        #expect(failure.line == "a b.jpg: \(ImagingError.unreadable(.missing).message)")
    }

    @Test func withoutACauseTheWorkersLineIsKeptWithoutItsPrefix() {
        let failure = PhotoFailure(
            path: "/photos/a.jpg", workerLines: ["crop-editor: /photos/a.jpg: the worker process doing it ended unexpectedly"],
            encodedCause: Data("not JSON".utf8))
        #expect(failure.cause == .worker("the worker process doing it ended unexpectedly"))
        #expect(failure.line == "a.jpg: the worker process doing it ended unexpectedly")
        #expect(PhotoFailure(path: "/a.jpg", workerLines: [], encodedCause: nil).line == "a.jpg: it could not be saved")
    }
}
