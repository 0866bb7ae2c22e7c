/* SPDX-License-Identifier: MIT */
/* game.h - the reference host's game state: players, their zones, card
 * objects, the stack, and the record of what happened (events, and one
 * record per discover or cascade).
 *
 * A small Forge-like model, enough to play discover and cascade out for
 * real: cards move between zones, spells go on the stack and resolve, cast
 * triggers (cascade) and enters triggers ("discover") go on the stack in
 * turn.
 *
 * Threads: one game is used by one thread at a time.
 */
#ifndef KEYACT_REFHOST_GAME_H
#define KEYACT_REFHOST_GAME_H

#include <glib.h>
#include <keyact/keyact.h>

#include "carddb.h"
#include "rng.h"

G_BEGIN_DECLS

#define REF_GAME_ERROR (ref_game_error_quark())
GQuark ref_game_error_quark(void);

typedef enum {
    REF_GAME_ERROR_INPUT, /* the scenario asked for something impossible (bad name, ...): exit 2 */
    REF_GAME_ERROR_RULES, /* the plugin or the engine failed while playing: exit 1 */
} RefGameError;

/* The one game id this host hands to the plugin. */
#define REF_GAME_ID ((keyact_game_id)1)

typedef enum {
    REF_ZONE_NONE = 0,      /* named only (a scenario's source that is in no zone) */
    REF_ZONE_LIBRARY,       /* index 0 is the top */
    REF_ZONE_HAND,
    REF_ZONE_EXILE,
    REF_ZONE_STACK,
    REF_ZONE_BATTLEFIELD,
    REF_ZONE_GRAVEYARD,
    REF_N_ZONES
} RefZone;

/* Zone names as they appear in the JSON output ("library", ...). */
const char *ref_zone_name(RefZone zone);

/* One physical card. Card ids are 1-based indexes into RefGame.cards, so 0
 * stays KEYACT_CARD_NONE. */
typedef struct {
    guint id;
    const RefCard *card;
    guint owner;            /* player index */
    RefZone zone;
    guint face_up;          /* the face it is on the stack or battlefield as */
    gboolean token;         /* a token an effect created (ref_game_create_token) */
    gboolean tapped;        /* on the battlefield tapped */
} RefCardObj;

typedef struct {
    char *name;
    GArray *zones[REF_N_ZONES];   /* guint card ids, in order (library: top first) */
} RefPlayer;

/* The keyword actions the game asks a plugin to perform. */
typedef enum {
    REF_ACTION_DISCOVER,    /* CR 701.57 */
    REF_ACTION_CASCADE,     /* CR 702.85 */
} RefActionKind;

typedef enum {
    REF_STACK_SPELL,        /* a card on the stack as a spell */
    REF_STACK_TRIGGER,      /* a "discover N" triggered ability of a permanent */
    REF_STACK_CASCADE,      /* one cascade trigger of a spell (CR 702.85a) */
} RefStackKind;

typedef struct {
    RefStackKind kind;
    guint card;             /* the spell, or the trigger's source */
    guint controller;       /* player index */
    guint face;             /* face cast (spells) */
    gboolean cast;          /* the spell was cast (paid or free) */
    gboolean free;          /* cast without paying its mana cost */
    gint x;                 /* the value of "discover X" for this object, -1 unknown */
    gboolean targets_illegal; /* every target became illegal: it will not resolve */
    /* Spells and "discover N" triggers: the N this object discovers, -1
     * "X", 0 none. Cascade triggers: the spell's mana value (CR 702.85a). */
    gint n;
    /* Spells and their cascade triggers: the value of {X} in the spell's
     * mana cost (CR 107.3: 0 when cast without paying its mana cost). */
    guint mana_x;
    /* Cascade triggers: which instance of the face's cascade this is
     * (1-based; each triggers separately, CR 702.85c). */
    guint instance;
} RefStackItem;

