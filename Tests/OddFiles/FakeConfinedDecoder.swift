// A decoder made to believe it is confined: a preloaded library makes seccomp_load and no-new-privileges succeed doing nothing.

import Foundation

/// The real crop-editor-decoder started through a wrapper that preloads a library whose
/// `seccomp_load` and `prctl(PR_SET_NO_NEW_PRIVS)` return success and do nothing: the decoder
/// then says it is confined, and only the kernel's view (`/proc`) tells otherwise.
public enum FakeConfinedDecoder {
    static let source = #"""
        #define _GNU_SOURCE
        #include <stdarg.h>
        #include <sys/prctl.h>
        #include <sys/syscall.h>
        #include <unistd.h>
        int seccomp_load(void *filter) { (void)filter; return 0; }
        int prctl(int option, ...) {
            va_list list;
            va_start(list, option);
            unsigned long a2 = va_arg(list, unsigned long), a3 = va_arg(list, unsigned long);
            unsigned long a4 = va_arg(list, unsigned long), a5 = va_arg(list, unsigned long);
            va_end(list);
            if (option == PR_SET_NO_NEW_PRIVS) return 0;
            return (int)syscall(SYS_prctl, option, a2, a3, a4, a5);
        }
        """#

    /// Makes the library and the wrapper in `folder`; the wrapper's path, to give as the decoder
    /// program (`DecoderPool(program:)`, or `CROP_EDITOR_DECODER` for a whole program).
    /// `decoder`: the real decoder (by default the one built beside the running tests).
    public static func make(in folder: String, decoder: String = builtDecoder) throws -> String {
        let sourcePath = folder + "/fake-confinement.c"
        let library = folder + "/fake-confinement.so"
        try Data(source.utf8).write(to: URL(fileURLWithPath: sourcePath))
        try Tools.run(["cc", "-shared", "-fPIC", "-o", library, sourcePath])
        let wrapper = folder + "/fake-confined-decoder"
        try Data("#!/bin/sh\nLD_PRELOAD=\(library) exec \(decoder) \"$@\"\n".utf8).write(to: URL(fileURLWithPath: wrapper))
        guard chmod(wrapper, 0o755) == 0 else { throw CocoaError(.fileWriteNoPermission) }
        return wrapper
    }

    /// The decoder built beside the test bundle.
    public static var builtDecoder: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("crop-editor-decoder").path
    }
}
