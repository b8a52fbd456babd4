// A command's exit kills its decoders outright: a one-file pool's decoder, and a pool's zygote with the decoder it forked.

import Decoding
import Foundation
import Glibc
import OddFiles
import Testing

@Suite struct KillForExitTests {
    /// Whether `pid` has ended: gone, or a zombie nobody reaped (`killForExit` waits for none).
    static func ended(_ pid: pid_t) -> Bool {
        poll(seconds: 10) { statusField("State", of: pid).map { $0.hasPrefix("Z") } ?? true }
    }

    @Test func aOneFileDecoderIsKilled() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let pool = DecoderPool(size: 1)
        pool.decodesOneFile = true
        #expect(try pool.probe(path: try scratch.plasma("picture.jpg", width: 64, height: 48)).width == 64)
        let decoder = try #require(pool.idlePIDs.first)
        pool.killForExit()
        #expect(Self.ended(decoder))
        #expect(pool.idlePIDs.isEmpty)
    }

    /// The zygote is the parent of the decoders it forks: both end.
    @Test func theZygoteAndItsDecoderAreKilled() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let pool = DecoderPool(size: 1)
        #expect(try pool.probe(path: try scratch.plasma("picture.jpg", width: 64, height: 48)).width == 64)
        let decoder = try #require(pool.idlePIDs.first)
        let zygote = try #require(statusField("PPid", of: decoder).flatMap { pid_t($0) })
        #expect(zygote != getpid(), "the decoder was forked by a zygote")
        pool.killForExit()
        #expect(Self.ended(decoder))
        #expect(Self.ended(zygote))
    }
}
