/* CDecoderSupport: the system calls around the decoding process Swift's Glibc module lacks (memfd and its
   seals, spawning with the socket on a fixed descriptor, closing inherited descriptors). */
#ifndef CDECODER_SUPPORT_H
#define CDECODER_SUPPORT_H
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* The descriptor a decoding process finds its socket on. */
#define CDS_SOCKET_FD 3

/* A memfd holding `count` bytes of `bytes`, sealed against shrinking, growing and writing (and
   further seals), or -1 with errno. */
int cds_sealed_copy(const void *bytes, size_t count);
/* A memfd of one zeroed int, for a render's cancellation flag both processes map, or -1 with errno. The editor
   maps it writable, then seals it (`cds_seal_flag`) and hands the decoder a read-only descriptor of its own. */
int cds_flag_memfd(void);
/* Seals a flag memfd against shrinking and growing, and against any write but through mappings made before
   (F_SEAL_FUTURE_WRITE), and against further seals. 0, or -1 with errno. */
int cds_seal_flag(int fd);
/* Whether `fd` is a sealed flag (`cds_seal_flag`) of exactly one int: safe to map, nothing can cut it short. */
int cds_flag_is_sealed(int fd);
/* A new read-only descriptor (its own open file description) on the file behind `fd`, or -1 with errno. */
int cds_reopen_read_only(int fd);
/* Starts `program` (argv[0] `name`, argv[1] this process's pid, argv[2] `mode` unless NULL) with `socket` as descriptor
   CDS_SOCKET_FD, /dev/null on 0 and 1, no other descriptor of ours, `environment` (a NULL-ended
   list: nothing of ours is passed unless named), signals at their defaults and none blocked (in the
   editor's process group: a terminal's Ctrl+C ends both). `quiet`: its standard error goes to
   /dev/null too (a decoder dying on a hostile file must not add lines to the command line's
   one-line error). The pid, or -1 with errno. */
pid_t cds_spawn(const char *program, const char *name, const char *mode, int socket, int quiet, char *const environment[]);
/* In the child: be killed when the parent ends (PR_SET_PDEATHSIG), then check the parent is still
   `parent`. 0, or -1 when it is gone (the child should end). */
int cds_end_with_parent(pid_t parent);
/* In the child: /dev/null on 0 and 1 (and 2 unless `keepErrors`). 0 or -1. */
int cds_quiet_standard_streams(int keepErrors);
/* A writable memfd for an encoded result, allowing seals, or -1 with errno. */
int cds_result_memfd(void);
/* Seals a written memfd against shrinking, growing, writing and further seals. 0 or -1. */
int cds_sealed_memfd(int fd);
/* The size of a memfd no one can write, grow or shrink any more, or -1 when it is not one. */
long long cds_sealed_size(int fd);
/* fork(), for the zygote (Swift's Glibc module leaves it out). */
pid_t cds_fork(void);
/* A pidfd of the calling process (sent to the editor, which then holds the kernel's handle on it:
   no pid that could be reused), or -1. */
int cds_pidfd_self(void);
/* SIGKILL through a pidfd. 0 or -1. */
int cds_pidfd_kill(int pidfd);
/* The pid a pidfd stands for, as the kernel says in /proc/self/fdinfo, or -1. */
pid_t cds_pidfd_pid(int pidfd);
/* Whether the process behind a pidfd has ended, waiting up to `milliseconds` (-1: for ever). */
int cds_pidfd_wait(int pidfd, int milliseconds);

/* Reaps the process of `pidfd` once it has ended, when it is our child (a decoder started without a
   zygote); nothing for another's child. */
void cds_pidfd_reap(int pidfd);
/* Reaps ended children (all of them, waiting, when `block`); how many. */
int cds_reap_children(int block);
/* The decoder's test requests (debug builds only call them): fcntl, stat and statx of a path, and
   prlimit64 on itself, as raw system calls (what taken-over code would make). The call's result,
   -1 with errno when it failed. */
int cds_test_fcntl(int fd, int command, long argument);
long cds_test_stat(const char *path, int flags);
long cds_test_statx(const char *path, int flags);
long cds_test_prlimit(int resource, const void *limit);
/* Closes every descriptor from `first` on (what the spawning process left open by mistake). */
void cds_close_from(int first);
#endif
