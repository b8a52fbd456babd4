// Find Photos as a decoder job: the confined decoder finds what the finder finds in process, from a file and from bytes.

import CropKit
import Decoding
import Foundation
import Imaging
import OddFiles
import Testing

@Suite struct PhotosThroughDecoderTests {
    @Test func theDecoderFindsThePrintsTheFinderFinds() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let scan = scratch.file("scan.jpg"), photo = scratch.file("photo.jpg")
        try Tools.run([
            "convert", "-size", "600x800", "xc:#101010", "-type", "TrueColor",
            "(", "-size", "200x150", "plasma:red-yellow", "-background", "none", "-rotate", "8", ")",
            "-geometry", "+60+80", "-composite",
            "(", "-size", "180x240", "plasma:navy-cyan", "-background", "none", "-rotate", "-5", ")",
            "-geometry", "+330+90", "-composite",
            "(", "-size", "300x200", "gradient:white-orange", "-background", "none", "-rotate", "12", ")",
            "-geometry", "+120+460", "-composite", scan,
        ])
        try Tools.run(["convert", "-size", "600x400", "plasma:fractal", photo])
        let info = try DecoderPool.shared.probe(path: scan)
        let confined = try DecoderPool.shared.findPhotos(.file(scan), info: info)
        #expect(confined == (try PhotoSuggestions.findPhotos(path: scan)))
        #expect(confined.count == 3)
        #expect(confined.map { ($0.tilt * 10).rounded() / 10 } == [8, -5, 12])
        let bytes = try SealedBytes(Array(try Data(contentsOf: URL(fileURLWithPath: scan))), name: "scan.jpg")
        #expect(try DecoderPool.shared.findPhotos(.bytes(bytes), info: info) == confined)
        #expect(try DecoderPool.shared.findPhotos(.file(photo), info: DecoderPool.shared.probe(path: photo)).isEmpty)
    }
}
