/* SPDX-License-Identifier: MIT */
/* engine.c - the stack, cast triggers, discover and cascade. */
#include "engine.h"

#include <string.h>

#include "host-table.h"
#include "spell-value.h"

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
        .n = obj->card->discover_n,
        .mana_x = free_cast || x < 0 ? 0u : (guint)x,
    };
    g_array_append_val(game->stack, item);
}

void ref_engine_cast_spell(RefGame *game, guint player, guint id, guint face,
                           gboolean free_cast, gint x, gboolean targets_illegal)
{
    ref_engine_put_spell(game, player, id, face, free_cast, x, targets_illegal);
    const RefStackItem *spell = &g_array_index(game->stack, RefStackItem, game->stack->len - 1);
    const RefCard *card = ref_game_card(game, id)->card;
    guint instances = face < card->n_faces ? card->faces[face].cascade : 0;
    for (guint i = 1; i <= instances; i++) {
        RefStackItem trigger = {
            .kind = REF_STACK_CASCADE,
            .card = id,
            .controller = player,
            .face = face,
            .cast = FALSE,
            .free = FALSE,
            .x = -1,
            .targets_illegal = FALSE,
            .n = 0,
            .mana_x = spell->mana_x,
            .instance = i,
        };
        g_array_append_val(game->pending, trigger);
    }
}

/* Put the waiting cascade triggers on the stack, each with its N: the
 * spell's mana value on the stack. N is whole in the ABI; a half-mana
 * spell (no printed card has cascade and half mana) rounds down. */
static gboolean put_pending_triggers(RefGame *game, GError **error)
{
    for (guint i = 0; i < game->pending->len; i++) {
        RefStackItem trigger = g_array_index(game->pending, RefStackItem, i);
        const RefCard *card = ref_game_card(game, trigger.card)->card;
        guint halves = 0;
        g_autoptr(GError) local = NULL;
        if (!ref_spell_mana_value(card->faces[trigger.face].mana_cost, trigger.mana_x, &halves,
                                  &local)) {
            g_set_error(error, REF_GAME_ERROR, REF_GAME_ERROR_RULES,
                        "%s's cascade: cannot compute the spell's mana value: %s",
                        card->faces[trigger.face].name, local->message);
            g_array_set_size(game->pending, 0);
            return FALSE;
        }
        trigger.n = (gint)(halves / 2);
        g_array_append_val(game->stack, trigger);
        RefEvent triggered = ref_event_init(REF_EVENT_CASCADE_TRIGGER, trigger.controller,
                                            trigger.card);
        triggered.face = trigger.face;
        triggered.n = trigger.n;
        triggered.index = trigger.instance;
        ref_game_add_event(game, &triggered);
    }
    g_array_set_size(game->pending, 0);
    return TRUE;
}

/* The N an object discovers: its printed N, or its X for "discover X". */
static gboolean discover_n_of(RefGame *game, const RefStackItem *item, gint *out_n,
                              GError **error)
{
    if (item->n >= 0) {
        *out_n = item->n;
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
        .n = n,
    };
    g_array_append_val(game->stack, trigger);
    RefEvent triggered = ref_event_init(REF_EVENT_TRIGGER, item->controller, item->card);
    triggered.n = n;
    ref_game_add_event(game, &triggered);
    return TRUE;
}

/* The Treasure token's printed facts (CR 111.10a: "a colorless Treasure
 * artifact token with '{T}, Sacrifice this token: Add one mana of any
 * color'"). A token never reaches the plugin, so it needs no description. */
static const RefCard treasure_token = {
    .name = (char *)"Treasure",
    .layout = KEYACT_LAYOUT_NORMAL,
    .layout_name = (char *)"token",
    .type_line = (char *)"Token Artifact \u2014 Treasure",
    .n_faces = 1,
    .faces = { { .name = (char *)"Treasure", .mana_cost = (char *)"",
                 .type_line = (char *)"Token Artifact \u2014 Treasure" } },
    .is_permanent = TRUE,
};

/* What a card does with the discovered card after it discovers, as its card
 * says (RefCard.treasures_below, Hit the Mother Lode): "If the discovered
 * card's mana value is less than T, create a number of tapped Treasure
 * tokens equal to the difference." The discovered card and its value are
 * the DISCOVERED event's (CR 701.57c: a land when the library ran out);
 * no discovered card, none. A half mana value (an Un-card) leaves a half
 * difference, rounded down: no half token is made. */
