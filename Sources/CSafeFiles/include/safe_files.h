/* CSafeFiles: opening a file someone else may have planted without following it anywhere, and replacing a file
   without a trace of the replacement or a change to who may read it: the system calls Swift's Glibc module lacks
   (openat2, fstatfs, renameat2, O_TMPFILE with linkat, extended attributes). */
#ifndef CSAFE_FILES_H
#define CSAFE_FILES_H
#include <sys/types.h>

/* Why `csf_open_checked` refused a file (errno is kept for CSF_FAILED). */
enum {
    CSF_OPENED = 0,
    /* Nothing by that name. */
    CSF_MISSING,
    /* The system said no (EACCES, EPERM). */
    CSF_DENIED,
    /* The name is a symbolic link (never followed). */
    CSF_SYMBOLIC_LINK,
    /* A folder. */
    CSF_FOLDER,
    /* A pipe, a socket, a device: anything but a regular file. */
    CSF_NOT_REGULAR,
    /* A regular file of a file system the kernel makes up (procfs, sysfs, …): `csf_is_pseudo_file_system`. */
    CSF_PSEUDO_FILE_SYSTEM,
    /* On another device than the one asked for. */
    CSF_OTHER_DEVICE,
    /* Larger than the most asked for. */
    CSF_TOO_LARGE,
    /* Empty, when a file with bytes was asked for. */
    CSF_EMPTY,
    /* Another failure (errno says which). */
    CSF_FAILED,
};

/* Opens `name` (one path component, no slash) in the folder `folder` for reading, without following a symbolic link
   (openat2 with RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS | RESOLVE_BENEATH; O_NOFOLLOW where the kernel has no
   openat2), with O_NONBLOCK so that a FIFO or a device cannot hold the open (cleared again once open), and then
   checks the descriptor itself: a regular file, on a file system that keeps files (not one the kernel makes up),
   on `device` unless it is 0, at most `max_size` bytes unless it is negative, not empty when `nonempty`. The
   descriptor (close-on-exec), or -1 with `*refusal` saying why. */
int csf_open_checked(int folder, const char *name, unsigned long long device, long long max_size, int nonempty,
                     int *refusal);
/* The folder at `path` (its links followed: a person named it) as a descriptor to open names in, O_PATH unless
   `readable` (a folder to list or flush). -1 with errno. */
int csf_open_folder(const char *path, int readable);
/* `name` in `folder` itself, a link not followed, as a descriptor to look at (O_PATH): its owner, mode and
   attributes, never its bytes. -1 with errno. */
int csf_open_entry(int folder, const char *name);
/* Whether `type` (statfs's f_type) is a file system whose files are the kernel's state rather than stored bytes. */
int csf_is_pseudo_file_system(long long type);
/* The device the file behind `fd` lives on (st_dev), 0 when fstat fails. */
unsigned long long csf_device(int fd);
/* Whether the kernel has openat2 (1), or only O_NOFOLLOW (0). */
int csf_has_openat2(void);

/* A new file with no name in the folder `folder` (O_TMPFILE), open for writing, with `mode` (the umask or the
   folder's default ACL applies). -1 with errno (EOPNOTSUPP, EISDIR, EINVAL: the file system has none). */
int csf_open_unnamed(int folder, mode_t mode);
/* Gives the file behind `fd` the name `name` in `folder` (linkat through /proc/self/fd, which needs no privilege;
   with AT_EMPTY_PATH where /proc is missing). Fails with EEXIST when the name is taken: it never replaces. */
int csf_link(int fd, int folder, const char *name);
/* Renames `from` to `to` in `folder` unless `to` exists (renameat2 RENAME_NOREPLACE). -1 with errno (EEXIST). */
int csf_rename_noreplace(int folder, const char *from, const char *to);
/* Gives `to` what the file `from` (any descriptor, O_PATH too) is besides its bytes, as far as this process may:
   its owner and group, its permission bits (set-user and set-group ID only with the owner and group kept), and
   every extended attribute (user.*, the ACLs in system.posix_acl_*, security.* labels, trusted.* for the
   privileged). What is not permitted is left out, one by one. 0, or -1 with errno when `from` could not be read. */
int csf_copy_attributes(int from, int to);
/* The process's umask, read without changing it (/proc/self/status; umask's set-and-restore where that is missing). */
mode_t csf_umask(void);
#endif
