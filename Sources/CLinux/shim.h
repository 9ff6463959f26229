#ifndef SQUATD_CLINUX_SHIM_H
#define SQUATD_CLINUX_SHIM_H
// Linux calls that Swift's Glibc module does not export.
#include <sys/eventfd.h>
#include <sys/timerfd.h>
#include <time.h>
#endif
