/* SPDX-License-Identifier: MIT */
/* test_draw.c - the draw action through its entry, on a small array host.
 *
 * draw.c is compiled into this program, so the test reaches the plugin the
 * way a host does (keyact_plugin_entry: negotiate, init, resolve, deinit)
 * without loading a file. Each case checks where the cards end up, the
 * events in order, the result and the status, and runs twice: on an ABI
 * 1.0 host (the one-card-at-a-time calls) and on a 1.1 host that offers
 * the batched calls library_cards and apply_steps. Both must give the same
 * game; the call counts show which path ran.
 */
#include <stdio.h>
#include <string.h>

#include <keyact/keyact.h>

/* Defined in draw.c; a host would find it with dlsym. */
extern const struct keyact_plugin_entry keyact_plugin_entry;

#define MAX_CARDS 40
#define MAX_EVENTS 48

typedef struct test_game {
    keyact_card_id library[MAX_CARDS]; /* [0] is the top */
    uint32_t library_count;
    keyact_card_id hand[MAX_CARDS];
    uint32_t hand_count;
    keyact_event events[MAX_EVENTS];
    uint32_t event_count;
    int moves_before_failure; /* -1: never fail; else moves that succeed first */
    /* Calls the plugin made. */
    uint32_t library_card_calls, move_card_calls, notify_calls;
    uint32_t library_cards_calls, apply_steps_calls;
} test_game;

static test_game *game_of(const keyact_host *host)
{
    return host->host_data;
}

static int32_t library_size(const keyact_host *host, keyact_game_id game,
                            keyact_player_id player, uint32_t *out_size)
{
    (void)game, (void)player;
    *out_size = game_of(host)->library_count;
    return KEYACT_OK;
}

static int32_t library_card(const keyact_host *host, keyact_game_id game,
                            keyact_player_id player, uint32_t index_from_top,
                            keyact_card_id *out_card)
{
    (void)game, (void)player;
    test_game *g = game_of(host);
    g->library_card_calls++;
    if (index_from_top >= g->library_count)
        return KEYACT_E_NOTFOUND;
    *out_card = g->library[index_from_top];
    return KEYACT_OK;
}

/* Only library -> hand is needed; anything else is a test failure. */
static int32_t do_move(test_game *g, keyact_card_id card, uint32_t to_zone)
{
    if (g->moves_before_failure == 0)
        return KEYACT_E_STATE;
    if (g->moves_before_failure > 0)
        g->moves_before_failure--;
    if (to_zone != KEYACT_ZONE_HAND || g->library_count == 0 || g->library[0] != card)
        return KEYACT_E_INVAL;
    memmove(g->library, g->library + 1, --g->library_count * sizeof g->library[0]);
    g->hand[g->hand_count++] = card;
    return KEYACT_OK;
}

static void do_notify(test_game *g, const keyact_event *event)
{
    if (g->event_count < MAX_EVENTS)
        g->events[g->event_count++] = *event;
}

static int32_t move_card(const keyact_host *host, keyact_game_id game, keyact_player_id player,
                         keyact_card_id card, uint32_t to_zone, uint32_t library_index,
                         uint32_t flags)
{
    (void)game, (void)player, (void)library_index, (void)flags;
    game_of(host)->move_card_calls++;
    return do_move(game_of(host), card, to_zone);
}

static void notify(const keyact_host *host, keyact_game_id game, const keyact_event *event)
{
    (void)game;
    game_of(host)->notify_calls++;
    do_notify(game_of(host), event);
}

/* ABI 1.1: cards [from_top, from_top + count) in one call. */
static int32_t library_cards(const keyact_host *host, keyact_game_id game,
                             keyact_player_id player, uint32_t from_top, uint32_t count,
                             keyact_card_id *out_cards)
{
    (void)game, (void)player;
    test_game *g = game_of(host);
    g->library_cards_calls++;
    if (count == 0 || from_top > g->library_count || count > g->library_count - from_top)
        return KEYACT_E_NOTFOUND;
    memcpy(out_cards, g->library + from_top, count * sizeof out_cards[0]);
    return KEYACT_OK;
}

