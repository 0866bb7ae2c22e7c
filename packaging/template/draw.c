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

static void notify(const keyact_host *host, const keyact_resolve_args *args,
                   uint32_t type, keyact_card_id card)
{
    if (host->notify == NULL)
        return;
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
    host->notify(host, args->game, &event);
}

static int32_t draw_resolve(void *plugin_ctx, const keyact_host *host,
                            const keyact_resolve_args *args, keyact_resolve_result *result)
{
    /* A host built against 1.0 or later passes structs at least this big;
     * anything smaller is not a keyact 1 host. */
    if (plugin_ctx == NULL || host == NULL || args == NULL || result == NULL
        || host->struct_size < sizeof(keyact_host) || host->library_size == NULL
        || host->library_card == NULL || host->move_card == NULL
        || args->struct_size < sizeof(keyact_resolve_args)
        || result->struct_size < sizeof(keyact_resolve_result) || args->n < 0)
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

    /* Always the top card: each draw takes the card the last one uncovered.
     * On a failure the cards drawn so far are in hand, where the rules put
     * them, and the rest never left the library. */
    for (uint32_t drawn = 0; drawn < (uint32_t)args->n && drawn < library; drawn++) {
        keyact_card_id card = KEYACT_CARD_NONE;
        rc = host_status(host->library_card(host, args->game, args->player,
                                            KEYACT_LIBRARY_TOP, &card));
        if (rc != KEYACT_OK)
            return rc;
        rc = host_status(host->move_card(host, args->game, args->player, card,
                                         KEYACT_ZONE_HAND, 0, 0));
        if (rc != KEYACT_OK)
            return rc;
        notify(host, args, KEYACT_EVENT_TO_HAND, card);
    }

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
