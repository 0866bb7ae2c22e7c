/* SPDX-License-Identifier: MIT */
/* fake_host.h - an array-zone keyact host for tests, benchmarks and checks.
 *
 * One game, a few players, each with four zones kept as plain arrays
 * (library top first, exile, hand, stack) plus a battlefield used only to
 * place a source card. Everything the plugin may ask is scripted: which
 * faces cannot be cast now, how the player chooses, whether a free cast
 * fails, a seeded RNG, and one injected fault ("the k-th call fails with S"
 * or "the k-th call answers out of range").
 *
 * Cost: the callbacks never allocate or log; every buffer is sized when
 * cards are added. Taking the top card, putting one on the top or bottom,
 * and moving a card out of exile, hand or stack are O(1), so libraries of a
 * million cards resolve in linear time. A card's own state is a 16-byte
 * record in one array and cards with equal specs share their description,
 * so a million cards take about 16 MB plus their zones. Set-up, snapshots
 * and checks use GLib freely.
 *
 * Threads: one FakeHost is one game and is not locked; use one per thread.
 */
#ifndef KEYACT_FAKE_HOST_H
#define KEYACT_FAKE_HOST_H

#include <glib.h>
#include <keyact/keyact.h>

G_BEGIN_DECLS

#define FAKE_HOST_ERROR (fake_host_error_quark())
GQuark fake_host_error_quark(void);

typedef enum {
    FAKE_HOST_ERROR_CONSERVATION, /* a card was lost, duplicated or misplaced */
    FAKE_HOST_ERROR_LOG_OVERFLOW, /* the event or call log dropped entries */
} FakeHostError;

/* Zones. The first three equal the KEYACT_ZONE_* values move_card takes. */
typedef enum {
    FAKE_ZONE_NONE = 0,
    FAKE_ZONE_LIBRARY = KEYACT_ZONE_LIBRARY,
    FAKE_ZONE_EXILE = KEYACT_ZONE_EXILE,
    FAKE_ZONE_HAND = KEYACT_ZONE_HAND,
    FAKE_ZONE_STACK,        /* where cast_free puts a cast card */
    FAKE_ZONE_BATTLEFIELD,  /* set-up only (a source permanent); move_card never goes here */
    FAKE_ZONE_COUNT
} FakeZone;

/* "library", "hand", ... for messages. */
const char *fake_zone_name(FakeZone zone);

/* ---- cards ---- */

typedef struct {
    const char *name;       /* NULL is stored as "" */
    const char *mana_cost;  /* printed cost, e.g. "{1}{R}"; NULL or "" for none */
    uint32_t flags;         /* KEYACT_FACE_* */
} FakeFaceSpec;

typedef struct {
    uint32_t layout;        /* KEYACT_LAYOUT_* */
    uint32_t face_count;    /* 1..KEYACT_MAX_FACES */
    FakeFaceSpec faces[KEYACT_MAX_FACES];
} FakeCardSpec;

/* ---- the host ---- */

typedef struct _FakeHost FakeHost;

/* A game with players 1..n_players (n_players >= 1) and no cards. */
FakeHost *fake_host_new(keyact_game_id game, guint n_players);
void fake_host_free(FakeHost *host);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(FakeHost, fake_host_free)

/* The callback table to pass to a resolve (host_data = this FakeHost). It
 * stays valid as long as the FakeHost; copy it to make a broken variant.
 * A 1.0 table (struct_size KEYACT_HOST_SIZE_1_0, abi_minor 0) until
 * fake_host_set_batched() asks for ABI 1.1's batched calls. */
const keyact_host *fake_host_table(const FakeHost *host);
keyact_game_id fake_host_game(const FakeHost *host);

/* ---- a wrapped table: another host with a few callbacks replaced ----
 *
 * fake_wrap_init copies `inner` (any host table, usually a fake host's)
 * into wrap->table, host_data included, so every member left alone behaves
 * exactly as the inner host's; the caller then replaces the members it
 * plants a change in. A replacement finds its wrap with fake_wrap_of() on
 * the table pointer it is called with, and the inner host in wrap->inner.
 * The wrap is an ABI 1.0 table (struct_size at most KEYACT_HOST_SIZE_1_0):
 * a later minor's batched member would do the work of the replaced one
 * without passing through it. The wrap borrows `inner`, which must outlive
 * it; it allocates nothing. */
