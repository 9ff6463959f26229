#ifndef SQUATD_CALSA_SHIM_H
#define SQUATD_CALSA_SHIM_H

#include <alsa/asoundlib.h>

/* libasound prints its own errors to stderr ("ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM x")
   through a variadic handler, which Swift cannot define. squatd reports every ALSA failure itself,
   once, through its logger, so it installs this handler to keep libasound quiet. */
static void squatd_alsa_quiet_error(const char *file, int line, const char *function, int err,
                                    const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

static inline void squatd_alsa_silence_library_errors(void) {
    snd_lib_error_set_handler(squatd_alsa_quiet_error);
}

#endif
