/* bench_ring_host.c - a ring-buffer library host for the scale figure. */
#include "bench_ring_host.h"

#include <string.h>

#include "bench_rng.h"

enum { RING_LIBRARY = KEYACT_ZONE_LIBRARY, RING_EXILE = KEYACT_ZONE_EXILE,
       RING_HAND = KEYACT_ZONE_HAND, RING_STACK };

struct _BenchRingHost {
    keyact_host table;
    keyact_card_id *ring;     /* library, capacity mask + 1 */
    uint32_t mask, head, count;
    uint8_t *zone;            /* zone[id] */
    keyact_card_id hit;
    uint64_t rng;
    guint64 events;
    keyact_face_desc land_face, hit_face;
    keyact_card_desc land, hit_desc;
};

static BenchRingHost *ring_from(const keyact_host *table)
{
    return table->host_data;
}

static int32_t ring_check(const BenchRingHost *host, keyact_game_id game,
                          keyact_player_id player)
{
    (void)host;
    return game == 1 && player == 1 ? KEYACT_OK : KEYACT_E_NOTFOUND;
}

static int32_t ring_library_size(const keyact_host *table, keyact_game_id game,
                                 keyact_player_id player, uint32_t *out_size)
{
    BenchRingHost *host = ring_from(table);
    if (ring_check(host, game, player) != KEYACT_OK)
        return KEYACT_E_NOTFOUND;
    *out_size = host->count;
    return KEYACT_OK;
}

static int32_t ring_library_card(const keyact_host *table, keyact_game_id game,
                                 keyact_player_id player, uint32_t index,
                                 keyact_card_id *out_card)
{
    BenchRingHost *host = ring_from(table);
    if (ring_check(host, game, player) != KEYACT_OK || index >= host->count)
        return KEYACT_E_NOTFOUND;
    *out_card = host->ring[(host->head + index) & host->mask];
    return KEYACT_OK;
}

/* Take `card` out of the library: O(1) at the top or the bottom, a shift
 * otherwise (discover never does that). */
static gboolean ring_take(BenchRingHost *host, keyact_card_id card)
{
    uint32_t mask = host->mask;
    if (host->count > 0 && host->ring[host->head] == card) {
        host->head = (host->head + 1) & mask;
        host->count--;
        return TRUE;
    }
    for (uint32_t i = 0; i < host->count; i++) {
        if (host->ring[(host->head + i) & mask] != card)
            continue;
        for (uint32_t j = i; j + 1 < host->count; j++)
            host->ring[(host->head + j) & mask] = host->ring[(host->head + j + 1) & mask];
        host->count--;
        return TRUE;
    }
    return FALSE;
}

static void ring_put(BenchRingHost *host, keyact_card_id card, uint32_t index)
{
    uint32_t mask = host->mask;
    if (index == KEYACT_LIBRARY_TOP) {
        host->head = (host->head - 1) & mask;
        host->ring[host->head] = card;
    } else if (index >= host->count) {
        host->ring[(host->head + host->count) & mask] = card;
    } else {
        for (uint32_t j = host->count; j > index; j--)
            host->ring[(host->head + j) & mask] = host->ring[(host->head + j - 1) & mask];
        host->ring[(host->head + index) & mask] = card;
    }
    host->count++;
}

static int32_t ring_move_card(const keyact_host *table, keyact_game_id game,
                              keyact_player_id player, keyact_card_id card,
                              uint32_t to_zone, uint32_t library_index, uint32_t flags)
{
    (void)flags;
    BenchRingHost *host = ring_from(table);
    if (ring_check(host, game, player) != KEYACT_OK || card == 0 || card > host->mask)
        return KEYACT_E_NOTFOUND;
    if (to_zone != RING_LIBRARY && to_zone != RING_EXILE && to_zone != RING_HAND)
        return KEYACT_E_INVAL;
    if (host->zone[card] == 0)
        return KEYACT_E_NOTFOUND;
    if (host->zone[card] == RING_LIBRARY && !ring_take(host, card))
        return KEYACT_E_STATE;
    if (to_zone == RING_LIBRARY)
        ring_put(host, card, library_index);
    host->zone[card] = (uint8_t)to_zone;
    return KEYACT_OK;
}

static int32_t ring_describe_card(const keyact_host *table, keyact_game_id game,
                                  keyact_card_id card, keyact_card_desc *out_desc)
{
    BenchRingHost *host = ring_from(table);
    if (game != 1 || card == 0 || card > host->mask || host->zone[card] == 0)
        return KEYACT_E_NOTFOUND;
    const keyact_card_desc *desc = card == host->hit ? &host->hit_desc : &host->land;
    size_t size = MIN((size_t)out_desc->struct_size, sizeof *desc);
    memcpy(out_desc, desc, size);
    out_desc->struct_size = (uint32_t)size;
    return KEYACT_OK;
}

