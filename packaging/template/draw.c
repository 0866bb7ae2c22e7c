/* SPDX-License-Identifier: MIT */
/* draw.c - a minimal keyact plugin: one action, "draw N".
 *
 * Copy this folder to start a plugin. What every plugin needs is here:
 * negotiate (pick an ABI version from the host's offer), init/deinit (a
 * context per load, no global mutable state), one keyact_action with its
 * resolve, and the one exported symbol, keyact_plugin_entry. The rest of the
 * contract is in keyact-plugin(7).
 *
 * The action: CR 121.2, drawing N cards is drawing a card N times; each draw
 * puts the top card of the player's library into their hand. With fewer
 * than N cards left, the player draws what there is (the game, not the
 * action, makes them lose for drawing from an empty library, CR 704.5b).
 *
 * Host calls: a 1.0 host gets library_size, then library_card, move_card
 * and notify for each card. A 1.1 host that offers the optional batched
 * calls (host.h) gets library_size, then library_cards and apply_steps for
 * each DRAW_BATCH cards: the same moves and events in the same order, in a
 * few calls. Use a batched call only when you negotiated 1.1 and
 * KEYACT_HOST_HAS() says the table has it, and keep the 1.0 calls as the
 * fallback: a 1.0 host, or a 1.1 host without them, is still a keyact host.
 */
#include <stdlib.h>

#include <keyact/keyact.h>

#ifndef TEMPLATE_VERSION
#error "TEMPLATE_VERSION comes from meson.build (the project version)"
#endif

/* The context init hands out. It holds only read-only facts, so resolves
 * on many threads may share it. */
typedef struct template_context {
    keyact_version version; /* the negotiated ABI version */
} template_context;

/* Our major, and no minor newer than the headers we were built with: we
 * cannot know what a later minor would expect of us. */
static int version_supported(const keyact_version *version)
{
    return version->major == KEYACT_ABI_MAJOR && version->minor <= KEYACT_ABI_MINOR;
}

/* Choose the highest version offered that we speak. */
static int32_t template_negotiate(const keyact_version *offered, uint32_t offered_count,
                                  keyact_version *out_chosen)
{
    const keyact_version *best = NULL;

    if (offered == NULL || out_chosen == NULL)
        return KEYACT_E_INVAL;
    for (uint32_t i = 0; i < offered_count; i++) {
        if (version_supported(&offered[i]) && (best == NULL || offered[i].minor > best->minor))
            best = &offered[i];
    }
    if (best == NULL)
        return KEYACT_E_VERSION;
    *out_chosen = *best;
    return KEYACT_OK;
}

static int32_t template_init(const keyact_version *chosen, const char *plugin_path,
                             void **out_ctx)
{
    (void)plugin_path; /* nothing to load from beside the plugin */
    if (chosen == NULL || out_ctx == NULL)
        return KEYACT_E_INVAL;
    if (!version_supported(chosen))
        return KEYACT_E_VERSION;
    template_context *ctx = malloc(sizeof *ctx);
    if (ctx == NULL)
        return KEYACT_E_NOMEM;
    ctx->version = *chosen;
    *out_ctx = ctx;
    return KEYACT_OK;
}

static void template_deinit(void *ctx)
{
    free(ctx);
}

/* Host callbacks answer 0 or a negative code; treat anything else as a
 * host failure so the caller always sees a negative code. */
static int32_t host_status(int32_t rc)
{
    return rc > 0 ? KEYACT_E_HOST : rc;
}

static keyact_event make_event(const keyact_resolve_args *args, uint32_t type,
                               keyact_card_id card)
{
    keyact_event event = {
        .struct_size = sizeof event,
        .type = type,
        .player = args->player,
        .card = card,
        .n = args->n,
        .face = KEYACT_FACE_NONE,
        .index = 0,
        .mana_value_halves = 0,
    };
    return event;
}

static void notify(const keyact_host *host, const keyact_resolve_args *args,
                   uint32_t type, keyact_card_id card)
{
    if (host->notify == NULL)
        return;
    keyact_event event = make_event(args, type, card);
    host->notify(host, args->game, &event);
}

/* The cards drawn per library_cards + apply_steps pair: a bound, so the
 * arrays live on the stack (a plugin allocates nothing per resolve). */
#define DRAW_BATCH 16u

/* The batched calls may be used: 1.1 negotiated, and the host's table is
 * big enough to have them and fills them in. */
static int has_batched_calls(const template_context *ctx, const keyact_host *host)
{
    return ctx->version.minor >= 1 && KEYACT_HOST_HAS(host, library_cards)
           && KEYACT_HOST_HAS(host, apply_steps) && host->library_cards != NULL
           && host->apply_steps != NULL;
}

