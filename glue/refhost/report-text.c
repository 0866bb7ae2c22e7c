/* SPDX-License-Identifier: MIT */
/* report-text.c - the game log people read. */
#include "report.h"
#include "spell-value.h"

char *ref_report_mana_value(guint halves)
{
    if (halves % 2 == 0)
        return g_strdup_printf("%u", halves / 2);
    return g_strdup_printf("%u.5", halves / 2);
}

char *ref_report_face_label(const RefCard *card, guint face)
{
    if (card->n_faces <= 1 || face >= card->n_faces)
        return g_strdup(card->name);
    return g_strdup_printf("%s (%s)", card->faces[face].name, card->name);
}

static const char *player_name(const RefGame *game, guint player)
{
    const RefPlayer *p = ref_game_player(game, player);
    return p != NULL ? p->name : "?";
}

static const RefCard *card_of(const RefGame *game, guint id)
{
    const RefCardObj *obj = ref_game_card(game, id);
    return obj != NULL ? obj->card : NULL;
}

static const char *name_of(const RefGame *game, guint id)
{
    return ref_game_card_name(game, id);
}

/* Why a card was passed over: "land", or its mana value as the plugin
 * computes it (from the card data when the plugin offers no rules
 * extension). */
static char *exile_note(const RefGame *game, const RefCard *card)
{
    uint32_t halves = 0, is_land = 0;
    if (game->rules != NULL &&
        game->rules->card_mana_value(&card->desc, &halves, &is_land) == KEYACT_OK) {
        if (is_land)
            return g_strdup("land");
        g_autofree char *mv = ref_report_mana_value(halves);
        return g_strdup_printf("mana value %s", mv);
    }
    if (card->faces[0].is_land)
        return g_strdup("land");
    if (card->published_mana_value < 0)
        return g_strdup("nonland");
    g_autofree char *mv = ref_report_mana_value((guint)(card->published_mana_value * 2 + 0.5));
    return g_strdup_printf("mana value %s", mv);
}

/* The discover or cascade an event happened in, or NULL. */
static const RefResolution *resolution_of(const RefGame *game, const RefEvent *event)
{
    if (event->resolution == 0 || event->resolution > game->resolutions->len)
        return NULL;
    return g_ptr_array_index(game->resolutions, event->resolution - 1);
}

static gboolean in_cascade(const RefGame *game, const RefEvent *event)
{
    const RefResolution *d = resolution_of(game, event);
    return d != NULL && d->action == REF_ACTION_CASCADE;
}

static const char *option_word(guint32 kind)
{
    switch (kind) {
    case KEYACT_OPTION_CAST_FACE: return "cast it";
    case KEYACT_OPTION_TO_BOTTOM: return "bottom";
    default: return "hand";
    }
}

static void append_options(const RefGame *game, const RefEvent *event, GString *out)
{
    const RefResolution *d = resolution_of(game, event);
    const RefCard *card = card_of(game, event->card);
    if (d == NULL || card == NULL)
        return;
    if (event->asked) {
        /* The player saw the options in the question. */
        g_string_append_printf(out, "  %s chose [%u].\n", player_name(game, event->player),
                               event->index + 1);
        return;
    }
    g_string_append(out, "  options:");
    for (guint i = 0; i < d->options->len; i++) {
        const keyact_option *o = &g_array_index(d->options, keyact_option, i);
        if (o->kind == KEYACT_OPTION_CAST_FACE && o->face < card->n_faces) {
            g_autofree char *mv = ref_report_mana_value(o->mana_value_halves);
            g_string_append_printf(out, "%s [%u] cast %s (mana value %s)", i > 0 ? "," : "",
                                   i + 1, card->faces[o->face].name, mv);
        } else if (o->kind == KEYACT_OPTION_TO_BOTTOM) {
            g_string_append_printf(out, "%s [%u] don't cast it (to the bottom)", i > 0 ? "," : "",
                                   i + 1);
        } else {
            g_string_append_printf(out, "%s [%u] put it into hand", i > 0 ? "," : "", i + 1);
        }
    }
    g_string_append_printf(out, "\n  %s chooses [%u]: %s\n", player_name(game, event->player),
                           event->index + 1, option_word(event->option_kind));
}

