// Straightening on the canvas: the angle keys and accessible actions, the level line drawn in straighten mode, and Level.

import CGtk
import CropKit
import GtkSupport

extension CropCanvas {
    /// `]` and `[` turn by 0.1°, with Shift by 1° (Shift+] is `}` on most layouts, so both are bound);
    /// `L` levels the picture by its lines.
    nonisolated static let straightenKeys: [(keyval: Int32, shift: Bool, hundredths: Int)] = [
        (GDK_KEY_bracketright, false, StraightenAngle.fineStep.hundredths),
        (GDK_KEY_bracketleft, false, -StraightenAngle.fineStep.hundredths),
        (GDK_KEY_bracketright, true, StraightenAngle.coarseStep.hundredths),
        (GDK_KEY_bracketleft, true, -StraightenAngle.coarseStep.hundredths),
        (GDK_KEY_braceright, true, StraightenAngle.coarseStep.hundredths),
        (GDK_KEY_braceleft, true, -StraightenAngle.coarseStep.hundredths),
    ]

    nonisolated static func installStraightenActions(_ klass: UnsafeMutablePointer<GtkWidgetClass>) {
        // Parameterless, so AT-SPI lists them.
        for action in [CanvasAction.straightenClockwise, .straightenCounterclockwise] {
            gtk_widget_class_install_action(klass, action.detailed, nil) { widget, name, _ in
                nonisolated(unsafe) let widget = widget
                let clockwise = name.map { String(cString: $0) } == CanvasAction.straightenClockwise.detailed
                MainActor.assumeIsolated {
                    let step = clockwise ? StraightenAngle.coarseStep : StraightenAngle.coarseStep.reversed
                    CropCanvas.state.get(widget)?.turnAngle(by: step)
                }
            }
        }
        // The keys' action carries a parameter, which keeps it off AT-SPI's list.
        gtk_widget_class_install_action(klass, CanvasAction.straightenKey.detailed, "(si)") { widget, _, parameter in
            nonisolated(unsafe) let widget = widget
            guard let parameter else { return }
            let first = g_variant_get_child_value(parameter, 0)!, second = g_variant_get_child_value(parameter, 1)!
            let what = String(cString: g_variant_get_string(first, nil))
            let hundredths = Int(g_variant_get_int32(second))
            g_variant_unref(first)
            g_variant_unref(second)
            MainActor.assumeIsolated {
                guard let canvas = CropCanvas.state.get(widget) else { return }
                if what == "level" { canvas.level() } else { canvas.turnAngle(by: StraightenAngle(hundredths: hundredths)) }
            }
        }
        for key in straightenKeys {
            cgtk_widget_class_add_binding_action_si(
                klass, UInt32(key.keyval), key.shift ? GDK_SHIFT_MASK : GdkModifierType(0), CanvasAction.straightenKey.detailed,
                "turn", Int32(key.hundredths))
        }
        cgtk_widget_class_add_binding_action_si(
            klass, UInt32(GDK_KEY_l), GdkModifierType(0), CanvasAction.straightenKey.detailed, "level", 0)
        cgtk_widget_class_add_binding_action_si(
            klass, UInt32(GDK_KEY_L), GDK_SHIFT_MASK, CanvasAction.straightenKey.detailed, "level", 0)
    }

    /// Turns the picture further by `step` as one undoable step (keys, actions). Its frames are
    /// quick until no key has come for `KeyBurst.settleDelay`, then one sharp frame: a key held
    /// down repeats faster than a 12000 × 8000 photo turns sharp on a 3840 × 2160 screen.
    func turnAngle(by step: StraightenAngle) {
        guard image != nil else { return }
        stopAnimation()
        angleKeys.press(at: .now)
        // Checked once the burst may have ended; a later key schedules a check of its own.
        Timer.once(milliseconds: UInt32(KeyBurst.settleDelay / .milliseconds(1)) + 1) { [weak self] in
            self?.settleAngleKeys()
        }
        edit { $0.turnAngle(by: step) }
    }

    /// The sharp frame once the angle keys have stopped.
    func settleAngleKeys() {
        let now = ContinuousClock.now
        guard angleKeys.isActive, angleKeys.isSettled(at: now) else { return }
        angleKeys.settle(at: now)
        widget.queueDraw()
    }

    /// Sets the angle as one undoable step (the entry, Level, a level line).
    public func setAngle(_ angle: StraightenAngle) {
        guard image != nil else { return }
        stopAnimation()
        edit { $0.setAngle(angle) }
    }

    /// Shows the picture at `angle` while the ruler is dragged; `endAngleChange` makes it one step.
    public func changeAngle(to angle: StraightenAngle) {
        guard image != nil else { return }
        stopAnimation()
        edit { $0.changeAngle(to: angle) }
        // The fine grid shows from the first press, before the angle moves.
        widget.queueDraw()
    }

    /// Ends the ruler's drag: one undoable step, then a sharp frame.
    public func endAngleChange() {
        edit { $0.endAngleChange() }
        widget.queueDraw()
    }

    /// Levels the picture by its dominant near-level and near-plumb lines, read from the display
    /// thumbnail, as one undoable step. Returns whether there was anything to level by; the
    /// window says so when there was not (`CanvasEvent.nothingToLevel`).
    @discardableResult
    public func level() -> Bool {
        guard let image else { return false }
        guard let suggestion = LevelReading.suggestion(for: image.surface) else {
            onEvent?(.nothingToLevel)
            return false
        }
        // Read on the upright picture: a mirror shows its lines tilted the other way.
        setAngle(transform.mirrors ? suggestion.reversed : suggestion)
        return true
    }

    // MARK: The level line

    /// Straighten mode changed: no line is left half drawn, and the cursor says what a drag does.
    func straightenModeChanged() {
        if levelLine != nil { cancelLevelLine() }
        showCursor(straightenMode ? "crosshair" : nil)
        widget.queueDraw()
    }

    func beginLevelLine(at point: CropPoint) {
        levelLine = LevelLine(start: point, end: point)
        widget.setActionEnabled(CanvasAction.cancelDrag.detailed, true)
        widget.queueDraw()
    }

    func updateLevelLine(translation: CropSize) {
        guard var line = levelLine else { return }
        line.end = CropPoint(x: line.start.x + translation.width, y: line.start.y + translation.height)
        levelLine = line
        widget.queueDraw()
    }

    /// Releasing the line turns the picture so that it becomes level or plumb, whichever is nearer.
    func endLevelLine(translation: CropSize) {
        guard levelLine != nil else { return }
        updateLevelLine(translation: translation)
        guard let line = levelLine else { return }
        levelLine = nil
        widget.setActionEnabled(CanvasAction.cancelDrag.detailed, false)
        widget.queueDraw()
        if let angle = editor.angle.levelling(lineFrom: line.start, to: line.end) { setAngle(angle) }
    }

    /// Escape: the line goes, the picture stays as it was.
    func cancelLevelLine() {
        levelLine = nil
        widget.setActionEnabled(CanvasAction.cancelDrag.detailed, false)
        if let drag = input.dragGesture { gtk_event_controller_reset(drag) }
        widget.queueDraw()
    }
}
