// scripts/install-packages asks apt-get for exactly the packages dpkg does not report installed, leftover configuration too.

import Foundation
import XCTest

final class InstallPackagesTests: XCTestCase {
    /// Runs the script with stand-ins for dpkg-query (answering from `statuses`) and apt-get (which
    /// records its arguments) first on PATH; returns what apt-get was asked, one call per line.
    private func aptCalls(for packages: [String], statuses: [String: String]) throws -> [String] {
        let fake = FileManager.default.temporaryDirectory.appendingPathComponent("install-packages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: fake, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: fake) }
        let log = fake.appendingPathComponent("apt.log").path
        var cases = statuses.map { "  \($0.key)) printf '%s' '\($0.value)' ;;" }.joined(separator: "\n")
        cases += "\n  *) exit 1 ;;"
        let dpkgQuery = "#!/bin/sh\n# the package is the last argument\nfor last; do :; done\ncase \"$last\" in\n\(cases)\nesac\n"
        let aptGet = "#!/bin/sh\necho \"$*\" >> '\(log)'\n"
        for (name, body) in [("dpkg-query", dpkgQuery), ("apt-get", aptGet)] {
            let path = fake.appendingPathComponent(name).path
            try body.write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        }
        let path = fake.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let result = try PackageCommand.run("env", ["PATH=\(path)", "scripts/install-packages"] + packages)
        XCTAssertEqual(result.status, 0, result.output)
        let calls = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return calls.split(separator: "\n").map(String.init)
    }

    func testOnlyPackagesThatAreNotInstalledAreAskedFor() throws {
        let calls = try aptCalls(
            for: ["present", "removed", "absent"],
            statuses: ["present": "install ok installed", "removed": "deinstall ok config-files"])
        XCTAssertEqual(calls, ["install -y -q --no-install-recommends removed absent"])
    }

    func testNothingIsDoneWhenAllAreInstalled() throws {
        XCTAssertEqual(
            try aptCalls(for: ["one", "two"], statuses: ["one": "install ok installed", "two": "install ok installed"]), [])
    }
}
