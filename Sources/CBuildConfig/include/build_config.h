/* Paths fixed when the app is built for a prefix (make release PREFIX=…), for the code to read. */
#ifndef CBUILD_CONFIG_H
#define CBUILD_CONFIG_H

/* Where the installed translations live (PREFIX/share/locale), or "" for a build that was not made
   for a prefix (the development tree): the app then finds them from its own path. */
const char *cbc_locale_dir(void);

#endif
