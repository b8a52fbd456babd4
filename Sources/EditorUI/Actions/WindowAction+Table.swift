// Every window action in one table (what it does, keys, words, group, when enabled): each row calls the feature doing it.

import CGtk
import Canvas
import CropKit
import GtkSupport

extension WindowAction {
    /// What this action does, its keys, its words, its shortcuts group and when it is enabled: one row
    /// of the table. The application installs the accelerators from it, the shortcuts window lists it,
    /// and header tooltips take their words and keys from it.
    @MainActor var entry: ActionEntry<EditorWindow, WindowAction> {
        let row = self.row
        return ActionEntry(
            action: self, kind: row.kind, accels: row.keys, cropAreaKeys: row.cropArea, title: row.title, group: row.group,
            availability: row.availability)
    }

    /// The table: one row per action, in the order of the enum, in its three parts (the Edit part's
    /// perspective and frames rows apart).
    @MainActor private var row: Row {
        guard let row = fileRow ?? editRow ?? perspectiveRow ?? framesRow ?? viewRow else {
            preconditionFailure("\(self) has no row in the action table")
        }
        return row
    }

    /// The File part of the table.
    @MainActor private var fileRow: Row? {
        switch self {
        case .open: Row(.plain { $0.showOpenDialog() }, ["<Control>o"], N_("Open an image"), .file)
        case .save: Row(.plain { $0.saving.save() }, ["<Control>s"], N_("Save the crop beside the photo"), .file, .result)
        case .saveAs: Row(.plain { $0.saving.saveAs() }, ["<Control><Shift>s"], N_("Save the crop as…"), .file, .result)
        case .saveAll:
            Row(
                .plain { $0.saving.saveAllFrames() }, ["<Control><Shift>l"], N_("Save every frame beside the photo"), .file, .file
            )
        case .keepCrop:
            Row(.plain { $0.keepCrop.keep() }, ["<Control>k"], N_("Keep the crop beside the photo (sidecar)"), .file, .file)
        case .nextPhoto:
            Row(
                .plain { $0.session.go(to: .next) }, ["Page_Down"], N_("Go to the next photo in the folder"), .file, .photo(.next)
            )
        case .previousPhoto:
            Row(
                .plain { $0.session.go(to: .previous) }, ["Page_Up"], N_("Go to the previous photo in the folder"), .file,
                .photo(.previous))
        case .saveAndNext:
            Row(
                .plain { $0.saving.saveAndNext() }, ["<Control>Return"], N_("Save the crop and go to the next photo"), .file,
                .file)
        case .applyToAll:
            Row(.plain { $0.applyToAll.ask() }, [], N_("Apply the crop to every photo of the folder"), nil, .applyToAll)
        case .print: Row(.plain { $0.printing.print() }, ["<Control>p"], N_("Print the crop"), .file, .result)
        case .setBackground:
            Row(.plain { $0.background.set() }, ["<Control>F8"], N_("Set the crop as the desktop background"), .file, .result)
        case .openWith: Row(.plain { $0.openWith.choose() }, [], nil, nil, .fileToOpen)
        case .trash:
            // Delete only on the crop area: window-wide, it would delete text in the entries instead.
            Row(
                .plain { $0.trash.trash() }, [], N_("Move the photo to the trash"), .file, .trash,
                cropArea: ["Delete", "KP_Delete"])
        case .closeImage: Row(.plain { $0.closeImage() }, [], nil, nil, .picture)
        case .close: Row(.plain { $0.window.asWindow.close() }, ["<Control>w"], N_("Close the window"), .file)
        case .showInFiles: Row(.plain { $0.showInFiles.show() }, [], nil, nil, .savedResult)
        case .undoTrash: Row(.plain { $0.trash.undo() })
        case .undoBackground: Row(.plain { $0.background.undo() })
        case .snapLossless: Row(.plain { $0.lossless.snap() }, [], nil, nil, .losslessSnap)
        default: nil
        }
    }

