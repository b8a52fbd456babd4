/* CSeccomp: the decoding process's confinement (no new privileges, Landlock with no file-system access, a
   seccomp allowlist, resource limits), and the probe that says which of it this kernel offers. */
#ifndef CSECCOMP_CONFINE_H
#define CSECCOMP_CONFINE_H
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <seccomp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <termios.h>
#include <unistd.h>

/* Linux's values, for a C module compiled without _GNU_SOURCE. */
#ifndef AT_EMPTY_PATH
#define AT_EMPTY_PATH 0x1000
#endif
#ifndef CLONE_THREAD
#define CLONE_THREAD 0x00010000
#endif
#ifndef O_ASYNC
#define O_ASYNC 020000
#endif
#ifndef AT_FDCWD
#define AT_FDCWD -100
#endif
#define CC_F_SETOWN 8
#define CC_F_SETSIG 10
#define CC_F_SETOWN_EX 15
#define CC_F_DUPFD_CLOEXEC 1030
#define CC_F_ADD_SEALS 1033
#define CC_F_GET_SEALS 1034

/* Landlock's ABI as the kernel reports it (0: no Landlock: not built in, or not enabled at boot). */
static inline int cc_landlock_abi(void) {
#ifdef SYS_landlock_create_ruleset
    long abi = syscall(SYS_landlock_create_ruleset, NULL, 0, 1U /* LANDLOCK_CREATE_RULESET_VERSION */);
    return abi < 0 ? 0 : (int)abi;
#else
    return 0;
#endif
}

/* A Landlock domain that handles every file-system right this ABI knows and grants none (no rules),
   TCP bind/connect likewise (ABI 4), and scopes abstract sockets and signals to the domain (ABI 6).
   Descriptors opened before keep working: that is how the decoder reads and writes. 0 or errno. */
static inline int cc_landlock_restrict(int abi) {
#ifdef SYS_landlock_create_ruleset
    struct { uint64_t fs, net, scoped; } attr = { (1ULL << 13) - 1, 0, 0 }; /* ABI 1: EXECUTE … MAKE_SYM */
    if (abi >= 2) attr.fs |= 1ULL << 13;  /* REFER */
    if (abi >= 3) attr.fs |= 1ULL << 14;  /* TRUNCATE */
    if (abi >= 5) attr.fs |= 1ULL << 15;  /* IOCTL_DEV */
    if (abi >= 4) attr.net = 1ULL | 2ULL; /* BIND_TCP, CONNECT_TCP */
    if (abi >= 6) attr.scoped = 1ULL | 2ULL; /* ABSTRACT_UNIX_SOCKET, SIGNAL */
    size_t size = abi >= 6 ? 24 : abi >= 4 ? 16 : 8;
    int ruleset = (int)syscall(SYS_landlock_create_ruleset, &attr, size, 0U);
    if (ruleset < 0) return errno;
    int status = syscall(SYS_landlock_restrict_self, ruleset, 0U) == 0 ? 0 : errno;
    close(ruleset);
    return status;
#else
    (void)abi;
    return ENOSYS;
#endif
}

/* The allowlist. Everything not named kills the process. Calls that take a path fail with EACCES
   instead, so a library that looks for a configuration or locale file late fails that look-up
   rather than a good decode; the kernel refuses them whatever the arguments. Threads are allowed
   (clone with CLONE_THREAD; clone3, whose flags seccomp cannot read, says ENOSYS so glibc falls back
   to clone); fork, exec, sockets, ptrace are not. Where a call is allowed only with some arguments
   (fcntl's commands, mmap's protection), the others fail with EPERM: a decoder taken over by a
   picture must not set a descriptor's owner or signal (F_SETOWN, F_SETSIG and O_ASYNC make the kernel
   signal any process of the user), map code of its own, or raise its limits. stat and statx of a
   path fail: seccomp cannot read the path, so both are refused whatever they name, and fstat goes
   to the kernel's own fstat (see CDecoderFiles). Loaded for every thread at once (TSYNC).
   0 or a negative errno from libseccomp. */
static inline int cc_seccomp_load(void) {
    scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_KILL_PROCESS);
    if (!ctx) return -ENOMEM;
    int rc = seccomp_attr_set(ctx, SCMP_FLTATR_CTL_TSYNC, 1);
