#ifndef SQUATD_CLINUX_SHIM_H
#define SQUATD_CLINUX_SHIM_H
// Linux calls that Swift's Glibc module does not export.
#include <sys/eventfd.h>
#include <sys/prctl.h>
#include <sys/timerfd.h>
#include <time.h>

/// Names the calling thread (at most 15 bytes are kept): prctl(2) is variadic, which Swift cannot call.
static inline int squatd_set_thread_name(const char *name) {
    return prctl(PR_SET_NAME, (unsigned long)name, 0, 0, 0);
}
#endif
