/* SPDX-License-Identifier: MIT */
/* guard.c - the guard's table (guard.h): a plugin asks only about what its
 * resolve handed it.
 *
 * Why the library and not the host: a host answers the calls it gets, and
 * a plugin that asks to move a card it was never shown (the other player's
 * library, a card id guessed from the handles it saw) would be obeyed by
 * most engines. The library knows what the resolve handed the plugin, so it
 * refuses the rest, in process and isolated alike, and blames the plugin.
 */
#include "guard.h"

#include <stdarg.h>
#include <string.h>

static KeyactGuard *guard_of(const keyact_host *table)
{
    return (KeyactGuard *)(gpointer)table; /* the table is the guard's first member */
}

/* ---- the set of handed cards: open addressing, linear probing; 0 is
 * KEYACT_CARD_NONE, never a card, so it marks an empty slot ---- */

/* Fibonacci hashing: the top bits of the product, so handles that differ
 * only in their low bits (an engine's counter) spread over the table. */
static guint32 slot_of(const KeyactGuard *guard, keyact_card_id card)
{
    return (guint32)((card * G_GUINT64_CONSTANT(0x9e3779b97f4a7c15)) >> guard->shift);
}

static inline gboolean look_up(KeyactGuard *guard, keyact_card_id card)
{
    if (card == KEYACT_CARD_NONE)
        return FALSE;
    for (guint32 i = slot_of(guard, card);; i = (i + 1u) & guard->mask) {
        if (guard->slots[i] == card) {
            guard->last = card;
            return TRUE;
        }
        if (guard->slots[i] == KEYACT_CARD_NONE)
            return FALSE;
    }
}

static void place(KeyactGuard *guard, keyact_card_id card)
{
    guint32 i = slot_of(guard, card);

    while (guard->slots[i] != KEYACT_CARD_NONE && guard->slots[i] != card)
        i = (i + 1u) & guard->mask;
    if (guard->slots[i] == KEYACT_CARD_NONE) {
        guard->slots[i] = card;
        guard->n_handed++;
    }
}

/* Move the set to a table of 2^bits slots. */
static void resize(KeyactGuard *guard, guint32 bits)
{
    keyact_card_id *old = guard->slots;
    guint32 old_slots = guard->mask + 1u;

    guard->slots = g_new0(keyact_card_id, (gsize)1u << bits);
    guard->mask = (1u << bits) - 1u;
    guard->shift = 64u - bits;
    guard->n_handed = 0;
    for (guint32 i = 0; i < old_slots; i++) {
        if (old[i] != KEYACT_CARD_NONE)
            place(guard, old[i]);
    }
    if (old != guard->inline_slots)
        g_free(old);
}

/* Room for `cards` at most half full. The library's size, read first by
 * every resolve, sizes the set once when the library is large (a real
 * deck's fits in the inline slots, and a short run from a long library
 * should not pay for the whole of it): a long run then never rehashes,
 * and a table that large comes zeroed from calloc's mmap. Capped: past
 * KEYACT_GUARD_RESERVE_BITS the set grows as it fills. */
#define KEYACT_GUARD_RESERVE_FROM 1024u
#define KEYACT_GUARD_RESERVE_BITS 18u
static void reserve(KeyactGuard *guard, guint32 cards)
{
    if (cards < KEYACT_GUARD_RESERVE_FROM)
        return;
    guint32 bits = 64u - guard->shift;
    while (bits < KEYACT_GUARD_RESERVE_BITS && ((guint64)cards * 2u) > ((guint64)1u << bits))
        bits++;
    if (bits > 64u - guard->shift)
        resize(guard, bits);
}

static void hand(KeyactGuard *guard, keyact_card_id card)
{
    if (card == KEYACT_CARD_NONE)
        return;
    if ((guard->n_handed + 1u) * 2u > guard->mask + 1u)
        resize(guard, 65u - guard->shift);
    place(guard, card);
    guard->last = card;
}

/* Most calls are about the card the one before was about (a move, its
 * event, its description): `last` answers those without the table. */
static inline gboolean handed(KeyactGuard *guard, keyact_card_id card)
{
    return (card == guard->last && card != KEYACT_CARD_NONE) || look_up(guard, card);
}

/* ---- refusals ---- */

/* Count a refusal; the first of a resolve is warned about, naming the
 * plugin (the host did nothing wrong). */
