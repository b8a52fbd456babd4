// The one place a change reaches every part of the window that shows it, and the one function that decides what is enabled.

import CGtk
import Canvas
import CropKit
import GtkSupport

extension EditorWindow {
    /// Brings every part that shows `change` up to date: the size over the picture, the pixel
    /// entries, the lossless status, the straighten bar, the ratio and shape menus, the previews, the
    /// zoom, the title and what is enabled.
    func refresh(_ change: WindowChange) {
        if change.contains(.crop) {
            showCropSize()
            pixelEntries.show()
        }
        if !change.isDisjoint(with: [.crop, .angle]) { lossless.showStatus() }
        if change.contains(.angle) { straightening.showAngle() }
        if !change.isDisjoint(with: [.crop, .angle, .work]) {
            perspective.follow()
            cutOut.follow()
        }
        if change.contains(.frame) {
            ratio.show(canvas.aspectRatio)
            setActionState(.shape, .string(canvas.shape.rawValue))
        }
        if !change.isDisjoint(with: [.crop, .previews, .frame]) { previews.refresh() }
        // A new picture starts at the fit, and in the fixed frame the zoom follows the crop.
        if !change.isDisjoint(with: [.crop, .zoom]) {
            status.showZoom(percent: canvas.zoomPercent, zoomed: canvas.fixedFrame || canvas.zoom != .fit)
        }
        if !change.isDisjoint(with: [.crop, .session]) { session.showTitle() }
        if !change.isDisjoint(with: [.crop, .history, .angle, .work, .session]) { updateActions() }
    }

    /// What the canvas reported, as the changes and requests of the window it is.
    func canvasReported(_ event: CanvasEvent) {
        switch event {
        case .edited(let changes):
            var change: WindowChange = []
            if changes.contains(.committed) { change.insert(.crop) }
            if changes.contains(.history) { change.insert(.history) }
            refresh(change)
        case .angleChanged: refresh(.angle)
        case .zoomChanged: refresh(.zoom)
        case .suggestAsked: finding.find(.suggestion)
        case .trimAsked: finding.find(.borders)
        case .nothingToLevel: showToast(tr("Nothing to level by: the picture has no clear level or plumb lines"))
        case .perspectiveModeChanged(let on): perspective.modeChanged(on)
        case .findDocumentAsked: finding.find(.document)
        case .uprightAsked: finding.find(.upright)
        case .findPhotosAsked: finding.find(.photos)
        case .uprightGuided(let result): perspective.guided(result)
        case .rectifiedPictureReady: refresh(.previews)
        case .cutOutModeChanged(let on): cutOut.modeChanged(on)
        case .escapeUnused: finding.cancel()
        }
    }

    /// The crop's size over the picture; the demo has no file to export, so only files show whole
    /// pixels and the output's facts under the percentages.
    private func showCropSize() {
        let crop = canvas.crop
        var lines = [CropText.sizeLabel(crop)]
        if canvas.image?.info != nil {
            let size = crop.pixelRect(imageWidth: canvas.straightenedSize.width, imageHeight: canvas.straightenedSize.height)
            lines.append(CropText.pixelSizeLabel(width: size.width, height: size.height))
            if let facts = outputSizing.facts() { lines.append(facts) }
        }
        status.showSize(lines.joined(separator: "\n"))
    }

    /// Whether an action of this availability can be used now: the one place that decides.
    func isEnabled(_ availability: ActionAvailability) -> Bool {
        switch availability {
        case .always: return true
        case .picture: return canvas.image != nil
        case .file: return canvas.image?.path != nil
        case .result: return canvas.image?.decoderSource != nil
        case .paste: return copyPaste.clipboardOffersImage
        case .undo: return canvas.editor.canUndo
        case .redo: return canvas.editor.canRedo
        case .savedResult: return saving.lastSavedPath != nil
        case .fileToOpen: return openWith.file != nil
        case .losslessSnap: return lossless.canSnap
        case .batch: return canvas.image?.path != nil && applyToAll.isIdle
        case .trash: return isEnabled(.batch) && !canvas.isCuttingOut
        case .applyToAll: return isEnabled(.batch) && canvas.editor.perspective == nil
        case .straighten: return canvas.image != nil && canvas.editor.perspective == nil
        case .perspectiveMode: return canvas.isEditingPerspective
        case .perspectiveTools: return perspective.isShown
        case .perspectiveRatio: return canvas.isEditingPerspective || canvas.editor.perspective != nil
        case .finder(let finder): return finding.isAvailable(finder)
        case .addFrame:
            let editor = canvas.editor
            return canvas.image != nil && editor.perspective == nil && editor.frameCount < FrameState.maximumCount
        case .severalFrames: return canvas.editor.frameCount > 1
        case .photo(let neighbour): return session.hasPhoto(neighbour)
        }
    }

    /// Enables each action as `isEnabled` says; run after anything that may change the answer
    /// (a commit, undo and redo, a picture opened or closed, a save).
    func updateActions() {
        let actions = ActionMap(window.raw)
        for entry in WindowAction.entries where entry.availability != .always {
            actions.setEnabled(entry.name, isEnabled(entry.availability))
        }
        // The crop area's own finders (S, and AT-SPI's list) follow the window's, and so do its
        // straighten keys and actions, which would also turn the picture under perspective mode's corners.
        for finder in CropFinder.allCases {
            guard let action = finder.canvasAction else { continue }
            canvas.widget.setActionEnabled(action.detailed, isEnabled(.finder(finder)))
        }
        let turns = isEnabled(.straighten) && !canvas.isEditingPerspective
        for action in [CanvasAction.straightenClockwise, .straightenCounterclockwise, .straightenKey] {
            canvas.widget.setActionEnabled(action.detailed, turns)
        }
    }

    /// Sets a stateful action's state from code (menus show it; no handler runs).
    func setActionState(_ action: WindowAction, _ state: ActionState) {
        ActionMap(window.raw).setState(action.name, state)
    }
}
