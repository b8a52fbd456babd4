/* The build's configured paths: `make release` passes -DCROP_EDITOR_LOCALEDIR="PREFIX/share/locale". */
#include "build_config.h"

#ifndef CROP_EDITOR_LOCALEDIR
#define CROP_EDITOR_LOCALEDIR ""
#endif

const char *cbc_locale_dir(void) { return CROP_EDITOR_LOCALEDIR; }
