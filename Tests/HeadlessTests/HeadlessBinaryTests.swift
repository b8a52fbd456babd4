// The suite that runs the real crop-editor binary headless; its cases live in the files named `HeadlessBinaryTests+…`.

import Foundation
import Testing

/// One case at a time: every case times the binary against the 2-second limit, and parallel runs
/// on a small machine would be measuring each other.
@Suite(.serialized) struct HeadlessBinaryTests {
    @Test func theBinaryIsBuiltBesideTheTests() {
        #expect(FileManager.default.isExecutableFile(atPath: CropEditorProcess.binary.path),
                "crop-editor not found at \(CropEditorProcess.binary.path): build with --build-tests")
    }
}
