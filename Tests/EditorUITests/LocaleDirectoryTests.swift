// Where the window finds its translations unaided: the prefix it is installed in, or the one a release was built for.

import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

/// Where the window finds its translations when nothing points it there: the prefix it is installed in.
final class LocaleDirectoryTests: XCTestCase {
    func testTheInstalledBinariesFindTheirPrefixsLocaleFolder() {
        XCTAssertEqual(Localization.localeDirectory(forBinary: "/usr/libexec/crop-editor/crop-editor-gui"), "/usr/share/locale")
        XCTAssertEqual(Localization.localeDirectory(forBinary: "/opt/ce/bin/crop-editor"), "/opt/ce/share/locale")
        XCTAssertEqual(
            Localization.localeDirectory(forBinary: "/usr/local/libexec/crop-editor/crop-editor-gui"),
            "/usr/local/share/locale")
    }
}
