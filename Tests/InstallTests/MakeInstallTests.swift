// `make install` into a staging folder puts exactly the app's files there; `make uninstall` takes them all away.

import Foundation
import XCTest

final class MakeInstallTests: XCTestCase {
    private var stage: URL!

    override func setUpWithError() throws {
        stage = FileManager.default.temporaryDirectory
            .appendingPathComponent("crop-editor-install-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: stage, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: stage)
    }

    /// The debug crop-editor beside the test bundle, so install makes no second (release) build.
    private var builtBinary: URL { PackageCommand.buildFolder.appendingPathComponent("crop-editor") }

    private func make(_ target: String) throws -> CommandResult {
        try PackageCommand.run(
            "make",
            [
                "--no-print-directory", target, "DESTDIR=\(stage.path)", "PREFIX=/usr",
                "BINARY=\(builtBinary.path)",
            ])
    }

    private func mode(of path: String) throws -> Int? {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue
    }

    func testInstallStagesExactlyTheAppFilesAndUninstallRemovesThem() throws {
        let fm = FileManager.default
        XCTAssertTrue(
            fm.isExecutableFile(atPath: builtBinary.path),
            "crop-editor is not built at \(builtBinary.path) (swift build --build-tests builds it)")

        let install = try make("install")
        XCTAssertEqual(install.status, 0, "make install failed:\n\(install.output)")

        let expectedData = InstalledTree.expectedDataFiles
        let expected = Set(expectedData.keys).union([
            "usr/bin/crop-editor", "usr/libexec/crop-editor/crop-editor-gui", "usr/libexec/crop-editor/crop-editor-decoder",
            "usr/libexec/crop-editor/crop-editor-jpegcut",
        ])
        let found = InstalledTree.files(under: stage)
        XCTAssertEqual(found.subtracting(expected).sorted(), [], "install wrote files it should not (caches?)")
        XCTAssertEqual(expected.subtracting(found).sorted(), [], "install left out files")

        let binary = stage.appendingPathComponent("usr/bin/crop-editor")
        XCTAssertTrue(fm.isExecutableFile(atPath: binary.path), "the installed crop-editor is not executable")
        XCTAssertEqual(try mode(of: binary.path), 0o755, "the installed crop-editor should be rwxr-xr-x")
        XCTAssertTrue(
            fm.contentsEqual(atPath: binary.path, andPath: builtBinary.path),
            "the installed crop-editor is not the BINARY given")
        // The window's binary and the confined decoder, where the installed crop-editor (and the
        // window) look for them.
        for program in ["crop-editor-gui", "crop-editor-decoder", "crop-editor-jpegcut"] {
            let installed = stage.appendingPathComponent("usr/libexec/crop-editor/\(program)")
            XCTAssertEqual(try mode(of: installed.path), 0o755, "the installed \(program) should be rwxr-xr-x")
            XCTAssertTrue(
                fm.contentsEqual(
                    atPath: installed.path, andPath: builtBinary.deletingLastPathComponent().appendingPathComponent(program).path),
                "the installed \(program) is not the one built beside BINARY")
        }
        // The installed command line finds the decoder and says how it is confined.
        let help = try PackageCommand.run(binary.path, ["--help"])
        XCTAssertEqual(help.status, 0, help.output)
        XCTAssertTrue(help.output.contains("\nDecoders run confined: seccomp"), help.output)
        for (staged, source) in expectedData {
            let path = stage.appendingPathComponent(staged).path
            XCTAssertTrue(
                fm.contentsEqual(atPath: path, andPath: PackageCommand.root.appendingPathComponent(source).path),
                "\(staged) differs from \(source)")
            XCTAssertEqual(try mode(of: path), 0o644, "\(staged) should be rw-r--r--")
        }

        let uninstall = try make("uninstall")
        XCTAssertEqual(uninstall.status, 0, "make uninstall failed:\n\(uninstall.output)")
        XCTAssertEqual(InstalledTree.files(under: stage).sorted(), [], "uninstall left files behind")
    }

    /// The desktop entry, the AppStream metadata and the catalogues as installed carry every language of
    /// po/LINGUAS, and still pass the validators.
    func testInstalledFilesCarryTheTranslations() throws {
        let install = try make("install")
        XCTAssertEqual(install.status, 0, "make install failed:\n\(install.output)")
        let appID = InstalledTree.appID
        let desktop = stage.appendingPathComponent("usr/share/applications/\(appID).desktop")
        let metainfo = stage.appendingPathComponent("usr/share/metainfo/\(appID).metainfo.xml")
        let installedDesktop = try String(contentsOf: desktop, encoding: .utf8)
        let installedMetainfo = try String(contentsOf: metainfo, encoding: .utf8)
        let source = try String(contentsOf: PackageCommand.root.appendingPathComponent("data/\(appID).desktop"), encoding: .utf8)
        XCTAssertFalse(InstalledTree.languages.isEmpty, "po/LINGUAS names no language")
        for language in InstalledTree.languages {
            let catalogue = try POCatalogue(contentsOf: PackageCommand.root.appendingPathComponent("po/\(language).po"))
            for key in ["Name", "GenericName", "Comment", "Keywords"] {
                let value = try XCTUnwrap(
                    source.split(separator: "\n").first { $0.hasPrefix("\(key)=") }?.dropFirst(key.count + 1))
                let translation = try XCTUnwrap(catalogue[String(value)], "po/\(language).po does not translate \(key)")
                XCTAssertTrue(installedDesktop.contains("\n\(key)[\(language)]=\(translation)\n"), "\(key)[\(language)] missing")
            }
            for text in ["Crop photos precisely", "Features:", "Cropping a photo from the keyboard"] {
                let translation = try XCTUnwrap(catalogue[text], "po/\(language).po does not translate “\(text)”")
                XCTAssertTrue(
                    installedMetainfo.contains("xml:lang=\"\(language)\">\(translation)<"), "“\(text)” in \(language) missing")
            }
            // The catalogue the window reads: the spoken value among its messages.
            let mo = stage.appendingPathComponent("usr/share/locale/\(language)/LC_MESSAGES/crop-editor.mo")
            let unpacked = try PackageCommand.run("msgunfmt", [mo.path])
            XCTAssertEqual(unpacked.status, 0, unpacked.output)
            let sentence = "left %1$s, top %2$s, width %3$s, height %4$s"
            let translation = try XCTUnwrap(catalogue[sentence])
            XCTAssertTrue(
                unpacked.output.contains("msgid \"\(sentence)\"\nmsgstr \"\(translation)\""),
                "the installed catalogue lacks the value")
        }
        let validDesktop = try PackageCommand.run("desktop-file-validate", [desktop.path])
        XCTAssertEqual(validDesktop.status, 0, validDesktop.output)
        XCTAssertEqual(validDesktop.output, "", "desktop-file-validate has remarks on the installed entry")
        let validMetainfo = try PackageCommand.run("appstreamcli", ["validate", "--no-net", metainfo.path])
        XCTAssertEqual(validMetainfo.status, 0, validMetainfo.output)
    }
}

/// A release build for a prefix carries that prefix's translations folder (a debug build finds it from its own path).
final class ReleaseConfigurationTests: XCTestCase {
    func testReleaseBuildsAreConfiguredWithThePrefixsLocaleFolder() throws {
        let dryRun = try PackageCommand.run("make", ["--no-print-directory", "-n", "release", "PREFIX=/opt/crop-editor"])
        XCTAssertEqual(dryRun.status, 0, dryRun.output)
        let builds = dryRun.output.split(separator: "\n").filter { $0.contains("build -c release") }
        // The command, the window, the decoder and the lean decoder.
        XCTAssertEqual(builds.count, 4, dryRun.output)
        for build in builds {
            XCTAssertTrue(build.contains("-Xcc -DCROP_EDITOR_LOCALEDIR='\"/opt/crop-editor/share/locale\"'"), String(build))
        }
    }
}
