/* CSafeFiles: opening without following, checks on the descriptor, nameless temporaries, attributes kept. */
#define _GNU_SOURCE
#include "safe_files.h"
#include <errno.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/vfs.h>
#include <sys/xattr.h>
#include <unistd.h>

int csf_is_pseudo_file_system(long long type) {
    /* Regular files on these are views of the kernel's state (a process's memory or environment, devices,
       control knobs), not stored bytes: reading one can hand out another process's secrets or block. tmpfs
       and ramfs are not here: /tmp, /run/user and /dev/shm are tmpfs, and their files are bytes people keep
       like any others. FUSE is not here either: it holds people's files (network shares, portals). */
    static const unsigned long long denied[] = {
        0x9fa0,     /* proc */
        0x62656572, /* sysfs */
        0x1cd1,     /* devpts */
        0x64626720, /* debugfs */
        0x74726163, /* tracefs */
        0x27e0eb,   /* cgroup */
        0x63677270, /* cgroup2 */
        0x73636673, /* securityfs */
        0xcafe4a11, /* bpf */
        0x6165676c, /* pstore */
        0xde5e81e4, /* efivarfs */
        0x62656570, /* configfs */
        0x65735543, /* fusectl */
        0xf97cff8c, /* selinuxfs */
        0x43415d53, /* smackfs */
        0x5a3c69f0, /* apparmorfs */
        0x42494e4d, /* binfmt_misc */
        0x958458f6, /* hugetlbfs */
        0x19800202, /* mqueue */
        0x6e736673, /* nsfs */
        0x50495045, /* pipefs */
        0x534f434b, /* sockfs */
        0x09041934, /* anon_inodefs */
        0x62646576, /* bdev */
        0x444d4142, /* dma-buf */
        0x454d444d, /* devmem */
        0x5345434d, /* secretmem */
        0x7655821,  /* resctrl */
        0x6c6f6f70, /* binderfs */
        0xabba1974, /* xenfs */
        0x9fa1,     /* openprom */
        0x9fa2,     /* usbdevfs */
        0x0187,     /* autofs */
    };
    unsigned long long value = (unsigned long long)type & 0xffffffffULL;
    for (size_t i = 0; i < sizeof denied / sizeof denied[0]; i++)
        if (denied[i] == value) return 1;
    return 0;
}

static int openat2_state = -1; /* -1 unknown, 0 missing, 1 present */

int csf_has_openat2(void) {
    if (openat2_state < 0) {
        struct open_how how = { .flags = O_RDONLY | O_CLOEXEC | O_DIRECTORY };
        long fd = syscall(SYS_openat2, AT_FDCWD, "/", &how, sizeof how);
        openat2_state = fd >= 0 || errno != ENOSYS;
        if (fd >= 0) close((int)fd);
    }
    return openat2_state;
}

static int open_without_following(int folder, const char *name) {
    int flags = O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC;
    if (openat2_state != 0) {
        struct open_how how = {
            .flags = (unsigned long long)(flags | O_NOFOLLOW),
            .resolve = RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS | RESOLVE_BENEATH,
        };
        long fd;
        do { fd = syscall(SYS_openat2, folder, name, &how, sizeof how); } while (fd < 0 && errno == EINTR);
        if (fd >= 0 || errno != ENOSYS) {
            openat2_state = 1;
            return (int)fd;
        }
        openat2_state = 0;
    }
    int fd;
    do { fd = openat(folder, name, flags | O_NOFOLLOW); } while (fd < 0 && errno == EINTR);
    return fd;
}

static int refuse(int fd, int *refusal, int why) {
    int saved = errno;
    if (fd >= 0) close(fd);
    *refusal = why;
    errno = saved;
    return -1;
}