    /// The Edit part of the table.
    @MainActor private var editRow: Row? {
        switch self {
        case .copy: Row(.plain { $0.copyPaste.copy() }, ["<Control>c"], N_("Copy the crop as an image"), .edit, .result)
        case .copyAndClose:
            Row(
                .plain { $0.copyPaste.copy(closing: true) }, ["<Control><Shift>c"], N_("Copy the crop and close the window"),
                .edit,
                .result)
        case .paste: Row(.plain { $0.copyPaste.paste() }, ["<Control>v"], N_("Paste an image to crop it"), .edit, .paste)
        case .undo: Row(.plain { $0.canvas.undo() }, ["<Control>z"], N_("Undo"), .edit, .undo)
        case .redo: Row(.plain { $0.canvas.redo() }, ["<Control><Shift>z"], N_("Redo"), .edit, .redo)
        case .reset:
            Row(.plain { $0.canvas.reset() }, [CropCanvas.resetAccelerator], N_("Reset the crop"), .edit, .picture)
        case .rotateRight: Row(.plain { $0.canvas.apply(.rotateRight) }, ["<Control>r"], N_("Rotate right"), .edit, .picture)
        case .rotateLeft:
            Row(.plain { $0.canvas.apply(.rotateLeft) }, ["<Control><Shift>r"], N_("Rotate left"), .edit, .picture)
        case .flipHorizontal: Row(.plain { $0.canvas.apply(.flipHorizontal) }, [], nil, nil, .picture)
        case .flipVertical: Row(.plain { $0.canvas.apply(.flipVertical) }, [], nil, nil, .picture)
        case .suggest:
            Row(
                .plain { $0.finding.find(.suggestion) }, [], N_("Suggest a crop: the most interesting part of the photo"), nil,
                .finder(.suggestion))
        case .trim:
            Row(
                .plain { $0.finding.find(.borders) }, [], N_("Trim borders: the picture inside its plain or transparent border"),
                nil, .finder(.borders))
        case .toggleShape:
            Row(.plain { $0.frame.toggleShape() }, ["<Control><Shift>o"], N_("Switch between rectangle and circle"), .edit)
        case .fixedFrame:
            Row(
                .toggle(initial: { _ in false }) { $0.frame.setFixedFrame($1) }, ["<Control>m"],
                N_("Fixed frame: move the picture under it"), .edit)
        case .straighten:
            Row(
                .toggle(initial: { _ in false }) { $0.straightening.setMode($1) }, ["<Control>t"],
                N_("Straighten: turn the picture by any angle"), .edit, .straighten)
        case .shape:
            Row(
                .choice(initial: { _ in CropShape.rectangle.rawValue }) { w, v in CropShape(rawValue: v).map(w.frame.chooseShape)
                })
        case .aspectRatio:
            Row(.choice(initial: { _ in AppSettings.aspectRatio }) { w, v in RatioChoice.ratio(target: v).map(w.ratio.choose) })
        case .customRatio: Row(.plain { $0.ratio.askCustom() })
        case .swapRatio: Row(.plain { $0.ratio.swapPortraitAndLandscape() })
        case .outputSize:
            Row(
                .choice(initial: { _ in OutputSizing.originalTarget }) { w, v in
                    OutputSizing.size(target: v).map { w.outputSizing.choose($0) }
                })
        case .customOutputSize: Row(.plain { $0.outputSizing.askCustom() })
        default: nil
        }
    }

    /// The Edit part's perspective rows: the mode, its searches, its proportions, Apply and Cancel.
    @MainActor private var perspectiveRow: Row? {
        switch self {
        case .perspective:
            Row(
                .toggle(initial: { _ in false }) { $0.perspective.setMode($1) }, ["<Control><Shift>p"],
                N_("Perspective: straighten a page, a whiteboard or a building photographed at an angle"), .edit, .result)
        case .findDocument:
            Row(
                .plain { $0.finding.find(.document) }, [], N_("Find the document: the page, whiteboard or screen in the photo"),
                nil, .finder(.document))
        case .upright:
            Row(
                .plain { $0.finding.find(.upright) }, [], N_("Upright: make leaning verticals parallel and the horizon level"),
                nil, .finder(.upright))
        case .findPhotos:
            Row(
                .plain { $0.finding.find(.photos) }, [], N_("Find the photos on a scan: each print a frame, straightened"), nil,
                .finder(.photos))
        case .uprightGuided:
            Row(
                .toggle(initial: { _ in false }) { $0.perspective.setGuided($1) }, [],
                N_("Draw two lines that should be plumb: the picture is made upright by them"), nil, .result)
        case .perspectiveProportions:
            Row(
                .choice(initial: { _ in Perspective.measured }) { $0.perspective.chooseProportions($1) }, [], nil, nil,
                .perspectiveRatio)
        case .applyPerspective:
            Row(
                .plain { $0.perspective.apply() }, [], N_("Straighten the picture by its corners (Return)"), nil, .perspectiveMode
            )
        case .cancelPerspective:
            Row(.plain { $0.perspective.cancel() }, [], N_("Leave without changing the picture (Escape)"), nil, .perspectiveTools)
        case .cutOut:
            // Its key, X, is the crop area's own (`crop.cut-out`), listed with the crop area's keys.
            Row(
                .toggle(initial: { _ in false }) { $0.cutOut.setMode($1) }, [],
                N_("Cut Out: drag across the picture to remove a band of rows or columns"), nil, .picture)
        default: nil
        }
    }

