// The licence the AppStream metadata declares is the one whose text the tree carries in COPYING.

import Testing

@Suite struct LicenceTests {
    @Test func copyingHoldsTheLicenceTheMetainfoDeclares() {
        let metainfo = Repository.text("data/io.github.cropeditor.CropEditor.metainfo.xml")
        #expect(metainfo.contains("<project_license>GPL-3.0-or-later</project_license>"))
        let copying = Repository.text("COPYING")
        #expect(copying.contains("GNU GENERAL PUBLIC LICENSE") && copying.contains("Version 3, 29 June 2007"))
        // "or later": the text's own terms for a program that says "or any later version".
        #expect(copying.contains("any later version"))
        #expect(copying.utf8.count > 30_000, "the whole text, not a summary")
    }
}