#define CC_ALLOW(name) if (rc == 0) rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(name), 0)
#define CC_REFUSE(name) if (rc == 0) rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EACCES), SCMP_SYS(name), 0)
#define CC_ALLOW_IF(name, ...) if (rc == 0) rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(name), __VA_ARGS__)
#define CC_DENY_IF(name, ...) if (rc == 0) rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(name), __VA_ARGS__)
    CC_ALLOW(read); CC_ALLOW(readv); CC_ALLOW(pread64); CC_ALLOW(preadv);
    CC_ALLOW(write); CC_ALLOW(writev); CC_ALLOW(pwrite64); CC_ALLOW(pwritev);
    CC_ALLOW(lseek); CC_ALLOW(close); CC_ALLOW(fstat); CC_ALLOW(dup); CC_ALLOW(dup2); CC_ALLOW(dup3);
    CC_ALLOW(ftruncate); CC_ALLOW(fsync); CC_ALLOW(fdatasync); CC_ALLOW(memfd_create);
    CC_ALLOW(munmap); CC_ALLOW(mremap); CC_ALLOW(madvise); CC_ALLOW(brk);
    CC_ALLOW(rt_sigaction); CC_ALLOW(rt_sigprocmask); CC_ALLOW(rt_sigreturn); CC_ALLOW(sigaltstack);
    CC_ALLOW(futex); CC_ALLOW(set_robust_list); CC_ALLOW(get_robust_list); CC_ALLOW(rseq);
    CC_ALLOW(sched_yield); CC_ALLOW(sched_getaffinity); CC_ALLOW(getpid); CC_ALLOW(gettid);
    CC_ALLOW(getrandom); CC_ALLOW(clock_gettime); CC_ALLOW(clock_getres); CC_ALLOW(clock_nanosleep);
    CC_ALLOW(nanosleep); CC_ALLOW(gettimeofday); CC_ALLOW(getrusage); CC_ALLOW(sysinfo); CC_ALLOW(uname);
    CC_ALLOW(getuid); CC_ALLOW(geteuid); CC_ALLOW(getgid); CC_ALLOW(getegid);
    CC_ALLOW(exit); CC_ALLOW(exit_group); CC_ALLOW(restart_syscall);
    CC_ALLOW(sendmsg); CC_ALLOW(recvmsg); CC_ALLOW(poll); CC_ALLOW(ppoll); CC_ALLOW(eventfd2);
    CC_ALLOW(set_tid_address); CC_ALLOW(membarrier); CC_ALLOW(getcwd); CC_ALLOW(umask);
    CC_REFUSE(open); CC_REFUSE(openat); CC_REFUSE(openat2); CC_REFUSE(creat);
    CC_REFUSE(stat); CC_REFUSE(lstat); CC_REFUSE(access); CC_REFUSE(faccessat); CC_REFUSE(faccessat2);
    CC_REFUSE(readlink); CC_REFUSE(readlinkat); CC_REFUSE(statfs); CC_REFUSE(getdents64);
    CC_REFUSE(unlink); CC_REFUSE(unlinkat); CC_REFUSE(rename); CC_REFUSE(renameat); CC_REFUSE(renameat2);
    CC_REFUSE(mkdir); CC_REFUSE(mkdirat); CC_REFUSE(rmdir); CC_REFUSE(chmod); CC_REFUSE(fchmodat);
    /* The stat family by path, AT_EMPTY_PATH or not: the kernel resolves a non-empty path even with
       that flag, and the path is a string seccomp cannot read. */
    CC_REFUSE(newfstatat);
    if (rc == 0) rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(statx), 0);
    /* fcntl: the commands the libraries use; F_SETFL never with O_ASYNC. */
    CC_ALLOW_IF(fcntl, 1, SCMP_A1(SCMP_CMP_EQ, F_GETFD));
    CC_ALLOW_IF(fcntl, 1, SCMP_A1(SCMP_CMP_EQ, F_SETFD));
    CC_ALLOW_IF(fcntl, 1, SCMP_A1(SCMP_CMP_EQ, F_GETFL));
    CC_ALLOW_IF(fcntl, 2, SCMP_A1(SCMP_CMP_EQ, F_SETFL), SCMP_A2(SCMP_CMP_MASKED_EQ, O_ASYNC, 0));
    CC_DENY_IF(fcntl, 2, SCMP_A1(SCMP_CMP_EQ, F_SETFL), SCMP_A2(SCMP_CMP_MASKED_EQ, O_ASYNC, O_ASYNC));
    CC_ALLOW_IF(fcntl, 1, SCMP_A1(SCMP_CMP_EQ, CC_F_DUPFD_CLOEXEC));
    CC_ALLOW_IF(fcntl, 1, SCMP_A1(SCMP_CMP_EQ, CC_F_ADD_SEALS));
    CC_ALLOW_IF(fcntl, 1, SCMP_A1(SCMP_CMP_EQ, CC_F_GET_SEALS));
    CC_DENY_IF(fcntl, 1, SCMP_A1(SCMP_CMP_EQ, CC_F_SETOWN));
    CC_DENY_IF(fcntl, 1, SCMP_A1(SCMP_CMP_EQ, CC_F_SETSIG));
    CC_DENY_IF(fcntl, 1, SCMP_A1(SCMP_CMP_EQ, CC_F_SETOWN_EX));
    /* Memory, never executable: the libraries' own code was mapped before the filter. */
    CC_ALLOW_IF(mmap, 1, SCMP_A2(SCMP_CMP_MASKED_EQ, PROT_EXEC, 0));
    CC_DENY_IF(mmap, 1, SCMP_A2(SCMP_CMP_MASKED_EQ, PROT_EXEC, PROT_EXEC));
    CC_ALLOW_IF(mprotect, 1, SCMP_A2(SCMP_CMP_MASKED_EQ, PROT_EXEC, 0));
    CC_DENY_IF(mprotect, 1, SCMP_A2(SCMP_CMP_MASKED_EQ, PROT_EXEC, PROT_EXEC));
    /* Threads only. */
    CC_ALLOW_IF(clone, 1, SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, CLONE_THREAD));
    if (rc == 0) rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0);
    /* Naming threads (GLib), reading (never setting) its own limits, isatty, signals to itself (abort). */
    CC_ALLOW_IF(prctl, 1, SCMP_A0(SCMP_CMP_EQ, PR_SET_NAME));
    CC_ALLOW_IF(prctl, 1, SCMP_A0(SCMP_CMP_EQ, PR_GET_NAME));
    CC_ALLOW_IF(prlimit64, 2, SCMP_A0(SCMP_CMP_EQ, 0), SCMP_A2(SCMP_CMP_EQ, 0));
    CC_DENY_IF(prlimit64, 1, SCMP_A2(SCMP_CMP_NE, 0));
    CC_DENY_IF(setrlimit, 0);
    CC_ALLOW_IF(ioctl, 1, SCMP_A1(SCMP_CMP_EQ, TCGETS));
    CC_ALLOW_IF(tgkill, 1, SCMP_A0(SCMP_CMP_EQ, getpid()));
    CC_ALLOW_IF(kill, 1, SCMP_A0(SCMP_CMP_EQ, getpid()));
