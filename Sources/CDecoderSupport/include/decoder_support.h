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
/* A memfd of one zeroed int, for a render's cancellation flag both processes map, or -1 with errno. */
int cds_flag_memfd(void);
/* Whether `fd` is a memfd of exactly `count` bytes that no one can change any more. */
int cds_is_sealed(int fd, size_t count);
/* Starts `program` (argv[0] `name`) with `socket` as descriptor CDS_SOCKET_FD, the environment as
   it is, signals at their defaults and none blocked (in the editor's process group: a terminal's
   Ctrl+C ends both). `quiet`: its standard error goes to /dev/null (a decoder dying on a hostile file
   must not add lines to the command line's one-line error). The pid, or -1 with errno. */
pid_t cds_spawn(const char *program, const char *name, int socket, int quiet);
/* Closes every descriptor from `first` on (what the spawning process left open by mistake). */
void cds_close_from(int first);
#endif
