/* CGettext: glibc's message catalogues (gettext, ngettext, the text domain) for Swift; setlocale comes from Glibc. */
#ifndef CGETTEXT_SHIM_H
#define CGETTEXT_SHIM_H
#include <libintl.h>
#endif