#undef CC_ALLOW
#undef CC_REFUSE
#undef CC_ALLOW_IF
#undef CC_DENY_IF
    if (rc == 0) rc = seccomp_load(ctx);
    seccomp_release(ctx);
    return rc;
}

/* The number of threads this process has (1 before libraries start any), or -1. */
static inline int cc_thread_count(void) {
    int fd = (int)syscall(SYS_openat, AT_FDCWD, "/proc/self/status", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    char text[4096];
    ssize_t got = read(fd, text, sizeof text - 1);
    close(fd);
    if (got <= 0) return -1;
    text[got] = '\0';
    for (char *line = text; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        if (line[0] == 'T' && line[1] == 'h' && line[2] == 'r' && line[3] == 'e' && line[4] == 'a' && line[5] == 'd'
            && line[6] == 's' && line[7] == ':')
            return atoi(line + 8);
    }
    return -1;
}

/* No new privileges for this process and its children (the zygote's first step). 0 or -1. */
static inline int cc_no_new_privileges(void) { return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); }

/* What `cc_confine` managed. */
typedef struct {
    int noNewPrivileges; /* 1 when PR_SET_NO_NEW_PRIVS took */
    int landlockABI;     /* the ABI of the domain entered, 0 for none */
    int seccomp;         /* 1 when the allowlist is loaded */
    int seccompError;    /* libseccomp's negative errno when it is not */
    int threads;         /* the threads the process had when the filter was loaded */
} cc_confinement;

/* The limits a decoder lives under, soft and hard alike (the filter forbids raising them, and the
   hard limit is where the kernel stops anyone). */
typedef struct {
    uint64_t addressSpace; /* bytes */
    uint64_t cpuSeconds;   /* the whole process's processor time */
    uint64_t fileSize;     /* bytes: the largest file, memfds included, it may write */
    uint64_t descriptors;  /* open descriptors */
} cc_limits;

/* Limits first (they cannot be changed once the filter forbids prlimit), then no new privileges,
   Landlock where the kernel has it, and the allowlist last (it forbids the calls before it). */
static inline cc_confinement cc_confine(cc_limits limits) {
    cc_confinement result = {0, 0, 0, 0, 0};
    /* Read before Landlock, which closes /proc/self to it. */
    result.threads = cc_thread_count();
    struct rlimit memory = { limits.addressSpace, limits.addressSpace };
    (void)setrlimit(RLIMIT_AS, &memory);
    struct rlimit cpu = { limits.cpuSeconds, limits.cpuSeconds };
    (void)setrlimit(RLIMIT_CPU, &cpu);
    /* Writes to a memfd are not counted in the address space; the file-size limit bounds them. */
    struct rlimit size = { limits.fileSize, limits.fileSize };
    (void)setrlimit(RLIMIT_FSIZE, &size);
    struct rlimit files = { limits.descriptors, limits.descriptors };
    (void)setrlimit(RLIMIT_NOFILE, &files);
    /* No core files of a decoder that crashed on a hostile picture. */
    struct rlimit core = { 0, 0 };
    (void)setrlimit(RLIMIT_CORE, &core);
    result.noNewPrivileges = prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0;
    int abi = cc_landlock_abi();
    if (abi > 0 && cc_landlock_restrict(abi) == 0) result.landlockABI = abi;
    int rc = cc_seccomp_load();
    result.seccomp = rc == 0;
    result.seccompError = rc;
    return result;
}
#endif