static void discovered_payoff(RefGame *game, const RefStackItem *item)
{
    const RefCard *card = ref_game_card(game, item->card)->card;
    guint resolution = game->resolutions->len;
    const RefEvent *discovered = NULL;

    if (card->treasures_below == 0)
        return;
    for (guint i = game->events->len; i-- > 0 && discovered == NULL;) {
        const RefEvent *e = &g_array_index(game->events, RefEvent, i);
        if (e->resolution == resolution && e->type == REF_EVENT_DISCOVERED)
            discovered = e;
    }
    RefEvent tokens = ref_event_init(REF_EVENT_CREATE_TOKENS, item->controller, item->card);
    tokens.n = (gint)card->treasures_below;
    if (discovered != NULL && discovered->card != 0) {
        guint below = 2u * card->treasures_below;
        tokens.mana_value_halves = discovered->mana_value_halves;
        tokens.has_mana_value = TRUE;
        tokens.index = discovered->mana_value_halves < below
                           ? (below - discovered->mana_value_halves) / 2u : 0u;
    }
    for (guint i = 0; i < tokens.index; i++)
        ref_game_create_token(game, item->controller, &treasure_token, TRUE);
    ref_game_add_event(game, &tokens);
}

static char *stranded_names(const RefGame *game, const RefResolution *d)
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

/* "discover 3 (source: Daring Discovery)", "cascade (mana value 4, source:
 * Bloodbraid Elf)": what a message calls the action. */
static char *describe_action(const RefGame *game, RefActionKind kind, gint n, guint source)
{
    const char *source_name = source != 0 ? ref_game_card_name(game, source) : NULL;
    if (kind == REF_ACTION_CASCADE)
        return g_strdup_printf("cascade (mana value %d%s%s)", n,
                               source_name != NULL ? ", source: " : "",
                               source_name != NULL ? source_name : "");
    return g_strdup_printf("discover %d (%s%s)", n, source_name != NULL ? "source: " : "no source",
                           source_name != NULL ? source_name : "");
}

/* What is left of resolving a spell that discovered as it resolved, once
 * the discover is over: what it does with the discovered card, then into
 * its graveyard (the last step of resolving). */
static void finish_spell(RefGame *game, const RefStackItem *spell)
{
    discovered_payoff(game, spell);
    put_into_graveyard_or_adventure(game, spell);
}

/* The action resolving is over, its status and result in game->current:
 * a failure is a RULES error; otherwise the spell it is part of (or NULL)
 * finishes resolving. */
static gboolean end_action(RefGame *game, const RefStackItem *spell, GError **error)
{
    const RefResolution *d = game->current;
    game->current = NULL;
    if (d->status != KEYACT_OK || (d->result.flags & KEYACT_RESULT_COMPLETE) == 0) {
        const RefPlayer *p = ref_game_player(game, d->player);
        g_autofree char *what = describe_action(game, d->action, d->n, d->source);
        g_autofree char *stranded = stranded_names(game, d);
        g_set_error(error, REF_GAME_ERROR, REF_GAME_ERROR_RULES,
                    "%s's %s failed: the plugin returned %s (%d)%s%s%s", p->name, what,
                    keyact_status_name(d->status), d->status,
                    (d->result.flags & KEYACT_RESULT_COMPLETE) != 0 ? ""
                                                                   : ", the action did not finish",
                    *stranded != '\0' ? "; left in exile: " : "", stranded);
        return FALSE;
    }
    if (spell != NULL)
        finish_spell(game, spell);
    return TRUE;
}

/* Record one discover or cascade and start it through libkeyact-host: in
 * steps when the engine resolves in steps and the action can (the turns
 * run it on), else blocking, over before this returns. `spell`: the spell
 * it is part of, or NULL. */