/* Whether the plugin offered to cast a face of the card found. */
static gboolean offered_a_cast(const RefResolution *d)
{
    for (guint i = 0; i < d->options->len; i++)
        if (g_array_index(d->options, keyact_option, i).kind == KEYACT_OPTION_CAST_FACE)
            return TRUE;
    return FALSE;
}

/* Why face `f` of the card found could not be cast, from what this host
 * answered and what the rules say of the face. */
static char *face_not_castable(const RefGame *game, const RefResolution *d, const RefCard *card,
                               guint f)
{
    if (f < 32 && (d->faces_refused & (1u << f)) != 0)
        return g_strdup("cannot be cast now");
    if (card->faces[f].is_land)
        return g_strdup("a land");
    if (f > 0 && (card->layout == KEYACT_LAYOUT_TRANSFORM || card->layout == KEYACT_LAYOUT_MELD))
        return g_strdup("a back face, never cast");
    if (f > 0 && card->layout == KEYACT_LAYOUT_FLIP)
        return g_strdup("the flipped half, never cast");
    if (f > 0 && card->layout == KEYACT_LAYOUT_AFTERMATH)
        return g_strdup("an aftermath half, cast only from a graveyard");
    /* Its value as a spell cast without paying: {X} is 0 (CR 107.3). */
    guint32 halves = 0, offset = 0;
    gboolean valued = game->rules != NULL
                          ? game->rules->mana_value(card->faces[f].mana_cost, &halves, &offset) ==
                                KEYACT_OK
                          : ref_spell_mana_value(card->faces[f].mana_cost, 0, &halves, NULL);
    if (valued) {
        g_autofree char *mv = ref_report_mana_value(halves);
        if (d->action == REF_ACTION_CASCADE)
            return g_strdup_printf("mana value %s, not less than %d", mv, d->n);
        return g_strdup_printf("mana value %s > %d", mv, d->n);
    }
    return g_strdup("not offered by the plugin");
}

/* ": it cannot be cast now" or ": no face can be cast (Fire: ...; Ice: ...)"
 * when the plugin offered no cast of the card `e` names; "" otherwise (the
 * choice line says why). */
static char *why_not_cast(const RefGame *game, const RefEvent *e)
{
    const RefResolution *d = resolution_of(game, e);
    const RefCard *card = card_of(game, e->card);
    if (d == NULL || card == NULL || offered_a_cast(d))
        return g_strdup("");
    if (card->n_faces == 1) {
        g_autofree char *why = face_not_castable(game, d, card, 0);
        if (g_str_has_prefix(why, "cannot be cast"))
            return g_strdup_printf(": it %s", why);
        return g_strdup_printf(": it cannot be cast (%s)", why);
    }
    g_autoptr(GString) text = g_string_new(": no face can be cast (");
    for (guint f = 0; f < card->n_faces; f++) {
        g_autofree char *why = face_not_castable(game, d, card, f);
        g_string_append_printf(text, "%s%s: %s", f > 0 ? "; " : "", card->faces[f].name, why);
    }
    g_string_append(text, ")");
    return g_string_free(g_steal_pointer(&text), FALSE);
}

/* The last line of a cascade: what became of the card it found. */
static void append_finished(const RefGame *game, const RefEvent *e, GString *out)
{
    const RefResolution *d = resolution_of(game, e);
    const char *who = player_name(game, e->player);
    if (e->card == 0) {
        g_string_append_printf(out, "%s cascaded (mana value %d): no nonland card with mana value "
                               "less than %d.\n", who, e->n, e->n);
        return;
    }
    if (d != NULL && d->result.outcome == KEYACT_OUTCOME_CAST) {
        g_autofree char *face = ref_report_face_label(card_of(game, e->card), d->result.face_cast);
        g_string_append_printf(out, "%s cascaded (mana value %d): cast %s.\n", who, e->n, face);
        return;
    }
    g_autofree char *why = why_not_cast(game, e);
    g_string_append_printf(out, "%s cascaded (mana value %d): %s was not cast%s; it went to the "
                           "bottom.\n", who, e->n, name_of(game, e->card), why);
}

