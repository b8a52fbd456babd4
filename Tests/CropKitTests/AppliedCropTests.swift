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
}
