#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H

#include <stdint.h>

/// Heap allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign, valloc)
/// made by any thread of this process since it started.
///
/// MallocCounter.c defines those functions in the executable that links it. Symbols of an
/// executable come first in the dynamic linker's search order, and the linker exports them
/// because libc and the Swift runtime refer to them, so every allocation in the process (Swift's
/// `swift_slowAlloc` included) passes through them; they count and forward to glibc's own
/// `__libc_malloc` and friends. `free` is forwarded without counting.
uint64_t malloc_counter_allocations(void);

#endif
