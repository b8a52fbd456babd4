// Which renderer GTK is told to use: Cairo only where OpenGL could only be software, never over a person's own choice.

import XCTest

@testable import EditorUI

final class RendererChoiceTests: XCTestCase {
    func testAMachineWithoutARenderNodeDrawsWithCairo() {
        XCTAssertEqual(
            RendererChoice.choose(environment: [:], deviceNodes: []), .cairo(because: "no GPU render node in /dev/dri"))
        // A display controller alone (card0) renders nothing.
        XCTAssertEqual(
            RendererChoice.choose(environment: ["DISPLAY": ":0"], deviceNodes: ["card0", "by-path"]),
            .cairo(because: "no GPU render node in /dev/dri"))
    }

    func testARenderNodeKeepsGTKsDefault() {
        XCTAssertEqual(RendererChoice.choose(environment: [:], deviceNodes: ["card0", "renderD128"]), .gtksDefault)
    }

    func testSoftwareOpenGLAskedForDrawsWithCairo() {
        XCTAssertEqual(
            RendererChoice.choose(environment: ["LIBGL_ALWAYS_SOFTWARE": "1"], deviceNodes: ["renderD128"]),
            .cairo(because: "LIBGL_ALWAYS_SOFTWARE is set"))
        for off in ["", "0"] {
            XCTAssertEqual(
                RendererChoice.choose(environment: ["LIBGL_ALWAYS_SOFTWARE": off], deviceNodes: ["renderD128"]), .gtksDefault)
        }
    }

    func testAPersonsOwnChoiceIsLeftAlone() {
        for variable in ["GSK_RENDERER", "GDK_DEBUG"] {
            XCTAssertEqual(RendererChoice.choose(environment: [variable: "gl"], deviceNodes: []), .gtksDefault, variable)
            XCTAssertEqual(
                RendererChoice.choose(environment: [variable: "gl", "LIBGL_ALWAYS_SOFTWARE": "1"], deviceNodes: []),
                .gtksDefault, variable)
        }
    }
}