static gboolean start_action(RefGame *game, const RefActions *actions, RefActionKind kind,
                             guint player, gint n, guint source, const RefStackItem *spell,
                             GError **error)
{
    const KeyactBoundAction *action = kind == REF_ACTION_CASCADE ? actions->cascade
                                                                 : actions->discover;
    const RefPlayer *p = ref_game_player(game, player);
    g_return_val_if_fail(game->resolving == NULL, FALSE);
    if (action == NULL) {
        g_autofree char *what = describe_action(game, kind, n, source);
        const char *name = kind == REF_ACTION_CASCADE ? "cascade" : "discover";
        g_set_error(error, REF_GAME_ERROR, REF_GAME_ERROR_RULES,
                    "%s's %s needs the \"%s\" action, and no loaded plugin provides it "
                    "(keyact-%s.so)", p->name, what, name, name);
        return FALSE;
    }

    RefResolution *d = g_new0(RefResolution, 1);
    d->action = kind;
    d->player = player;
    d->n = n;
    d->source = source;
    d->options = g_array_new(FALSE, TRUE, sizeof(keyact_option));
    d->chosen = -1;
    d->result.struct_size = sizeof d->result;
    d->result.face_cast = KEYACT_FACE_NONE;
    d->result.stranded_capacity = G_N_ELEMENTS(d->stranded);
    d->result.stranded = d->stranded;
    g_ptr_array_add(game->resolutions, d);
    game->current = d;

    RefEvent event = ref_event_init(kind == REF_ACTION_CASCADE ? REF_EVENT_CASCADE
                                                               : REF_EVENT_DISCOVER,
                                    player, source);
    event.n = n;
    ref_game_add_event(game, &event);

    keyact_resolve_args args = {
        .struct_size = sizeof args,
        .n = n,
        .game = REF_GAME_ID,
        .player = (keyact_player_id)player + 1,
        .source = source,
    };
    gsize size = actions->stepped ? keyact_bound_action_state_size(action) : 0;
    if (size == 0) {
        d->status = keyact_bound_action_resolve(action, &game->host, &args, &d->result);
        return end_action(game, spell, error);
    }
    RefResolving *r = g_new0(RefResolving, 1);
    r->state = g_malloc0(size);
    r->question.struct_size = sizeof r->question;
    r->has_item = spell != NULL;
    if (spell != NULL)
        r->item = *spell;
    d->status = keyact_bound_action_begin(action, &game->host, &args, KEYACT_WAIT_ALL, r->state,
                                          size);
    if (d->status != KEYACT_OK) {
        ref_resolving_free(r);
        return end_action(game, spell, error);
    }
    game->resolving = r;
    return TRUE;
}

static gboolean resolve_spell(RefGame *game, const RefActions *actions,
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
        /* The rest of its resolving (finish_spell) waits for the discover. */
        return start_action(game, actions, REF_ACTION_DISCOVER, item->controller, n, item->card,
                            item, error);
    }
    /* The spell is put into its graveyard as the last step of resolving. */
    put_into_graveyard_or_adventure(game, item);
    return TRUE;
}

/* Give the resolve the answer to the question it waits for. */
static gboolean answer(RefGame *game, int32_t status, uint32_t value, GError **error)
{
    RefResolving *r = game->resolving;
    keyact_answer a = {
        .struct_size = sizeof a,
        .kind = r->question.kind,
        .status = status,
        .value = value,
    };
    r->question.kind = KEYACT_QUESTION_NONE;
    int32_t rc = keyact_resolve_answer(r->state, &a);
    if (rc != KEYACT_OK) {
        g_set_error(error, REF_GAME_ERROR, REF_GAME_ERROR_RULES,
                    "the plugin refused the host's answer to its question: %s (%d)",
                    keyact_status_name(rc), rc);
        return FALSE;
    }
    return TRUE;
}

/* A turn of the stepped resolve in progress: answer the engine's question
 * it waits for, or step it on (to the next question, or to its end). */
