// Find Photos' parting of touching prints: the notch where two prints meet, the cut through it, straight edges told from ragged.

import Foundation
import Testing

@testable import CropKit

@Suite struct PhotoSplitTests {
    static let width = 400, height = 360
    /// Two prints of nearly one tilt lying flush side against side, the right one taller: their tops
    /// make a step (one notch), their bottoms nearly line up.
    static let left = FoundPrint(centre: CropPoint(x: 130, y: 190), width: 140, height: 190, tilt: 7.7)
    static let right = FoundPrint(centre: CropPoint(x: 268.5, y: 182), width: 140, height: 220, tilt: 7.7)

    /// A mask of the pixels whose centres lie in any of `prints`.
    static func mask(_ prints: [FoundPrint]) -> PhotoMask {
        var pixels = [Bool](repeating: false, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let p = CropPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)
                pixels[y * width + x] = prints.contains { $0.contains(p) }
            }
        }
        return PhotoMask(width: width, height: height, pixels: pixels)
    }

    @Test func theStepWhereTwoPrintsMeetIsTheDeepestNotch() throws {
        let mask = Self.mask([Self.left, Self.right])
        let piece = try #require(mask.pieces().first)
        let notch = try #require(PhotoSplit.notches(of: piece, least: PhotoSplit.minimumNotch).first)
        // The left print's top right corner, where the right print's left side runs on up (the
        // deepest pixel lies a few pixels along the top side, whose steps run nearly parallel to the hull).
        let corner = Self.left.corners[1]
        #expect(hypot(notch.x - corner.x, notch.y - corner.y) <= 6, "notch \(notch), corner \(corner)")
    }

    @Test func oneCutThroughTheNotchPartsTheTwoPrints() throws {
        let mask = Self.mask([Self.left, Self.right])
        let piece = try #require(mask.pieces().first)
        let cuts = PhotoSplit.cuts(of: piece, in: mask, tilt: Self.left.tilt, notch: PhotoSplit.minimumNotch)
        #expect(cuts.count == 2)
        // One of the two cuts (along the prints' y axis) gives each print its own pixels, but a row at most.
        let parted = cuts.contains { parts in
            parts.allSatisfy { part in
                let centres = part.members.map { CropPoint(x: Double($0 % Self.width) + 0.5, y: Double($0 / Self.width) + 0.5) }
                let mostly = [Self.left, Self.right].map { print in centres.filter { print.contains($0) }.count }.max() ?? 0
                return part.area - mostly <= Int(Self.right.height) + 2
            }
        }
        #expect(parted)
    }

    @Test func aPieceWithoutANotchIsNotCut() throws {
        let mask = Self.mask([Self.left])
        let piece = try #require(mask.pieces().first)
        #expect(PhotoSplit.notches(of: piece, least: PhotoSplit.minimumNotch).isEmpty)
        #expect(PhotoSplit.cuts(of: piece, in: mask, tilt: Self.left.tilt, notch: PhotoSplit.minimumNotch).isEmpty)
    }

    /// A print's straight outline lies along its sides; one whose top meets the lid's colour in a
    /// ragged line does not.
    @Test func straightEdgesAreToldFromRaggedOnes() throws {
        let straight = try #require(Self.mask([Self.left]).pieces().first)
        var bounds = Self.left
        bounds.width -= 1
        bounds.height -= 1
        #expect(PhotoSides.straightness(of: bounds, straight.outline) >= 0.95)
        var ragged = Self.mask([Self.left])
        for x in 0..<Self.width {
            // A top edge that wanders by up to eight pixels, as a light sky fading into a white lid does.
            let reach = Int(4 + 4 * sin(Double(x) / 9))
            for y in 0..<Self.height where ragged.pixels[y * Self.width + x] {
                for k in 0..<reach where y + k < Self.height { ragged.pixels[(y + k) * Self.width + x] = false }
                break
            }
        }
        let piece = try #require(ragged.pieces().max { $0.area < $1.area })
        #expect(PhotoSides.straightness(of: bounds, piece.outline) < PhotoFinder.straightEdges)
    }
}
