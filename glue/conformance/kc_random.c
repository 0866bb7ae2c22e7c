/* SPDX-License-Identifier: MIT */
/* kc_random.c - 701.57a's "in a random order", which no single resolve can show.
 *
 * Three cards that are not hits lie above a hit; each resolve puts them on
 * the bottom in some order. Over KC_RANDOM_RESOLVES fixed seeds of the fake
 * host's RNG a fair shuffle shows all 3! = 6 orders: it misses a given one
 * with probability (5/6)^200 ~ 1.5e-16, so some order with less than 1e-15.
 * The seeds are fixed, so the verdict is the same on every run. An
 * implementation that ignores the RNG (exile order, reverse order, any fixed
 * order) shows one order. A biased shuffle can still show all six; the
 * real plugin's bias is measured by tests/unit/test_bottom_uniform.cc.
 */
#include "conformance.h"
#include "kc_cards.h"

#include <string.h>

#define KC_RANDOM_RESOLVES 200u
#define KC_RANDOM_BOTTOMED 3u
#define KC_RANDOM_ORDERS 6u /* 3! */

/* Discover 1 through Mountain (a land), Geological Appraiser (MV 4) and
 * Fire // Ice (MV 4 in the library, 709.4) to Fireball (MV 1, X = 0): those
 * three go to the bottom, Fireball is cast, Ornithopter stays on top. */
static const KcCase kc_random_case = {
    .name = "bottom_random_order",
    .ruling = "701.57a: the other exiled cards go to the bottom in a random order",
    .n = 1,
    .library = { &kc_mountain, &kc_geological_appraiser, &kc_fire_ice, &kc_fireball,
                 &kc_ornithopter },
    .expect = { .status = KEYACT_OK, .outcome = KEYACT_OUTCOME_CAST, .discovered = KC_AT(3),
                .mana_value_halves = 2, .face_cast = 0, .exiled = 4,
                .bottom = KC_POS(0) | KC_POS(1) | KC_POS(2), .stack = KC_POS(3),
                .offered = 1u,
                .events = "EXILED EXILED EXILED EXILED HIT CAST BOTTOM BOTTOM BOTTOM DISCOVERED" },
};

/* Every order of the bottomed cards, as their exile positions, upper card first. */
static const guint kc_orders[KC_RANDOM_ORDERS][KC_RANDOM_BOTTOMED] = {
    { 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 }, { 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 },
};

const KcCase *kc_random_order_case(void)
{
    return &kc_random_case;
}

/* The order the bottomed cards ended in (index into kc_orders), or -1 when
 * the bottom does not hold exactly them. */
static int kc_bottom_order(const KcGame *game)
{
    guint count;
    const keyact_card_id *library =
        fake_host_zone(game->host, KC_PLAYER, FAKE_ZONE_LIBRARY, &count);
    guint order[KC_RANDOM_BOTTOMED];

    if (count < KC_RANDOM_BOTTOMED)
        return -1;
    for (guint i = 0; i < KC_RANDOM_BOTTOMED; i++) {
        keyact_card_id card = library[count - KC_RANDOM_BOTTOMED + i];
        order[i] = KC_RANDOM_BOTTOMED;
        for (guint at = 0; at < KC_RANDOM_BOTTOMED; at++)
            if (game->library[at] == card)
                order[i] = at;
    }
    for (guint o = 0; o < KC_RANDOM_ORDERS; o++)
        if (memcmp(order, kc_orders[o], sizeof order) == 0)
            return (int)o;
    return -1;
}

/* "always exile order", or the orders seen and how often. */
static char *kc_describe_orders(const guint counts[KC_RANDOM_ORDERS], guint seen)
{
    if (seen == 1 && counts[0] != 0)
        return g_strdup("always exile order");
    GString *out = g_string_new(seen == 1 ? "always the order " : "only ");
    const char *separator = "";
    for (guint o = 0; o < KC_RANDOM_ORDERS; o++) {
        if (counts[o] == 0)
            continue;
        g_string_append_printf(out, "%s%u %u %u", separator, kc_orders[o][0], kc_orders[o][1],
                               kc_orders[o][2]);
        if (seen > 1)
            g_string_append_printf(out, " x%u", counts[o]);
        separator = ", ";
    }
    g_string_append(out, " (exile positions, upper card first)");
    return g_string_free(out, FALSE);
}

