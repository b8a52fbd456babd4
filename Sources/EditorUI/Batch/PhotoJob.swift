// One photo of Apply to All as crop-editor's command line: the crop, turn, size and shape of the shown photo, applied to another.

import Batch
import CropKit
import Decoding
import Foundation
import ImagingCore

/// The command line that saves one photo of Apply to All, as a batch job for a worker process.
enum PhotoJob {
    /// One photo's job, or why it cannot be made ("NAME: reason"). The two geometric modes (`applied`)
    /// straighten each photo by `angle` too; a suggestion (`applied` nil) is placed on the upright photo
    /// (the command line's `--crop=auto` does not straighten), of proportions `ratio`.
    static func make(
        path: String, applied: AppliedCrop?, ratio: Double, transform: ImageOrientation,
        angle: StraightenAngle = .zero, shape: CropShape, size: OutputSize = .original
    ) -> Result<BatchJob, PhotoFailure> {
        var arguments = transformArguments(transform) + sizeArguments(size)
        if shape == .circle { arguments.append("--shape=circle") }
        if let applied {
            let info: ImageInfo
            do { info = try DecoderPool.shared.probe(path: path) } catch {
                return .failure(PhotoFailure(path: path, cause: .imaging(error)))
            }
            let shown = transform.displayedSize(storedWidth: info.width, storedHeight: info.height)
            arguments += cropArguments(applied, size: size, on: shown, angle: angle)
        } else {
            arguments += ["--crop=auto", "--aspect=\(String(format: "%.6f", ratio)):1"]
        }
        // As Save does: lossless where the cut allows it (the batch says how many were).
        arguments.append("--prefer-lossless")
        arguments += ["--output=\(Saving.croppedName(for: path, shape: shape))", "--", path]
        return .success(BatchJob(image: path, arguments: arguments))
    }

    /// `--straighten` and `--crop` for the crop applied to a photo shown at `shown` pixels. An exact
    /// output size needs its ratio: on a photo of other proportions the same part is narrowed to it,
    /// centred, rather than refused.
    static func cropArguments(
        _ applied: AppliedCrop, size: OutputSize, on shown: (width: Int, height: Int), angle: StraightenAngle
    ) -> [String] {
        let rect = size.fitted(applied.pixelRect(imageWidth: shown.width, imageHeight: shown.height, angle: angle))
        let straighten = angle.isZero ? [] : ["--straighten=\(String(format: "%.2f", angle.degrees))"]
        return straighten + ["--crop=\(rect.width)x\(rect.height)+\(rect.x)+\(rect.y)"]
    }

    /// `--size` or `--print-size` with `--resolution` for an output size, as the command line reads them.
    static func sizeArguments(_ size: OutputSize) -> [String] {
        switch size {
        case .original: return []
        case .longerSide(let side): return ["--size=\(side)"]
        case .pixels(let pixels): return ["--size=\(pixels)"]
        case .print(let print): return ["--print-size=\(print)", "--resolution=\(print.ppi)"]
        }
    }

    /// `--rotate` and `--flip` for a turn and flip of the picture as the command line composes them
    /// (the flip first, then the turn).
    static func transformArguments(_ orientation: ImageOrientation) -> [String] {
        for flip: PictureTransform? in [nil, .flipHorizontal, .flipVertical] {
            for turns in 0..<4 {
                var composed = flip.map { ImageOrientation.up.applying($0) } ?? .up
                for _ in 0..<turns { composed = composed.applying(.rotateRight) }
                guard composed == orientation else { continue }
                let rotate = turns == 0 ? [] : ["--rotate=\(turns * 90)"]
                let flipped = flip.map { ["--flip=\($0 == .flipHorizontal ? "horizontal" : "vertical")"] } ?? []
                return flipped + rotate
            }
        }
        return []
    }
}