/* ABI 1.1: each step's move, then its event; a failed move stops. */
static int32_t apply_steps(const keyact_host *host, keyact_game_id game,
                           keyact_player_id player, const keyact_step *steps, uint32_t count,
                           uint32_t *out_done)
{
    (void)game, (void)player;
    test_game *g = game_of(host);
    g->apply_steps_calls++;
    for (uint32_t i = 0; i < count; i++) {
        if (steps[i].to_zone != KEYACT_ZONE_NONE) {
            int32_t rc = do_move(g, steps[i].card, steps[i].to_zone);
            if (rc != KEYACT_OK) {
                *out_done = i;
                return rc;
            }
        }
        if (steps[i].event != NULL)
            do_notify(g, steps[i].event);
    }
    *out_done = count;
    return KEYACT_OK;
}

static int failures;

#define CHECK(cond)                                                        \
    do {                                                                   \
        if (!(cond)) {                                                     \
            fprintf(stderr, "%s:%d: %s (%s host): failed: %s\n", __FILE__, \
                    __LINE__, __func__, host_kind, #cond);                 \
            failures++;                                                    \
        }                                                                  \
    } while (0)

/* The host every case runs on: "1.0" or "1.1" (batched calls offered). */
static const char *host_kind = "1.0";

static int batched_host(void)
{
    return strcmp(host_kind, "1.1") == 0;
}

/* Resolve draw `n` on `g` through the entry, as a host of host_kind would:
 * it offers its ABI version and passes a table of that version's size. */
static int32_t resolve_draw(test_game *g, int32_t n, keyact_resolve_result *result)
{
    const struct keyact_plugin_entry *entry = &keyact_plugin_entry;
    keyact_version offered = { KEYACT_ABI_MAJOR, batched_host() ? 1u : 0u };
    keyact_version chosen = { 0, 0 };
    void *ctx = NULL;

    CHECK(entry->negotiate(&offered, 1, &chosen) == KEYACT_OK);
    CHECK(chosen.major == offered.major && chosen.minor == offered.minor);
    CHECK(entry->init(&chosen, "test", &ctx) == KEYACT_OK);
    CHECK(entry->action_count == 1 && strcmp(entry->actions[0]->name, "draw") == 0);

    keyact_host host;
    memset(&host, 0, sizeof host);
    host.struct_size = batched_host() ? KEYACT_HOST_SIZE_1_1 : KEYACT_HOST_SIZE_1_0;
    host.abi_major = offered.major;
    host.abi_minor = offered.minor;
    host.host_data = g;
    host.library_size = library_size;
    host.library_card = library_card;
    host.move_card = move_card;
    host.notify = notify;
    if (batched_host()) {
        host.library_cards = library_cards;
        host.apply_steps = apply_steps;
    }
    /* draw asks nothing else; the other required members stay NULL here. */

    keyact_resolve_args args = { sizeof args, n, 1, 1, KEYACT_CARD_NONE };
    memset(result, 0, sizeof *result);
    result->struct_size = sizeof *result;
    int32_t rc = entry->actions[0]->resolve(ctx, &host, &args, result);
    entry->deinit(ctx);
    return rc;
}

/* The calls `g` saw are those of host_kind's path only. */
static void check_path(const test_game *g)
{
    if (batched_host()) {
        CHECK(g->library_card_calls == 0 && g->move_card_calls == 0);
    } else {
        CHECK(g->library_cards_calls == 0 && g->apply_steps_calls == 0);
        CHECK(g->move_card_calls == g->hand_count + (g->moves_before_failure == 0 ? 1u : 0u));
    }
}

static void draws_from_the_top_in_order(void)
{
    test_game g = { .library = { 11, 12, 13 }, .library_count = 3, .moves_before_failure = -1 };
    keyact_resolve_result result;

    CHECK(resolve_draw(&g, 2, &result) == KEYACT_OK);
    CHECK(g.hand_count == 2 && g.hand[0] == 11 && g.hand[1] == 12);
    CHECK(g.library_count == 1 && g.library[0] == 13);
    CHECK(g.event_count == 3);
    CHECK(g.events[0].type == KEYACT_EVENT_TO_HAND && g.events[0].card == 11);
    CHECK(g.events[1].type == KEYACT_EVENT_TO_HAND && g.events[1].card == 12);
    CHECK(g.events[2].type == KEYACT_EVENT_FINISHED && g.events[2].card == KEYACT_CARD_NONE);
    CHECK(result.flags == KEYACT_RESULT_COMPLETE && result.outcome == KEYACT_OUTCOME_NONE);
    CHECK(result.stranded_count == 0 && result.exiled_count == 0);
    check_path(&g);
    /* 1.1: one window of cards and one batch of steps for both draws. */
    if (batched_host())
        CHECK(g.library_cards_calls == 1 && g.apply_steps_calls == 1 && g.notify_calls == 1);
}

static void draws_what_is_left_of_a_short_library(void)
{
    test_game g = { .library = { 21, 22 }, .library_count = 2, .moves_before_failure = -1 };
    keyact_resolve_result result;

    CHECK(resolve_draw(&g, 5, &result) == KEYACT_OK);
    CHECK(g.hand_count == 2 && g.hand[0] == 21 && g.hand[1] == 22);
    CHECK(g.library_count == 0);
    CHECK(g.event_count == 3 && g.events[2].type == KEYACT_EVENT_FINISHED);
    CHECK(result.flags == KEYACT_RESULT_COMPLETE);
    check_path(&g);
}

/* More cards than one batch holds: several batches, still in order. */
static void draws_many_cards_in_order(void)
{
    test_game g = { .library_count = 36, .moves_before_failure = -1 };
    keyact_resolve_result result;

    for (uint32_t i = 0; i < g.library_count; i++)
        g.library[i] = 100 + i;
    CHECK(resolve_draw(&g, 35, &result) == KEYACT_OK);
    CHECK(g.hand_count == 35 && g.library_count == 1 && g.library[0] == 135);
    for (uint32_t i = 0; i < g.hand_count; i++)
        CHECK(g.hand[i] == 100 + i && g.events[i].type == KEYACT_EVENT_TO_HAND
              && g.events[i].card == 100 + i);
    CHECK(g.event_count == 36 && g.events[35].type == KEYACT_EVENT_FINISHED);
    check_path(&g);
    if (batched_host())
        CHECK(g.library_cards_calls == 3 && g.apply_steps_calls == 3); /* 16 + 16 + 3 */
}

static void a_failed_move_stops_with_its_code(void)
{
    test_game g = { .library = { 31, 32, 33 }, .library_count = 3, .moves_before_failure = 1 };
    keyact_resolve_result result;

    CHECK(resolve_draw(&g, 3, &result) == KEYACT_E_STATE);
    CHECK(g.hand_count == 1 && g.hand[0] == 31);
    CHECK(g.library_count == 2 && g.library[0] == 32 && g.library[1] == 33);
    CHECK(g.event_count == 1 && g.events[0].type == KEYACT_EVENT_TO_HAND);
    CHECK(result.flags == 0 && result.stranded_count == 0);
    check_path(&g);
}

static void negative_n_is_refused_untouched(void)
{
    test_game g = { .library = { 41 }, .library_count = 1, .moves_before_failure = -1 };
    keyact_resolve_result result;

    CHECK(resolve_draw(&g, -1, &result) == KEYACT_E_INVAL);
    CHECK(g.hand_count == 0 && g.library_count == 1 && g.event_count == 0);
}

int main(void)
{
    static const char *const kinds[] = { "1.0", "1.1" };

    for (unsigned k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        host_kind = kinds[k];
        draws_from_the_top_in_order();
        draws_what_is_left_of_a_short_library();
        draws_many_cards_in_order();
        a_failed_move_stops_with_its_code();
        negative_n_is_refused_untouched();
    }
    if (failures == 0)
        printf("draw: 5 cases passed on a 1.0 and a 1.1 host\n");
    return failures == 0 ? 0 : 1;
}
