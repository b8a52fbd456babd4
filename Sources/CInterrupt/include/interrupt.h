/* CInterrupt: removing the temporary file of a write in progress when the process is told to stop. */
#ifndef CINTERRUPT_H
#define CINTERRUPT_H

/* Installs handlers for SIGTERM, SIGINT and SIGHUP that remove the registered temporary file and
   then end the process by the same signal (so the caller still sees how it ended). */
void ci_install_interrupt_cleanup(void);

/* The temporary file a write is filling now (NULL: none). Kept in a fixed buffer, since a signal
   handler may only read memory and call async-signal-safe functions such as unlink. */
void ci_set_temporary(const char *path);

/* Around the rename that puts a finished result in place: a stop signal arriving in between is kept and
   acted on at the release (the result is whole by then; its temporary name is gone). Only in a process that
   installed the cleanup. */
void ci_hold_stops(void);
void ci_release_stops(void);

/* For a batch worker: a hold lasts past the rename until `ci_job_reported`, once the batch has been told
   of the result, so no result is written that the batch does not count. */
void ci_hold_stops_until_reported(void);
void ci_job_reported(void);

/* For a process that hands its work to children (a batch): SIGTERM, SIGINT and SIGHUP no longer end it at
   once; each writes its number as one byte to `fd` (the write end of a pipe the caller reads), so the
   caller can stop its children first. The signals are unblocked as above. */
void ci_notify_stops(int fd);

/* The last stop signal `ci_notify_stops` caught, 0 for none. */
int ci_received_stop(void);

/* Blocks the stop signals in the calling thread: after its last check, a batch ends as it decided. */
void ci_block_stops(void);

/* Ends the process by `signal_number`'s default action (so the parent sees it ended by that signal). */
void ci_end_by_signal(int signal_number);

/* For a child doing a parent's work: SIGTERM when the parent ends, however it ends (its handler then
   removes the temporary file as for any stop). */
void ci_end_with_parent(void);

#endif
