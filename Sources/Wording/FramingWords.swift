// Several frames and cuts in words: why the editor would not add, remove or choose a frame, or make a cut.

import CropKit
import ImagingCore

extension FramingRefusal {
    /// The sentence for people, in the user's language (a toast's or Orca's words).
    public var message: String {
        switch self {
        case .noPicture: return tr("there is no picture to frame")
        case .tooManyFrames:
            return Localization.format(tr("a picture holds at most %1$d frames"), [FrameState.maximumCount])
        case .lastFrame: return tr("a picture keeps at least one frame")
        case .noSuchFrame(let index): return Localization.format(tr("there is no frame %1$d"), [index + 1])
        case .perspective: return tr("a perspective-corrected picture has one frame: remove the correction to add frames")
        case .warped: return CutRefusal.warped.message
        case .cut(let problem): return problem.message
        case .noSuchCut(let index): return Localization.format(tr("there is no cut %1$d"), [index + 1])
        }
    }
}
