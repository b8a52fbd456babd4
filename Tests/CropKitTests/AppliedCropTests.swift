// `AppliedCrop`: one photo's crop carried onto pictures of other sizes, as fractions or as pixels about the centre.
import CropKit
import Testing

@Suite struct AppliedCropTests {
    @Test func theSameRectangleIsTheSameFractionsOfEachPicture() {
        let middle = AppliedCrop.sameRectangle(CropRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
        #expect(middle.pixelRect(imageWidth: 400, imageHeight: 200) == PixelRect(x: 100, y: 50, width: 200, height: 100))
        #expect(middle.pixelRect(imageWidth: 6000, imageHeight: 4000) == PixelRect(x: 1500, y: 1000, width: 3000, height: 2000))
        // As the window rounds the crop on its own picture.
        let odd = CropRect(x: 0.1234, y: 0.3, width: 0.333, height: 0.41)
        #expect(
            AppliedCrop.sameRectangle(odd).pixelRect(imageWidth: 1001, imageHeight: 777)
                == odd.pixelRect(imageWidth: 1001, imageHeight: 777))
    }

    @Test func theSameSizeIsCentredAndShrunkToAPictureTooSmall() {
        let size = AppliedCrop.sameSize(PixelSize(width: 300, height: 200))
        #expect(size.pixelRect(imageWidth: 1000, imageHeight: 800) == PixelRect(x: 350, y: 300, width: 300, height: 200))
        #expect(size.pixelRect(imageWidth: 301, imageHeight: 201) == PixelRect(x: 1, y: 1, width: 300, height: 200))
        #expect(size.pixelRect(imageWidth: 250, imageHeight: 100) == PixelRect(x: 0, y: 0, width: 250, height: 100))
        // Always inside the picture, at any size.
        for width in [1, 2, 299, 300, 301, 5000] {
            for height in [1, 199, 200, 4000] {
                let rect = size.pixelRect(imageWidth: width, imageHeight: height)
                #expect(rect.x >= 0 && rect.y >= 0 && rect.x + rect.width <= width && rect.y + rect.height <= height)
                #expect(rect.width == min(300, width) && rect.height == min(200, height))
            }
        }
    }

    @Test func atAnAngleEachModeLiesInsideEveryTurnedPicture() {
        let modes: [AppliedCrop] = [
            .sameRectangle(.unit), .sameRectangle(CropRect(x: 0.05, y: 0.6, width: 0.5, height: 0.4)),
            .sameSize(PixelSize(width: 300, height: 200)), .sameSize(PixelSize(width: 5000, height: 5000)),
        ]
        for mode in modes {
            for (width, height) in [(1000, 800), (800, 1000), (4000, 600), (301, 201)] {
                for degrees in [-45.0, -7.5, 0.01, 2.5, 30] {
                    let angle = StraightenAngle(degrees: degrees)
                    let rect = mode.pixelRect(imageWidth: width, imageHeight: height, angle: angle)
                    let turned = TurnedPicture(width: width, height: height, angle: angle)
                    #expect(turned.contains(rect), "\(mode) on \(width)×\(height) at \(degrees)°: \(rect)")
                    #expect(rect.width > 0 && rect.height > 0)
                }
            }
        }
        // The same fractions of another picture with the same proportions: the same part, scaled.
        let crop = CropRect(x: 0.3, y: 0.3, width: 0.4, height: 0.4)
        let small = AppliedCrop.sameRectangle(crop).pixelRect(
            imageWidth: 1000, imageHeight: 800, angle: StraightenAngle(degrees: 3))
        let large = AppliedCrop.sameRectangle(crop).pixelRect(
            imageWidth: 4000, imageHeight: 3200, angle: StraightenAngle(degrees: 3))
        #expect(abs(Double(large.width) / Double(small.width) - 4) < 0.02)
        #expect(abs(Double(large.x) / Double(small.x) - 4) < 0.02)
        // No angle: as before.
        #expect(
            AppliedCrop.sameRectangle(crop).pixelRect(imageWidth: 1000, imageHeight: 800, angle: .zero)
                == AppliedCrop.sameRectangle(crop).pixelRect(imageWidth: 1000, imageHeight: 800))
    }
}