static G_GNUC_PRINTF(2, 3) void deny(KeyactGuard *guard, const char *format, ...)
{
    if (guard->n_denied++ > 0)
        return;
    va_list args;
    va_start(args, format);
    g_autofree char *what = g_strdup_vprintf(format, args);
    va_end(args);
    const KeyactBoundAction *bound = guard->bound;
    g_warning("plugin %s (%s): %s; refused (KEYACT_E_DENIED): a plugin asks only about the "
              "game, the player and the cards its resolve handed it",
              bound->plugin != NULL ? bound->plugin->path : "(not loaded by libkeyact-host)",
              bound->action->impl_id, what);
}

/* The checks are inline and the refusals out of line: a resolve that asks
 * only about what it was handed pays a compare or two per call. */
static G_GNUC_NO_INLINE __attribute__((cold)) gboolean refuse_game(KeyactGuard *guard, const char *call,
                                             keyact_game_id game)
{
    deny(guard, "%s in game %" G_GUINT64_FORMAT ", not the resolve's game %" G_GUINT64_FORMAT,
         call, game, guard->game);
    return FALSE;
}

static G_GNUC_NO_INLINE __attribute__((cold)) gboolean refuse_player(KeyactGuard *guard, const char *call,
                                               keyact_player_id player)
{
    deny(guard, "%s for player %" G_GUINT64_FORMAT ", not the resolve's player %" G_GUINT64_FORMAT,
         call, player, guard->player);
    return FALSE;
}

static G_GNUC_NO_INLINE __attribute__((cold)) gboolean refuse_card(KeyactGuard *guard, const char *call,
                                             keyact_card_id card)
{
    deny(guard, "%s about card %" G_GUINT64_FORMAT ", which no library read of this resolve "
         "handed it", call, card);
    return FALSE;
}

static inline gboolean allow_game(KeyactGuard *guard, const char *call, keyact_game_id game)
{
    return G_LIKELY(game == guard->game) || refuse_game(guard, call, game);
}

static inline gboolean allow_player(KeyactGuard *guard, const char *call, keyact_game_id game,
                                    keyact_player_id player)
{
    return allow_game(guard, call, game) &&
           (G_LIKELY(player == guard->player) || refuse_player(guard, call, player));
}

static inline gboolean allow_card(KeyactGuard *guard, const char *call, keyact_card_id card)
{
    return G_LIKELY(handed(guard, card)) || refuse_card(guard, call, card);
}

/* An event is about the resolve's player and a handed card (or none); one
 * too small to say which card is refused, since nothing could be checked. */
static gboolean allow_event(KeyactGuard *guard, const char *call, const keyact_event *event)
{
    if (event == NULL || event->struct_size < KEYACT_EVENT_SIZE_1_0) {
        deny(guard, "%s with an event of %u bytes, too small to say whose and which card",
             call, event != NULL ? event->struct_size : 0u);
        return FALSE;
    }
    if (event->player != guard->player) {
        deny(guard, "%s of an event for player %" G_GUINT64_FORMAT ", not the resolve's "
             "player %" G_GUINT64_FORMAT, call, event->player, guard->player);
        return FALSE;
    }
    return event->card == KEYACT_CARD_NONE || allow_card(guard, call, event->card);
}

/* The host reads options[0..option_count-1]: a count past what any card
 * can offer, or a face no card has, would send it past the plugin's array
 * or a card's faces. */
static gboolean allow_options(KeyactGuard *guard, const char *call, const keyact_option *options,
                              uint32_t option_count)
{
    if (options == NULL || option_count < 2u || option_count > KEYACT_MAX_FACES + 1u) {
        deny(guard, "%s with %u options, where a card has 2 to %u", call, option_count,
             KEYACT_MAX_FACES + 1u);
        return FALSE;
    }
    for (uint32_t i = 0; i < option_count; i++) {
        if (options[i].kind == KEYACT_OPTION_CAST_FACE && options[i].face >= KEYACT_MAX_FACES) {
            deny(guard, "%s offering face %u, where a card has at most %u", call,
                 options[i].face, KEYACT_MAX_FACES);
            return FALSE;
        }
    }
    return TRUE;
}

/* ---- the table ---- */

static int32_t gd_library_size(const keyact_host *table, keyact_game_id game,
                              keyact_player_id player, uint32_t *out_size)
{
    KeyactGuard *guard = guard_of(table);
    if (!allow_player(guard, "library_size", game, player))
        return KEYACT_E_DENIED;
    int32_t rc = guard->inner->library_size(guard->inner, game, player, out_size);
    if (rc == KEYACT_OK && out_size != NULL)
        reserve(guard, *out_size);
    return rc;
}

