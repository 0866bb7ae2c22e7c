/* engine.c - the stack and discover. */
#include "engine.h"

#include <string.h>

gboolean ref_engine_face_is_permanent(const RefCard *card, guint face)
{
    const char *type_line = NULL;
    if (face < card->n_faces)
        type_line = card->faces[face].type_line;
    if (type_line == NULL || *type_line == '\0')
        type_line = card->type_line;
    if (type_line == NULL)
        return FALSE;
    /* Instant and sorcery first: "Kindred Instant" is not a permanent. */
    if (strstr(type_line, "Instant") != NULL || strstr(type_line, "Sorcery") != NULL)
        return FALSE;
    static const char *const permanent_types[] = {
        "Artifact", "Creature", "Enchantment", "Planeswalker", "Land", "Battle",
    };
    for (guint i = 0; i < G_N_ELEMENTS(permanent_types); i++)
        if (strstr(type_line, permanent_types[i]) != NULL)
            return TRUE;
    return FALSE;
}

void ref_engine_put_spell(RefGame *game, guint player, guint id, guint face,
                          gboolean free_cast, gint x, gboolean targets_illegal)
{
    RefCardObj *obj = ref_game_card(game, id);
    g_return_if_fail(obj != NULL);
    ref_game_move(game, id, REF_ZONE_STACK, G_MAXUINT);
    obj->face_up = face;
    RefStackItem item = {
        .kind = REF_STACK_SPELL,
        .card = id,
        .controller = player,
        .face = face,
        .cast = TRUE,
        .free = free_cast,
        .x = x,
        .targets_illegal = targets_illegal,
        .discover_n = obj->card->discover_n,
    };
    g_array_append_val(game->stack, item);
}

/* The N an object discovers: its printed N, or its X for "discover X". */
static gboolean discover_n_of(RefGame *game, const RefStackItem *item, gint *out_n,
                              GError **error)
{
    if (item->discover_n >= 0) {
        *out_n = item->discover_n;
        return TRUE;
    }
    if (item->x < 0) {
        g_set_error(error, REF_GAME_ERROR, REF_GAME_ERROR_INPUT,
                    "%s discovers X: the step must say what X is (key \"x\")",
                    ref_game_card_name(game, item->card));
        return FALSE;
    }
    *out_n = item->x;
    return TRUE;
}

static void put_into_graveyard_or_adventure(RefGame *game, const RefStackItem *item)
{
    const RefCardObj *obj = ref_game_card(game, item->card);
    /* CR 715.4: an adventure spell that resolves is exiled "on an adventure". */
    gboolean adventure = obj->card->layout == KEYACT_LAYOUT_ADVENTURE && item->face == 1 &&
                         !item->targets_illegal;
    ref_game_move(game, item->card, adventure ? REF_ZONE_EXILE : REF_ZONE_GRAVEYARD, G_MAXUINT);
    RefEvent event = ref_event_init(adventure ? REF_EVENT_TO_ADVENTURE : REF_EVENT_TO_GRAVEYARD,
                                    item->controller, item->card);
    ref_game_add_event(game, &event);
}

static gboolean resolve_permanent(RefGame *game, const RefStackItem *item, GError **error)
{
    RefCardObj *obj = ref_game_card(game, item->card);
    ref_game_move(game, item->card, REF_ZONE_BATTLEFIELD, G_MAXUINT);
    obj->face_up = item->face;
    RefEvent event = ref_event_init(REF_EVENT_ENTERS, item->controller, item->card);
    event.face = item->face;
    ref_game_add_event(game, &event);

    /* Only the front face has the ability. "When ~ enters, discover N"
     * triggers whenever it enters; "..., if you cast it, discover N" only
     * when it entered as a cast spell (paid or free). */
    gboolean triggers = item->face == 0
        && (obj->card->discover_kind == REF_DISCOVER_ETB
            || (obj->card->discover_kind == REF_DISCOVER_ETB_IF_CAST && item->cast));
    if (!triggers)
        return TRUE;
    gint n;
    if (!discover_n_of(game, item, &n, error))
        return FALSE;
    RefStackItem trigger = {
        .kind = REF_STACK_TRIGGER,
        .card = item->card,
        .controller = item->controller,
        .face = 0,
        .cast = FALSE,
        .free = FALSE,
        .x = item->x,
        .targets_illegal = FALSE,
        .discover_n = n,
    };
    g_array_append_val(game->stack, trigger);
    RefEvent triggered = ref_event_init(REF_EVENT_TRIGGER, item->controller, item->card);
    triggered.n = n;
    ref_game_add_event(game, &triggered);
    return TRUE;
}

