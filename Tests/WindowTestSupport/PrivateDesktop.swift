// A desktop of a test's own for an editor run as a separate process: its own home, data and settings folders, in English.

import Foundation
import XCTest

@testable import TestSupport

/// What an editor started by a test sees as the user's: a home, `XDG_DATA_HOME` (the trash, the
/// backgrounds folder, applications) and `XDG_CONFIG_HOME` (default applications, GSettings' key
/// file), all in one folder the test removes. GLib reads these once per process, so only an editor
/// of its own (not the test process) can be given them.
struct PrivateDesktop {
    let home: URL
    let data: URL
    let config: URL

    init(in folder: URL) throws {
        home = folder.appendingPathComponent("home")
        data = folder.appendingPathComponent("data")
        config = folder.appendingPathComponent("config")
        for made in [home, data, config] { try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true) }
    }

    /// The editor's environment: these folders, English, and with `keyFile` GSettings kept in
    /// `config/glib-2.0/settings/keyfile` (GLib's key-file backend) instead of the tests' memory.
    func environment(keyFile: Bool = false) -> [String: String?] {
        var environment: [String: String?] = [
            "HOME": home.path, "XDG_DATA_HOME": data.path, "XDG_CONFIG_HOME": config.path,
            "LANG": "C.UTF-8", "LANGUAGE": nil, "LC_ALL": nil,
        ]
        if keyFile { environment["GSETTINGS_BACKEND"] = "keyfile" }
        return environment
    }

    /// `gsettings ARGUMENTS` on this desktop's key file: its output without the final newline, nil when it failed.
    func gsettings(_ arguments: [String]) -> String? {
        let variables = environment(keyFile: true).compactMap { name, value in value.map { "\(name)=\($0)" } }
        return Shell.run("env", variables + ["gsettings"] + arguments)?.trimmingCharacters(in: .newlines)
    }
}

extension AtspiNode {
    /// Presses every push button whose name ends with `label` (GTK 4.8 names a mnemonic button
    /// "_Save All Save All", and libadwaita lays a dialog's responses out twice, one shown), waiting
    /// up to `timeout` seconds for one; false when there was none.
    @discardableResult
    func pressButton(endingWith label: String, timeout: Double = 10) -> Bool {
        var buttons: [AtspiNode] = []
        _ = GtkDisplay.poll(timeout: timeout) {
            buttons = descendants(depth: 60).filter { $0.roleName == "push button" && $0.name?.hasSuffix(label) == true }
            return !buttons.isEmpty
        }
        for button in buttons { button.doAction(named: button.actionNames.first ?? "click") }
        return !buttons.isEmpty
    }
}