static int32_t gd_library_card(const keyact_host *table, keyact_game_id game,
                              keyact_player_id player, uint32_t index_from_top,
                              keyact_card_id *out_card)
{
    KeyactGuard *guard = guard_of(table);
    if (!allow_player(guard, "library_card", game, player))
        return KEYACT_E_DENIED;
    int32_t rc = guard->inner->library_card(guard->inner, game, player, index_from_top,
                                            out_card);
    if (rc == KEYACT_OK && out_card != NULL)
        hand(guard, *out_card);
    return rc;
}

static int32_t gd_move_card(const keyact_host *table, keyact_game_id game,
                           keyact_player_id player, keyact_card_id card, uint32_t to_zone,
                           uint32_t library_index, uint32_t flags)
{
    KeyactGuard *guard = guard_of(table);
    if (!allow_player(guard, "move_card", game, player) ||
        !allow_card(guard, "move_card", card))
        return KEYACT_E_DENIED;
    return guard->inner->move_card(guard->inner, game, player, card, to_zone, library_index,
                                   flags);
}

static int32_t gd_describe_card(const keyact_host *table, keyact_game_id game,
                               keyact_card_id card, keyact_card_desc *out_desc)
{
    KeyactGuard *guard = guard_of(table);
    if (!allow_game(guard, "describe_card", game) || !allow_card(guard, "describe_card", card))
        return KEYACT_E_DENIED;
    return guard->inner->describe_card(guard->inner, game, card, out_desc);
}

static int32_t gd_can_cast_face(const keyact_host *table, keyact_game_id game,
                               keyact_player_id player, keyact_card_id card, uint32_t face,
                               uint32_t *out_can)
{
    KeyactGuard *guard = guard_of(table);
    if (!allow_player(guard, "can_cast_face", game, player) ||
        !allow_card(guard, "can_cast_face", card))
        return KEYACT_E_DENIED;
    return guard->inner->can_cast_face(guard->inner, game, player, card, face, out_can);
}

static int32_t gd_choose(const keyact_host *table, keyact_game_id game, keyact_player_id player,
                        keyact_card_id card, const keyact_option *options,
                        uint32_t option_count, uint32_t *out_index)
{
    KeyactGuard *guard = guard_of(table);
    if (!allow_player(guard, "choose", game, player) || !allow_card(guard, "choose", card) ||
        !allow_options(guard, "choose", options, option_count))
        return KEYACT_E_DENIED;
    return guard->inner->choose(guard->inner, game, player, card, options, option_count,
                                out_index);
}

static int32_t gd_cast_free(const keyact_host *table, keyact_game_id game,
                           keyact_player_id player, keyact_card_id card, uint32_t face,
                           uint32_t *out_cast)
{
    KeyactGuard *guard = guard_of(table);
    if (!allow_player(guard, "cast_free", game, player) || !allow_card(guard, "cast_free", card))
        return KEYACT_E_DENIED;
    return guard->inner->cast_free(guard->inner, game, player, card, face, out_cast);
}

static int32_t gd_random_below(const keyact_host *table, keyact_game_id game, uint32_t bound,
                              uint32_t *out_value)
{
    KeyactGuard *guard = guard_of(table);
    if (!allow_game(guard, "random_below", game))
        return KEYACT_E_DENIED;
    return guard->inner->random_below(guard->inner, game, bound, out_value);
}

/* A refused event is dropped: notify returns nothing to refuse with. */
static void gd_notify(const keyact_host *table, keyact_game_id game, const keyact_event *event)
{
    KeyactGuard *guard = guard_of(table);
    if (allow_game(guard, "notify", game) && allow_event(guard, "notify", event))
        guard->inner->notify(guard->inner, game, event);
}

static void gd_log(const keyact_host *table, int32_t level, const char *message)
{
    KeyactGuard *guard = guard_of(table);
    guard->inner->log(guard->inner, level, message);
}

static const void *gd_get_extension(const keyact_host *table, const char *id)
{
    KeyactGuard *guard = guard_of(table);
    return guard->inner->get_extension(guard->inner, id);
}

