// The searches of a picture's pixels for a crop, one case each: Suggest's interesting spot, Trim Borders' content.

import Canvas
import CropKit
import Decoding
import Foundation
import ImagingCore
import Wording

/// A search of the picture's pixels for a crop, measured by the confined decoder on the picture as
/// shown. Each case says what it can measure, how, and what it says when it finds nothing or fails;
/// `CropFinding` runs them all the same way.
enum CropFinder: Hashable, CaseIterable, Sendable {
    /// Suggest: libvips' most interesting spot of the photo, the largest rectangle of the locked ratio
    /// or, with Free, a rectangle of the crop's size.
    case suggestion
    /// Trim Borders: the picture inside its plain or transparent border, of the locked ratio if any.
    case borders

    /// What a search found.
    enum Found: Sendable {
        /// The crop, in pixels of the picture as shown.
        case crop(PixelRect)
        /// Nothing to crop to (a picture without a border).
        case nothing
    }

    /// The measure, to run off the main thread, for `image` as `editor` shows it; nil when this search
    /// cannot measure it (the demo is drawn and has no bytes; Suggest reads files only).
    func measure(_ image: LoadedImage, _ editor: CropEditor) -> (@Sendable () throws(ImagingError) -> Found)? {
        let shown = editor.shownSize
        let transform = editor.orientation
        let ratio = editor.aspectRatio.pixelRatio(imageWidth: shown.width, imageHeight: shown.height)
        switch self {
        case .suggestion:
            guard let path = image.path else { return nil }
            let pixels = editor.crop.pixelRect(imageWidth: shown.width, imageHeight: shown.height)
            let target: SmartCropTarget = ratio.map { .ratio($0) } ?? .size(PixelSize(width: pixels.width, height: pixels.height))
            return { () throws(ImagingError) in
                .crop(try DecoderPool.shared.smartCrop(path: path, transform: transform, target: target))
            }
        case .borders:
            guard let source = image.decoderSource, let info = image.info else { return nil }
            return { () throws(ImagingError) in
                switch try DecoderPool.shared.trimBorders(info, from: source, transform: transform, ratio: ratio) {
                case .crop(let rect): return .crop(rect)
                case .nothingToTrim: return .nothing
                }
            }
        }
    }

    /// The crop area's own action for this search (S, `crop.suggest`; `crop.trim`), enabled with the window's.
    var canvasAction: CanvasAction {
        switch self {
        case .suggestion: return .suggest
        case .borders: return .trim
        }
    }

    /// What the window says when the search found nothing (a suggestion always finds a crop).
    var nothingFound: String? {
        switch self {
        case .suggestion: return nil
        case .borders: return tr("Nothing to trim")
        }
    }

    /// What the window says when the search failed.
    func failure(_ error: ImagingError) -> String {
        switch self {
        case .suggestion: return String(format: tr("Could not suggest a crop: %@"), error.message)
        case .borders: return String(format: tr("Could not trim the borders: %@"), error.message)
        }
    }
}