int csf_open_checked(int folder, const char *name, unsigned long long device, long long max_size, int nonempty,
                     int *refusal) {
    if (!name || !*name || strchr(name, '/')) { errno = EINVAL; return refuse(-1, refusal, CSF_FAILED); }
    int fd = open_without_following(folder, name);
    if (fd < 0) {
        switch (errno) {
        case ENOENT: case ENOTDIR: return refuse(-1, refusal, CSF_MISSING);
        case EACCES: case EPERM: return refuse(-1, refusal, CSF_DENIED);
        case ELOOP: case EXDEV: return refuse(-1, refusal, CSF_SYMBOLIC_LINK);
        /* A socket file, or a device with no driver behind it. */
        case ENXIO: case ENODEV: case EOPNOTSUPP: return refuse(-1, refusal, CSF_NOT_REGULAR);
        default: return refuse(-1, refusal, CSF_FAILED);
        }
    }
    /* Reads block again, as the libraries expect of a file. */
    int flags = fcntl(fd, F_GETFL);
    if (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0) return refuse(fd, refusal, CSF_FAILED);
    struct stat status;
    if (fstat(fd, &status) != 0) return refuse(fd, refusal, CSF_FAILED);
    if (S_ISDIR(status.st_mode)) return refuse(fd, refusal, CSF_FOLDER);
    if (!S_ISREG(status.st_mode)) return refuse(fd, refusal, CSF_NOT_REGULAR);
    struct statfs system;
    if (fstatfs(fd, &system) != 0) return refuse(fd, refusal, CSF_FAILED);
    if (csf_is_pseudo_file_system((long long)system.f_type)) return refuse(fd, refusal, CSF_PSEUDO_FILE_SYSTEM);
    if (device != 0 && (unsigned long long)status.st_dev != device) return refuse(fd, refusal, CSF_OTHER_DEVICE);
    if (max_size >= 0 && (long long)status.st_size > max_size) return refuse(fd, refusal, CSF_TOO_LARGE);
    if (nonempty && status.st_size <= 0) return refuse(fd, refusal, CSF_EMPTY);
    *refusal = CSF_OPENED;
    return fd;
}

int csf_open_folder(const char *path, int readable) {
    int fd;
    do { fd = open(path, (readable ? O_RDONLY : O_PATH) | O_DIRECTORY | O_CLOEXEC); } while (fd < 0 && errno == EINTR);
    return fd;
}

int csf_open_entry(int folder, const char *name) {
    return openat(folder, name, O_PATH | O_NOFOLLOW | O_CLOEXEC);
}

unsigned long long csf_device(int fd) {
    struct stat status;
    return fstat(fd, &status) == 0 ? (unsigned long long)status.st_dev : 0;
}

int csf_open_unnamed(int folder, mode_t mode) {
    int fd;
    do { fd = openat(folder, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, mode); } while (fd < 0 && errno == EINTR);
    return fd;
}

int csf_link(int fd, int folder, const char *name) {
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    if (linkat(AT_FDCWD, path, folder, name, AT_SYMLINK_FOLLOW) == 0) return 0;
    if (errno != ENOENT) return -1;
    /* No /proc: AT_EMPTY_PATH does the same, for a process allowed to (CAP_DAC_READ_SEARCH). */
    return linkat(fd, "", folder, name, AT_EMPTY_PATH);
}

int csf_rename_noreplace(int folder, const char *from, const char *to) {
    return (int)syscall(SYS_renameat2, folder, from, folder, to, RENAME_NOREPLACE);
}

/* The extended attributes of `from` (through /proc/self/fd: an O_PATH descriptor has no f*xattr calls) onto `to`. */
static void copy_extended_attributes(int from, int to) {
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", from);
    ssize_t size = listxattr(path, NULL, 0);
    if (size <= 0) return;
    char *names = malloc((size_t)size);
    if (!names) return;
    size = listxattr(path, names, (size_t)size);
    for (ssize_t at = 0; size > 0 && at < size; at += (ssize_t)strlen(names + at) + 1) {
        const char *name = names + at;
        ssize_t length = getxattr(path, name, NULL, 0);
        if (length < 0) continue;
        char *value = malloc(length > 0 ? (size_t)length : 1);
        if (!value) continue;
        length = getxattr(path, name, value, (size_t)length);
        /* One that may not be set here (security.* without the privilege, trusted.*) is left out alone. */
        if (length >= 0) (void)fsetxattr(to, name, value, (size_t)length, 0);
        free(value);
    }
    free(names);
}

int csf_copy_attributes(int from, int to) {
    struct stat status;
    if (fstat(from, &status) != 0) return -1;
    mode_t mode = status.st_mode & 07777;
    /* The owner first: a change of owner clears the set-ID bits, which the mode then restores. */
    if (fchown(to, status.st_uid, status.st_gid) != 0) {
        mode &= ~(mode_t)S_ISUID;
        if (fchown(to, (uid_t)-1, status.st_gid) != 0) mode &= ~(mode_t)S_ISGID;
    }
    (void)fchmod(to, mode);
    /* After the mode: an access ACL sets the group bits from its mask, as it does on the original. */
    copy_extended_attributes(from, to);
    return 0;
}

mode_t csf_umask(void) {
    FILE *status = fopen("/proc/self/status", "re");
    if (status) {
        char line[256];
        while (fgets(line, sizeof line, status)) {
            if (strncmp(line, "Umask:", 6) == 0) {
                fclose(status);
                return (mode_t)strtol(line + 6, NULL, 8) & 0777;
            }
        }
        fclose(status);
    }
    mode_t mask = umask(022);
    umask(mask);
    return mask;
}
