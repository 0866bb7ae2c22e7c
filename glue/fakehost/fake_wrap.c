/* SPDX-License-Identifier: MIT */
/* fake_wrap.c - a host table that is another host's with a few callbacks
 * replaced: how tests plant one change (a gate, a rigged RNG, corrupted
 * descriptions) in an otherwise real host. */
#include "fake_host.h"

#include <stddef.h>
#include <string.h>

const keyact_host *fake_wrap_init(FakeWrap *wrap, const keyact_host *inner, gpointer user_data)
{
    uint32_t size = MIN(inner->struct_size, (uint32_t)KEYACT_HOST_SIZE_1_0);

    memset(wrap, 0, sizeof *wrap);
    /* host_data comes along, so the inner host's callbacks work when the
     * plugin calls them with the wrap's table. */
    memcpy(&wrap->table, inner, size);
    wrap->table.struct_size = size;
    wrap->inner = inner;
    wrap->user_data = user_data;
    return &wrap->table;
}

FakeWrap *fake_wrap_of(const keyact_host *table)
{
    return (FakeWrap *)(void *)((char *)(uintptr_t)table - offsetof(FakeWrap, table));
}
