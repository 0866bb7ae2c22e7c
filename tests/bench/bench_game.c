/* SPDX-License-Identifier: MIT */
/* bench_game.c - the 60-card game, its shuffled orders and the check that
 * the plugin and the floor compute the same outcome. */
#include "bench_game.h"

#include <string.h>

#include "bench_deck.h"
#include "bench_error.h"
#include "discover_rules.h"
#include "kp_card_rules.h"

gboolean bench_facts_compute(const FakeHost *host, int32_t n, BenchFacts *facts)
{
    for (guint id = 1; id <= fake_host_n_cards(host); id++) {
        const keyact_card_desc *desc = fake_host_card_desc(host, id);
        uint32_t halves = 0, land = 0, hit = 0, faces = 0;
        if (kp_card_mana_value(desc, &halves, &land) != KEYACT_OK
            || kd_discover_options(desc, n, &hit, &faces) != KEYACT_OK)
            return FALSE;
        facts[id] = (BenchFacts){ .mana_value_halves = halves,
                                  .is_land = land != 0,
                                  .castable = faces != 0 };
    }
    return TRUE;
}

/* Put the library in `order` through the host's own move_card: card k to
 * index k, top down, so positions 0..k hold order[0..k] after step k. */
static void bench_game_arrange(BenchGame *game, const keyact_card_id *order)
{
    for (guint k = 0; k < game->deck_size; k++)
        game->table->move_card(game->table, fake_host_game(game->host), 1, order[k],
                               KEYACT_ZONE_LIBRARY, k, 0);
    fake_host_reset_logs(game->host);
}

BenchGame *bench_game_new(guint64 seed, guint n_orders, int32_t n)
{
    g_autoptr(BenchGame) game = g_new0(BenchGame, 1);
    uint64_t rng = seed;

    game->host = fake_host_new(1, 1);
    game->table = fake_host_table(game->host);
    for (guint k = 0; k < BENCH_HOST_COUNT; k++)
        if (bench_host_table(game->host, k, &game->hosts[k]))
            game->n_hosts = k + 1;
    /* Timed as a game would be, not as a test recorder: no call log, no
     * event copies (the outcome checks read zones and results). */
    fake_host_set_quiet(game->host, TRUE);
    if (!bench_deck_add(game->host))
        return NULL;
    game->deck_size = fake_host_n_cards(game->host);
    game->facts = g_new0(BenchFacts, game->deck_size + 1);
    if (!bench_facts_compute(game->host, n, game->facts))
        return NULL;

    game->n_orders = n_orders;
    game->orders = g_new0(FakeSnapshot *, n_orders);
    game->order_ids = g_new(keyact_card_id, (gsize)n_orders * game->deck_size);
    for (guint o = 0; o < n_orders; o++) {
        keyact_card_id *order = &game->order_ids[(gsize)o * game->deck_size];
        for (guint k = 0; k < game->deck_size; k++)
            order[k] = k + 1;
        for (guint k = game->deck_size; k-- > 1;) {
            guint j = bench_rng_below(&rng, k + 1);
            keyact_card_id swap = order[k];
            order[k] = order[j];
            order[j] = swap;
        }
        bench_game_arrange(game, order);
        game->orders[o] = fake_host_snapshot(game->host);
    }
    fake_resolve_prepare(&game->call, game->host, 1, n, KEYACT_CARD_NONE);
    return g_steal_pointer(&game);
}

void bench_game_free(BenchGame *game)
{
    if (game == NULL)
        return;
    for (guint o = 0; game->orders != NULL && o < game->n_orders; o++)
        fake_snapshot_free(game->orders[o]);
    g_free(game->orders);
    g_free(game->order_ids);
    g_free(game->facts);
    fake_host_free(game->host);
    g_free(game);
}

gboolean bench_game_verify(BenchGame *game, const KeyactBoundAction *bound,
                           const keyact_host *table, double *mean_exiled, GError **error)
{
    BenchFloor floor;
    g_autofree keyact_card_id *expected = g_new(keyact_card_id, game->deck_size);
    guint64 exiled = 0;
    gboolean ok = TRUE;

    bench_floor_init(&floor, game->deck_size, game->facts);
    for (guint o = 0; o < game->n_orders && ok; o++) {
        BenchFloorOutcome want;
        const keyact_resolve_result *got = &game->call.result;
        guint count = 0;

        fake_host_set_seed(game->host, o + 1);
        floor.rng = o + 1;
        bench_game_prepare(game, o);
        bench_floor_load(&floor, bench_game_order(game, o), game->deck_size);
        int32_t status = keyact_bound_action_resolve(bound, table, &game->call.args,
                                                     &game->call.result);
        bench_floor_resolve(&floor, game->call.args.n, &want);
        bench_floor_library(&floor, expected);
        const keyact_card_id *library = fake_host_zone(game->host, 1, FAKE_ZONE_LIBRARY, &count);

        if (status != KEYACT_OK || !(got->flags & KEYACT_RESULT_COMPLETE)) {
            ok = bench_fail(error, "order %u: resolve returned %s, flags %u", o,
                            keyact_status_name(status), got->flags);
        } else if (got->discovered != want.hit || got->exiled_count != want.exiled
                   || (got->outcome == KEYACT_OUTCOME_CAST) != (want.cast != 0)) {
            ok = bench_fail(error, "order %u: plugin hit %" G_GUINT64_FORMAT " after %u (outcome %u), "
                            "floor hit %" G_GUINT64_FORMAT " after %u (cast %u)", o,
                            got->discovered, got->exiled_count, got->outcome,
                            want.hit, want.exiled, want.cast);
        } else if (count != floor.count
                   || memcmp(library, expected, count * sizeof expected[0]) != 0) {
            ok = bench_fail(error, "order %u: the library after the resolve differs "
                            "between the plugin and the floor", o);
        }
        exiled += got->exiled_count;
    }
    bench_floor_clear(&floor);
    *mean_exiled = (double)exiled / game->n_orders;
    return ok;
}
