// A zoomed region at the foot of a huge picture decoded without holding the picture: `crop-bench region`'s peak memory.

import Foundation
import Testing

@Suite(.serialized) struct RegionMemoryTests {
    /// crop-bench is built beside the test bundle.
    static var cropBench: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("crop-bench").path
    }

    /// An 8000×8000 RGB picture decoded whole is 183 MiB; the region and the process are far less.
    @Test(arguments: ["png", "jpg"]) func theFootOfAHugePictureTakesLittleMemory(format: String) throws {
        let dir = TempFolder("region-memory-\(format)")
        defer { dir.remove() }
        let raw = dir.file("black.v"), picture = dir.file("huge.\(format)")
        try Tool.run(["vips", "black", raw, "8000", "8000", "--bands", "3"])
        try Tool.run(["vips", "copy", raw, picture])
        let report = dir.file("time.txt")
        try Tool.run([
            "/usr/bin/time", "-f", "%M", "-o", report, Self.cropBench, "region", picture, "6000", "6900", "1920", "1080", "1",
        ])
        let kib = try #require(
            Int(
                try String(contentsOfFile: report, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
                    .split(separator: "\n").last ?? ""))
        let wholePicture = 8000 * 8000 * 3 / 1024
        #expect(kib < wholePicture / 2, "peak \(kib / 1024) MiB for a region; the whole picture is \(wholePicture / 1024) MiB")
    }
}
