/* Times a program from its start to the moment its picture is on screen (scripts/bench-launch).
 *
 * Usage: screen-probe TIMEOUT_S PROGRAM [ARG…]
 * Starts PROGRAM, then reads a few rows of the X screen every 2 ms until a run of pixels of the
 * benchmark pictures' colour (strong red and blue, little green: no toolkit draws it) shows. Prints
 * "MS PEAK_KIB" (milliseconds from the start to the picture, and the program's peak resident set a
 * second later, from /proc), then kills the program and waits for it. Exit 1 on a timeout.
 * With SCREEN_PROBE_LOG=FILE the program's standard error goes to FILE (for its trace lines) instead of
 * /dev/null, and the probe adds "probe MS started" and "probe MS shown" there, on the same monotonic clock. */
#define _GNU_SOURCE
#include <X11/Xlib.h>
#include <fcntl.h>
#include <X11/Xutil.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* The picture's colour: what the generator makes and a display scaler keeps. */
static int is_picture(unsigned long p) {
    unsigned r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;
    return r > 170 && b > 170 && g < 90;
}

/* Whether one row of the screen holds 24 picture pixels in a row. */
static int row_shows(Display *d, Window root, int width, int y) {
    XImage *img = XGetImage(d, root, 0, y, width, 1, AllPlanes, ZPixmap);
    if (!img) return 0;
    int run = 0, found = 0;
    for (int x = 0; x < width && !found; x++) {
        run = is_picture(XGetPixel(img, x, 0)) ? run + 1 : 0;
        found = run >= 24;
    }
    XDestroyImage(img);
    return found;
}

/* Peak resident set of pid and its descendants' largest (the window may be a child), in KiB. */
static long peak_kib(pid_t pid) {
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", pid);
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    long kib = -1;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, "VmHWM:", 6) == 0) kib = strtol(line + 6, NULL, 10);
    fclose(f);
    return kib;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: screen-probe TIMEOUT_S PROGRAM [ARG...]\n");
        return 2;
    }
    double timeout = atof(argv[1]) * 1e3;
    Display *d = XOpenDisplay(NULL);
    if (!d) {
        fprintf(stderr, "screen-probe: no X display\n");
        return 2;
    }
    Window root = DefaultRootWindow(d);
    int width = DisplayWidth(d, DefaultScreen(d)), height = DisplayHeight(d, DefaultScreen(d));
    const char *log = getenv("SCREEN_PROBE_LOG");
    double start = now_ms();
    pid_t pid = fork();
    if (pid == 0) {
        /* The programs' warnings would bury the figures. */
        int null = log ? open(log, O_WRONLY | O_APPEND | O_CREAT, 0644) : open("/dev/null", O_WRONLY);
        if (null >= 0) dup2(null, STDERR_FILENO);
        execvp(argv[2], argv + 2);
        _exit(127);
    }
    int shown = 0;
    double at = 0;
    while (!shown && now_ms() - start < timeout) {
        for (int i = 1; i < 16 && !shown; i++) shown = row_shows(d, root, width, height * i / 16);
        at = now_ms();
        if (!shown) usleep(2000);
    }
    if (shown) {
        usleep(1000 * 1000);
        printf("%.1f %ld\n", at - start, peak_kib(pid));
        FILE *f = log ? fopen(log, "a") : NULL;
        if (f) {
            fprintf(f, "probe %.3f started\nprobe %.3f shown\n", start, at);
            fclose(f);
        }
    }
    kill(pid, SIGTERM);
    for (int i = 0; i < 200 && waitpid(pid, NULL, WNOHANG) == 0; i++) usleep(10000);
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
    XCloseDisplay(d);
    if (!shown) fprintf(stderr, "screen-probe: %s showed no picture in %s s\n", argv[2], argv[1]);
    return shown ? 0 : 1;
}