static int32_t ring_can_cast_face(const keyact_host *table, keyact_game_id game,
                                  keyact_player_id player, keyact_card_id card,
                                  uint32_t face, uint32_t *out_can)
{
    (void)card;
    (void)face;
    if (ring_check(ring_from(table), game, player) != KEYACT_OK)
        return KEYACT_E_NOTFOUND;
    *out_can = 1;
    return KEYACT_OK;
}

static int32_t ring_choose(const keyact_host *table, keyact_game_id game,
                           keyact_player_id player, keyact_card_id card,
                           const keyact_option *options, uint32_t option_count,
                           uint32_t *out_index)
{
    (void)card;
    (void)options;
    if (ring_check(ring_from(table), game, player) != KEYACT_OK || option_count == 0)
        return KEYACT_E_INVAL;
    *out_index = 0; /* the first option is a CAST_FACE when any face can be cast */
    return KEYACT_OK;
}

static int32_t ring_cast_free(const keyact_host *table, keyact_game_id game,
                              keyact_player_id player, keyact_card_id card,
                              uint32_t face, uint32_t *out_cast)
{
    (void)face;
    BenchRingHost *host = ring_from(table);
    if (ring_check(host, game, player) != KEYACT_OK || card == 0 || card > host->mask
        || host->zone[card] != RING_EXILE)
        return KEYACT_E_STATE;
    host->zone[card] = RING_STACK;
    *out_cast = KEYACT_CAST_DONE;
    return KEYACT_OK;
}

static int32_t ring_random_below(const keyact_host *table, keyact_game_id game,
                                 uint32_t bound, uint32_t *out_value)
{
    BenchRingHost *host = ring_from(table);
    if (game != 1 || bound == 0)
        return KEYACT_E_INVAL;
    *out_value = bench_rng_below(&host->rng, bound);
    return KEYACT_OK;
}

static void ring_notify(const keyact_host *table, keyact_game_id game,
                        const keyact_event *event)
{
    (void)game;
    (void)event;
    ring_from(table)->events++;
}

BenchRingHost *bench_ring_host_new(guint size)
{
    g_return_val_if_fail(size >= 1, NULL);
    BenchRingHost *host = g_new0(BenchRingHost, 1);
    guint capacity = 1;
    while (capacity < size + 2)
        capacity *= 2;
    host->ring = g_new(keyact_card_id, capacity);
    host->mask = capacity - 1;
    host->zone = g_new0(uint8_t, capacity);
    for (guint id = 1; id <= size; id++) {
        host->ring[id - 1] = id;
        host->zone[id] = RING_LIBRARY;
    }
    host->count = size;
    host->hit = size;
    host->rng = 1;

    host->land_face = (keyact_face_desc){ sizeof(keyact_face_desc), KEYACT_FACE_LAND,
                                          "Mountain", "" };
    host->hit_face = (keyact_face_desc){ sizeof(keyact_face_desc), 0,
                                         "Brazen Blademaster", "{2}{R}" };
    host->land = (keyact_card_desc){ .struct_size = sizeof(keyact_card_desc),
                                     .layout = KEYACT_LAYOUT_NORMAL, .face_count = 1,
                                     .faces = { &host->land_face } };
    host->hit_desc = host->land;
    host->hit_desc.faces[0] = &host->hit_face;

    host->table = (keyact_host){
        .struct_size = sizeof(keyact_host),
        .abi_major = KEYACT_ABI_MAJOR,
        .abi_minor = KEYACT_ABI_MINOR,
        .host_data = host,
        .host_name = "keyact bench ring host",
        .library_size = ring_library_size,
        .library_card = ring_library_card,
        .move_card = ring_move_card,
        .describe_card = ring_describe_card,
        .can_cast_face = ring_can_cast_face,
        .choose = ring_choose,
        .cast_free = ring_cast_free,
        .random_below = ring_random_below,
        .notify = ring_notify,
    };
    return host;
}

void bench_ring_host_free(BenchRingHost *host)
{
    if (host == NULL)
        return;
    g_free(host->ring);
    g_free(host->zone);
    g_free(host);
}

const keyact_host *bench_ring_host_table(BenchRingHost *host)
{
    return &host->table;
}

guint bench_ring_host_library_size(const BenchRingHost *host)
{
    return host->count;
}

void bench_ring_host_reset(BenchRingHost *host)
{
    if (host->zone[host->hit] != RING_LIBRARY) {
        host->ring[(host->head + host->count) & host->mask] = host->hit;
        host->count++;
        host->zone[host->hit] = RING_LIBRARY;
    }
}

void bench_ring_host_set_seed(BenchRingHost *host, guint64 seed)
{
    host->rng = seed;
}

void bench_ring_host_library(const BenchRingHost *host, keyact_card_id *out)
{
    for (uint32_t i = 0; i < host->count; i++)
        out[i] = host->ring[(host->head + i) & host->mask];
}

void bench_ring_host_card(const BenchRingHost *host, keyact_card_id card,
                          gboolean *is_land, uint32_t *mana_value_halves)
{
    *is_land = card != host->hit;
    *mana_value_halves = card == host->hit ? 6u : 0u;
}
