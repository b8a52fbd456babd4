// The tree is formatted with the project's .swift-format configuration (`make format` does it).

import XCTest

final class FormattingTests: XCTestCase {
    func testEverySwiftFileIsFormattedWithTheProjectsConfiguration() throws {
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: PackageCommand.root.appendingPathComponent(".swift-format").path),
            "no .swift-format configuration")
        let lint = try PackageCommand.run(
            "swift", ["format", "lint", "--strict", "--recursive", "Sources", "Tests", "Package.swift"])
        XCTAssertEqual(lint.status, 0, "not formatted (run make format):\n\(lint.output.prefix(4000))")
        XCTAssertEqual(lint.output, "", "swift format lint found:\n\(lint.output.prefix(4000))")
    }
}