static int32_t gd_library_cards(const keyact_host *table, keyact_game_id game,
                               keyact_player_id player, uint32_t from_top, uint32_t count,
                               keyact_card_id *out_cards)
{
    KeyactGuard *guard = guard_of(table);
    if (!allow_player(guard, "library_cards", game, player))
        return KEYACT_E_DENIED;
    int32_t rc = guard->inner->library_cards(guard->inner, game, player, from_top, count,
                                             out_cards);
    for (uint32_t i = 0; rc == KEYACT_OK && out_cards != NULL && i < count; i++)
        hand(guard, out_cards[i]);
    return rc;
}

static int32_t gd_describe_cards(const keyact_host *table, keyact_game_id game,
                                const keyact_card_id *cards, uint32_t count,
                                keyact_card_desc *const *out_descs)
{
    KeyactGuard *guard = guard_of(table);
    if (cards == NULL && count > 0)
        return KEYACT_E_INVAL;
    if (!allow_game(guard, "describe_cards", game))
        return KEYACT_E_DENIED;
    for (uint32_t i = 0; i < count; i++) {
        if (!allow_card(guard, "describe_cards", cards[i]))
            return KEYACT_E_DENIED;
    }
    return guard->inner->describe_cards(guard->inner, game, cards, count, out_descs);
}

/* All or nothing: a batch with one refused step applies none (*out_done 0). */
static int32_t gd_apply_steps(const keyact_host *table, keyact_game_id game,
                             keyact_player_id player, const keyact_step *steps, uint32_t count,
                             uint32_t *out_done)
{
    KeyactGuard *guard = guard_of(table);
    if (steps == NULL && count > 0)
        return KEYACT_E_INVAL;
    gboolean allowed = allow_player(guard, "apply_steps", game, player);
    for (uint32_t i = 0; allowed && i < count; i++) {
        const keyact_step *step = &steps[i];
        if (step->struct_size < KEYACT_STEP_SIZE_1_1) {
            deny(guard, "apply_steps with a step of %u bytes, too small to say which card",
                 step->struct_size);
            allowed = FALSE;
        } else {
            allowed = (step->to_zone == KEYACT_ZONE_NONE ||
                       allow_card(guard, "apply_steps", step->card)) &&
                      (step->event == NULL || allow_event(guard, "apply_steps", step->event));
        }
    }
    if (!allowed) {
        if (out_done != NULL)
            *out_done = 0;
        return KEYACT_E_DENIED;
    }
    return guard->inner->apply_steps(guard->inner, game, player, steps, count, out_done);
}

static int32_t gd_random_below_each(const keyact_host *table, keyact_game_id game,
                                   const uint32_t *bounds, uint32_t count, uint32_t *out_values)
{
    KeyactGuard *guard = guard_of(table);
    if (!allow_game(guard, "random_below_each", game))
        return KEYACT_E_DENIED;
    return guard->inner->random_below_each(guard->inner, game, bounds, count, out_values);
}

static int32_t gd_card_zone(const keyact_host *table, keyact_game_id game, keyact_card_id card,
                           uint32_t *out_zone)
{
    KeyactGuard *guard = guard_of(table);
    if (!allow_game(guard, "card_zone", game) || !allow_card(guard, "card_zone", card))
        return KEYACT_E_DENIED;
    return guard->inner->card_zone(guard->inner, game, card, out_zone);
}

#define HAS(host, member) (KEYACT_HOST_HAS(host, member) && (host)->member != NULL)

/* The inner table's header, and a guarded callback exactly where it has
 * one, so the plugin makes the same calls as with the inner table. */
static void table_init(keyact_host *t, const keyact_host *inner)
{
    memset(t, 0, sizeof *t);
    t->struct_size = MIN(inner->struct_size, (uint32_t)sizeof *t);
    t->abi_major = inner->abi_major;
    t->abi_minor = inner->abi_minor;
    t->reserved0 = inner->reserved0;
    t->host_data = inner->host_data;
    t->host_name = inner->host_name;
    t->library_size = inner->library_size != NULL ? gd_library_size : NULL;
    t->library_card = inner->library_card != NULL ? gd_library_card : NULL;
    t->move_card = inner->move_card != NULL ? gd_move_card : NULL;
    t->describe_card = inner->describe_card != NULL ? gd_describe_card : NULL;
    t->can_cast_face = inner->can_cast_face != NULL ? gd_can_cast_face : NULL;
    t->choose = inner->choose != NULL ? gd_choose : NULL;
    t->cast_free = inner->cast_free != NULL ? gd_cast_free : NULL;
    t->random_below = inner->random_below != NULL ? gd_random_below : NULL;
    t->notify = inner->notify != NULL ? gd_notify : NULL;
    t->log = inner->log != NULL ? gd_log : NULL;
    t->get_extension = inner->get_extension != NULL ? gd_get_extension : NULL;
    if (HAS(inner, library_cards))
        t->library_cards = gd_library_cards;
    if (HAS(inner, describe_cards))
        t->describe_cards = gd_describe_cards;
    if (HAS(inner, apply_steps))
        t->apply_steps = gd_apply_steps;
    if (HAS(inner, random_below_each))
        t->random_below_each = gd_random_below_each;
    if (HAS(inner, card_zone))
        t->card_zone = gd_card_zone;
}