typedef struct {
    keyact_host table;          /* first: what the plugin is handed */
    const keyact_host *inner;   /* not owned */
    gpointer user_data;         /* the caller's, for its replacements */
} FakeWrap;

/* Fill `wrap` from `inner`; returns &wrap->table. */
const keyact_host *fake_wrap_init(FakeWrap *wrap, const keyact_host *inner, gpointer user_data);
/* The wrap whose table is `table` (a table fake_wrap_init filled). */
FakeWrap *fake_wrap_of(const keyact_host *table);
guint fake_host_n_players(const FakeHost *host);

/* Add a card owned by `owner`, at the bottom of `zone` (so adding library
 * cards top first builds the library in order). Copies the spec's strings.
 * Returns the new id (ids are 1, 2, 3, ...), or KEYACT_CARD_NONE for a bad
 * owner, zone or spec. */
keyact_card_id fake_host_add_card(FakeHost *host, keyact_player_id owner,
                                  FakeZone zone, const FakeCardSpec *spec);
guint fake_host_n_cards(const FakeHost *host);
/* The card's description as describe_card answers it, or NULL. Cards added
 * with equal specs share one description (one copy of the strings). */
const keyact_card_desc *fake_host_card_desc(const FakeHost *host, keyact_card_id card);

/* Where a card is: its zone and 0-based position in it (top first for the
 * library). Returns FALSE for an unknown card. */
gboolean fake_host_locate(const FakeHost *host, keyact_card_id card,
                          FakeZone *out_zone, guint *out_position);
/* A zone's cards; *out_count gets the length. The library is in order (top
 * first); in the other zones order means nothing (a card that leaves is
 * replaced by the last one). The array belongs to the host and changes with
 * the next move. NULL for a bad player or zone. */
const keyact_card_id *fake_host_zone(const FakeHost *host, keyact_player_id player,
                                     FakeZone zone, guint *out_count);

/* ABI 1.1's batched calls (bits for fake_host_set_batched). */
typedef enum {
    FAKE_BATCHED_LIBRARY_CARDS = 1u << 0,
    FAKE_BATCHED_DESCRIBE_CARDS = 1u << 1,
    FAKE_BATCHED_APPLY_STEPS = 1u << 2,
    FAKE_BATCHED_RANDOM_BELOW_EACH = 1u << 3,
    FAKE_BATCHED_ALL = (1u << 4) - 1u,
} FakeBatched;

/* Which table fake_host_table() gives: 0, a 1.0 table (the default); else
 * a 1.1 table (struct_size KEYACT_HOST_SIZE_1_1, abi_minor 1) with the
 * batched calls in `members` (FakeBatched bits) set and the others NULL.
 * Each batched call does what the 1.0 calls it stands for would do, counts
 * as one call of its own kind, and keeps the same logs (events, actions). */
void fake_host_set_batched(FakeHost *host, guint members);

/* ABI 1.2's card_zone (for validation layers; a plugin never calls it).
 * TRUE makes fake_host_table() a 1.2 table (struct_size
 * KEYACT_HOST_SIZE_1_2, abi_minor 2) with card_zone answering the card's
 * zone (KEYACT_ZONE_LIBRARY, EXILE, HAND, STACK or BATTLEFIELD) and the
 * batched members as fake_host_set_batched() chose; FALSE (the default)
 * goes back to the 1.0 or 1.1 table. card_zone is not a numbered call. */
void fake_host_set_card_zone(FakeHost *host, gboolean on);

/* ---- scripted answers ---- */

/* can_cast_face answers "no" for this face of this card (the "no legal
 * targets right now" hook). Pass cannot = FALSE to undo. */
void fake_host_set_cannot_cast(FakeHost *host, keyact_card_id card, uint32_t face,
                               gboolean cannot);
/* cast_free answers KEYACT_CAST_FAILED for this face (else KEYACT_CAST_DONE). */
void fake_host_set_cast_fails(FakeHost *host, keyact_card_id card, uint32_t face,
                              gboolean fails);

