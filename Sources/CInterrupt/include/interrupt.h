/* CInterrupt: removing the temporary file of a write in progress when the process is told to stop. */
#ifndef CINTERRUPT_H
#define CINTERRUPT_H

/* Installs handlers for SIGTERM, SIGINT and SIGHUP that remove the registered temporary file and
   then end the process by the same signal (so the caller still sees how it ended). */
void ci_install_interrupt_cleanup(void);

/* The temporary file a write is filling now (NULL: none). Kept in a fixed buffer, since a signal
   handler may only read memory and call async-signal-safe functions such as unlink. */
void ci_set_temporary(const char *path);

#endif