static RefEngineState resolving_turn(RefGame *game, GError **error)
{
    RefResolving *r = game->resolving;
    keyact_question *q = &r->question;
    uint32_t value = 0;
    int32_t status;

    switch (q->kind) {
    case KEYACT_QUESTION_CHOOSE:
        return REF_ENGINE_ASKING;
    case KEYACT_QUESTION_CAN_CAST:
        status = ref_host_can_cast_face(game, q->game, q->player, q->card, q->face, &value);
        return answer(game, status, value, error) ? REF_ENGINE_BUSY : REF_ENGINE_FAILED;
    case KEYACT_QUESTION_CAST:
        /* The engine's own cast, between two steps of the resolve. */
        status = ref_host_cast_free(game, q->game, q->player, q->card, q->face, &value);
        return answer(game, status, value, error) ? REF_ENGINE_BUSY : REF_ENGINE_FAILED;
    case KEYACT_QUESTION_NONE:
        break;
    default: /* a kind this host does not know: it answers as a callback it lacks */
        return answer(game, KEYACT_E_NOTSUP, 0, error) ? REF_ENGINE_BUSY : REF_ENGINE_FAILED;
    }

    int32_t rc = keyact_resolve_step(r->state, &game->current->result, q);
    if (rc == KEYACT_WAITING) {
        if (q->kind != KEYACT_QUESTION_CHOOSE)
            return REF_ENGINE_BUSY;
        status = ref_host_offer_choice(game, q->game, q->player, q->card, q->options,
                                       q->option_count);
        if (status == KEYACT_OK)
            return REF_ENGINE_ASKING;
        /* A question the callback would refuse: nobody is asked. */
        return answer(game, status, 0, error) ? REF_ENGINE_BUSY : REF_ENGINE_FAILED;
    }
    /* Over: the block is ours again. */
    game->current->status = rc;
    RefStackItem spell = r->item;
    gboolean has_spell = r->has_item;
    game->resolving = NULL;
    ref_resolving_free(r);
    return end_action(game, has_spell ? &spell : NULL, error) ? REF_ENGINE_BUSY
                                                              : REF_ENGINE_FAILED;
}

RefEngineState ref_engine_turn(RefGame *game, const RefActions *actions, GError **error)
{
    if (game->resolving != NULL)
        return resolving_turn(game, error);
    /* Triggers from the last cast or resolve go on the stack first. */
    if (!put_pending_triggers(game, error))
        return REF_ENGINE_FAILED;
    if (game->stack->len == 0)
        return REF_ENGINE_IDLE;
    RefStackItem item = g_array_index(game->stack, RefStackItem, game->stack->len - 1);
    g_array_remove_index(game->stack, game->stack->len - 1);
    gboolean ok;
    if (item.kind == REF_STACK_SPELL) {
        ok = resolve_spell(game, actions, &item, error);
    } else {
        RefEvent resolving = ref_event_init(REF_EVENT_RESOLVE, item.controller, item.card);
        resolving.n = item.n;
        ref_game_add_event(game, &resolving);
        ok = start_action(game, actions,
                          item.kind == REF_STACK_CASCADE ? REF_ACTION_CASCADE
                                                         : REF_ACTION_DISCOVER,
                          item.controller, item.n, item.card, NULL, error);
    }
    return ok ? REF_ENGINE_BUSY : REF_ENGINE_FAILED;
}

gboolean ref_engine_get_choice(const RefGame *game, RefChoice *out)
{
    const RefResolving *r = game->resolving;
    if (r == NULL || r->question.kind != KEYACT_QUESTION_CHOOSE)
        return FALSE;
    /* The handles were checked when the choice was offered. */
    out->player = (guint)(r->question.player - 1);
    out->card = (guint)r->question.card;
    out->options = r->question.options;
    out->n_options = r->question.option_count;
    return TRUE;
}

gboolean ref_engine_choose(RefGame *game, gint index, GError **error)
{
    RefChoice choice;
    g_return_val_if_fail(ref_engine_get_choice(game, &choice), FALSE);
    const keyact_question *q = &game->resolving->question;
    uint32_t chosen = ref_host_make_choice(game, q->player, q->card, q->options,
                                           q->option_count, index);
    return answer(game, KEYACT_OK, chosen, error);
}

gboolean ref_engine_discover(RefGame *game, const RefActions *actions,
                             guint player, gint n, guint source, GError **error)
{
    return start_action(game, actions, REF_ACTION_DISCOVER, player, n, source, NULL, error);
}

gboolean ref_engine_cascade(RefGame *game, const RefActions *actions,
                            guint player, gint n, guint source, GError **error)
{
    return start_action(game, actions, REF_ACTION_CASCADE, player, n, source, NULL, error);
}