/* Print one event; returns how many events it consumed (a run of BOTTOM
 * events, or a RESOLVE followed by its ENTERS, print as one line). */
static guint append_event(const RefGame *game, guint i, guint to, GString *out)
{
    const RefEvent *e = &g_array_index(game->events, RefEvent, i);
    const RefCard *card = card_of(game, e->card);
    const char *who = player_name(game, e->player);
    const char *indent = e->resolution > 0 && e->type != REF_EVENT_DISCOVER &&
                                 e->type != REF_EVENT_CASCADE
                             ? "  " : "";
    /* What a hit is measured against: discover N takes N or less, cascade
     * less than N (CR 702.85a). */
    const char *below = in_cascade(game, e) ? "<" : "<=";
    g_autofree char *face = card != NULL ? ref_report_face_label(card, e->face) : NULL;

    switch (e->type) {
    case REF_EVENT_CAST: {
        const char *cost = card->faces[e->face].mana_cost;
        g_string_append_printf(out, "%s casts %s%s%s.\n", who, face,
                               *cost != '\0' ? ", paying " : "", cost);
        return 1;
    }
    case REF_EVENT_RESOLVE:
        if (e->face == KEYACT_FACE_NONE)
            return 1; /* a triggered ability: its discover or cascade line follows */
        if (i + 1 < to) {
            const RefEvent *next = &g_array_index(game->events, RefEvent, i + 1);
            if (next->type == REF_EVENT_ENTERS && next->card == e->card) {
                g_string_append_printf(out, "%s%s resolves and enters the battlefield.\n", indent,
                                       face);
                return 2;
            }
        }
        g_string_append_printf(out, "%s%s resolves.\n", indent, face);
        return 1;
    case REF_EVENT_COUNTERED:
        g_string_append_printf(out, "%s%s does not resolve: all its targets are illegal, so it "
                               "does not discover.\n", indent, name_of(game, e->card));
        return 1;
    case REF_EVENT_ENTERS:
        g_string_append_printf(out, "%s%s enters the battlefield.\n", indent, face);
        return 1;
    case REF_EVENT_TO_GRAVEYARD:
        g_string_append_printf(out, "%s%s goes to %s's graveyard.\n", indent,
                               name_of(game, e->card), who);
        return 1;
    case REF_EVENT_TO_ADVENTURE:
        g_string_append_printf(out, "%s%s goes on an adventure (exile).\n", indent,
                               name_of(game, e->card));
        return 1;
    case REF_EVENT_TRIGGER:
        /* Say "(it was cast)" only where the ability asks for it. */
        g_string_append_printf(out, "%s%s's ability triggers%s: discover %d.\n", indent,
                               name_of(game, e->card),
                               card != NULL && card->discover_kind == REF_DISCOVER_ETB_IF_CAST
                                   ? " (it was cast)" : "",
                               e->n);
        return 1;
    case REF_EVENT_CASCADE_TRIGGER: {
        guint instances = card != NULL && e->face < card->n_faces ? card->faces[e->face].cascade : 1;
        g_autofree char *which = instances > 1 ? g_strdup_printf("%u of %u, ", e->index, instances)
                                               : g_strdup("");
        g_string_append_printf(out, "%s%s's cascade triggers (%smana value %d).\n", indent, face,
                               which, e->n);
        return 1;
    }
    case REF_EVENT_CASCADE:
        if (e->card != 0)
            g_string_append_printf(out, "%s cascades (%s, mana value %d):\n", who,
                                   name_of(game, e->card), e->n);
        else
            g_string_append_printf(out, "%s cascades (mana value %d):\n", who, e->n);
        return 1;
    case REF_EVENT_DISCOVER:
        if (e->card != 0)
            g_string_append_printf(out, "%s discovers %d (source: %s):\n", who, e->n,
                                   name_of(game, e->card));
        else
            g_string_append_printf(out, "%s discovers %d:\n", who, e->n);
        return 1;
    case REF_EVENT_CHOICE:
        append_options(game, e, out);
        return 1;
    case REF_EVENT_EXILED: {
        g_autofree char *note = card != NULL ? exile_note(game, card) : g_strdup("?");
        g_string_append_printf(out, "%s%u. exiles %s face up (%s)", indent, e->index + 1,
                               name_of(game, e->card), note);
        /* The plugin reports the hit right after its exile: one line. */
        if (i + 1 < to) {
            const RefEvent *next = &g_array_index(game->events, RefEvent, i + 1);
            if (next->type == REF_EVENT_HIT && next->card == e->card) {
                g_autofree char *mv = ref_report_mana_value(next->mana_value_halves);
                g_string_append_printf(out, " <- hit: nonland, mana value %s %s %d\n", mv,
                                       below, next->n);
                return 2;
            }
        }
        g_string_append(out, "\n");
        return 1;
    }
    case REF_EVENT_HIT: {
        g_autofree char *mv = ref_report_mana_value(e->mana_value_halves);
        g_string_append_printf(out, "%s   hit: %s, mana value %s %s %d\n", indent,
                               name_of(game, e->card), mv, below, e->n);
        return 1;
    }
    case REF_EVENT_CAST_FREE:
        g_string_append_printf(out, "%s%s casts %s without paying its mana cost.\n", indent, who,
                               face);
        return 1;
    case REF_EVENT_CAST_FAILED:
        g_string_append_printf(out, "%scasting %s fails; the card goes to %s instead.\n",
                               indent, face,
                               in_cascade(game, e) ? "the bottom with the rest" : "hand");
        return 1;
    case REF_EVENT_TO_HAND: {
        g_autofree char *why = why_not_cast(game, e);
        g_string_append_printf(out, "%s%s goes to %s's hand%s.\n", indent,
                               name_of(game, e->card), who, why);
        return 1;
    }
    case REF_EVENT_BOTTOM: {
        guint n = 0;
        g_string_append_printf(out, "%sto the bottom of the library in a random order:", indent);
        while (i + n < to && g_array_index(game->events, RefEvent, i + n).type == REF_EVENT_BOTTOM) {
            guint card_id = g_array_index(game->events, RefEvent, i + n).card;
            g_string_append_printf(out, "%s %s", n > 0 ? ";" : "", name_of(game, card_id));
            n++;
        }
        g_string_append(out, " (last = bottom)\n");
        return n;
    }
    case REF_EVENT_DISCOVERED:
        if (e->card != 0) {
            const RefResolution *d = resolution_of(game, e);
            g_autofree char *mv = ref_report_mana_value(e->mana_value_halves);
            /* CR 701.57c: the final card exiled, when the library ran out
             * (outcome none), is discovered though neither cast nor kept. */
            g_string_append_printf(out, "%s discovered (discover %d): %s, mana value %s%s.\n",
                                   who, e->n, name_of(game, e->card), mv,
                                   d != NULL && d->result.outcome == KEYACT_OUTCOME_NONE
                                       ? " (the final card exiled: neither cast nor put into "
                                         "hand)" : "");
        } else {
            g_string_append_printf(out, "%s discovered (discover %d): nothing (no nonland card "
                                   "with mana value %d or less).\n", who, e->n, e->n);
        }
        return 1;
    case REF_EVENT_FINISHED:
        append_finished(game, e, out);
        return 1;
    case REF_EVENT_CREATE_TOKENS:
        if (!e->has_mana_value) {
            g_string_append_printf(out, "%s%s creates no Treasure tokens: there is no discovered "
                                   "card.\n", indent, name_of(game, e->card));
        } else if (e->index == 0) {
            g_autofree char *mv = ref_report_mana_value(e->mana_value_halves);
            g_string_append_printf(out, "%s%s creates no Treasure tokens: the discovered card's "
                                   "mana value %s is not less than %d.\n", indent,
                                   name_of(game, e->card), mv, e->n);
        } else {
            g_autofree char *mv = ref_report_mana_value(e->mana_value_halves);
            g_string_append_printf(out, "%s%s creates %u tapped Treasure token%s (%d - %s, the "
                                   "discovered card's mana value).\n", indent,
                                   name_of(game, e->card), e->index, e->index == 1 ? "" : "s",
                                   e->n, mv);
        }
        return 1;
    case REF_EVENT_PLUGIN_UNKNOWN:
        g_string_append_printf(out, "%s(plugin event %u)\n", indent, e->plugin_type);
        return 1;
    }
    return 1;
}

