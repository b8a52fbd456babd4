// Fuzzing the JPEG segment reader, the MPF index, the gain map found through it and the XMP gain-map description.

import Foundation

@testable import Imaging

enum MultiPictureTarget {
    static func run(_ bytes: [UInt8]) {
        if let header = JPEGSegments(bytes) {
            for segment in header.segments {
                precondition(segment.range.upperBound <= bytes.count, "segment beyond the bytes")
                _ = header.payload(segment)
            }
            let isMPF = { (segment: JPEGSegments.Segment) in header.isApp(segment, 2, JPEGSegments.Signature.mpf) }
            let rewritten = header.rewritten(dropping: isMPF, inserting: JPEGSegments.segment(marker: 0xE2, payload: [1, 2]))
            precondition(header.insertionOffset(dropping: isMPF) <= rewritten.count, "insertion beyond the result")
            _ = MultiPictureSource.describesGainMap(header)
            // The XMP packet, as a rewrite hands it over, without its gain-map description.
            for segment in header.segments where header.isApp(segment, 1, JPEGSegments.Signature.xmp) {
                let packet = header.payload(segment).dropFirst(JPEGSegments.Signature.xmp.count)
                _ = GainMapDescription.removed(from: String(decoding: packet, as: UTF8.self))
            }
            if let index = MultiPictureIndex(header: header) {
                for entry in index.entries {
                    if let range = index.range(of: entry, fileSize: bytes.count) {
                        precondition(range.upperBound <= bytes.count, "picture beyond the file")
                    }
                }
            }
        }
        let path = FuzzTargets.file("multi.jpg", bytes)
        if let source = MultiPictureSource(path: path) { _ = source.gainMapSegments() }
    }
}
