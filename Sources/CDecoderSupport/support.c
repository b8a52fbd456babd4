/* CDecoderSupport: memfd seals, the decoding process's spawn, its parent-death signal, closing inherited descriptors. */
#define _GNU_SOURCE
#include "decoder_support.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <spawn.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

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

#ifndef F_SEAL_FUTURE_WRITE
#define F_SEAL_FUTURE_WRITE 0x0010
#endif

int cds_flag_memfd(void) {
    int fd = memfd_create("crop-editor-cancel", MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0) return -1;
    if (ftruncate(fd, sizeof(int)) != 0) { int saved = errno; close(fd); errno = saved; return -1; }
    return fd;
}

int cds_seal_flag(int fd) {
    /* Writable through the mappings made before (the editor's), by nothing after; its size fixed for good. */
    return fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_FUTURE_WRITE | F_SEAL_SEAL);
}

int cds_flag_is_sealed(int fd) {
    int seals = fcntl(fd, F_GET_SEALS);
    int needed = F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_FUTURE_WRITE;
    struct stat status;
    return seals >= 0 && (seals & needed) == needed && fstat(fd, &status) == 0 && status.st_size == sizeof(int);
}

int cds_reopen_read_only(int fd) {
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    return open(path, O_RDONLY | O_CLOEXEC);
}

pid_t cds_spawn(const char *program, const char *name, const char *mode, int socket, int quiet, char *const environment[]) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);
    /* dup2 onto itself would keep close-on-exec; the pair's ends are never 3 in practice, but be sure. */
    int moved = socket == CDS_SOCKET_FD ? fcntl(socket, F_DUPFD_CLOEXEC, 10) : -1;
    /* Nothing of ours on 0 and 1 (a batch worker's are its socket to the batch: a decoder writing
       there could speak for the worker), 2 too unless its messages were asked for. */
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    if (quiet) posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, moved >= 0 ? moved : socket, CDS_SOCKET_FD);
    /* Every other descriptor this process has, close-on-exec or not, stays here. */
    posix_spawn_file_actions_addclosefrom_np(&actions, CDS_SOCKET_FD + 1);
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &all);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    /* The child checks that its parent is still this process once it asked to die with it. */
    char parent[24];
    snprintf(parent, sizeof parent, "%d", (int)getpid());
    char *argv[] = { (char *)name, parent, (char *)mode, NULL };
    pid_t pid = -1;
    int status = posix_spawn(&pid, program, &actions, &attributes, argv, environment);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    if (moved >= 0) close(moved);
    if (status != 0) { errno = status; return -1; }
    return pid;
}

int cds_end_with_parent(pid_t parent) {
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) return -1;
    /* The parent may have gone before the request took: then it is no longer our parent. */
    return getppid() == parent ? 0 : -1;
}

int cds_quiet_standard_streams(int keepErrors) {
    int null = open("/dev/null", O_RDWR | O_CLOEXEC);
    if (null < 0) return -1;
    int status = 0;
    if (dup2(null, STDIN_FILENO) < 0 || dup2(null, STDOUT_FILENO) < 0) status = -1;
    if (!keepErrors && dup2(null, STDERR_FILENO) < 0) status = -1;
    close(null);
    return status;
}

int cds_sealed_memfd(int fd) {
    return fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL);
}

int cds_result_memfd(void) { return memfd_create("crop-editor-result", MFD_CLOEXEC | MFD_ALLOW_SEALING); }

long long cds_sealed_size(int fd) {
    int seals = fcntl(fd, F_GET_SEALS);
    int needed = F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE;
    if (seals < 0 || (seals & needed) != needed) return -1;
    struct stat status;
    if (fstat(fd, &status) != 0 || !S_ISREG(status.st_mode)) return -1;
    return (long long)status.st_size;
}

void cds_close_from(int first) {
#ifdef SYS_close_range
    if (syscall(SYS_close_range, (unsigned)first, ~0U, 0U) == 0) return;
#endif
    for (int fd = first; fd < 1024; fd++) close(fd);
}

/* The decoder's test requests (debug builds): the system calls themselves, as taken-over code would make them. */
int cds_test_fcntl(int fd, int command, long argument) { return fcntl(fd, command, argument); }

long cds_test_stat(const char *path, int flags) {
    struct stat status;
    return syscall(SYS_newfstatat, AT_FDCWD, path, &status, flags);
}

long cds_test_statx(const char *path, int flags) {
    char buffer[256];
    return syscall(SYS_statx, AT_FDCWD, path, flags, 0x7ff, buffer);
}

long cds_test_prlimit(int resource, const void *limit) { return syscall(SYS_prlimit64, 0, resource, limit, NULL); }

/* The zygote: a decoder started once, its libraries loaded, that forks a fresh decoder per source file. */
pid_t cds_fork(void) { return fork(); }

int cds_pidfd_self(void) { return (int)syscall(SYS_pidfd_open, getpid(), 0); }

int cds_pidfd_kill(int pidfd) { return (int)syscall(SYS_pidfd_send_signal, pidfd, SIGKILL, NULL, 0); }

pid_t cds_pidfd_pid(int pidfd) {
    struct stat status;
    if (fstat(pidfd, &status) != 0) return -1;
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fdinfo/%d", pidfd);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    char text[1024];
    ssize_t got = read(fd, text, sizeof text - 1);
    close(fd);
    if (got <= 0) return -1;
    text[got] = '\0';
    /* A pidfd's fdinfo names its process: "Pid:\t1234" (the kernel's word, not the child's). */
    for (char *line = text; line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        if (strncmp(line, "Pid:", 4) == 0) return (pid_t)atoi(line + 4);
    }
    return -1;
}

int cds_pidfd_wait(int pidfd, int milliseconds) {
    struct pollfd poller = { pidfd, POLLIN, 0 };
    int ready;
    do { ready = poll(&poller, 1, milliseconds); } while (ready < 0 && errno == EINTR);
    return ready > 0;
}

void cds_pidfd_reap(int pidfd) {
    siginfo_t info;
    /* P_PIDFD (3): exactly that process; ECHILD when it is not ours to reap. */
    while (waitid((idtype_t)3, (id_t)pidfd, &info, WEXITED | WNOHANG) < 0 && errno == EINTR) {}
}

int cds_reap_children(int block) {
    int reaped = 0, status;
    while (waitpid(-1, &status, block ? 0 : WNOHANG) > 0) reaped++;
    return reaped;
}
