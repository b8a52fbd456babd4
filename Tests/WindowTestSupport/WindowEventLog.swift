// The tests' observer of windows: each one's last toast, error, kept sidecar and restored crop (window.lastToast, …).

import CropKit

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport

/// What one window reported, newest last.
@MainActor
final class WindowEventLog {
    private(set) var lastToast: String?
    private(set) var lastToastAction: String?
    private(set) var lastError: String?
    private(set) var lastKeptSidecar: String?
    private(set) var lastRestoredCrop: CropRect?

    private static var logs: [ObjectIdentifier: WindowEventLog] = [:]

    /// Makes every window created from now on report to a log of its own.
    static func install() {
        EditorWindow.observe = { window in
            let log = WindowEventLog()
            logs[ObjectIdentifier(window)] = log
            return { [log] event in log.record(event) }
        }
    }

    static func of(_ window: EditorWindow) -> WindowEventLog {
        guard let log = logs[ObjectIdentifier(window)] else { fatalError("a window made before WindowEventLog.install()") }
        return log
    }

    private func record(_ event: WindowEvent) {
        switch event {
        case .toast(let message, let action): (lastToast, lastToastAction) = (message, action)
        case .error(let message): lastError = message
        case .keptSidecar(let path): lastKeptSidecar = path
        case .restoredCrop(let crop): lastRestoredCrop = crop
        }
    }
}

extension EditorWindow {
    var lastToast: String? { WindowEventLog.of(self).lastToast }
    var lastToastAction: String? { WindowEventLog.of(self).lastToastAction }
    var lastError: String? { WindowEventLog.of(self).lastError }
    var lastKeptSidecar: String? { WindowEventLog.of(self).lastKeptSidecar }
    var lastRestoredCrop: CropRect? { WindowEventLog.of(self).lastRestoredCrop }
}
