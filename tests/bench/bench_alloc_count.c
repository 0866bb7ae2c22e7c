/* SPDX-License-Identifier: MIT */
/* bench_alloc_count.c - allocation counting by interposition (see the header). */
#include "bench_alloc_count.h"

#include <errno.h>
#include <stddef.h>
#include <stdint.h>

/* glibc's own entry points, exported for exactly this use. */
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *ptr, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static _Thread_local guint64 bench_allocations;

guint64 bench_alloc_count(void)
{
    return bench_allocations;
}

void *malloc(size_t size)
{
    bench_allocations++;
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size)
{
    bench_allocations++;
    return __libc_calloc(count, size);
}

void *realloc(void *ptr, size_t size)
{
    bench_allocations++;
    return __libc_realloc(ptr, size);
}

void *memalign(size_t alignment, size_t size);
void *memalign(size_t alignment, size_t size)
{
    bench_allocations++;
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size)
{
    bench_allocations++;
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **out, size_t alignment, size_t size);
int posix_memalign(void **out, size_t alignment, size_t size)
{
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0)
        return EINVAL;
    bench_allocations++;
    void *block = __libc_memalign(alignment, size);
    if (block == NULL && size != 0)
        return ENOMEM;
    *out = block;
    return 0;
}
