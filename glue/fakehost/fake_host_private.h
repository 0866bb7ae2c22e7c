/* SPDX-License-Identifier: MIT */
/* fake_host_private.h - the FakeHost's state, shared by its source files. */
#ifndef KEYACT_FAKE_HOST_PRIVATE_H
#define KEYACT_FAKE_HOST_PRIVATE_H

#include "fake_host.h"

/* Options kept from the last choose call (more are counted, not kept). */
#define FAKE_MAX_OPTIONS 8u

/* What describe_card answers for a card: shared by every card added with
 * the same spec (a library of a million Mountains has one), so a card's own
 * record stays small. Never changes once made. */
typedef struct {
    char *strings[2 * KEYACT_MAX_FACES]; /* owned copies of names and costs */
    keyact_face_desc faces[KEYACT_MAX_FACES];
    keyact_face_desc bad_cost_face;      /* face 0 with an unparsable cost */
    keyact_card_desc desc;
    guint32 index;                       /* in host->described */
} FakeDescription;

/* One card's state, 16 bytes, kept by value in one array (host->cards):
 * a callback touches one small record, not a scattered heap block, and a
 * million cards take 16 MB. Owners, zones and face bits fit the narrow
 * types (players are numbered from 1, KEYACT_MAX_FACES is 8). */
typedef struct {
    guint32 description;      /* index in host->described */
    guint32 position;         /* index in its zone; kept only outside the library */
    guint32 owner;            /* a keyact_player_id */
    guint8 zone;              /* a FakeZone */
    guint8 moved;             /* move_card or cast_free moved it since the snapshot */
    guint8 cannot_cast;       /* face bits: can_cast_face answers 0 */
    guint8 cast_fails;        /* face bits: cast_free answers KEYACT_CAST_FAILED */
} FakeCard;

G_STATIC_ASSERT(KEYACT_MAX_FACES <= 8);

/* A zone: cards[0..count-1] in order, inside base[0..slots-1] with room at
 * both ends, so taking the top card or adding one at either end is O(1)
 * (discover works at both ends of the library). slots >= 2 * count + 2. */
typedef struct {
    keyact_card_id *base;
    keyact_card_id *cards;    /* base + the number of free slots before the zone */
    guint count;
    guint slots;
} FakeZoneArray;

typedef struct {
    FakeZoneArray zones[FAKE_ZONE_COUNT];
} FakePlayer;

struct _FakeHost {
    keyact_host table;
    keyact_game_id game;
    guint n_players;
    FakePlayer *players;      /* players[0] is player 1 */
    GArray *cards;            /* of FakeCard; index 0 is card 1. Records move
                               * when it grows: hold none across an add. */
    GHashTable *descriptions; /* spec key -> FakeDescription (owned) */
    GPtrArray *described;     /* FakeDescription by index (not owned) */
    guint zone_capacity;

    FakeChoosePolicy choose_policy;
    uint32_t choose_face;
    FakeChooseFunc choose_func;
    gpointer choose_data;
    guint64 rng_state;

    FakeCallKind fault_kind;  /* or FAKE_CALL_ANY */
    guint fault_call;         /* 0: none armed */
    FakeFault fault;
    int32_t fault_status;
    gboolean fault_fired;

    guint batched;            /* FakeBatched bits of the table; 0: a 1.0 table */
    gboolean card_zone;       /* the table is 1.2's, with card_zone */
    guint move_fault_number;  /* fake_host_inject_move; 0: none armed */
    int32_t move_fault_status;
    guint n_moves;            /* moves tried since the reset */

    gboolean quiet;           /* no call log, no event copies, no actions */
    FakeAction *actions;
    guint n_actions, actions_capacity;
    guint unnumbered_calls;   /* notify and log calls since the reset */
    keyact_event *events;
    guint n_events, events_capacity;
    FakeCallKind *calls;
    guint n_calls, calls_capacity;
    guint call_counts[FAKE_CALL_KIND_COUNT];
    guint log_count;
    guint dropped;
    uint32_t offered_faces;
    keyact_option last_options[FAKE_MAX_OPTIONS];
    guint n_last_options;
    FakeBreachRecord breach;  /* the first since the last reset */
};

G_STATIC_ASSERT(G_N_ELEMENTS(((FakeBreachRecord *)0)->options) == FAKE_MAX_OPTIONS);

/* contract.c: judge a call against the host-call contract and record the
 * first breach. No allocation: the callbacks call these. */
void fake_contract_move(FakeHost *host, keyact_card_id card, uint32_t to_zone, uint32_t flags);
void fake_contract_choose(FakeHost *host, keyact_card_id card, const keyact_option *options,
                          uint32_t option_count);

struct _FakeSnapshot {
    guint n_cards;
    guint n_players;
    /* zones[p * FAKE_ZONE_COUNT + z], each its own copy */
    keyact_card_id **zones;
    guint *counts;
    FakeZone *card_zone;      /* card_zone[id - 1] */
};

/* The card's record / the player's zones, or NULL. Inline: every callback
 * looks one up. */
static inline FakeCard *fake_host_card(const FakeHost *host, keyact_card_id card)
{
    if (card == KEYACT_CARD_NONE || card > host->cards->len)
        return NULL;
    return &g_array_index(host->cards, FakeCard, (guint)(card - 1));
}

static inline const FakeDescription *fake_card_description(const FakeHost *host,
                                                           const FakeCard *card)
{
    return g_ptr_array_index(host->described, card->description);
}

static inline FakePlayer *fake_host_player(const FakeHost *host, keyact_player_id player)
{
    if (player == 0 || player > host->n_players)
        return NULL;
    return &host->players[player - 1];
}

/* Remove `card` from the zone (found by scanning from the top); FALSE if absent. */
gboolean fake_zone_remove(FakeZoneArray *zone, keyact_card_id card);
/* Insert at `position` (clamped to the end); the zone has room (count < slots / 2). */
void fake_zone_insert(FakeZoneArray *zone, keyact_card_id card, guint position);
/* Make room for `capacity` cards. */
void fake_zone_reserve(FakeZoneArray *zone, guint capacity);
/* Replace the contents with cards[0..count-1], centred in the slots. */
void fake_zone_assign(FakeZoneArray *zone, const keyact_card_id *cards, guint count);

/* Move a card between zones (or within the library) in O(1) at the library's
 * ends and anywhere in the other zones, whose order means nothing: there a
 * card leaves by swapping in the last one. `position` counts in the library
 * only. Sets the card's zone; FALSE if the card is not where its record says. */
gboolean fake_host_place(FakeHost *host, keyact_card_id card, FakeZone to_zone, guint position);
/* Recompute the positions of the cards outside the libraries. */
void fake_host_index_positions(FakeHost *host);

/* Fill the callback members of host->table. */
void fake_host_install_callbacks(FakeHost *host);

#endif /* KEYACT_FAKE_HOST_PRIVATE_H */