/* One resolve with `seed`: its expectation and conservation, then the order. */
static gboolean kc_random_resolve(KcHostKind kind, KcWay way, const keyact_action *action,
                                  void *plugin_ctx, guint64 seed,
                                  guint counts[KC_RANDOM_ORDERS], GError **error)
{
    g_auto(KcGame) game;
    kc_game_init_on(&game, &kc_random_case, seed, kind);
    game.way = way;
    FakeResolve res;
    kc_game_resolve(&game, &kc_random_case, action, plugin_ctx, &res);

    if (!kc_case_check(&kc_random_case, &game, &res, error)
        || !fake_host_check_conservation(game.host, game.before, &res.result, error))
        return FALSE;
    int order = kc_bottom_order(&game);
    if (order < 0) {
        g_set_error_literal(error, KC_ERROR, KC_ERROR_MISMATCH,
                            "the bottom three cards are not the three exiled before the hit");
        return FALSE;
    }
    counts[order]++;
    return TRUE;
}

gboolean kc_random_order_run_on(KcHostKind kind, const keyact_action *action, void *plugin_ctx,
                                GError **error)
{
    return kc_random_order_run_way(kind, KC_BLOCKING, action, plugin_ctx, error);
}

gboolean kc_action_can_step(const keyact_action *action, void *plugin_ctx)
{
    g_auto(KcGame) game;
    kc_game_init_on(&game, &kc_random_case, 1u, KC_HOST_1_0);
    game.way = KC_STEPPED;
    FakeResolve res;
    int32_t status = kc_game_resolve(&game, &kc_random_case, action, plugin_ctx, &res);
    return status != KEYACT_E_NOTSUP && status != KEYACT_E_VERSION;
}

gboolean kc_random_order_run_way(KcHostKind kind, KcWay way, const keyact_action *action,
                                 void *plugin_ctx, GError **error)
{
    const KcCase *c = &kc_random_case;

    if (way == KC_STEPPED && !kc_action_can_step(action, plugin_ctx))
        return TRUE;
    guint counts[KC_RANDOM_ORDERS] = { 0 };

    for (guint i = 0; i < KC_RANDOM_RESOLVES; i++) {
        guint64 seed = (guint64)g_str_hash(c->name) + i;
        g_autoptr(GError) local = NULL;
        if (!kc_random_resolve(kind, way, action, plugin_ctx, seed, counts, &local)) {
            g_set_error(error, KC_ERROR, KC_ERROR_MISMATCH, "%s (%s): resolve %u of %u: %s",
                        c->name, c->ruling, i + 1, KC_RANDOM_RESOLVES, local->message);
            return FALSE;
        }
    }

    guint seen = 0;
    for (guint o = 0; o < KC_RANDOM_ORDERS; o++)
        seen += counts[o] != 0;
    if (seen == KC_RANDOM_ORDERS)
        return TRUE;
    g_autofree char *what = kc_describe_orders(counts, seen);
    g_set_error(error, KC_ERROR, KC_ERROR_MISMATCH,
                "%s (%s): %u of %u orders seen in %u resolves: %s", c->name, c->ruling, seen,
                KC_RANDOM_ORDERS, KC_RANDOM_RESOLVES, what);
    return FALSE;
}

gboolean kc_random_order_run(const keyact_action *action, void *plugin_ctx, GError **error)
{
    if (!kc_random_order_run_on(KC_HOST_1_0, action, plugin_ctx, error))
        return FALSE;
    for (KcHostKind kind = KC_HOST_1_0; kind < KC_N_HOST_KINDS; kind++) {
        for (KcWay way = KC_BLOCKING; way < KC_N_WAYS; way++) {
            if (kind == KC_HOST_1_0 && way == KC_BLOCKING)
                continue; /* run first, unprefixed */
            if (!kc_random_order_run_way(kind, way, action, plugin_ctx, error)) {
                g_prefix_error(error, "%s%s: ", kc_host_kind_name(kind), kc_way_name(way));
                return FALSE;
            }
        }
    }
    return TRUE;
}
