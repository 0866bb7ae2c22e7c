/* SPDX-License-Identifier: MIT */
/* bench_alloc_count.h - count this thread's heap allocations.
 *
 * bench_alloc_count.c defines malloc, calloc, realloc, aligned_alloc,
 * posix_memalign and memalign in the executable. The dynamic linker binds
 * every library's calls to them (libkeyact-host, GLib, and the plugin that
 * is dlopen()ed later), which -Wl,--wrap=malloc cannot do: --wrap only
 * renames calls made by objects linked into the executable itself. They
 * count, then call glibc's __libc_* allocator. Run with
 * G_SLICE=always-malloc so GLib's slice allocator is counted too.
 */
#ifndef KEYACT_BENCH_ALLOC_COUNT_H
#define KEYACT_BENCH_ALLOC_COUNT_H

#include <glib.h>

G_BEGIN_DECLS

/* Allocations (any of the functions above, realloc included) made by the
 * calling thread since it started. Thread-local: threads never share the
 * counter's cache line. */
guint64 bench_alloc_count(void);

G_END_DECLS

#endif /* KEYACT_BENCH_ALLOC_COUNT_H */
