// Formats: which ratios get a frame each (presets and custom ones), asked in a dialog; CropFinding places them.

import CGtk
import CropKit
import GtkSupport
import Wording

/// Formats (Save's menu, the ratio menu, the main menu) asks which ratios the photo is wanted in and
/// makes one frame of each, placed around the same subject as the command line's `--crop=auto
/// --aspect=1:1,4:5` places them (`CropFinder.formats`), as one undo step. Each frame is named by its
/// ratio, so Save writes `NAME-1x1.EXT`, `NAME-4x5.EXT` (`FrameNaming`). It holds nothing of its own.
@MainActor
struct Formats {
    unowned let host: any WindowHost
    let finding: CropFinding

    /// The ratios offered ticked or not, in the dialog's order: square, portrait posts, stories, video, link previews.
    static let presets = ["1:1", "4:5", "9:16", "16:9", "1.91:1"]
    /// The presets ticked when the dialog opens.
    static let ticked: Set<String> = ["1:1", "4:5", "9:16"]

    /// The frames for `names` (each `W:H`, as typed: its name and its file's label), in order, each
    /// once; nil and the text that is not a ratio when one is not.
    nonisolated static func frames(_ names: [String]) -> Result<[FrameState], NotARatio> {
        var frames: [FrameState] = []
        for name in names.map({ $0.filter { !$0.isWhitespace } }) where !name.isEmpty {
            guard let ratio = AspectRatio(parsing: name) else { return .failure(NotARatio(text: name)) }
            guard !frames.contains(where: { $0.aspectRatio == ratio }) else { continue }
            frames.append(FrameState(aspectRatio: ratio, name: name))
        }
        return .success(frames)
    }

    /// Text typed for a custom ratio that is not one.
    struct NotARatio: Error { var text: String }

    /// Places one frame for each of `names` (`1:1`, `4:5`…) around the subject, as one step.
    func make(_ names: [String]) {
        switch Self.frames(names) {
        case .failure(let problem):
            host.showError(String(format: tr("“%@” is not a ratio: write it as W:H, e.g. 16:9"), problem.text))
        case .success(let frames):
            guard !frames.isEmpty else { return host.tell(tr("No format chosen")) }
            guard frames.count <= FrameState.maximumCount else {
                return host.showError(FramingRefusal.tooManyFrames(frames.count).message)
            }
            finding.find(.formats, formats: frames)
        }
    }

    /// The dialog: the presets as check buttons, a custom entry (several ratios separated by commas);
    /// Make Frames places them. Returns the dialog (it destroys itself once answered).
    @discardableResult
    func ask() -> UnsafeMutablePointer<GtkWidget>? {
        guard finding.isAvailable(.formats) else { return nil }
        let tree = UIFiles.builder("formats.ui")
        let list = UIFiles.widget(tree, "ratios"), custom = UIFiles.widget(tree, "custom")
        let checks = Self.presets.map { name in
            let button = Widgets.checkButton(name)
            button.isChecked = Self.ticked.contains(name)
            list.append(button)
            return (name: name, button: button)
        }
        // An answer that comes after the window went has nothing to place frames on.
        return MessageDialog.present(UIFiles.widget(tree, "formats-dialog"), over: host.window, defaultResponse: "apply") {
            [weak host, weak finding] response in
            guard response == "apply", let host, let finding, !host.isClosed else { return }
            let typed = custom.editableText.split(separator: ",").map(String.init)
            Formats(host: host, finding: finding).make(checks.filter { $0.button.isChecked }.map(\.name) + typed)
        }
    }
}
