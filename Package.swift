// swift-tools-version:6.0
// The Crop Editor package: the pure crop model, the GTK layer, the editor and its tools.
import PackageDescription

// Release executables are linked by lld with packed relative relocations (DT_RELR, glibc 2.36): unpacked,
// the relocations of a statically linked binary are megabytes that every start reads and that stay resident
// (docs/BENCHMARKS.md).
let releaseLinking: [LinkerSetting] = [
    .unsafeFlags(
        ["-Xclang-linker", "-fuse-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"],
        .when(configuration: .release))
]

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
        // Imaging's C libraries: decoding/encoding, metadata, lossless JPEG.
        .systemLibrary(name: "CVips", pkgConfig: "vips", providers: [.apt(["libvips-dev"])]),
        .systemLibrary(name: "CExiv", pkgConfig: "gexiv2", providers: [.apt(["libgexiv2-dev"])]),
        .systemLibrary(
            name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev", "libjpeg62-turbo-dev"])]),
        // libspng: a PNG's rows for the display thumbnail, decoded faster than libvips' libpng load.
        .systemLibrary(name: "CSpng", pkgConfig: "spng", providers: [.apt(["libspng-dev"])]),
        // libseccomp and Landlock: the decoding process's confinement.
        .systemLibrary(name: "CSeccomp", pkgConfig: "libseccomp", providers: [.apt(["libseccomp-dev"])]),
        // The decoding process's files: the descriptors it was handed, under fixed names (crop-editor-decoder only).
        .target(name: "CDecoderFiles"),
        // memfd seals, the decoding process's spawn: the system calls Swift's Glibc module lacks.
        .target(name: "CDecoderSupport"),
        // Removing a write's temporary file when the process is told to stop (a signal handler in C).
        .target(name: "CInterrupt"),
        // Paths fixed at build time for an install prefix (the translations' folder).
        .target(name: "CBuildConfig"),
        // A render's cancellation flag as one atomic int (C), for processes that link no libvips.
        .target(name: "CRenderFlag"),
        // Opening a file without following links and checking it on its descriptor; replacing a file through a
        // nameless temporary that keeps the target's owner, mode and attributes (the calls Glibc's module lacks).
        .target(name: "CSafeFiles"),
        // What every process knows of imaging without reading a pixel: the errors, the export's options
        // and its checks from the header alone, the header's facts (`ImageInfo`), the stored crop and its
        // sidecar's place, the atomic write, the lossless grid's arithmetic. Pure Swift over Foundation:
        // it must not import CVips, CExiv or CTurboJPEG (the window and the command line link it, and
        // loading libvips would add its hundred-odd libraries to every start).
        .target(name: "ImagingCore", dependencies: ["CropKit", "CInterrupt", "CRenderFlag", "CSafeFiles"]),
        // Load, export, metadata and lossless JPEG: the pixel work, with libvips, gexiv2 and TurboJPEG.
        // Only the decoder (and the benchmarks, fuzzers and tests that measure it in process) may import
        // it; it re-exports ImagingCore. Knows nothing of GTK.
        .target(
            name: "Imaging",
            dependencies: ["ImagingCore", "ImagingMetadata", "CropKit", "CVips", "CJPEGCut", "CExiv", "CTurboJPEG", "CSpng"]),
        // A written JPEG's metadata without libvips: the metadata fix (gexiv2), a JPEG's segments and quality.
        // Imaging re-exports it; the lean decoder links it alone.
        .target(name: "ImagingMetadata", dependencies: ["ImagingCore", "CExiv"]),
        // libjpeg and libexif: a JPEG crop decoded alone and encoded as libvips' jpegsave does (crop-editor-jpegcut).
        .systemLibrary(name: "CJPEGCut", pkgConfig: "libexif", providers: [.apt(["libexif-dev", "libjpeg62-turbo-dev"])]),
        // The pure crop model: no C imports, Sendable values.
        .target(name: "CropKit"),
        // The confined decoding process: its messages, and the pool of processes the editor and the
        // command line hand files to (everything that parses an image's bytes runs there). The parent's
        // side: it must not import Imaging (the jobs themselves are in crop-editor-decoder).
        .target(name: "Decoding", dependencies: ["CropKit", "ImagingCore", "CDecoderSupport", "CSafeFiles"]),
        // crop-editor-decoder: the confined process itself and its jobs, linking Imaging and no GTK.
        .executableTarget(
            name: "crop-editor-decoder", dependencies: ["Decoding", "Imaging", "CSeccomp", "CDecoderFiles"],
            swiftSettings: [.define("DECODER_TEST_REQUESTS", .when(configuration: .debug))],
            linkerSettings: releaseLinking),
        // crop-editor-jpegcut: the lean confined decoder for plain JPEG-to-JPEG crops, linking no libvips.
        .executableTarget(
            name: "crop-editor-jpegcut",
            dependencies: ["Decoding", "ImagingMetadata", "CJPEGCut", "CSeccomp", "CDecoderFiles", "CDecoderSupport"],
            linkerSettings: releaseLinking),
        // glibc's gettext as a C module (Swift's Glibc module leaves libintl.h out).
        .systemLibrary(name: "CGettext"),
        // Words for people: gettext from Swift and the text domain, and Imaging's errors worded once
        // for the window and the command line alike. No GTK, no Imaging (ImagingCore's errors only).
        .target(name: "Wording", dependencies: ["CGettext", "CropKit", "ImagingCore", "CBuildConfig"]),
        // The crop area: the canvas widget over CropKit's editing model, its painter, frame plans and
        // surfaces, the sharp-region loader and the pictures it shows. Knows no window; no Imaging
        // (pixels come from the decoder).
        .target(
            name: "Canvas",
            dependencies: ["CropKit", "GtkSupport", "CGtk", "ImagingCore", "Wording", "Decoding", "LaunchTrace"]),
        // Marks from a launch to the first frame, printed only under CROP_EDITOR_TRACE (the launch
        // benchmark's breakdown). Links nothing.
        .target(name: "LaunchTrace"),
        // The widget trees of data/ui embedded in the binary as bytes at build time (`ui` links to data/ui).
        .target(name: "UIResources", resources: [.embedInCode("ui")]),
        // The editor's widgets, windows and application. No Imaging: every pixel comes from the decoder.
        .target(
            name: "EditorUI",
            dependencies: [
                "Canvas", "UIResources", "CropKit", "GtkSupport", "CGtk", "ImagingCore", "Wording", "Decoding", "Batch",
                "LaunchTrace",
            ]),
        // Many images at once: the engine (progress, cancel), its runner seam and the worker processes. No GTK.
        .target(name: "Batch", dependencies: ["CInterrupt"]),
        // The headless command line (`--crop`, `--output`): no GTK and no Imaging, only the model,
        // ImagingCore, its words and the decoder's pool.
        .target(name: "Headless", dependencies: ["CropKit", "ImagingCore", "Wording", "Decoding", "Batch", "CInterrupt"]),
        // crop-editor: the command line, linking no GTK and no libvips, gexiv2 or TurboJPEG
        // (HeadlessTests' LinkedLibrariesTests checks); for the window it starts crop-editor-gui (the
        // same libraries left out).
        .executableTarget(name: "crop-editor", dependencies: ["Headless", "LaunchTrace"], linkerSettings: releaseLinking),
        .executableTarget(name: "crop-editor-gui", dependencies: ["EditorUI", "LaunchTrace"], linkerSettings: releaseLinking),
        .executableTarget(
            name: "crop-bench",
            dependencies: [
                "CropKit", "Canvas", "EditorUI", "GtkSupport", "CGtk", "Imaging", "Wording", "Decoding", "BenchSupport",
            ]),
        // The benchmarks' one-shot timing, and crop-bench-client: the confined decoder's thumbnail from a
        // program that links no libvips (scripts/bench-export).
        .target(name: "BenchSupport", dependencies: ["ImagingCore", "Wording"]),
        .executableTarget(name: "crop-bench-client", dependencies: ["BenchSupport", "Decoding"], linkerSettings: releaseLinking),
        // libatspi, a real AT-SPI client, for the end-to-end accessibility tests.
        .systemLibrary(
            name: "CAtspi", path: "Tests/CAtspi", pkgConfig: "atspi-2",
            providers: [.apt(["libatspi2.0-dev"])]),
        // Odd files made byte by byte for the tests (damage viewers repair, camera metadata, Ultra HDR,
        // TIFF layouts libvips cannot decode), and `odd-files DIR`, which makes them for measuring by hand.
        .target(name: "OddFiles", path: "Tests/OddFiles"),
        .executableTarget(name: "odd-files", dependencies: ["OddFiles"], path: "Tests/odd-files"),
        // libFuzzer targets for our own parsers of untrusted bytes (`make fuzz` builds them with the
        // sanitizers; a plain build only compiles them).
        .target(name: "FuzzTargets", dependencies: ["Imaging", "CropKit", "CTurboJPEG"], path: "Tests/Fuzz"),
        .testTarget(name: "CropKitTests", dependencies: ["CropKit"]),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging", "CropKit", "OddFiles", "Wording"]),
        // The confined decoding process: its confinement seen from outside, its deaths, every format through it.
        .testTarget(name: "DecodingTests", dependencies: ["Decoding", "Imaging", "CropKit", "OddFiles", "Wording"]),
        // Runs the real crop-editor binary headless with good and bad input.
        .testTarget(
            name: "HeadlessTests",
            dependencies: ["Headless", "CropKit", "Imaging", "OddFiles", "Wording", "Batch", "TestSupport"]),
        // Imaging's errors and warnings in words: every cause's English, word for word.
        .testTarget(name: "WordingTests", dependencies: ["Wording", "Imaging", "CropKit"]),
        // What tests of several targets share: running programs and the built binaries, private
        // folders, GTK's one set-up per process and waiting without fixed sleeps.
        .target(name: "TestSupport", dependencies: ["CGtk", "GtkSupport"], path: "Tests/TestSupport"),
        // What canvas tests share with window tests: a canvas alone in a plain window, pictures made in
        // memory, crops compared, the sharp-region loader's renders counted. No window.
        .target(
            name: "CanvasTestSupport", dependencies: ["TestSupport", "Canvas", "GtkSupport", "CropKit", "CGtk"],
            path: "Tests/CanvasTestSupport"),
        // What window tests share: test windows, the windows' event log, the AT-SPI client, Orca,
        // a second X screen, weston, the real editor as a separate process.
        .target(
            name: "WindowTestSupport",
            dependencies: ["TestSupport", "CanvasTestSupport", "EditorUI", "Canvas", "GtkSupport", "CropKit", "CGtk", "CAtspi"],
            path: "Tests/WindowTestSupport"),
        // The typed layer over GTK: signals, the main-queue bridge, widget wrappers, owned references.
        .testTarget(name: "GtkSupportTests", dependencies: ["GtkSupport", "CGtk", "TestSupport"]),
        // The crop area without a window: its drags, keys and overlays, what it paints and how frames
        // reach GTK, zoom and sharp regions, its words for Orca.
        .testTarget(
            name: "CanvasTests",
            dependencies: ["Canvas", "GtkSupport", "CropKit", "CGtk", "Wording", "TestSupport", "CanvasTestSupport"]),
        // The batch engine over real crop-editor worker processes: progress, failures, Cancel, deaths.
        .testTarget(name: "BatchTests", dependencies: ["Batch", "Imaging", "Wording", "TestSupport"]),
        // The window's parts in process: its features, actions, dialogs, .ui files.
        .testTarget(
            name: "EditorUITests",
            dependencies: [
                "EditorUI", "Canvas", "GtkSupport", "CropKit", "CGtk", "OddFiles", "Decoding", "TestSupport",
                "CanvasTestSupport", "WindowTestSupport", "UIResources",
            ]),
        // The real editor from outside: a real pointer and keys (xdotool), AT-SPI, Orca, weston,
        // HiDPI screens, the desktop's way of opening files.
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "EditorUI", "Canvas", "GtkSupport", "CropKit", "CGtk", "CAtspi", "OddFiles", "Decoding", "TestSupport",
                "CanvasTestSupport", "WindowTestSupport",
            ]),
        // Runs make install/uninstall into a staging folder and the desktop-data validators.
        .testTarget(name: "InstallTests", dependencies: []),
        // The checkout read as text: every module's files and functions within the guide's limits, and every
        // name the developer docs put in backticks found in the tree. No GTK, no build products.
        .testTarget(name: "RepositoryTests", dependencies: []),
    ],
    swiftLanguageModes: [.v6]
)
