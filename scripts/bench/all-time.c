/* all-time: runs a command and reports its wall time to its own exit, and the processor time and peak memory of
   it and of every process it started, those it left behind included.

   Usage: all-time OUTFILE COMMAND [ARG…]
   Writes one line to OUTFILE: "WALL_SECONDS PEAK_RSS_KIB USER_SECONDS SYSTEM_SECONDS", and exits with the
   command's status.

   GNU time sees only what the command reaped. Crop Editor's command line kills its decoders as it exits and
   does not wait for the kernel to take them down, so their time and memory would go missing there. This
   program is a child subreaper (PR_SET_CHILD_SUBREAPER): what the command leaves behind is reparented to it,
   and it reaps all of it before it reports, so the processor time and memory count in full. The wall time is
   the command's own, from its start to its exit: when a person's shell would prompt again. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: all-time OUTFILE COMMAND [ARG…]\n");
        return 2;
    }
    if (prctl(PR_SET_CHILD_SUBREAPER, 1) != 0) {
        perror("all-time: PR_SET_CHILD_SUBREAPER");
        return 2;
    }
    double start = now();
    pid_t child = fork();
    if (child < 0) {
        perror("all-time: fork");
        return 2;
    }
    if (child == 0) {
        execvp(argv[2], argv + 2);
        perror("all-time: exec");
        _exit(127);
    }
    int status = 0;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
    double wall = now() - start;
    /* Everything the command left, reparented to us: reaped, so its usage counts below. */
    while (wait(NULL) > 0 || errno == EINTR) {}
    struct rusage usage;
    getrusage(RUSAGE_CHILDREN, &usage);
    FILE *out = fopen(argv[1], "w");
    if (!out) {
        perror("all-time: OUTFILE");
        return 2;
    }
    fprintf(out, "%.6f %ld %.3f %.3f\n", wall, usage.ru_maxrss,
            (double)usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6,
            (double)usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6);
    fclose(out);
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    return 128 + WTERMSIG(status);
}