/* Draw `count` cards the 1.0 way: one card at a time. */
static int32_t draw_one_by_one(const keyact_host *host, const keyact_resolve_args *args,
                               uint32_t count)
{
    /* Always the top card: each draw takes the card the last one uncovered.
     * On a failure the cards drawn so far are in hand, where the rules put
     * them, and the rest never left the library. */
    for (uint32_t drawn = 0; drawn < count; drawn++) {
        keyact_card_id card = KEYACT_CARD_NONE;
        int32_t rc = host_status(host->library_card(host, args->game, args->player,
                                                    KEYACT_LIBRARY_TOP, &card));
        if (rc != KEYACT_OK)
            return rc;
        rc = host_status(host->move_card(host, args->game, args->player, card,
                                         KEYACT_ZONE_HAND, 0, 0));
        if (rc != KEYACT_OK)
            return rc;
        notify(host, args, KEYACT_EVENT_TO_HAND, card);
    }
    return KEYACT_OK;
}

/* Draw `count` cards with the 1.1 batched calls: the top DRAW_BATCH cards
 * in one call, their moves and TO_HAND events in another. apply_steps stops
 * at a failed move, so on a failure the cards before it are in hand with
 * their events sent, as in the 1.0 loop. */
static int32_t draw_in_batches(const keyact_host *host, const keyact_resolve_args *args,
                               uint32_t count)
{
    keyact_card_id cards[DRAW_BATCH];
    keyact_event events[DRAW_BATCH];
    keyact_step steps[DRAW_BATCH];

    for (uint32_t drawn = 0; drawn < count;) {
        uint32_t batch = count - drawn < DRAW_BATCH ? count - drawn : DRAW_BATCH;
        int32_t rc = host_status(host->library_cards(host, args->game, args->player,
                                                     KEYACT_LIBRARY_TOP, batch, cards));
        if (rc != KEYACT_OK)
            return rc;
        for (uint32_t i = 0; i < batch; i++) {
            events[i] = make_event(args, KEYACT_EVENT_TO_HAND, cards[i]);
            steps[i] = (keyact_step){
                .struct_size = sizeof steps[i],
                .to_zone = KEYACT_ZONE_HAND,
                .library_index = 0,
                .flags = 0,
                .card = cards[i],
                .event = &events[i],
            };
        }
        uint32_t done = 0;
        rc = host_status(host->apply_steps(host, args->game, args->player, steps, batch, &done));
        if (rc != KEYACT_OK)
            return rc;
        drawn += batch;
    }
    return KEYACT_OK;
}

static int32_t draw_resolve(void *plugin_ctx, const keyact_host *host,
                            const keyact_resolve_args *args, keyact_resolve_result *result)
{
    /* A host built against 1.0 or later passes structs at least this big;
     * anything smaller is not a keyact 1 host. */
    if (plugin_ctx == NULL || host == NULL || args == NULL || result == NULL
        || host->struct_size < KEYACT_HOST_SIZE_1_0 || host->library_size == NULL
        || host->library_card == NULL || host->move_card == NULL
        || args->struct_size < KEYACT_RESOLVE_ARGS_SIZE_1_0
        || result->struct_size < KEYACT_RESOLVE_RESULT_SIZE_1_0 || args->n < 0)
        return KEYACT_E_INVAL;

    /* Write only the fields we report; struct_size and the stranded buffer
     * belong to the host. Nothing is exiled, so nothing is ever stranded. */
    result->outcome = KEYACT_OUTCOME_NONE;
    result->discovered = KEYACT_CARD_NONE;
    result->mana_value_halves = 0;
    result->face_cast = KEYACT_FACE_NONE;
    result->exiled_count = 0;
    result->bottomed_count = 0;
    result->flags = 0;
    result->stranded_count = 0;

    uint32_t library = 0;
    int32_t rc = host_status(host->library_size(host, args->game, args->player, &library));
    if (rc != KEYACT_OK)
        return rc;

    uint32_t count = (uint32_t)args->n < library ? (uint32_t)args->n : library;
    rc = has_batched_calls(plugin_ctx, host) ? draw_in_batches(host, args, count)
                                             : draw_one_by_one(host, args, count);
    if (rc != KEYACT_OK)
        return rc;

    result->flags = KEYACT_RESULT_COMPLETE;
    notify(host, args, KEYACT_EVENT_FINISHED, KEYACT_CARD_NONE);
    return KEYACT_OK;
}

static const keyact_action draw_action = {
    .struct_size = sizeof(keyact_action),
    .reserved0 = 0,
    .name = "draw",
    .impl_id = "org.example.template.draw",
    .description = "Draw N (CR 121.2): put the top card of the library into hand, N times",
    .resolve = draw_resolve,
};

static const keyact_action *const template_actions[] = { &draw_action };

/* The one exported symbol (keyact-template.map hides everything else). */
KEYACT_PLUGIN_EXPORT const struct keyact_plugin_entry keyact_plugin_entry = {
    .struct_size = sizeof(struct keyact_plugin_entry),
    .abi_major = KEYACT_ABI_MAJOR,
    .abi_minor = KEYACT_ABI_MINOR,
    .action_count = sizeof template_actions / sizeof template_actions[0],
    .plugin_id = "org.example.template",
    .plugin_version = TEMPLATE_VERSION,
    .negotiate = template_negotiate,
    .init = template_init,
    .deinit = template_deinit,
    .actions = template_actions,
    .get_extension = NULL,
};
