#ifndef SQUATD_CUDEV_SHIM_H
#define SQUATD_CUDEV_SHIM_H
#include <libudev.h>
#endif
