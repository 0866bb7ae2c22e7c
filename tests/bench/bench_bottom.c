/* SPDX-License-Identifier: MIT */
/* bench_bottom.c - the bottom-hit library on a quiet FakeHost. */
#include "bench_bottom.h"

#include "bench_deck.h"

BenchBottom *bench_bottom_new(guint size)
{
    g_autoptr(BenchBottom) lib = g_new0(BenchBottom, 1);

    g_return_val_if_fail(size >= 1, NULL);
    lib->host = fake_host_new(1, 1);
    lib->table = fake_host_table(lib->host);
    for (guint k = 0; k < BENCH_HOST_COUNT; k++)
        if (bench_host_table(lib->host, k, &lib->hosts[k]))
            lib->n_hosts = k + 1;
    lib->size = size;
    fake_host_set_quiet(lib->host, TRUE);
    for (guint i = 0; i + 1 < size; i++)
        if (fake_host_add_card(lib->host, 1, FAKE_ZONE_LIBRARY, bench_land_spec())
            == KEYACT_CARD_NONE)
            return NULL;
    lib->hit = fake_host_add_card(lib->host, 1, FAKE_ZONE_LIBRARY, bench_hit_spec());
    if (lib->hit == KEYACT_CARD_NONE)
        return NULL;
    fake_resolve_prepare(&lib->call, lib->host, 1, BENCH_DISCOVER_N, KEYACT_CARD_NONE);
    return g_steal_pointer(&lib);
}

void bench_bottom_free(BenchBottom *lib)
{
    if (lib == NULL)
        return;
    fake_host_free(lib->host);
    g_free(lib);
}

gboolean bench_bottom_outcome_ok(const BenchBottom *lib, int32_t status)
{
    const keyact_resolve_result *result = &lib->call.result;
    return status == KEYACT_OK && (result->flags & KEYACT_RESULT_COMPLETE)
           && result->exiled_count == lib->size && result->discovered == lib->hit
           && result->outcome == KEYACT_OUTCOME_CAST;
}

gboolean bench_bottom_reset(BenchBottom *lib)
{
    int32_t status = lib->table->move_card(lib->table, fake_host_game(lib->host), 1, lib->hit,
                                           KEYACT_ZONE_LIBRARY, KEYACT_LIBRARY_BOTTOM, 0);
    fake_host_reset_logs(lib->host);
    return status == KEYACT_OK;
}
