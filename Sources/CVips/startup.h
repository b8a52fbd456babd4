/* CVips: starting libvips with only the loader module the app opens files with (HEIF). */
#ifndef CVIPS_STARTUP_H
#define CVIPS_STARTUP_H
#include <stdio.h>
#include <string.h>
#include <vips/vips.h>
#include <gmodule.h>

/* libvips loads every module in its module folder at start-up: PDF (poppler), ImageMagick, OpenSlide,
   JPEG XL and HEIF, with their hundreds of shared libraries. The app refuses all but HEIF anyway, and
   loading the rest would slow every start (every headless crop). So libvips starts with its
   home pointed at a folder that has no modules, and only the HEIF module is opened, from the real
   folder (beside libvips itself: LIBDIR/vips-modules-X.Y); it registers its loaders itself
   (g_module_check_init). Asking libvips for its libdir first would fix its guess of its home. */
/* The folder libvips itself was loaded from, as the process's memory map names it (or NULL). */
static inline char *cvs_libvips_folder(void) {
    FILE *maps = fopen("/proc/self/maps", "r");
    if (!maps) return NULL;
    char line[4096], *folder = NULL;
    while (!folder && fgets(line, sizeof line, maps)) {
        char *path = strchr(line, '/');
        if (path && strstr(path, "/libvips.so")) {
            path[strcspn(path, "\n")] = '\0';
            folder = g_path_get_dirname(path);
        }
    }
    fclose(maps);
    return folder;
}

/* `with_heif` 0: no module at all (a decoder for one file that is not HEIF or AVIF). */
static inline int cvs_init_with_heif_only(const char *argv0, int with_heif) {
    char *folder = cvs_libvips_folder();
    char *modules = folder ? g_strdup_printf("%s/vips-modules-%d.%d", folder, VIPS_MAJOR_VERSION, VIPS_MINOR_VERSION) : NULL;
    g_free(folder);
    char *saved = g_strdup(g_getenv("VIPSHOME"));
    g_setenv("VIPSHOME", "/nonexistent/crop-editor/no-vips-modules", TRUE);
    int status = VIPS_INIT(argv0);
    if (saved) g_setenv("VIPSHOME", saved, TRUE); else g_unsetenv("VIPSHOME");
    g_free(saved);
    if (status == 0 && modules && with_heif) {
        char *heif = g_build_filename(modules, "vips-heif.so", NULL);
        if (g_file_test(heif, G_FILE_TEST_EXISTS)) (void) g_module_open(heif, G_MODULE_BIND_LAZY);
        g_free(heif);
    }
    g_free(modules);
    return status;
}
#endif
