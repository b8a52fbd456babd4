// For all 8 EXIF orientations, the crs: crop we store cuts from the stored pixels what the crop did on the upright picture.

import CropKit
import Foundation
import Imaging
import Testing

@Suite struct SidecarOrientationTests {
    @Test(arguments: 1...8) func theStoredCropCutsWhatTheUprightCropShowed(orientation: Int) throws {
        let dir = TempFolder("sidecar-o\(orientation)")
        defer { dir.remove() }
        let src = dir.file("src.jpg")
        try OrientationTests.makeSource(src, orientation: orientation)
        let expected = Array(OrientationTests.upright[orientation]!)
        for (index, (x, y)) in [(0.0, 0.0), (0.5, 0.0), (0.0, 0.5), (0.5, 0.5)].enumerated() {
            // The upright quadrant, kept in the sidecar (written on the stored grid).
            try Sidecar.write(StoredCrop(rect: CropRect(x: x, y: y, width: 0.5, height: 0.5)), for: src)
            let crs = try Tool.text([
                "exiftool", "-s3", "-n", "-XMP-crs:CropLeft", "-XMP-crs:CropTop",
                "-XMP-crs:CropRight", "-XMP-crs:CropBottom", src + ".xmp",
            ])
            .split(separator: "\n").compactMap { Double($0) }
            try #require(crs.count == 4, "crs values \(crs)")
            // Cut the stored pixels (ImageMagick leaves EXIF orientation alone unless asked) at those fractions.
            let left = Int((crs[0] * 64).rounded()), top = Int((crs[1] * 48).rounded())
            let width = Int((crs[2] * 64).rounded()) - left, height = Int((crs[3] * 48).rounded()) - top
            let cut = dir.file("cut\(index).png")
            try Tool.run([Tool.convert, src, "-crop", "\(width)x\(height)+\(left)+\(top)", "+repage", cut])
            let pixels = try Tool.decode(cut)
            let middle = OrientationTests.middleColour(pixels, width: width, height: height)
            #expect(
                OrientationTests.close(middle, OrientationTests.colours[expected[index]]!, 40),
                "orientation \(orientation), upright quadrant \(index): the stored cut is \(middle), not \(expected[index])")
            // And it reads back as the upright quadrant.
            let read = try #require(try Sidecar.read(for: src))
            #expect(abs(read.crop.rect.minX - x) < 1e-6 && abs(read.crop.rect.minY - y) < 1e-6)
        }
    }
}
