// Frames and cuts as a sidecar keeps them: on the upright picture, none of the user's turns, and restored from there on opening.

extension CropEditor {
    /// Every frame on the upright picture (the user's turns and flips undone, as a picture opens):
    /// each crop, ratio and angle carried back as a turn carries them. What a sidecar keeps.
    public var uprightFrames: [FrameState] {
        Self.transforms(undoing: orientation).reduce(frames) { frames, transform in frames.map { $0.applying(transform) } }
    }

    /// The cuts on the upright picture, in order, each measured on what the ones before it leave.
    public var uprightCuts: [PictureCut] {
        var size = shownSize
        var list = cuts
        for transform in Self.transforms(undoing: orientation) {
            list = PictureCut.mapped(list, by: transform, on: size)
            let turned = transform.size(imageWidth: size.width, imageHeight: size.height)
            size = PixelSize(width: turned.width, height: turned.height)
        }
        return list
    }

    /// Starts on a new picture as `load` does with kept frames and cuts (on the upright picture, as
    /// `uprightFrames` and `uprightCuts` give them): one state, no step to undo. What does not go
    /// together is left out rather than refused, as a sidecar's hostile values are: cuts that do not
    /// fit, or with a frame at an angle; frames beyond `FrameState.maximumCount`; an active index
    /// out of range is the first frame. One frame is the plain single frame, its shape and output
    /// size the editor's.
    @discardableResult
    public mutating func load(
        uprightWidth: Int, uprightHeight: Int, frames kept: [FrameState], active: Int = 0, cuts keptCuts: [PictureCut] = []
    ) -> Changes {
        let changes = load(uprightWidth: uprightWidth, uprightHeight: uprightHeight, crop: .unit)
        let list = Array(kept.prefix(FrameState.maximumCount))
        guard !list.isEmpty else { return changes }
        let level = list.allSatisfy { $0.angle.isZero }
        if level, (try? JoinedPicture(shownSize, cuts: keptCuts)) != nil { installCuts(keptCuts) }
        let fitted = list.map { frame in
            var kept = frame
            kept.crop = frame.angle.isZero ? frame.crop.sanitized : frameBox(angle: frame.angle).fitted(frame.crop)
            return kept
        }
        let chosen = fitted.indices.contains(active) ? active : 0
        var next = state
        next.frames = fitted.count > 1 ? fitted : []
        next.activeFrame = fitted.count > 1 ? chosen : 0
        next.crop = fitted[chosen].crop
        next.aspectRatio = fitted[chosen].aspectRatio
        next.angle = fitted[chosen].angle
        show(next)
        if fitted.count == 1 {
            shape = fitted[0].shape
            outputSize = fitted[0].outputSize
        }
        history = CropHistory(state)
        return changes
    }

    /// Turns and flips the picture from its orientation to `wanted` (the command line's `--rotate` and
    /// `--flip` over a kept crop), every frame and cut carried as the window's turns carry them.
    public mutating func orient(_ wanted: ImageOrientation) {
        for step in Self.transforms(from: orientation, to: wanted) { apply(step) }
    }

    /// Quarter turns right then perhaps a flip left to right that, applied to the picture as shown,
    /// give the upright picture back.
    static func transforms(undoing orientation: ImageOrientation) -> [PictureTransform] {
        transforms(from: orientation, to: .up)
    }

    /// Quarter turns right then perhaps a flip left to right that take a picture shown at `start` to `end`.
    static func transforms(from start: ImageOrientation, to end: ImageOrientation) -> [PictureTransform] {
        for turns in 0..<4 {
            for flip in [false, true] {
                let steps = Array(repeating: PictureTransform.rotateRight, count: turns) + (flip ? [.flipHorizontal] : [])
                if steps.reduce(start, { $0.applying($1) }) == end { return steps }
            }
        }
        return []
    }
}

/// What saving one frame asks of the export, in the model's terms: the window's Save All fills an
/// `ExportOptions` from it (`transform`, `straighten`, `shape`, `outputSize`, `perspective`, `cuts`)
/// and names the file with `label` (`FrameNaming.fileName`).
public struct FrameOutput: Hashable, Sendable {
    /// The crop in whole pixels of the picture the export measures it on (`CropEditor.cropPixels(ofFrame:)`).
    public var crop: PixelRect
    /// The user's turns and flips on top of the upright picture.
    public var orientation: ImageOrientation
    public var angle: StraightenAngle
    public var shape: CropShape
    public var outputSize: OutputSize
    /// The perspective correction's rectified picture, if any (with one frame only).
    public var rectification: Rectification?
    /// The bands removed from the picture as shown, in order.
    public var cuts: [PictureCut]
    /// What the file's name gains: `1x1` makes `photo.jpg` `photo-1x1.jpg`.
    public var label: String
}

extension CropEditor {
    /// Every frame's export, in order, labelled by `FrameNaming.labels(for:)`.
    public var frameOutputs: [FrameOutput] {
        let all = frames
        return zip(all.indices, FrameNaming.labels(for: all)).map { index, label in
            FrameOutput(
                crop: cropPixels(ofFrame: index), orientation: orientation, angle: all[index].angle,
                shape: all[index].shape, outputSize: all[index].outputSize, rectification: rectification, cuts: cuts,
                label: label)
        }
    }
}
