// An export with bands cut out, checked from the header alone: the cuts on the picture, what goes with them, the crop inside.

import CropKit

/// Why an export with bands cut out cannot be made as asked (worded by `Wording`).
public enum CutRefusal: Sendable, Equatable, Codable {
    /// The cuts do not fit the picture as shown.
    case problem(CutProblem)
    /// A joined picture is new pixels: no lossless cut holds them.
    case lossless
    /// A straighten angle or a perspective correction with cuts: not made together.
    case warped
}

extension ExportCheck {
    /// The checks of an export with `options.cuts`, before a byte is decoded: no lossless cut, no
    /// straighten angle or perspective correction, the cuts on the `shown` picture, and the crop
    /// inside the joined picture.
    static func checkCut(
        _ options: ExportOptions, shown: (width: Int, height: Int), crop: PixelRect
    ) throws(ImagingError) {
        guard !options.lossless else { throw .invalidRequest(.cut(.lossless)) }
        guard options.straighten.isZero, options.perspective == nil else { throw .invalidRequest(.cut(.warped)) }
        let joined: JoinedPicture
        do { joined = try JoinedPicture(PixelSize(width: shown.width, height: shown.height), cuts: options.cuts) } catch {
            throw .invalidRequest(.cut(.problem(error)))
        }
        let size = joined.size
        // Subtraction, not addition: a hostile rect near Int.max must not overflow.
        guard crop.x >= 0, crop.y >= 0, crop.x <= size.width - crop.width, crop.y <= size.height - crop.height else {
            throw .invalidRequest(.cropOutside(crop, width: size.width, height: size.height))
        }
    }
}
