/* CRenderFlag: everything is inline in render_flag.h; SwiftPM wants one source file per C target. */
#include "render_flag.h"