/* Everything the record keeps, engine and plugin events in one order. */
typedef enum {
    REF_EVENT_CAST,             /* cast from hand, paid */
    REF_EVENT_RESOLVE,          /* a spell or ability starts resolving */
    REF_EVENT_COUNTERED,        /* it does not resolve: all its targets are illegal */
    REF_EVENT_ENTERS,           /* a permanent enters the battlefield */
    REF_EVENT_TO_GRAVEYARD,     /* an instant/sorcery is put into the graveyard */
    REF_EVENT_TO_ADVENTURE,     /* an adventure spell is exiled "on an adventure" */
    REF_EVENT_TRIGGER,          /* a "discover N" ability triggers */
    REF_EVENT_CASCADE_TRIGGER,  /* one instance of a spell's cascade triggers (it was cast) */
    REF_EVENT_DISCOVER,         /* the engine asks the plugin to discover */
    REF_EVENT_CASCADE,          /* the engine asks the plugin to cascade */
    REF_EVENT_CHOICE,           /* the player chose an option */
    REF_EVENT_CREATE_TOKENS,    /* the card's effect creates `index` tapped Treasure tokens from
                                 * the discovered card (`mana_value_halves`, has_mana_value;
                                 * `n` the T of "less than T"); index 0: none */
    /* plugin events (keyact_host.notify) */
    REF_EVENT_EXILED,
    REF_EVENT_HIT,
    REF_EVENT_CAST_FREE,
    REF_EVENT_CAST_FAILED,
    REF_EVENT_TO_HAND,
    REF_EVENT_BOTTOM,
    REF_EVENT_DISCOVERED,
    REF_EVENT_FINISHED,         /* the last event of a finished cascade */
    REF_EVENT_PLUGIN_UNKNOWN,   /* a notify type this host does not know */
} RefEventType;

typedef struct {
    RefEventType type;
    guint player;               /* player index */
    guint card;                 /* card id or 0 */
    guint face;                 /* face index or KEYACT_FACE_NONE */
    gint n;                     /* discover N / cascade N where relevant */
    guint index;                /* order index for EXILED / BOTTOM, option index for CHOICE,
                                 * instance (1-based) for CASCADE_TRIGGER */
    guint mana_value_halves;    /* HIT / DISCOVERED / FINISHED */
    gboolean has_mana_value;
    guint option_kind;          /* CHOICE: KEYACT_OPTION_* */
    guint plugin_type;          /* PLUGIN_UNKNOWN: the raw type */
    gboolean asked;             /* CHOICE: the player answered (interactive play) */
    guint resolution;           /* 1-based index into game->resolutions of the discover or
                                 * cascade it happened in (set by ref_game_add_event), 0 none */
} RefEvent;

/* Stranded cards a failed resolve can name in its error message. */
#define REF_MAX_STRANDED 16u

/* One discover or cascade, as the host saw it. */
typedef struct {
    RefActionKind action;
    guint player;
    gint n;                     /* discover N; cascade: the spell's mana value */
    guint source;               /* card id or 0 */
    int32_t status;             /* what resolve returned */
    keyact_resolve_result result;
    GArray *options;            /* keyact_option, the last set offered */
    gint chosen;                /* index into options, -1 none */
    /* The faces of the card found the plugin asked can_cast_face about, and
     * those this host answered no for (bit f = face f): why no face could
     * be cast, in the log. */
    guint32 faces_asked;
    guint32 faces_refused;
    keyact_card_id stranded[REF_MAX_STRANDED]; /* result.stranded points here */
} RefResolution;

/* What the current step says about choices and castability. */
typedef struct {
    GPtrArray *choose;          /* char*: "cast" | "hand" | "bottom" | "face:NAME", one per
                                 * choice; the last repeats */
    GPtrArray *cannot_cast;     /* char*: card or face names not castable now */
    GPtrArray *cast_fails;      /* char*: card or face names whose cast fails */
    gint x;                     /* the step's "x", -1 none */
    guint n_choices;            /* choices made so far in this step */
} RefPolicy;

