/* CInterrupt: a signal handler that unlinks the temporary file of the write in progress, then lets the signal end the process. */
#include "interrupt.h"

#include <limits.h>
#include <sys/prctl.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

static char temporary[PATH_MAX];
/* 0 while `temporary` is being changed or empty: the handler never reads a half-copied path. */
static volatile sig_atomic_t temporary_ready = 0;
/* Only a process that installed the handler records paths: the window never does, and its saves run
   side by side, so copying into the one buffer there would be a race for nothing. */
static volatile sig_atomic_t installed = 0;
/* While a finished result is being renamed into place and reported, a stop signal is kept, not acted on:
   a batch worker that stopped there would leave a whole result its batch never heard of. Any thread may
   take the signal (the worker has others), so this is a flag the handler reads, not a blocked mask. */
static volatile sig_atomic_t holding = 0;
static volatile sig_atomic_t held_signal = 0;
/* A batch worker releases a hold only once it has reported the job, not when the rename is done. */
static volatile sig_atomic_t hold_until_reported = 0;

static void remove_temporary_and_stop(int signal_number) {
    if (holding) {
        held_signal = signal_number;
        return;
    }
    if (temporary_ready) unlink(temporary);
    /* Ends the process the way the signal would have, now that nothing is left behind. */
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigaction(signal_number, &fallback, NULL);
    raise(signal_number);
}

/* The signals that ask a process to stop. */
static sigset_t stop_signals(void) {
    sigset_t stops;
    sigemptyset(&stops);
    sigaddset(&stops, SIGTERM);
    sigaddset(&stops, SIGINT);
    sigaddset(&stops, SIGHUP);
    return stops;
}

/* `handler` for every stop signal, and the signals unblocked: a parent may start us with every signal
   blocked (Foundation's Process does, from a thread that blocks them); a stop request must still reach
   us. Threads started later (libvips') inherit this. */
static void handle_stops(void (*handler)(int), int flags) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    action.sa_flags = flags;
    sigemptyset(&action.sa_mask);
    int signals[] = {SIGTERM, SIGINT, SIGHUP};
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) sigaction(signals[i], &action, NULL);
    sigset_t stops = stop_signals();
    sigprocmask(SIG_UNBLOCK, &stops, NULL);
}

void ci_install_interrupt_cleanup(void) {
    installed = 1;
    handle_stops(remove_temporary_and_stop, 0);
}

void ci_set_temporary(const char *path) {
    if (!installed) return;
    temporary_ready = 0;
    if (!path || strlen(path) >= sizeof temporary) return;
    memcpy(temporary, path, strlen(path) + 1);
    temporary_ready = 1;
}

void ci_hold_stops(void) {
    if (installed) holding = 1;
}

/* Ends the hold and acts on a signal kept during it, as it would have been acted on then. */
static void end_hold(void) {
    holding = 0;
    int kept = held_signal;
    if (kept) remove_temporary_and_stop(kept);
}

void ci_release_stops(void) {
    if (installed && !hold_until_reported) end_hold();
}

void ci_hold_stops_until_reported(void) { hold_until_reported = 1; }

void ci_job_reported(void) {
    if (installed) end_hold();
}

static volatile sig_atomic_t stop_fd = -1;
static volatile sig_atomic_t received_stop = 0;

static void notify_stop(int signal_number) {
    received_stop = signal_number;
    unsigned char byte = (unsigned char)signal_number;
    if (stop_fd >= 0) (void)!write(stop_fd, &byte, 1);
}

void ci_notify_stops(int fd) {
    stop_fd = fd;
    handle_stops(notify_stop, SA_RESTART);
}

void ci_end_by_signal(int signal_number) {
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigaction(signal_number, &fallback, NULL);
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, signal_number);
    sigprocmask(SIG_UNBLOCK, &only, NULL);
    raise(signal_number);
}

void ci_end_with_parent(void) { prctl(PR_SET_PDEATHSIG, SIGTERM); }

int ci_received_stop(void) { return received_stop; }

void ci_block_stops(void) {
    sigset_t stops = stop_signals();
    sigprocmask(SIG_BLOCK, &stops, NULL);
}
