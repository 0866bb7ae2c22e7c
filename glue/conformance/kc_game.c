/* SPDX-License-Identifier: MIT */
/* kc_game.c - build a case's game in a fake host and resolve it. */
#include "conformance.h"
#include "kc_cards.h"

#define KC_GAME_ID ((keyact_game_id)0x4b43)
#define KC_OPPONENT ((keyact_player_id)2)

const char *kc_host_kind_name(KcHostKind kind)
{
    return kind == KC_HOST_1_2 ? "1.2 host" : kind == KC_HOST_1_1 ? "1.1 host" : "1.0 host";
}

const char *kc_way_name(KcWay way)
{
    return way == KC_STEPPED ? ", stepped" : "";
}

void kc_game_init(KcGame *game, const KcCase *c, guint64 seed)
{
    kc_game_init_on(game, c, seed, KC_HOST_1_0);
}

void kc_game_init_on(KcGame *game, const KcCase *c, guint64 seed, KcHostKind kind)
{
    *game = (KcGame){ 0 };
    game->host = fake_host_new(KC_GAME_ID, 2);
    FakeHost *host = game->host;
    fake_host_set_batched(host, kind != KC_HOST_1_0 ? FAKE_BATCHED_ALL : 0);
    fake_host_set_card_zone(host, kind == KC_HOST_1_2);

    for (guint i = 0; i < KC_MAX_LIBRARY && c->library[i] != NULL; i++) {
        game->library[i] = fake_host_add_card(host, KC_PLAYER, FAKE_ZONE_LIBRARY, c->library[i]);
        game->library_count = i + 1;
        for (uint32_t face = 0; face < KEYACT_MAX_FACES; face++) {
            if (c->cannot_cast[i] & (1u << face))
                fake_host_set_cannot_cast(host, game->library[i], face, TRUE);
            if (c->cast_fails[i] & (1u << face))
                fake_host_set_cast_fails(host, game->library[i], face, TRUE);
        }
    }
    if (c->source != NULL)
        game->source = fake_host_add_card(host, KC_PLAYER, FAKE_ZONE_BATTLEFIELD, c->source);

    /* Bystanders: a card in hand and an opponent's library, which discover
     * must not touch (conservation catches it if it does). */
    fake_host_add_card(host, KC_PLAYER, FAKE_ZONE_HAND, &kc_mountain);
    fake_host_add_card(host, KC_OPPONENT, FAKE_ZONE_LIBRARY, &kc_ornithopter);
    fake_host_add_card(host, KC_OPPONENT, FAKE_ZONE_LIBRARY, &kc_fireball);

    fake_host_set_chooser(host, c->choose, c->choose_face, NULL, NULL);
    fake_host_set_seed(host, seed);
    if (c->fault_nth != 0)
        fake_host_inject(host, c->fault_kind, c->fault_nth, c->fault, c->fault_status);
    game->before = fake_host_snapshot(host);
}

void kc_game_clear(KcGame *game)
{
    g_clear_pointer(&game->before, fake_snapshot_free);
    g_clear_pointer(&game->host, fake_host_free);
}

int32_t kc_game_resolve(KcGame *game, const KcCase *c, const keyact_action *action,
                        void *plugin_ctx, FakeResolve *out)
{
    if (game->way == KC_STEPPED)
        return fake_host_resolve_stepped(game->host, action, plugin_ctx, KC_PLAYER, c->n,
                                         game->source, KEYACT_WAIT_ALL, out);
    return fake_host_resolve(game->host, action, plugin_ctx, KC_PLAYER, c->n, game->source, out);
}

/* A stepped resolve the action cannot make at this load. */
static gboolean cannot_step(const KcGame *game, const FakeResolve *res)
{
    return game->way == KC_STEPPED
           && (res->status == KEYACT_E_NOTSUP || res->status == KEYACT_E_VERSION);
}

gboolean kc_case_run_way(const KcCase *c, KcHostKind kind, KcWay way,
                         const keyact_action *action, void *plugin_ctx, GError **error)
{
    g_auto(KcGame) game;
    kc_game_init_on(&game, c, g_str_hash(c->name), kind);
    game.way = way;
    FakeResolve res;
    kc_game_resolve(&game, c, action, plugin_ctx, &res);
    if (cannot_step(&game, &res))
        return TRUE;

    g_autoptr(GError) local = NULL;
    if (!kc_case_check(c, &game, &res, &local)
        || !fake_host_check_conservation(game.host, game.before, &res.result, &local)) {
        g_set_error(error, KC_ERROR, KC_ERROR_MISMATCH, "%s (%s): %s",
                    c->name, c->ruling, local->message);
        return FALSE;
    }
    return TRUE;
}

gboolean kc_case_run_on(const KcCase *c, KcHostKind kind, const keyact_action *action,
                        void *plugin_ctx, GError **error)
{
    return kc_case_run_way(c, kind, KC_BLOCKING, action, plugin_ctx, error);
}

gboolean kc_case_run(const KcCase *c, const keyact_action *action, void *plugin_ctx,
                     GError **error)
{
    if (!kc_case_run_on(c, KC_HOST_1_0, action, plugin_ctx, error))
        return FALSE;
    for (KcHostKind kind = KC_HOST_1_0; kind < KC_N_HOST_KINDS; kind++) {
        for (KcWay way = KC_BLOCKING; way < KC_N_WAYS; way++) {
            if (kind == KC_HOST_1_0 && way == KC_BLOCKING)
                continue; /* run first, unprefixed */
            if (!kc_case_run_way(c, kind, way, action, plugin_ctx, error)) {
                g_prefix_error(error, "%s%s: ", kc_host_kind_name(kind), kc_way_name(way));
                return FALSE;
            }
        }
    }
    return TRUE;
}
