// The searches of a picture's pixels, one case each: Suggest's spot, Trim Borders' content, Find Document, Upright, Find Photos.

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
    /// Find Document: the page, whiteboard or screen in the photo, its corners a perspective correction.
    case document
    /// Upright: the correction that makes leaning verticals parallel and the horizon level.
    case upright
    /// Find Photos: the prints on a scan, each a frame straightened by its own tilt, in reading order.
    case photos
    /// Formats: one frame for each ratio chosen, each the largest rectangle of its ratio libvips'
    /// measure places around the photo's subject, as `--crop=auto --aspect=1:1,4:5` cuts them.
    case formats

    /// What a search found.
    enum Found: Sendable {
        /// The crop, in pixels of the picture as shown.
        case crop(PixelRect)
        /// A page's corners, on the picture as shown (after the user's turns and flips), in its pixels.
        case document(PerspectiveQuad)
        /// Upright's correction: its quadrilateral on the picture as shown, and the size it becomes.
        case upright(Rectification)
        /// The frames that cut out the prints found, each at its own angle.
        case frames([FrameState])
        /// Nothing to crop to (a picture without a border).
        case nothing
    }

    /// Whether this search corrects the perspective rather than moving the crop: it replaces any
    /// angle or correction, so it works at any angle.
    var findsPerspective: Bool { self == .document || self == .upright }

    /// Whether this search sets the angle it is shown at (every print its own), so it works at any angle.
    var setsAngle: Bool { findsPerspective || self == .photos }

    /// The measure, to run off the main thread, for `image` as `editor` shows it; nil when this search
    /// cannot measure it (the demo is drawn and has no bytes; Suggest and Formats read files only).
    /// `formats`: the frames Formats places, each with its ratio and name.
    func measure(
        _ image: LoadedImage, _ editor: CropEditor, formats: [FrameState] = []
    ) -> (@Sendable () throws(ImagingError) -> Found)? {
        // With bands cut out, Suggest, Trim Borders and Formats measure the picture the cuts leave, as the crop does.
        let shown = CropFinder.measuredSize(editor)
        let transform = editor.orientation
        let cuts = editor.cuts
        let ratio = editor.aspectRatio.pixelRatio(imageWidth: shown.width, imageHeight: shown.height)
        switch self {
        case .suggestion:
            guard let path = image.path else { return nil }
            let pixels = editor.crop.pixelRect(imageWidth: shown.width, imageHeight: shown.height)
            let target: SmartCropTarget = ratio.map { .ratio($0) } ?? .size(PixelSize(width: pixels.width, height: pixels.height))
            return { () throws(ImagingError) in
                .crop(try DecoderPool.shared.smartCrop(path: path, transform: transform, cuts: cuts, target: target))
            }
        case .borders:
            guard let source = image.decoderSource, let info = image.info else { return nil }
            return { () throws(ImagingError) in
                switch try DecoderPool.shared.trimBorders(info, from: source, transform: transform, cuts: cuts, ratio: ratio) {
                case .crop(let rect): return .crop(rect)
                case .nothingToTrim: return .nothing
                }
            }
        case .document, .upright:
            guard let source = image.decoderSource, let info = image.info else { return nil }
            return { [self] () throws(ImagingError) in try self.correction(source, info, shownBy: transform) }
        case .photos:
            guard let source = image.decoderSource, let info = image.info else { return nil }
            return { () throws(ImagingError) in
                let prints = try DecoderPool.shared.findPhotos(source, info: info)
                let frames = CropFinder.frames(
                    of: prints, upright: PixelSize(width: info.width, height: info.height), shownBy: transform)
                return frames.isEmpty ? .nothing : .frames(frames)
            }
        case .formats:
            guard let path = image.path else { return nil }
            return { () throws(ImagingError) in
                try CropFinder.placed(formats, path: path, transform: transform, cuts: cuts, shown: shown).map { .frames($0) }
                    ?? .nothing
            }
        }
    }

    /// The picture a crop is measured on: the one the cuts leave when bands are cut out, else the picture as shown.
    static func measuredSize(_ editor: CropEditor) -> PixelSize { editor.joined?.size ?? editor.shownSize }

    /// Each of `formats` placed where Suggest would put its ratio on the picture as shown: the same
    /// measure the command line's `--crop=auto` runs for each entry of an `--aspect` list. nil for none.
    nonisolated static func placed(
        _ formats: [FrameState], path: String, transform: ImageOrientation, cuts: [PictureCut], shown: PixelSize
    ) throws(ImagingError) -> [FrameState]? {
        var placed: [FrameState] = []
        for var format in formats {
            guard let ratio = format.aspectRatio.pixelRatio(imageWidth: shown.width, imageHeight: shown.height) else {
                continue
            }
            let rect = try DecoderPool.shared.smartCrop(path: path, transform: transform, cuts: cuts, target: .ratio(ratio))
            format.crop = CropRect(pixelRect: rect, imageWidth: shown.width, imageHeight: shown.height)
            placed.append(format)
        }
        return placed.isEmpty ? nil : placed
    }

    /// The frames that cut the prints found on the upright picture out of the picture as shown, as
    /// `--crop=photos` cuts them: each straightened by its own tilt, its crop on that turned picture's box.
    nonisolated static func frames(
        of prints: [FoundPrint], upright: PixelSize, shownBy transform: ImageOrientation
    ) -> [FrameState] {
        let shown = transform.displayedSize(storedWidth: upright.width, storedHeight: upright.height)
        return prints.compactMap { found in
            let print = found.mapped(by: transform, pictureSize: upright)
            let angle = print.straighten
            guard let cut = print.cut(pictureWidth: shown.width, pictureHeight: shown.height) else { return nil }
            let box = TurnedPicture(width: shown.width, height: shown.height, angle: angle).boundingSize
            return FrameState(crop: CropRect(pixelRect: cut, imageWidth: box.width, imageHeight: box.height), angle: angle)
        }
    }

    /// Find Document's or Upright's correction of the upright picture, carried onto the picture as
    /// shown by the user's turns and flips (a quarter turn swaps the corrected size's sides too).
    private func correction(
        _ source: DecoderSource, _ info: ImageInfo, shownBy transform: ImageOrientation
    ) throws(ImagingError) -> Found {
        let upright = PixelSize(width: info.width, height: info.height)
        if self == .document {
            guard let quad = try DecoderPool.shared.findDocument(source, info: info) else { return .nothing }
            return .document(quad.mapped(by: transform, pictureSize: upright))
        }
        guard let found = try DecoderPool.shared.upright(source, info: info) else { return .nothing }
        let size = found.size
        return .upright(
            Rectification(
                quad: found.quad.mapped(by: transform, pictureSize: upright),
                size: transform.swapsAxes ? PixelSize(width: size.height, height: size.width) : size))
    }

    /// The crop area's own action for this search (S, `crop.suggest`; `crop.trim`; D; U), enabled with the window's;
    /// none for Formats, which asks which ratios first.
    var canvasAction: CanvasAction? {
        switch self {
        case .suggestion: return .suggest
        case .borders: return .trim
        case .document: return .findDocument
        case .upright: return .upright
        case .photos: return .findPhotos
        case .formats: return nil
        }
    }

    /// What the window says when the search found nothing (a suggestion always finds a crop).
    var nothingFound: String? {
        switch self {
        case .suggestion: return nil
        case .borders: return tr("Nothing to trim")
        case .document: return tr("No document found")
        case .upright: return tr("Nothing to straighten by: the picture has no clear lines")
        case .photos: return tr("No photos found")
        case .formats: return nil
        }
    }

    /// What a screen reader hears before the new crop when the search changed the picture (a moved
    /// crop speaks for itself).
    var foundWords: String? {
        switch self {
        case .suggestion, .borders, .photos, .formats: return nil
        case .document: return tr("Document found")
        case .upright: return tr("Verticals straightened")
        }
    }

    /// What Find Photos says when it found `count` prints, shown and said.
    /// What the window says when Escape cancelled the searches measuring.
    static var cancelled: String { tr("Search cancelled") }

    static func photosFound(_ count: Int) -> String {
        // TRANSLATORS: Shown and said when Find Photos found prints on a scan (%d of them).
        Localization.format(trn("%d photo found", "%d photos found", count), [count])
    }

    /// What the window says when the search failed.
    func failure(_ error: ImagingError) -> String {
        switch self {
        case .suggestion: return String(format: tr("Could not suggest a crop: %@"), error.message)
        case .borders: return String(format: tr("Could not trim the borders: %@"), error.message)
        case .document: return String(format: tr("Could not look for a document: %@"), error.message)
        case .upright: return String(format: tr("Could not straighten the verticals: %@"), error.message)
        case .photos: return String(format: tr("Could not look for photos: %@"), error.message)
        case .formats: return String(format: tr("Could not place the formats: %@"), error.message)
        }
    }
}