/* "Decline" below is the TO_HAND option (discover) or, when there is none,
 * the TO_BOTTOM option (cascade). */
typedef enum {
    FAKE_CHOOSE_FIRST_CAST, /* the first CAST_FACE option, else decline */
    FAKE_CHOOSE_HAND,       /* always decline (TO_HAND, or TO_BOTTOM for cascade) */
    FAKE_CHOOSE_FACE,       /* the CAST_FACE option of a given face, else decline */
    FAKE_CHOOSE_CALLBACK,   /* ask a FakeChooseFunc */
} FakeChoosePolicy;

/* Answers a choose call; returns a KEYACT status. Runs inside the callback:
 * it must not allocate if the caller wants a cheap host. */
typedef int32_t (*FakeChooseFunc)(gpointer user_data, keyact_card_id card,
                                  const keyact_option *options, uint32_t option_count,
                                  uint32_t *out_index);

/* `face` is used by FAKE_CHOOSE_FACE; func/user_data by FAKE_CHOOSE_CALLBACK. */
void fake_host_set_chooser(FakeHost *host, FakeChoosePolicy policy, uint32_t face,
                           FakeChooseFunc func, gpointer user_data);

/* Seed the deterministic RNG (splitmix64) used by random_below. */
void fake_host_set_seed(FakeHost *host, guint64 seed);

/* ---- fault injection ---- */

/* The numbered callbacks (those that return a status). */
typedef enum {
    FAKE_CALL_LIBRARY_SIZE,
    FAKE_CALL_LIBRARY_CARD,
    FAKE_CALL_MOVE_CARD,
    FAKE_CALL_DESCRIBE_CARD,
    FAKE_CALL_CAN_CAST_FACE,
    FAKE_CALL_CHOOSE,
    FAKE_CALL_CAST_FREE,
    FAKE_CALL_RANDOM_BELOW,
    /* ABI 1.1 */
    FAKE_CALL_LIBRARY_CARDS,
    FAKE_CALL_DESCRIBE_CARDS,
    FAKE_CALL_APPLY_STEPS,
    FAKE_CALL_RANDOM_BELOW_EACH,
    FAKE_CALL_KIND_COUNT,
    FAKE_CALL_ANY = FAKE_CALL_KIND_COUNT /* fault injection: any numbered call */
} FakeCallKind;

typedef enum {
    FAKE_FAULT_NONE,
    /* The call returns `status` (a KEYACT_E_* code) and changes nothing. */
    FAKE_FAULT_STATUS,
    /* The call returns 0 with an answer out of range: library_size one card
     * too many, library_card KEYACT_CARD_NONE, describe_card 0 faces,
     * can_cast_face 7, choose option_count, cast_free 0x7f (card left in
     * exile), random_below `bound`; for the batched calls, the last entry:
     * library_cards KEYACT_CARD_NONE, describe_cards 0 faces,
     * random_below_each its bound. move_card and apply_steps have no
     * answer: they run normally. */
    FAKE_FAULT_BAD_ANSWER,
    /* describe_card (describe_cards: its last card) answers with face 0's
     * cost replaced by "{?}" (the other callbacks treat this as
     * FAKE_FAULT_BAD_ANSWER). */
    FAKE_FAULT_BAD_COST,
} FakeFault;

/* Arm one fault for the `call_number`-th call (1-based) of `kind`, or of
 * every numbered callback with FAKE_CALL_ANY (notify and log are not
 * numbered), counted from the last fake_host_reset_logs(). call_number 0
 * or FAKE_FAULT_NONE disarms. */
void fake_host_inject(FakeHost *host, FakeCallKind kind, guint call_number,
                      FakeFault fault, int32_t status);
/* A failing apply_steps (FAKE_FAULT_STATUS) fails at its first step and
 * applies nothing. To fail part-way, arm a move instead: the
 * `move_number`-th move (1-based, counted from the last reset over
 * move_card calls and the moving steps of apply_steps alike) fails with
 * `status` and changes nothing; apply_steps then stops at that step, its
 * *out_done the step's index. The same number fails the same move whichever
 * calls the plugin makes. 0 disarms. */
