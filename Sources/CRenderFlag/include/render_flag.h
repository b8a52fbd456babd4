/* CRenderFlag: a render's cancellation flag, one int that threads (and, in a shared memfd, processes)
   set and read atomically; here so that a process linking no libvips can hold one. */
#ifndef CRENDER_FLAG_H
#define CRENDER_FLAG_H

/* Sets the flag: a newer view makes the older render stale. */
static inline void crf_cancel(volatile int *flag) { __atomic_store_n(flag, 1, __ATOMIC_RELAXED); }

/* Whether the flag is set (NULL: never). */
static inline int crf_cancelled(const volatile int *flag) { return flag && __atomic_load_n(flag, __ATOMIC_RELAXED); }

#endif
