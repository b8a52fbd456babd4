// What every headless run must look like: a failure exits non-zero with one line and leaves nothing; a success is silent.

import Foundation
import Testing

@testable import TestSupport

/// Runs crop-editor with `arguments` in `workspace`, expecting it to refuse, and checks the
/// whole failure contract. `image` is the IMAGE as typed (nil for command-line mistakes made
/// before it is known); `reasons` are words of which the message must contain one; `environment`
/// adds to the run's.
@discardableResult
func expectCleanFailure(
    in workspace: Workspace, _ arguments: [String], image: String?, reasons: [String],
    output: String?, environment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
) throws -> RunResult {
    let before = workspace.snapshot()
    let outputExisted = output.map { workspace.exists($0) } ?? false
    let result = try workspace.run(arguments, environment: environment)
    checkCleanFailure(
        result, in: workspace, before: before, image: image, reasons: reasons,
        newOutput: outputExisted ? nil : output, sourceLocation: sourceLocation)
    return result
}

/// For inputs only some users can make fail (root reads a chmod 000 file and writes into a
/// chmod 555 folder): the run must either succeed with a correct `expectedSize` output and the
/// source unchanged, or fail by the whole contract.
func expectSuccessOrCleanFailure(
    in workspace: Workspace, _ arguments: [String], image: String, reasons: [String],
    output: String, expectedSize: String,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let before = workspace.snapshot()
    let outputExisted = workspace.exists(output)
    let result = try workspace.run(arguments)
    guard result.exited && result.status == 0 else {
        checkCleanFailure(
            result, in: workspace, before: before, image: image, reasons: reasons,
            newOutput: outputExisted ? nil : output, sourceLocation: sourceLocation)
        return
    }
    #expect(!result.timedOut, "still running after \(result.seconds) s", sourceLocation: sourceLocation)
    #expect(result.standardError.isEmpty, "stderr: \(result.standardError)", sourceLocation: sourceLocation)
    #expect(try Tool.size(of: workspace.url(output)) == expectedSize, sourceLocation: sourceLocation)
    #expect(workspace.snapshot()[image] == before[image], "the source changed", sourceLocation: sourceLocation)
    #expect(workspace.temporaryLeftovers().isEmpty, sourceLocation: sourceLocation)
}

/// `newOutput` is the output path when nothing was there before the run: nothing may be there after.
private func checkCleanFailure(
    _ result: RunResult, in workspace: Workspace, before: [String: Data?], image: String?,
    reasons: [String], newOutput: String?, sourceLocation: SourceLocation
) {
    let after = workspace.snapshot()
    let line = result.errorLines.first ?? ""
    #expect(
        result.exited && result.status != 0, "exit status \(result.status), exited normally: \(result.exited)",
        sourceLocation: sourceLocation)
    #expect(!result.timedOut, "still running after \(result.seconds) s", sourceLocation: sourceLocation)
    #expect(result.errorLines.count == 1, "stderr: \(result.standardError.debugDescription)", sourceLocation: sourceLocation)
    #expect(result.standardError.hasSuffix("\n"), "the line ends with a newline", sourceLocation: sourceLocation)
    #expect(line.hasPrefix("crop-editor: "), "\(line)", sourceLocation: sourceLocation)
    if let image {
        #expect(line.hasPrefix("crop-editor: \(image): "), "names the image as given: \(line)", sourceLocation: sourceLocation)
    }
    #expect(
        reasons.contains { line.lowercased().contains($0.lowercased()) }, "\(line) should say one of \(reasons)",
        sourceLocation: sourceLocation)
    #expect(result.standardOutput.isEmpty, "stdout: \(result.standardOutput)", sourceLocation: sourceLocation)
    if let newOutput {
        #expect(!workspace.exists(newOutput), "\(newOutput) was left behind", sourceLocation: sourceLocation)
    }
    #expect(
        workspace.temporaryLeftovers().isEmpty, "temporary files: \(workspace.temporaryLeftovers())",
        sourceLocation: sourceLocation)
    // Covers "the source untouched" and "nothing else written" at once: same names, same bytes.
    #expect(
        after == before, "changed: \(Set(after.keys).symmetricDifference(before.keys).sorted())",
        sourceLocation: sourceLocation)
}

/// Runs crop-editor expecting success: exit 0, silent, quick, the source unchanged, no leftovers,
/// and `output` of `size` (`WxH`) when both are given.
func expectSuccess(
    in w: Workspace, _ arguments: [String], source: String, output: String? = nil, size: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let before = try Data(contentsOf: w.url(source))
    let result = try w.run(arguments)
    #expect(result.exited && result.status == 0, "stderr: \(result.standardError)", sourceLocation: sourceLocation)
    #expect(result.standardError.isEmpty && result.standardOutput.isEmpty, sourceLocation: sourceLocation)
    #expect(!result.timedOut, "still running after \(result.seconds) s", sourceLocation: sourceLocation)
    if let output, let size {
        #expect(try Tool.size(of: w.url(output)) == size, sourceLocation: sourceLocation)
    }
    #expect(try Data(contentsOf: w.url(source)) == before, "the source changed", sourceLocation: sourceLocation)
    #expect(w.temporaryLeftovers().isEmpty, sourceLocation: sourceLocation)
}
