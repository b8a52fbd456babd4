// Without a GPU, GTK is told to leave OpenGL off and draw with Cairo: software OpenGL starts slower and takes far more memory.

import Foundation
import Glibc
import LaunchTrace

/// GTK 4.8 renders with OpenGL whenever it can get it, and with no GPU Mesa gives it llvmpipe, a
/// software rasterizer, which makes a window slower to start and far larger (LLVM and its shader
/// compiler) than GTK's Cairo renderer does (docs/BENCHMARKS.md, "Where the launch's time goes"),
/// and every frame is then drawn in software twice over. GTK itself refuses llvmpipe for its
/// GPU renderers from 4.14 on. So, before GTK starts, a machine with no GPU render node gets OpenGL
/// switched off and the Cairo renderer; a person's own `GSK_RENDERER` or `GDK_DEBUG` is left alone.
enum RendererChoice: Equatable {
    /// GTK's default (a GPU may be there, or the person chose).
    case gtksDefault
    /// OpenGL off, the Cairo renderer: the variables to set before GTK starts.
    case cairo(because: String)

    /// The choice for a process with `environment`, on a machine whose `/dev/dri` holds `deviceNodes`.
    static func choose(environment: [String: String], deviceNodes: [String]) -> RendererChoice {
        if environment["GSK_RENDERER"] != nil || environment["GDK_DEBUG"] != nil { return .gtksDefault }
        if let forced = environment["LIBGL_ALWAYS_SOFTWARE"], !forced.isEmpty, forced != "0" {
            return .cairo(because: "LIBGL_ALWAYS_SOFTWARE is set")
        }
        // Mesa reaches a GPU through a render node (renderD128, …); without one, OpenGL is software.
        if !deviceNodes.contains(where: { $0.hasPrefix("renderD") }) {
            return .cairo(because: "no GPU render node in /dev/dri")
        }
        return .gtksDefault
    }

    /// Decides for this process and sets the variables GTK reads when it starts (call before it does).
    static func apply() {
        let nodes = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []
        let choice = choose(environment: ProcessInfo.processInfo.environment, deviceNodes: nodes)
        guard case .cairo(let reason) = choice else {
            LaunchTrace.mark("renderer: GTK's default")
            return
        }
        setenv("GDK_DEBUG", "gl-disable", 1)
        setenv("GSK_RENDERER", "cairo", 1)
        LaunchTrace.mark("renderer: Cairo, OpenGL off (\(reason))")
    }
}
