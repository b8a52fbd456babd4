// The suite that runs the real crop-editor binary headless; its cases live in the files named `HeadlessBinaryTests+…`.

import Foundation
import Testing

@testable import TestSupport

/// One case at a time: the cases run real decodes and encodes, and a small machine running them all
/// at once would only slow each down towards the hang guard.
@Suite(.serialized) struct HeadlessBinaryTests {
    @Test func theBinaryIsBuiltBesideTheTests() {
        #expect(
            FileManager.default.isExecutableFile(atPath: CropEditorProcess.binary.path),
            "crop-editor not found at \(CropEditorProcess.binary.path): build with --build-tests")
    }
}
