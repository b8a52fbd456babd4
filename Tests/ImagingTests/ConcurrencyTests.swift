// Work on two threads at once: a broken file failing on one never makes a good export on the other fail.

import CropKit
import Foundation
import Imaging
import Testing

@Suite struct ConcurrencyTests {
    /// libvips has one error buffer per process; the editor decodes thumbnails while it saves.
    @Test func aFailingDecodeElsewhereDoesNotFailAGoodExport() throws {
        let dir = TempFolder("concurrent")
        defer { dir.remove() }
        let good = dir.file("good.jpg"), broken = dir.file("broken.png")
        try Texture.jpeg(good, width: 1024, height: 768)
        try Tool.run(["convert", "-seed", "4", "-size", "256x192", "plasma:fractal", dir.file("whole.png")])
        var data = [UInt8](try #require(bytes(of: dir.file("whole.png"))))
        // Damage the picture data but keep the file complete (IEND last), so the failure comes from decoding.
        for i in (data.count / 3)..<(data.count / 3 + 64) { data[i] ^= 0x5A }
        FileManager.default.createFile(atPath: broken, contents: Data(data))

        let rounds = 10
        let failures = Failures()
        let done = Failures()
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            if worker == 0 {
                for round in 0..<rounds {
                    do {
                        try CropExporter.export(
                            source: good, crop: PixelRect(x: 16, y: 16, width: 900, height: 700),
                            output: dir.file("out\(round).png"))
                    } catch { failures.add("good export \(round): \(error)") }
                }
                done.add("done")
            } else {
                // Fail over and over until the good exports are through.
                var attempts = 0
                while done.all.isEmpty && attempts < 2000 {
                    attempts += 1
                    if (try? DisplayThumbnail.load(path: broken, maxWidth: 64, maxHeight: 64)) != nil {
                        failures.add("the broken file was shown without error")
                    }
                }
            }
        }
        #expect(failures.all.isEmpty, "\(failures.all)")
        for round in 0..<rounds { #expect(PNGBytes.header(dir.file("out\(round).png"))?.width == 900) }
        #expect(dir.strayTemporaries.isEmpty)
    }
}

/// Messages collected from several threads.
final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ message: String) { lock.lock(); list.append(message); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return list }
}
