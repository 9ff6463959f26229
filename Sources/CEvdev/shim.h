#ifndef SQUATD_CEVDEV_SHIM_H
#define SQUATD_CEVDEV_SHIM_H
#include <libevdev/libevdev.h>
#include <linux/input.h>

/// Event time in seconds; hides the kernel's input_event_sec/usec macros from Swift.
static inline double squat_input_event_seconds(const struct input_event *event) {
    return (double)event->input_event_sec + (double)event->input_event_usec / 1e6;
}
#endif