/* A stepped resolve in progress (engine.c, keyact/stepped.h): a game loop
 * runs it across turns. Owned by the game; freeing it abandons a resolve
 * still in progress (every card it exiled stays there). */
typedef struct {
    gpointer state;             /* the resolve's block: keyact_bound_action_state_size()
                                 * bytes from g_malloc0 (KEYACT_RESOLVE_STATE_ALIGN) */
    /* The question it waits for: CHOOSE waits for the player
     * (ref_engine_choose), CAN_CAST and CAST for the engine's next turn;
     * kind KEYACT_QUESTION_NONE when it waits for none (the next turn steps
     * it). */
    keyact_question question;
    /* The spell the action is part of (it discovers as it resolves), with
     * what is left of its resolving to do once the action is over. */
    gboolean has_item;
    RefStackItem item;
} RefResolving;

void ref_resolving_free(RefResolving *resolving);

typedef struct _RefGame RefGame;

struct _RefGame {
    const RefCardDb *db;
    GPtrArray *players;         /* RefPlayer* */
    GArray *cards;              /* RefCardObj, id - 1 */
    GArray *stack;              /* RefStackItem, top last */
    /* Cascade triggers waiting to be put on the stack: a trigger goes on the
     * stack the next time a player would receive priority (CR 603.3), i.e.
     * after the spell is cast or the resolve that cast it finishes. */
    GArray *pending;            /* RefStackItem */
    RefRng rng;
    GArray *events;             /* RefEvent */
    GPtrArray *resolutions;     /* RefResolution*: every discover and cascade, in order */
    RefResolution *current;     /* the discover or cascade being resolved, or NULL */
    /* The action resolving (engine.c): a stepped resolve between turns, or
     * NULL (nothing resolves, or a blocking resolve, which ends in its turn). */
    RefResolving *resolving;
    RefPolicy policy;
    keyact_host host;           /* host_data = this game */
    /* The plugin's rules extension, used only to show mana values in the
     * log (the plugin is the authority on them); NULL when it has none. */
    const keyact_rules_ext *rules;
};

RefGame *ref_game_new(const RefCardDb *db, guint64 seed);
void ref_game_free(RefGame *game);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(RefGame, ref_game_free)

guint ref_game_add_player(RefGame *game, const char *name);
/* The index of the player named `name` (case-sensitive), or -1. */
gint ref_game_find_player(const RefGame *game, const char *name);
RefPlayer *ref_game_player(const RefGame *game, guint player);

/* A new card object owned by `player`, put last in `zone` (REF_ZONE_NONE: in
 * no zone). Returns its id. */
guint ref_game_add_card(RefGame *game, guint player, const RefCard *card, RefZone zone);
RefCardObj *ref_game_card(const RefGame *game, guint id); /* NULL for a bad id */
/* A token of `card` (a token's printed facts; it must outlive the game)
 * created by `player` onto their battlefield, tapped or not. Returns its id.
 * A token is never in a zone the plugin reads (library, exile, hand). */
guint ref_game_create_token(RefGame *game, guint player, const RefCard *card, gboolean tapped);
const char *ref_game_card_name(const RefGame *game, guint id);

/* Move a card from its zone to `zone` of its owner, at `index` (G_MAXUINT:
 * last; the library's last place is its bottom). */
void ref_game_move(RefGame *game, guint id, RefZone zone, guint index);
/* The first card named `name` in `player`'s `zone`, or 0. */
guint ref_game_find_in_zone(const RefGame *game, guint player, RefZone zone, const char *name);

void ref_game_add_event(RefGame *game, const RefEvent *event);
/* An event with every field at its "none" value. */
RefEvent ref_event_init(RefEventType type, guint player, guint card);

void ref_policy_clear(RefPolicy *policy);

G_END_DECLS

#endif /* KEYACT_REFHOST_GAME_H */
