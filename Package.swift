// swift-tools-version:6.0
// The Crop Editor package: the pure crop model, the GTK layer, the editor and its tools.
import PackageDescription

let package = Package(
    name: "crop-editor",
    targets: [
        // GTK 4 + libadwaita as a C module, with a shim for macros and variadics Swift cannot call.
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "libadwaita-1",
            providers: [.apt(["libgtk-4-dev", "libadwaita-1-dev"])]
        ),
        // Typed Swift over CGtk: signals, subclassing, the main-queue bridge, cairo helpers.
        .target(name: "GtkSupport", dependencies: ["CGtk"]),
        // The pure crop model: no C imports, Sendable values.
        .target(name: "CropKit"),
        // The editor's widgets, windows and application.
        .target(name: "EditorUI", dependencies: ["CropKit", "GtkSupport", "CGtk"]),
        .executableTarget(name: "crop-editor", dependencies: ["EditorUI"]),
        .executableTarget(name: "crop-bench", dependencies: ["CropKit", "EditorUI", "GtkSupport", "CGtk"]),
        // libatspi, a real AT-SPI client, for the end-to-end accessibility tests.
        .systemLibrary(name: "CAtspi", path: "Tests/CAtspi", pkgConfig: "atspi-2",
                       providers: [.apt(["libatspi2.0-dev"])]),
        .testTarget(name: "CropKitTests", dependencies: ["CropKit"]),
        .testTarget(name: "EditorUITests", dependencies: ["EditorUI", "GtkSupport", "CropKit", "CGtk", "CAtspi"]),
    ],
    swiftLanguageModes: [.v6]
)
