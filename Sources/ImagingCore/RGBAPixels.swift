// Pixels as the window holds them: RGBA bytes of its own or mapped from the decoder's sealed memfd, and a region with its place.

import CropKit

/// 8-bit sRGB pixels with straight alpha, RGBA order, rows packed.
public struct RGBAPixels: Sendable {
    public let width: Int
    public let height: Int
    private let storage: Storage

    /// Bytes of our own, or a read-only mapping of memory another process filled and sealed (the
    /// decoder's pixels are shown from its memfd without a copy).
    private enum Storage: Sendable {
        case array([UInt8])
        case mapped(PixelMapping)
    }

    public init(width: Int, height: Int, bytes: [UInt8]) {
        self.width = width
        self.height = height
        storage = .array(bytes)
    }

    /// Pixels in `mapping`, which must hold `width` × `height` × 4 bytes.
    public init(width: Int, height: Int, mapping: PixelMapping) {
        precondition(mapping.count == width * height * 4)
        self.width = width
        self.height = height
        storage = .mapped(mapping)
    }

    /// The bytes as an array (a copy when they are mapped).
    public var bytes: [UInt8] {
        switch storage {
        case .array(let bytes): return bytes
        case .mapped(let mapping): return [UInt8](UnsafeBufferPointer(start: mapping.start, count: mapping.count))
        }
    }

    /// Reads the bytes where they are.
    public func withUnsafeBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        switch storage {
        case .array(let bytes): return try bytes.withUnsafeBufferPointer(body)
        case .mapped(let mapping): return try body(UnsafeBufferPointer(start: mapping.start, count: mapping.count))
        }
    }
}

/// A read-only mapping that no one can change any more (a sealed memfd's), unmapped with its last user.
public final class PixelMapping: @unchecked Sendable {
    package let start: UnsafePointer<UInt8>
    package let count: Int
    private let unmap: @Sendable (UnsafeRawPointer, Int) -> Void

    /// `start` and `count` as mapped; `unmap` undoes the mapping.
    public init(start: UnsafeRawPointer, count: Int, unmap: @escaping @Sendable (UnsafeRawPointer, Int) -> Void) {
        self.start = start.assumingMemoryBound(to: UInt8.self)
        self.count = count
        self.unmap = unmap
    }

    deinit { unmap(UnsafeRawPointer(start), count) }

    /// Reads the mapped bytes.
    public func withUnsafeBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: start, count: count))
    }
}

/// Pixels of one region of a picture and the region they show exactly (normalized, upright):
/// a little more than was asked for, since the cut is rounded outward to whole pixels.
public struct RenderedRegion: Sendable {
    public let pixels: RGBAPixels
    public let region: CropRect

    public init(pixels: RGBAPixels, region: CropRect) {
        self.pixels = pixels
        self.region = region
    }
}