void fake_host_inject_move(FakeHost *host, guint move_number, int32_t status);

/* TRUE once the armed fault (or the armed move) has fired. */
gboolean fake_host_fault_fired(const FakeHost *host);

/* ---- logs ---- */

/* "move_card" etc. */
const char *fake_call_kind_name(FakeCallKind kind);

/* Quiet mode (off by default): the callbacks keep no call log and no event
 * copies, so fake_host_events() and fake_host_calls() stay empty, while
 * fake_host_call_count(), fault injection, offered options and the log
 * count work as usual. For benchmarks, which time the host as a game would
 * be, not as a test recorder. */
void fake_host_set_quiet(FakeHost *host, gboolean quiet);

/* Clear the event log, call log, offered options and fault counter (the
 * armed fault stays armed). Cheap; call it before each resolve. */
void fake_host_reset_logs(FakeHost *host);

/* Events as the plugin sent them (copies), oldest first. */
const keyact_event *fake_host_events(const FakeHost *host, guint *out_count);
/* Numbered calls in order; index i is call number i + 1. */
const FakeCallKind *fake_host_calls(const FakeHost *host, guint *out_count);
/* Numbered calls of one kind since the last reset. */
guint fake_host_call_count(const FakeHost *host, FakeCallKind kind);
/* Every call the plugin made into the table since the last reset: the
 * numbered ones, notify and log (the events apply_steps delivers are part
 * of its call, not calls of their own). Counted in quiet mode too. */
guint fake_host_total_calls(const FakeHost *host);

/* What happened to the game, in order, whichever calls made it happen: a
 * card moved (card, a = to_zone, b = library_index), an event was
 * delivered (card, a = type, b = index) or a random number was drawn
 * (a = bound, b = the value). Only what succeeded; not kept in quiet mode. */
typedef enum {
    FAKE_ACTION_MOVE,
    FAKE_ACTION_EVENT,
    FAKE_ACTION_DRAW,
} FakeActionKind;

typedef struct {
    FakeActionKind kind;
    uint32_t a;
    uint32_t b;
    keyact_card_id card;
} FakeAction;

const FakeAction *fake_host_actions(const FakeHost *host, guint *out_count);
/* The actions, one a line: "move 7 EXILE 0", "event EXILED 7 0",
 * "draw 3 -> 1". */
char *fake_host_format_actions(const FakeHost *host);
/* Messages sent to the log callback since the last reset. */
guint fake_host_log_count(const FakeHost *host);
/* Entries the event or call log could not keep (its buffer was full). */
guint fake_host_log_dropped(const FakeHost *host);
/* Union of the faces offered as CAST_FACE options (bit i = face i) by every
 * choose call since the last reset, and the last call's options. */
uint32_t fake_host_offered_faces(const FakeHost *host);
const keyact_option *fake_host_last_options(const FakeHost *host, guint *out_count);

/* ---- the host-call contract (host.h, keyact-plugin(7) THE CALLS OF A RESOLVE) ---- */

/* What a plugin did against the contract that a host can see from its side.
 * The fake host records the first breach since the last reset and answers
 * as usual: a breach is a verdict for a checker, never a failure of the call. */
typedef enum {
    FAKE_BREACH_NONE,
    FAKE_BREACH_EXILE_NOT_REVEALED,  /* a move to exile without KEYACT_MOVE_REVEAL */
    FAKE_BREACH_NOTHING_CASTABLE,    /* choose with no CAST_FACE option at all */
    FAKE_BREACH_DECLINE_NOT_LAST,    /* the decline option missing, repeated or not last */
    FAKE_BREACH_FACES_OUT_OF_ORDER,  /* CAST_FACE options not in increasing face order */
} FakeBreach;

typedef struct {
    FakeBreach breach;
    keyact_card_id card;             /* the card moved or chosen for */
    guint call;                      /* its call number (1-based, as in fake_host_calls) */
    guint n_options;                 /* choose breaches: the options offered */
    keyact_option options[8];        /* the first 8 of them */
} FakeBreachRecord;

