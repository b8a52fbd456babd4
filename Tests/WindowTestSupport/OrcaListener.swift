// Runs the Orca screen reader under the test display, its speech written to a file by a speech-dispatcher of the tests' own.

import Foundation
import XCTest

@testable import TestSupport

/// Orca 43 as a user runs it, but speaking into a file: a private speech-dispatcher whose only output
/// module is speech-dispatcher's generic one running `printf` per utterance (Orca's own debug file is
/// buffered and loses the end). Orca's settings choose that module and turn off key echo, braille and
/// sounds, so the file holds exactly what Orca says, one utterance a line, in order.
final class OrcaListener {
    let folder: URL
    let speechLog: URL
    private let speechServer = Process()
    private let orca = Process()

    /// Starts speech-dispatcher, then Orca, and waits for Orca's "Screen reader on."; throws with what both
    /// printed when either does not start.
    init(folder: URL) throws {
        self.folder = folder
        speechLog = folder.appendingPathComponent("speech.log")
        let configuration = folder.appendingPathComponent("speechd")
        let preferences = folder.appendingPathComponent("orca")
        let runtime = folder.appendingPathComponent("runtime")
        let socket = folder.appendingPathComponent("speechd.sock")
        for directory in [configuration.appendingPathComponent("modules"), preferences, runtime] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        try Data().write(to: speechLog)
        // ALSA's "null" device: the server insists on opening audio for a module even if it plays none.
        try """
        AddModule "test-log" "sd_generic" "test-log.conf"
        DefaultModule "test-log"
        AudioOutputMethod "alsa"
        AudioALSADevice "null"
        """.write(to: configuration.appendingPathComponent("speechd.conf"), atomically: true, encoding: .utf8)
        // The generic module puts the text, quoted for the shell, where $DATA stands.
        try """
        GenericExecuteSynth "printf '%s\\\\n' \\'$DATA\\' >> \(speechLog.path)"
        GenericLanguage "en" "en" "utf-8"
        AddVoice "en" "male1" "log"
        """.write(to: configuration.appendingPathComponent("modules/test-log.conf"), atomically: true, encoding: .utf8)
        let settings: [String: Any] = [
            "general": [
                "speechServerFactory": "orca.speechdispatcherfactory",
                "speechServerInfo": ["test-log", "test-log"], "enableKeyEcho": false,
                "enableBraille": false, "enableSound": false, "firstStart": false,
            ],
            "profiles": ["default": ["profile": ["Default", "default"]]],
            "pronunciations": [String: Any](), "keybindings": [String: Any](),
        ]
        try JSONSerialization.data(withJSONObject: settings)
            .write(to: preferences.appendingPathComponent("user-settings.conf"))

        // English role names and messages; a runtime folder of its own for everything Orca starts.
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = "C.UTF-8"
        environment["LANGUAGE"] = nil
        environment["LC_ALL"] = nil
        environment["XDG_RUNTIME_DIR"] = runtime.path
        environment["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
        environment["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
        environment["XDG_CACHE_HOME"] = folder.appendingPathComponent("cache").path
        environment["SPEECHD_ADDRESS"] = "unix_socket:\(socket.path)"

        speechServer.executableURL = URL(fileURLWithPath: "/usr/bin/speech-dispatcher")
        speechServer.arguments = [
            "--run-single", "--communication-method", "unix_socket", "--socket-path", socket.path,
            "--config-dir", configuration.path, "--log-dir", runtime.path, "--timeout", "0",
        ]
        speechServer.environment = environment
        speechServer.standardOutput = try FileHandle(forWritingTo: Self.emptyFile(folder, "speechd.out"))
        speechServer.standardError = speechServer.standardOutput
        try speechServer.run()
        guard
            GtkDisplay.poll(
                timeout: 20, { FileManager.default.fileExists(atPath: socket.path) || !self.speechServer.isRunning }),
            speechServer.isRunning
        else {
            throw Self.failure("speech-dispatcher did not start", output: folder.appendingPathComponent("speechd.out"))
        }

        orca.executableURL = URL(fileURLWithPath: "/usr/bin/orca")
        orca.arguments = ["--user-prefs", preferences.path]
        orca.environment = environment
        orca.standardOutput = try FileHandle(forWritingTo: Self.emptyFile(folder, "orca.out"))
        orca.standardError = orca.standardOutput
        try orca.run()
        guard waitForUtterance("Screen reader on.", timeout: 30) else {
            stop()
            throw Self.failure("Orca did not start speaking", output: folder.appendingPathComponent("orca.out"))
        }
    }

    /// Everything Orca said so far, one utterance a line.
    /// What Orca has said so far, one utterance a line. The module writes UTF-8 (its conf says so);
    /// a byte that is not would otherwise hide the whole log, so such bytes are read as Latin-1.
    var utterances: [String] {
        guard let data = try? Data(contentsOf: speechLog) else { return [] }
        let text = String(data: data, encoding: .utf8) ?? String(data: data, encoding: .isoLatin1) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    func waitForUtterance(_ text: String, timeout: Double) -> Bool {
        GtkDisplay.poll(timeout: timeout) { self.utterances.contains(text) }
    }

    /// Sends `keys` (xdotool names) as a user types them, then collects what Orca says in answer: the
    /// utterances from the first one on, until Orca has said nothing new for `quiet` seconds.
    func answer(to keys: String, quiet: Double = 0.8, timeout: Double = 15) -> [String] {
        let before = utterances.count
        Shell.run("xdotool", ["key", "--clearmodifiers", keys])
        guard GtkDisplay.poll(timeout: timeout, { self.utterances.count > before }) else { return [] }
        settle(quiet: quiet, timeout: timeout)
        return Array(utterances.dropFirst(before))
    }

    /// Waits until the log has not grown for `quiet` seconds (Orca speaks an answer within milliseconds).
    func settle(quiet: Double = 0.8, timeout: Double = 15) {
        var count = utterances.count, since = Date()
        _ = GtkDisplay.poll(timeout: timeout) {
            let now = utterances.count
            if now != count { (count, since) = (now, Date()) }
            return Date().timeIntervalSince(since) >= quiet
        }
    }

    func stop() {
        for process in [orca, speechServer] where process.isRunning {
            process.terminate()
            if !GtkDisplay.poll(timeout: 10, { !process.isRunning }) { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
    }

    deinit { stop() }

    private static func emptyFile(_ folder: URL, _ name: String) throws -> URL {
        let file = folder.appendingPathComponent(name)
        try Data().write(to: file)
        return file
    }

    private static func failure(_ message: String, output: URL) -> NSError {
        let printed = (try? String(contentsOf: output, encoding: .utf8)).map { String($0.suffix(3000)) } ?? ""
        return NSError(domain: "OrcaListener", code: 1, userInfo: [NSLocalizedDescriptionKey: "\(message):\n\(printed)"])
    }
}