static gboolean resolve_spell(RefGame *game, const KeyactBoundAction *discover,
                              const RefStackItem *item, GError **error)
{
    const RefCardObj *obj = ref_game_card(game, item->card);
    /* CR 608.2b: a spell whose targets have all become illegal doesn't
     * resolve; none of its effects happen, so it doesn't discover. */
    if (item->targets_illegal) {
        RefEvent countered = ref_event_init(REF_EVENT_COUNTERED, item->controller, item->card);
        ref_game_add_event(game, &countered);
        put_into_graveyard_or_adventure(game, item);
        return TRUE;
    }
    RefEvent resolving = ref_event_init(REF_EVENT_RESOLVE, item->controller, item->card);
    resolving.face = item->face;
    ref_game_add_event(game, &resolving);
    if (ref_engine_face_is_permanent(obj->card, item->face))
        return resolve_permanent(game, item, error);

    if (obj->card->discover_kind == REF_DISCOVER_ON_RESOLVE && item->face == 0) {
        gint n;
        if (!discover_n_of(game, item, &n, error))
            return FALSE;
        if (!ref_engine_discover(game, discover, item->controller, n, item->card, error))
            return FALSE;
    }
    /* The spell is put into its graveyard as the last step of resolving. */
    put_into_graveyard_or_adventure(game, item);
    return TRUE;
}

gboolean ref_engine_resolve_stack(RefGame *game, const KeyactBoundAction *discover,
                                  GError **error)
{
    while (game->stack->len > 0) {
        RefStackItem item = g_array_index(game->stack, RefStackItem, game->stack->len - 1);
        g_array_remove_index(game->stack, game->stack->len - 1);
        if (item.kind == REF_STACK_SPELL) {
            if (!resolve_spell(game, discover, &item, error))
                return FALSE;
        } else {
            RefEvent resolving = ref_event_init(REF_EVENT_RESOLVE, item.controller, item.card);
            resolving.n = item.discover_n;
            ref_game_add_event(game, &resolving);
            if (!ref_engine_discover(game, discover, item.controller, item.discover_n,
                                     item.card, error))
                return FALSE;
        }
    }
    return TRUE;
}

static char *stranded_names(const RefGame *game, const RefDiscovery *d)
{
    g_autoptr(GString) names = g_string_new(NULL);
    guint shown = MIN(d->result.stranded_count, (guint32)G_N_ELEMENTS(d->stranded));
    for (guint i = 0; i < shown; i++) {
        const RefCardObj *obj = ref_game_card(game, (guint)MIN(d->stranded[i], G_MAXUINT));
        g_string_append_printf(names, "%s%s", i > 0 ? ", " : "",
                               obj != NULL ? obj->card->name : "(unknown card)");
    }
    if (d->result.stranded_count > shown)
        g_string_append_printf(names, " and %u more", d->result.stranded_count - shown);
    return g_string_free(g_steal_pointer(&names), FALSE);
}

gboolean ref_engine_discover(RefGame *game, const KeyactBoundAction *discover,
                             guint player, gint n, guint source, GError **error)
{
    RefDiscovery *d = g_new0(RefDiscovery, 1);
    d->player = player;
    d->n = n;
    d->source = source;
    d->exiled = g_array_new(FALSE, FALSE, sizeof(guint));
    d->bottom = g_array_new(FALSE, FALSE, sizeof(guint));
    d->options = g_array_new(FALSE, TRUE, sizeof(keyact_option));
    d->chosen = -1;
    d->result.struct_size = sizeof d->result;
    d->result.face_cast = KEYACT_FACE_NONE;
    d->result.stranded_capacity = G_N_ELEMENTS(d->stranded);
    d->result.stranded = d->stranded;
    g_ptr_array_add(game->discoveries, d);
    game->current = d;

    RefEvent event = ref_event_init(REF_EVENT_DISCOVER, player, source);
    event.n = n;
    ref_game_add_event(game, &event);

    keyact_resolve_args args = {
        .struct_size = sizeof args,
        .n = n,
        .game = REF_GAME_ID,
        .player = (keyact_player_id)player + 1,
        .source = source,
    };
    d->status = keyact_bound_action_resolve(discover, &game->host, &args, &d->result);
    game->current = NULL;

    const RefPlayer *p = ref_game_player(game, player);
    if (d->status != KEYACT_OK || (d->result.flags & KEYACT_RESULT_COMPLETE) == 0) {
        g_autofree char *stranded = stranded_names(game, d);
        g_set_error(error, REF_GAME_ERROR, REF_GAME_ERROR_RULES,
                    "%s's discover %d (%s%s) failed: the plugin returned %s (%d)%s%s%s",
                    p->name, n, source != 0 ? "source: " : "no source",
                    source != 0 ? ref_game_card_name(game, source) : "",
                    keyact_status_name(d->status), d->status,
                    (d->result.flags & KEYACT_RESULT_COMPLETE) != 0 ? ""
                                                                   : ", the action did not finish",
                    *stranded != '\0' ? "; left in exile: " : "", stranded);
        return FALSE;
    }
    return TRUE;
}
