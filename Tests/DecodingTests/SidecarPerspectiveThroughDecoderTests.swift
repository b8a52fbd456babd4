// A kept perspective through the decoder's sidecar jobs: read back equal, seen by exiftool, and a hostile one dropped whole.

import CropKit
import Decoding
import Foundation
import Imaging
import OddFiles
import Testing

@Suite struct SidecarPerspectiveThroughDecoderTests {
    /// A 400 × 300 JPEG stored turned a quarter (EXIF orientation 6: upright it is 300 × 400).
    private func photo(_ scratch: Scratch) throws -> String { try quarterTurnedPhoto(in: scratch, seed: 3) }

    static let corners = [
        CropPoint(x: 0.1, y: 0.05), CropPoint(x: 0.93, y: 0.12), CropPoint(x: 0.88, y: 0.9), CropPoint(x: 0.04, y: 0.83),
    ]
    static let crop = StoredCrop(
        rect: CropRect(left: 0.125, top: 0.25, right: 0.75, bottom: 0.875), shape: .circle, outputSize: 512,
        perspectiveCorners: corners, perspectiveRatio: 0.7071)

    @Test(arguments: [0.7071, nil]) func aPerspectiveReadsBackAsItWasWritten(_ ratio: Double?) throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let image = try photo(scratch)
        var crop = Self.crop
        crop.perspectiveRatio = ratio
        #expect(try DecoderPool.shared.writeSidecar(crop, for: image) == nil)
        let there = try #require(try DecoderPool.shared.storedCrop(path: image))
        #expect(there.crop == crop)
        #expect(try Sidecar.read(for: image)?.crop == crop)
        // Our namespace, as exiftool reads it: the eight numbers, the ratio when locked, the crop on the rectified picture.
        let sidecar = image + ".xmp"
        let said = try exiftool(["XMP-cropeditor:PerspectiveCorners", "XMP-cropeditor:PerspectiveCrop"], sidecar)
        let numbers = said.map { $0.split(separator: ",").compactMap { Double($0) } }
        #expect(numbers == [Self.corners.flatMap { [$0.x, $0.y] }, [0.125, 0.25, 0.75, 0.875]])
        #expect(try exiftool(["XMP-cropeditor:PerspectiveRatio"], sidecar) == (ratio.map { ["\($0)"] } ?? []))
        // A crop without a perspective written over it leaves none of those tags behind.
        try DecoderPool.shared.writeSidecar(StoredCrop(rect: CropRect(x: 0, y: 0, width: 1, height: 0.5)), for: image)
        #expect(try exiftool(["XMP-cropeditor:all"], sidecar) == ["rectangle"])
        #expect(try DecoderPool.shared.storedCrop(path: image)?.crop.perspectiveCorners == nil)
    }

    /// The crs: corners are the box, on the stored grid, around where the crop lies on the picture:
    /// for the whole rectified picture that is the box of the quadrilateral's own corners, and for
    /// a "correction" that is the whole picture, the crop itself.
    @Test func lightroomSeesTheBoxAroundTheCropOnThePicture() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let image = try photo(scratch)
        let sidecar = image + ".xmp"
        let crs = ["XMP-crs:CropLeft", "XMP-crs:CropTop", "XMP-crs:CropRight", "XMP-crs:CropBottom", "XMP-crs:CropAngle"]
        func stored() throws -> [Double] { try exiftool(crs, sidecar).compactMap(Double.init) }
        // Upright (l, t, r, b) under orientation 6 is (t, 1 − r, b, 1 − l) on the stored grid.
        let xs = Self.corners.map(\.x), ys = Self.corners.map(\.y)
        let box = (l: xs.min()!, t: ys.min()!, r: xs.max()!, b: ys.max()!)
        var whole = Self.crop
        whole.rect = .unit
        try DecoderPool.shared.writeSidecar(whole, for: image)
        try expectClose(try stored(), [box.t, 1 - box.r, box.b, 1 - box.l, 0])
        let identity = StoredCrop(
            rect: CropRect(left: 0.125, top: 0.25, right: 0.75, bottom: 0.875),
            perspectiveCorners: [CropPoint(x: 0, y: 0), CropPoint(x: 1, y: 0), CropPoint(x: 1, y: 1), CropPoint(x: 0, y: 1)],
            perspectiveRatio: 300.0 / 400.0)
        try DecoderPool.shared.writeSidecar(identity, for: image)
        try expectClose(try stored(), [0.25, 0.25, 0.875, 0.875, 0])
    }

    private func expectClose(_ got: [Double], _ want: [Double], sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(got.count == want.count, "exiftool said \(got)", sourceLocation: sourceLocation)
        for (a, b) in zip(got, want) { #expect(abs(a - b) < 1e-5, "\(got) against \(want)", sourceLocation: sourceLocation) }
    }

    /// A sidecar edited by hand or by a hostile program: any tag of the perspective that is not what
    /// we write drops the perspective, never the crop (restored from crs: as without one).
    @Test func aHostilePerspectiveIsDroppedAndTheCropKept() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let image = try photo(scratch)
        try DecoderPool.shared.writeSidecar(Self.crop, for: image)
        let sidecar = image + ".xmp"
        let written = try String(contentsOfFile: sidecar, encoding: .utf8)
        let cornersText = Self.corners.map { "\($0.x),\($0.y)" }.joined(separator: ",")
        let honest = try #require(try DecoderPool.shared.storedCrop(path: image)).crop
        let replacements = [
            (cornersText, "0.1,0.05,0.93,0.12,0.88,0.9,0.04"), (cornersText, "nan,0.05,0.93,0.12,0.88,0.9,0.04,0.83"),
            (cornersText, "1e300,0.05,0.93,0.12,0.88,0.9,0.04,0.83"), (cornersText, "0.1,0.05,0.93,0.12,0.88,0.9,0.04,0.83,0.5"),
            (cornersText, "a,b,c,d,e,f,g,h"), (cornersText, "0.1,0.05,0.88,0.9,0.93,0.12,0.04,0.83"),
            (cornersText, "0.1,0.05,1.5,0.12,0.88,0.9,0.04,0.83"), (cornersText, ""),
            ("0.7071", "1e300"), ("0.7071", "-2"), ("0.7071", "inf"),
            ("0.125,0.25,0.75,0.875", "0.75,0.25,0.125,0.875"), ("0.125,0.25,0.75,0.875", "0.125,0.25,0.75"),
            ("0.125,0.25,0.75,0.875", "0.125,-0.25,0.75,0.875"),
        ]
        for (old, new) in replacements {
            #expect(written.contains(old))
            try written.replacingOccurrences(of: old, with: new).write(toFile: sidecar, atomically: true, encoding: .utf8)
            let kept = try #require(try DecoderPool.shared.storedCrop(path: image), "\(new)").crop
            #expect(kept.perspectiveCorners == nil && kept.perspectiveRatio == nil, "\(new)")
            #expect(kept.shape == .circle && kept.outputSize == 512 && kept.angle.isZero, "\(new)")
            // crs: alone: the box around the crop on the picture, not the crop on the rectified one.
            #expect(kept.rect != Self.crop.rect && kept.rect.isInside(.unit), "\(new)")
        }
        #expect(honest == Self.crop)
    }
}
