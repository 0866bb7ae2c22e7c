/* SPDX-License-Identifier: MIT */
/* bench_clock.h - a nanosecond monotonic clock and the medians of repeated runs. */
#ifndef KEYACT_BENCH_CLOCK_H
#define KEYACT_BENCH_CLOCK_H

#include <glib.h>
#include <stdint.h>
#include <time.h>

G_BEGIN_DECLS

/* CLOCK_MONOTONIC in ns: g_get_monotonic_time() only has microseconds. */
static inline uint64_t bench_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* This thread's CPU time in ns (CLOCK_THREAD_CPUTIME_ID): what the JNI
 * benchmark times with, as a busy machine's other processes do not count in
 * it (its caches still do). */
static inline uint64_t bench_thread_cpu_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Median of values[0..count-1] (count >= 1); values is reordered. */
double bench_median(double *values, guint count);

/* The 1-minute load average (/proc/loadavg), or -1 where there is none:
 * printed next to figures a busy machine distorts. */
double bench_loadavg(void);

/* Results nothing reads otherwise, so the compiler keeps the work. */
extern volatile uint64_t bench_sink;

G_END_DECLS

#endif /* KEYACT_BENCH_CLOCK_H */
