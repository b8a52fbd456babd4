// GtkSupport's GtkBuilder: a tree from a compiled and registered resource, its objects by id, libadwaita's types known by name.

import CGtk
import Foundation
import GtkSupport
import XCTest

@testable import TestSupport

final class BuilderWrapperTests: XCTestCase {
    func testATreeFromAResourceNamesLibadwaitaTypesAndGivesItsObjectsById() throws {
        try GtkDisplay.require()
        let folder = try GtkDisplay.temporaryFolder("builder")
        defer { try? FileManager.default.removeItem(at: folder) }
        let tree = """
            <?xml version="1.0" encoding="UTF-8"?>
            <interface>
              <object class="AdwHeaderBar" id="header">
                <child type="end"><object class="AdwSplitButton" id="save"><property name="label">Save</property></object></child>
              </object>
            </interface>
            """
        try tree.write(to: folder.appendingPathComponent("tree.ui"), atomically: true, encoding: .utf8)
        let bundle = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gresources><gresource prefix="/io/github/cropeditor/GtkSupportTests"><file>tree.ui</file></gresource></gresources>
            """
        try bundle.write(to: folder.appendingPathComponent("tree.gresource.xml"), atomically: true, encoding: .utf8)
        let compiled = folder.appendingPathComponent("tree.gresource").path
        XCTAssertNotNil(
            Shell.run(
                "glib-compile-resources",
                ["--sourcedir=\(folder.path)", "--target=\(compiled)", folder.appendingPathComponent("tree.gresource.xml").path]))
        var error: UnsafeMutablePointer<GError>?
        let resource = try XCTUnwrap(g_resource_load(compiled, &error), "the compiled resource did not load")
        g_resources_register(resource)
        defer {
            g_resources_unregister(resource)
            g_resource_unref(resource)
        }
        MainActor.assumeIsolated {
            let builder = Builder.fromResource("/io/github/cropeditor/GtkSupportTests/tree.ui")
            let header = Builder.object(builder, "header"), save = Builder.object(builder, "save")
            XCTAssertNotNil(header)
            XCTAssertNil(Builder.object(builder, "missing"))
            let typeName = save.map { String(cString: g_type_name_from_instance($0.assumingMemoryBound(to: GTypeInstance.self))) }
            XCTAssertEqual(typeName, "AdwSplitButton")
        }
    }
}
