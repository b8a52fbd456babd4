// `--help`: standard output, exit 0, every option documented, and it wins over mistakes elsewhere on the line.

import Foundation
import Testing

@testable import TestSupport

extension HeadlessBinaryTests {
    @Suite struct Help {
        static let everyOption = [
            "--crop=GEOMETRY", "--output=FILE", "--quality=N", "--lossless", "--strip=gps|all",
            "--rotate=90|180|270", "--flip=horizontal|vertical", "--shape=circle|rectangle",
            "--size=N", "--sidecar", "--help", "-h", "--aspect=W:H", "--output-dir=DIR", "--format=png|jpg|webp|tif",
            "--jobs=N",
        ]

        @Test func helpListsEveryOptionOnStandardOutput() throws {
            let w = try Workspace()
            for spelling in ["--help", "-h"] {
                let result = try w.run([spelling])
                #expect(result.exited && result.status == 0)
                #expect(result.standardError.isEmpty)
                #expect(!result.timedOut)
                for option in Self.everyOption {
                    #expect(result.standardOutput.contains(option), "\(option) missing from \(spelling)")
                }
                #expect(result.standardOutput.contains("Usage: crop-editor"))
                #expect(result.standardOutput.contains("WxH+X+Y") && result.standardOutput.contains("W%xH%+X%+Y%"))
                #expect(result.standardOutput.contains("W%xH%+X+Y") && result.standardOutput.contains("50%x50%+10+10"))
                #expect(result.standardOutput.contains("\"crop-editor: IMAGE: warning: ...\""), "the warning line is documented")
                // The footer: the confinement a decoder entered on this kernel (which has Landlock).
                let footer = result.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
                #expect(footer.hasPrefix("Decoders run confined: seccomp, Landlock ABI "), "\(footer)")
                #expect(footer.hasSuffix(", no new privileges"), "\(footer)")
            }
        }

        @Test func helpLinesFitATerminal() throws {
            let result = try Workspace().run(["--help"])
            let long = result.standardOutput.split(separator: "\n").filter { $0.count > 80 }
            #expect(long.isEmpty, "\(long)")
        }

        @Test func helpWinsOverOtherMistakes() throws {
            let result = try Workspace().run(["--bogus", "--crop=nonsense", "--help", "a", "b"])
            #expect(result.exited && result.status == 0)
            #expect(result.standardOutput.contains("--crop=GEOMETRY"))
            #expect(result.standardError.isEmpty)
        }
    }
}