void ref_report_text_events(const RefGame *game, guint from, guint to, GString *out)
{
    to = MIN(to, game->events->len);
    for (guint i = from; i < to;)
        i += append_event(game, i, to, out);
}

/* One card of a zone listing: its name and, for a card with several faces
 * on the stack or the battlefield, the face it is as: "Valki, God of Lies //
 * Tibalt, Cosmic Impostor [Tibalt, Cosmic Impostor]". */
static void append_zone_card(const RefGame *game, guint id, gboolean show_face, GString *out)
{
    const RefCardObj *obj = ref_game_card(game, id);
    g_string_append(out, name_of(game, id));
    if (obj != NULL && obj->token)
        g_string_append(out, obj->tapped ? " (token, tapped)" : " (token)");
    if (show_face && obj != NULL && obj->card->n_faces > 1 && obj->face_up < obj->card->n_faces)
        g_string_append_printf(out, " [%s]", obj->card->faces[obj->face_up].name);
}

/* Cards `from` to `to` of `zone`, "; "-separated: card names hold commas
 * ("Valki, God of Lies"), never semicolons. */
static void append_cards(const RefGame *game, const GArray *zone, guint from, guint to,
                         gboolean show_face, GString *out)
{
    for (guint i = from; i < to; i++) {
        g_string_append(out, i > from ? "; " : " ");
        append_zone_card(game, g_array_index(zone, guint, i), show_face, out);
    }
}

