#ifndef SQUATD_CSNDFILE_SHIM_H
#define SQUATD_CSNDFILE_SHIM_H

#include <sndfile.h>

#endif
