// TIFF layouts libvips 8.14 cannot decode, written byte by byte (libtiff's tools cannot write old-style JPEG).

enum OddTIFF {
    /// A greyscale TIFF of 12 bits per sample, uncompressed: `samples` (0…4095) row by row, packed
    /// two samples to three bytes as TIFF packs them.
    static func twelveBit(width: Int, height: Int, samples: [Int]) -> [UInt8] {
        precondition(width % 2 == 0 && samples.count == width * height)
        var strip: [UInt8] = []
        for i in stride(from: 0, to: samples.count, by: 2) {
            let a = samples[i], b = samples[i + 1]
            strip += [UInt8(a >> 4), UInt8((a & 0xF) << 4 | b >> 8), UInt8(b & 0xFF)]
        }
        return file(
            width: width, height: height, strip: strip,
            entries: [
                .init(0x0102, .shorts([12])), .init(0x0103, .shorts([1])), .init(0x0106, .shorts([1])),
                .init(0x0115, .shorts([1])),
            ])
    }

    /// A TIFF of old-style JPEG compression (6), as cameras of the 1990s wrote: the whole JFIF
    /// stream `jpeg` (colour, 4:2:0) is the strip and the interchange format the reader uses.
    static func oldStyleJPEG(width: Int, height: Int, jpeg: [UInt8]) -> [UInt8] {
        file(
            width: width, height: height, strip: jpeg,
            entries: [
                .init(0x0102, .shorts([8, 8, 8])), .init(0x0103, .shorts([6])), .init(0x0106, .shorts([6])),
                .init(0x0115, .shorts([3])), .init(0x011C, .shorts([1])), .init(0x0212, .shorts([2, 2])),
                .init(0x0201, .blobOffset(0)), .init(0x0202, .blobLength(0)),
            ])
    }

    /// One directory with the size, one strip and `entries`, then the strip.
    private static func file(width: Int, height: Int, strip: [UInt8], entries: [TIFFLayout.Entry]) -> [UInt8] {
        var layout = TIFFLayout()
        layout.directories = [
            entries + [
                .init(0x0100, .longs([UInt32(width)])), .init(0x0101, .longs([UInt32(height)])),
                .init(0x0111, .blobOffset(0)), .init(0x0116, .longs([UInt32(height)])), .init(0x0117, .blobLength(0)),
            ]
        ]
        layout.blobs = [strip]
        return layout.bytes
    }
}
