// GtkSupport's GtkBuilder: a tree from a .ui file's bytes, its objects by id, libadwaita's types known by name.

import CGtk
import Foundation
import GtkSupport
import XCTest

@testable import TestSupport

final class BuilderWrapperTests: XCTestCase {
    func testATreeFromBytesNamesLibadwaitaTypesAndGivesItsObjectsById() throws {
        try GtkDisplay.require()
        let tree = """
            <?xml version="1.0" encoding="UTF-8"?>
            <interface>
              <object class="AdwHeaderBar" id="header">
                <child type="end"><object class="AdwSplitButton" id="save"><property name="label">Save</property></object></child>
              </object>
            </interface>
            """
        MainActor.assumeIsolated {
            let builder = Builder.fromBytes(Array(tree.utf8))
            let header = Builder.object(builder, "header"), save = Builder.object(builder, "save")
            XCTAssertNotNil(header)
            XCTAssertNil(Builder.object(builder, "missing"))
            let typeName = save.map { String(cString: g_type_name_from_instance($0.assumingMemoryBound(to: GTypeInstance.self))) }
            XCTAssertEqual(typeName, "AdwSplitButton")
        }
    }
}
