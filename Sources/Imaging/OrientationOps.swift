// An orientation as the libvips and TurboJPEG operations that turn and flip pixels by it.

import CTurboJPEG
import CVips
import CropKit

extension ImageOrientation {
    /// `image` shown by this orientation (as `displayedPoint(fromStored:)` maps points): a new
    /// reference the caller unrefs, or nil with libvips' error set. `.up` gives a new reference too.
    func applied(to image: UnsafeMutablePointer<VipsImage>) -> UnsafeMutablePointer<VipsImage>? {
        // The two diagonal mirrors are a quarter turn followed by a left-right mirror.
        let angle: VipsAngle?, mirrors: Bool
        switch self {
        case .up: angle = nil; mirrors = false
        case .upMirrored: angle = nil; mirrors = true
        case .down: angle = VIPS_ANGLE_D180; mirrors = false
        case .downMirrored: angle = VIPS_ANGLE_D180; mirrors = true
        case .right: angle = VIPS_ANGLE_D90; mirrors = false
        case .left: angle = VIPS_ANGLE_D270; mirrors = false
        case .leftMirrored: angle = VIPS_ANGLE_D90; mirrors = true
        case .rightMirrored: angle = VIPS_ANGLE_D270; mirrors = true
        }
        var turned: UnsafeMutablePointer<VipsImage>?
        if let angle {
            guard cv_rot(image, &turned, angle) == 0 else { return nil }
        } else {
            g_object_ref(image)
            turned = image
        }
        guard mirrors, let source = turned else { return turned }
        defer { cv_unref(source) }
        var flipped: UnsafeMutablePointer<VipsImage>?
        guard cv_flip(source, &flipped, VIPS_DIRECTION_HORIZONTAL) == 0 else { return nil }
        return flipped
    }

    /// TurboJPEG's lossless operation that shows the stored grid as this orientation does
    /// (its quarter turns are clockwise, like `.right`).
    var turboJPEGOperation: TJXOP {
        switch self {
        case .up: return TJXOP_NONE
        case .upMirrored: return TJXOP_HFLIP
        case .down: return TJXOP_ROT180
        case .downMirrored: return TJXOP_VFLIP
        case .leftMirrored: return TJXOP_TRANSPOSE
        case .right: return TJXOP_ROT90
        case .rightMirrored: return TJXOP_TRANSVERSE
        case .left: return TJXOP_ROT270
        }
    }
}
