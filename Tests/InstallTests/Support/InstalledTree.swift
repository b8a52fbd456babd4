// What `make install` should put under a staging folder, and what is actually there.

import Foundation

enum InstalledTree {
    static let appID = "io.github.cropeditor.CropEditor"

    /// Where `make translations` builds the catalogues and the translated desktop entry and metainfo.
    static let translated = ".build/translated"

    /// The languages po/LINGUAS names.
    static var languages: [String] {
        let text = (try? String(contentsOf: PackageCommand.root.appendingPathComponent("po/LINGUAS"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// Staged path (relative to DESTDIR, PREFIX=/usr) → file in the package it is a copy of, for every data file.
    static var expectedDataFiles: [String: String] {
        var files = [
            "usr/share/applications/\(appID).desktop": "\(translated)/data/\(appID).desktop",
            "usr/share/metainfo/\(appID).metainfo.xml": "\(translated)/data/\(appID).metainfo.xml",
            "usr/share/icons/hicolor/scalable/apps/\(appID).svg": "data/icons/hicolor/scalable/apps/\(appID).svg",
            "usr/share/icons/hicolor/symbolic/apps/\(appID)-symbolic.svg":
                "data/icons/hicolor/symbolic/apps/\(appID)-symbolic.svg",
        ]
        for schema in schemaFiles { files["usr/share/glib-2.0/schemas/\(schema)"] = "data/\(schema)" }
        for language in languages {
            let catalogue = "locale/\(language)/LC_MESSAGES/crop-editor.mo"
            files["usr/share/\(catalogue)"] = "\(translated)/\(catalogue)"
        }
        return files
    }

    /// The GSettings schemas in data/, if the app has any: install copies each of them.
    static var schemaFiles: [String] {
        let data = PackageCommand.root.appendingPathComponent("data")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: data.path)) ?? []
        return names.filter { $0.hasSuffix(".gschema.xml") }.sorted()
    }

    /// Every file and symlink (not folder) under `folder`, as paths relative to it.
    static func files(under folder: URL) -> Set<String> {
        let base = folder.resolvingSymlinksInPath().path + "/"
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isDirectoryKey])
        else { return [] }
        var found = Set<String>()
        for case let url as URL in walker {
            let isFolder = (try? url.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory ?? false
            if !isFolder {
                found.insert(String(url.resolvingSymlinksInPath().path.dropFirst(base.count)))
            }
        }
        return found
    }
}