/* The first breach since the last reset, or NULL when there was none. */
const FakeBreachRecord *fake_host_first_breach(const FakeHost *host);
/* What the rule is, in a sentence ("the decline option must come last"). */
const char *fake_breach_rule(FakeBreach breach);

/* The call log as "library_size library_card ..." (for messages). */
char *fake_host_format_calls(const FakeHost *host);
/* The event types as "EXILED EXILED HIT CAST BOTTOM DISCOVERED". */
char *fake_host_format_events(const FakeHost *host);
const char *fake_event_type_name(uint32_t type);

/* ---- snapshots and conservation ---- */

typedef struct _FakeSnapshot FakeSnapshot;

/* Record every zone and start tracking which cards move_card moves. */
FakeSnapshot *fake_host_snapshot(FakeHost *host);
void fake_snapshot_free(FakeSnapshot *snapshot);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(FakeSnapshot, fake_snapshot_free)
/* Put every card back where the snapshot saw it and forget moves (cheap: no
 * allocation). Card set must be the same as at the snapshot. */
void fake_host_restore(FakeHost *host, const FakeSnapshot *snapshot);

/* Check that nothing was lost since `before`:
 *  - every card is in exactly one zone;
 *  - a card that moved was in a library at the snapshot, and every card
 *    outside the libraries' exiled prefix is still in its zone;
 *  - each library is its untouched part (the cards below the deepest one
 *    that moved), in the same order, on top of cards from the moved prefix;
 *  - the cards newly in exile are exactly the result's stranded cards (all
 *    of them in exile), and a COMPLETE result strands nothing and matches
 *    exiled_count / bottomed_count.
 * `result` may be NULL (then only the zones are checked). */
gboolean fake_host_check_conservation(const FakeHost *host, const FakeSnapshot *before,
                                      const keyact_resolve_result *result, GError **error);

/* ---- resolving ---- */

#define FAKE_STRANDED_CAPACITY 64u

typedef struct {
    keyact_resolve_args args;
    keyact_resolve_result result;
    keyact_card_id stranded[FAKE_STRANDED_CAPACITY];
    int32_t status;
    guint steps;      /* fake_host_resolve_stepped: step calls made */
} FakeResolve;

/* Fill args (struct_size, n, game, player, source) and a zeroed result whose
 * stranded buffer is out->stranded. */
void fake_resolve_prepare(FakeResolve *out, const FakeHost *host, keyact_player_id player,
                          int32_t n, keyact_card_id source);

/* fake_resolve_prepare + fake_host_reset_logs + action->resolve(plugin_ctx,
 * table, args, result). Returns (and stores in out->status) its status. */
int32_t fake_host_resolve(FakeHost *host, const keyact_action *action, void *plugin_ctx,
                          keyact_player_id player, int32_t n, keyact_card_id source,
                          FakeResolve *out);

/* The same resolve stepped (ABI 1.3, keyact/stepped.h): begin with
 * `waits`, then step; each question that waits is answered by the table's
 * own callback for it (can_cast_face, choose, cast_free), so the host sees
 * the same calls, answers and logs as resolve() would give it, and the
 * block is moved to a new heap block before each step after an answer (a
 * stepped resolve must survive its block moving). Returns begin's status
 * when it fails (KEYACT_E_VERSION: the load negotiated below 1.3;
 * KEYACT_E_NOTSUP: the action has no stepped resolve), else the final
 * step's; out->steps counts the steps. */
int32_t fake_host_resolve_stepped(FakeHost *host, const keyact_action *action,
                                  void *plugin_ctx, keyact_player_id player, int32_t n,
                                  keyact_card_id source, uint32_t waits, FakeResolve *out);
/* The same on `table`, a table that wraps the host's (a tracer's): the
 * plugin is handed it and the questions are answered through it. */
int32_t fake_host_resolve_stepped_on(FakeHost *host, const keyact_host *table,
                                     const keyact_action *action, void *plugin_ctx,
                                     keyact_player_id player, int32_t n, keyact_card_id source,
                                     uint32_t waits, FakeResolve *out);

G_END_DECLS

#endif /* KEYACT_FAKE_HOST_H */
