/* CDecoderSupport: memfd seals, the decoding process's spawn, closing inherited descriptors. */
#define _GNU_SOURCE
#include "decoder_support.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

extern char **environ;

int cds_sealed_copy(const void *bytes, size_t count) {
    int fd = memfd_create("crop-editor-pixels", MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0) return -1;
    const char *at = bytes;
    size_t left = count;
    while (left > 0) {
        ssize_t written = write(fd, at, left);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) { int saved = written < 0 ? errno : ENOSPC; close(fd); errno = saved; return -1; }
        at += written;
        left -= (size_t)written;
    }
    if (fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL) != 0) {
        int saved = errno; close(fd); errno = saved; return -1;
    }
    return fd;
}

int cds_flag_memfd(void) {
    int fd = memfd_create("crop-editor-cancel", MFD_CLOEXEC);
    if (fd < 0) return -1;
    if (ftruncate(fd, sizeof(int)) != 0) { int saved = errno; close(fd); errno = saved; return -1; }
    return fd;
}

int cds_is_sealed(int fd, size_t count) {
    int seals = fcntl(fd, F_GET_SEALS);
    int needed = F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE;
    if (seals < 0 || (seals & needed) != needed) return 0;
    struct stat status;
    return fstat(fd, &status) == 0 && S_ISREG(status.st_mode) && (size_t)status.st_size == count;
}

pid_t cds_spawn(const char *program, const char *name, int socket, int quiet) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);
    /* dup2 onto itself would keep close-on-exec; the pair's ends are never 3 in practice, but be sure. */
    int moved = socket == CDS_SOCKET_FD ? fcntl(socket, F_DUPFD_CLOEXEC, 10) : -1;
    posix_spawn_file_actions_adddup2(&actions, moved >= 0 ? moved : socket, CDS_SOCKET_FD);
    if (quiet) posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &all);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    char *argv[] = { (char *)name, NULL };
    pid_t pid = -1;
    int status = posix_spawn(&pid, program, &actions, &attributes, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    if (moved >= 0) close(moved);
    if (status != 0) { errno = status; return -1; }
    return pid;
}

void cds_close_from(int first) {
#ifdef SYS_close_range
    if (syscall(SYS_close_range, (unsigned)first, ~0U, 0U) == 0) return;
#endif
    for (int fd = first; fd < 1024; fd++) close(fd);
}