    /// The Edit part's frames rows: Formats and the frames' own actions, which the crop area also has on its keys.
    @MainActor private var framesRow: Row? {
        switch self {
        case .formats:
            Row(
                .plain { $0.formats.ask() }, [], N_("Formats: one frame for each ratio chosen, around the subject"), nil,
                .finder(.formats))
        case .addFrame: Row(.plain { $0.canvas.addFrame() }, [], nil, nil, .addFrame)
        case .removeFrame: Row(.plain { $0.canvas.removeFrame() }, [], nil, nil, .severalFrames)
        case .nextFrame: Row(.plain { $0.canvas.chooseNextFrame(1) }, [], nil, nil, .severalFrames)
        case .previousFrame: Row(.plain { $0.canvas.chooseNextFrame(-1) }, [], nil, nil, .severalFrames)
        default: nil
        }
    }

    /// The View part of the table.
    @MainActor private var viewRow: Row? {
        switch self {
        case .zoomIn:
            // The one zoom in: Ctrl+plus anywhere in the window, plus (and =) while the crop area has focus.
            Row(
                .plain { $0.canvas.zoomFromKeyboard(by: Viewport.zoomStep) }, ["<Control>plus", "<Control>equal"], N_("Zoom in"),
                .view, .picture, cropArea: ["plus", "equal", "KP_Add"])
        case .zoomOut:
            Row(
                .plain { $0.canvas.zoomFromKeyboard(by: 1 / Viewport.zoomStep) }, ["<Control>minus"], N_("Zoom out"), .view,
                .picture, cropArea: ["minus", "KP_Subtract"])
        case .zoomFit:
            Row(.plain { $0.canvas.zoomToFit() }, ["<Control>0"], N_("Fit the picture in the window"), .view, .picture)
        case .zoomActual:
            Row(
                .plain { $0.canvas.zoomToActualPixels() }, ["<Control>1"], N_("Zoom to actual pixels (100 %)"), .view, .picture)
        case .showPreviews: Row(.setting, ["F9"], N_("Show or hide the previews"), .view)
        case .guides, .guidesWhileDragging, .showJoinLines: Row(.setting)
        case .showMenu: Row(.plain { $0.header.menuButton.popUp() }, ["F10"], N_("Open the main menu"), .view)
        case .showHelpOverlay: Row(.builtIn, ["<Control>question"], N_("Show keyboard shortcuts"), .view)
        default: nil
        }
    }

    /// A row of the table, its columns in order: what the action does, its keys, its words (marked for
    /// translation), its shortcuts group, when it is enabled, and the keys it has on the crop area alone.
    private struct Row {
        let kind: ActionKind<EditorWindow>
        var keys: [String] = []
        var title: String?
        var group: ShortcutGroup?
        var availability = ActionAvailability.always
        var cropArea: [String] = []

        init(
            _ kind: ActionKind<EditorWindow>, _ keys: [String] = [], _ title: String? = nil, _ group: ShortcutGroup? = nil,
            _ availability: ActionAvailability = .always, cropArea: [String] = []
        ) {
            (self.kind, self.keys, self.title, self.group, self.availability, self.cropArea) =
                (kind, keys, title, group, availability, cropArea)
        }
    }

    /// Every window action's row, in the shortcuts window's order.
    @MainActor static let entries = allCases.map(\.entry)

    /// Installs every row on `window`, and the crop-area keys on its canvas: they activate the window's
    /// action while the crop area has focus.
    @MainActor static func install(in window: EditorWindow) {
        let map = ActionMap(window.window.raw)
        for entry in entries { entry.install(on: map, for: window, settings: AppSettings.shared) }
        Shortcuts.add(
            to: window.canvas.widget,
            entries.filter { !$0.cropAreaKeys.isEmpty }.map {
                (keys: $0.cropAreaKeys.joined(separator: "|"), action: $0.action.detailed)
            })
    }

    /// Takes the settings' actions off a window that is going. A settings action lives as long as anything
    /// holds it, and a GLib action group that is freed first leaves its handler on it: each later change of
    /// the setting would reach the freed group.
    @MainActor static func removeSettings(from window: EditorWindow) {
        let map = ActionMap(window.window.raw)
        for entry in entries where entry.isSetting { map.remove(entry.name) }
    }
}