void keyact_guard_begin(KeyactGuard *guard, const KeyactBoundAction *bound,
                        const keyact_host *inner, const keyact_resolve_args *args)
{
    table_init(&guard->table, inner);
    guard->inner = inner;
    guard->bound = bound;
    guard->game = args->game;
    guard->player = args->player;
    guard->n_handed = 0;
    guard->mask = KEYACT_GUARD_INLINE - 1u;
    guard->shift = 64u - KEYACT_GUARD_INLINE_BITS;
    guard->last = KEYACT_CARD_NONE;
    guard->slots = guard->inline_slots;
    guard->n_denied = 0;
    memset(guard->inline_slots, 0, sizeof guard->inline_slots);
}

gboolean keyact_guard_question(KeyactGuard *guard, const keyact_question *question)
{
    const char *call = "a stepped resolve's question";

    if (!allow_player(guard, call, question->game, question->player) ||
        !allow_card(guard, call, question->card))
        return FALSE;
    if (question->kind == KEYACT_QUESTION_CHOOSE)
        return allow_options(guard, call, question->options, question->option_count);
    if ((question->kind == KEYACT_QUESTION_CAN_CAST || question->kind == KEYACT_QUESTION_CAST) &&
        question->face < KEYACT_MAX_FACES)
        return TRUE;
    deny(guard, "%s of kind %u about face %u, which no question can be", call, question->kind,
         question->face);
    return FALSE;
}

/* Take out of the result what the host never handed the plugin. */
static void check_result(KeyactGuard *guard, keyact_resolve_result *result)
{
    if (result->discovered != KEYACT_CARD_NONE &&
        !allow_card(guard, "the result's discovered card", result->discovered)) {
        result->discovered = KEYACT_CARD_NONE;
        result->mana_value_halves = 0;
    }
    if (result->stranded == NULL)
        return;
    uint32_t written = MIN(result->stranded_count, result->stranded_capacity);
    uint32_t kept = 0;
    for (uint32_t i = 0; i < written; i++) {
        if (allow_card(guard, "the result's stranded list", result->stranded[i]))
            result->stranded[kept++] = result->stranded[i];
    }
    if (kept == written)
        return;
    /* A list with a card the host never handed is a lie: what it claims
     * past the buffer is not believed either (the host would read a full
     * buffer for a count above its capacity). The host's own record (the
     * validation layer, an isolated plugin's ledger) still finds them. */
    for (uint32_t i = kept; i < written; i++)
        result->stranded[i] = KEYACT_CARD_NONE;
    result->stranded_count = kept;
}

int32_t keyact_guard_end(KeyactGuard *guard, int32_t status, keyact_resolve_result *result)
{
    if (result != NULL)
        check_result(guard, result);
    if (guard->slots != guard->inline_slots)
        g_free(guard->slots);
    guard->slots = guard->inline_slots;
    return guard->n_denied > 0 ? KEYACT_E_DENIED : status;
}

int32_t keyact_guarded_resolve(const KeyactBoundAction *bound, const keyact_host *table,
                               const keyact_resolve_args *args, keyact_resolve_result *result)
{
    KeyactGuard guard;
    /* What the host set in the result is the host's: the plugin writes the
     * rest, never where the stranded cards go. */
    const uint32_t size = result->struct_size, capacity = result->stranded_capacity;
    keyact_card_id *const stranded = result->stranded;

    keyact_guard_begin(&guard, bound, table, args);
    int32_t status = bound->action->resolve(bound->plugin_ctx, keyact_guard_table(&guard), args,
                                            result);
    result->struct_size = size;
    result->stranded_capacity = capacity;
    result->stranded = stranded;
    return keyact_guard_end(&guard, status, result);
}