static void append_zone(const RefGame *game, RefZone zone_kind, const GArray *zone, GString *out)
{
    if (zone->len == 0) {
        g_string_append(out, " (empty)");
        return;
    }
    append_cards(game, zone, 0, zone->len,
                 zone_kind == REF_ZONE_BATTLEFIELD || zone_kind == REF_ZONE_STACK, out);
}

void ref_report_text_zones(const RefGame *game, GString *out)
{
    /* A library is long: show its size, its top 3 and its bottom 5 cards
     * (where discover put the cards it passed over), each on its own line. */
    for (guint p = 0; p < game->players->len; p++) {
        const RefPlayer *player = ref_game_player(game, p);
        const GArray *library = player->zones[REF_ZONE_LIBRARY];
        g_string_append_printf(out, "%s:\n  library: %u card%s", player->name, library->len,
                               library->len == 1 ? "" : "s");
        if (library->len > 0) {
            guint top = MIN(3u, library->len);
            g_string_append(out, "\n    top:");
            append_cards(game, library, 0, top, FALSE, out);
            if (library->len > top) {
                guint bottom_from = MAX(top, library->len >= 5 ? library->len - 5 : 0);
                g_string_append(out, "\n    bottom:");
                append_cards(game, library, bottom_from, library->len, FALSE, out);
                g_string_append(out, " (last = bottom)");
            }
        }
        g_string_append(out, "\n");
        static const RefZone shown[] = {
            REF_ZONE_HAND, REF_ZONE_BATTLEFIELD, REF_ZONE_GRAVEYARD, REF_ZONE_EXILE, REF_ZONE_STACK,
        };
        for (guint z = 0; z < G_N_ELEMENTS(shown); z++) {
            if (shown[z] == REF_ZONE_STACK && player->zones[shown[z]]->len == 0)
                continue;
            g_string_append_printf(out, "  %s:", ref_zone_name(shown[z]));
            append_zone(game, shown[z], player->zones[shown[z]], out);
            g_string_append(out, "\n");
        }
    }
}
