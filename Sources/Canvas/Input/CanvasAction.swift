// Every action of the crop area (`crop.…`): the nine AT-SPI lists, straightening, Suggest, Trim, frames, the keys' own.

import CropKit
import GtkSupport

/// The crop area's actions. Parameterless ones are what AT-SPI lists for the area; the key
/// actions carry a parameter, which keeps them off that list.
public enum CanvasAction: ActionName, Hashable, CaseIterable {
    /// `crop.move-left` … `crop.reset`: one step of 5 %, as a screen reader's actions.
    case adjust(CropAdjustment)
    /// A key's step: ("move-left", unit) with the unit a `CropAdjustment.StepUnit`.
    case keyAdjust
    /// Escape during a drag (AT-SPI lists it then): the drag goes back to where it began.
    case cancelDrag
    /// The Escape key: a drag goes back, else perspective mode or guided Upright ends. Always enabled,
    /// with a parameter that keeps it off AT-SPI's list: a disabled action bound to a key still takes it.
    case escapeKey
    /// Turn 1° clockwise or counterclockwise.
    case straightenClockwise, straightenCounterclockwise
    /// The straighten keys: ("turn", hundredths of a degree) or ("level", 0).
    case straightenKey
    /// Suggest a crop (S); the window does the work, it knows the file.
    case suggest
    /// Trim Borders (T): the crop moved to the picture inside its border; the window does the work.
    case trim
    /// Find Document (D): the page in the photo found and straightened; the window does the work.
    case findDocument
    /// Upright (U): leaning verticals made parallel; the window does the work.
    case upright
    /// Perspective mode's keys: ("corner", 1 or −1) chooses the next or previous corner, ("apply", 0)
    /// applies the mode, ("cancel", 0) leaves it; enabled only while the mode is on.
    case perspectiveKey
    /// Several frames (N, Ctrl+Delete, F, Shift+F): a copy of the active frame added, the active one
    /// removed, the next or previous one chosen; parameterless, so a screen reader lists them.
    case addFrame, removeFrame, nextFrame, previousFrame
    /// Find Photos (P): the prints on a scan become the frames; the window does the work.
    case findPhotos
    /// Cut Out mode on or off (X): a drag across the picture marks a band to cut out.
    case cutOut
    /// Cut Out mode's keys: ("band", 0) adds a band, ("axis", 0) switches its direction, ("next", 1 or
    /// −1) chooses a cut, ("remove", 0) puts the chosen one back, ("leave", 0) ends the mode; enabled
    /// only while the mode is on.
    case cutKey

    public static let allCases: [CanvasAction] =
        CropAdjustment.allCases.map(CanvasAction.adjust)
        + [
            .keyAdjust, .cancelDrag, .escapeKey, .straightenClockwise, .straightenCounterclockwise, .straightenKey, .suggest,
            .trim,
            .findDocument, .upright, .perspectiveKey, .addFrame, .removeFrame, .nextFrame, .previousFrame, .findPhotos,
            .cutOut, .cutKey,
        ]

    /// The case of a name inside the group (`move-left`), as GTK hands it to an action's handler.
    public init?(name: String) {
        guard let action = CanvasAction.allCases.first(where: { $0.name == name }) else { return nil }
        self = action
    }

    public var group: String { "crop" }

    public var name: String {
        switch self {
        case .adjust(let adjustment): return adjustment.actionName
        case .keyAdjust: return "key-adjust"
        case .cancelDrag: return "cancel-drag"
        case .escapeKey: return "escape-key"
        case .straightenClockwise: return "straighten-clockwise"
        case .straightenCounterclockwise: return "straighten-counterclockwise"
        case .straightenKey: return "straighten-key"
        case .suggest: return "suggest"
        case .trim: return "trim"
        case .findDocument: return "find-document"
        case .upright: return "upright"
        case .perspectiveKey: return "perspective-key"
        case .addFrame: return "add-frame"
        case .removeFrame: return "remove-frame"
        case .nextFrame: return "next-frame"
        case .previousFrame: return "previous-frame"
        case .findPhotos: return "find-photos"
        case .cutOut: return "cut-out"
        case .cutKey: return "cut-key"
        }
    }
}
