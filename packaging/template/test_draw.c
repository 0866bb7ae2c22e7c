/* SPDX-License-Identifier: MIT */
/* test_draw.c - the draw action through its entry, on a small array host.
 *
 * draw.c is compiled into this program, so the test reaches the plugin the
 * way a host does (keyact_plugin_entry: negotiate, init, resolve, deinit)
 * without loading a file. Each case checks where the cards end up, the
 * events in order, the result and the status.
 */
#include <stdio.h>
#include <string.h>

#include <keyact/keyact.h>

/* Defined in draw.c; a host would find it with dlsym. */
extern const struct keyact_plugin_entry keyact_plugin_entry;

#define MAX_CARDS 8
#define MAX_EVENTS 16

typedef struct test_game {
    keyact_card_id library[MAX_CARDS]; /* [0] is the top */
    uint32_t library_count;
    keyact_card_id hand[MAX_CARDS];
    uint32_t hand_count;
    keyact_event events[MAX_EVENTS];
    uint32_t event_count;
    int moves_before_failure; /* -1: never fail; else moves that succeed first */
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
    const test_game *g = game_of(host);
    if (index_from_top >= g->library_count)
        return KEYACT_E_NOTFOUND;
    *out_card = g->library[index_from_top];
    return KEYACT_OK;
}

/* Only library -> hand is needed; anything else is a test failure. */
static int32_t move_card(const keyact_host *host, keyact_game_id game, keyact_player_id player,
                         keyact_card_id card, uint32_t to_zone, uint32_t library_index,
                         uint32_t flags)
{
    (void)game, (void)player, (void)library_index, (void)flags;
    test_game *g = game_of(host);
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

static void notify(const keyact_host *host, keyact_game_id game, const keyact_event *event)
{
    (void)game;
    test_game *g = game_of(host);
    if (g->event_count < MAX_EVENTS)
        g->events[g->event_count++] = *event;
}

static int failures;

#define CHECK(cond)                                                        \
    do {                                                                   \
        if (!(cond)) {                                                     \
            fprintf(stderr, "%s:%d: %s: failed: %s\n", __FILE__, __LINE__, \
                    __func__, #cond);                                      \
            failures++;                                                    \
        }                                                                  \
    } while (0)

/* Resolve draw `n` on `g` through the entry, as a host would. */
static int32_t resolve_draw(test_game *g, int32_t n, keyact_resolve_result *result)
{
    const struct keyact_plugin_entry *entry = &keyact_plugin_entry;
    keyact_version offered = KEYACT_VERSION_INIT, chosen = { 0, 0 };
    void *ctx = NULL;

    CHECK(entry->negotiate(&offered, 1, &chosen) == KEYACT_OK);
    CHECK(entry->init(&chosen, "test", &ctx) == KEYACT_OK);
    CHECK(entry->action_count == 1 && strcmp(entry->actions[0]->name, "draw") == 0);

    keyact_host host;
    memset(&host, 0, sizeof host);
    host.struct_size = sizeof host;
    host.abi_major = KEYACT_ABI_MAJOR;
    host.abi_minor = KEYACT_ABI_MINOR;
    host.host_data = g;
    host.library_size = library_size;
    host.library_card = library_card;
    host.move_card = move_card;
    host.notify = notify;
    /* draw asks nothing else; the other required members stay NULL here. */

    keyact_resolve_args args = { sizeof args, n, 1, 1, KEYACT_CARD_NONE };
    memset(result, 0, sizeof *result);
    result->struct_size = sizeof *result;
    int32_t rc = entry->actions[0]->resolve(ctx, &host, &args, result);
    entry->deinit(ctx);
    return rc;
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
    draws_from_the_top_in_order();
    draws_what_is_left_of_a_short_library();
    a_failed_move_stops_with_its_code();
    negative_n_is_refused_untouched();
    if (failures == 0)
        printf("draw: 4 cases passed\n");
    return failures == 0 ? 0 : 1;
}
