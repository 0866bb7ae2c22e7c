/* SPDX-License-Identifier: MIT */
/* conformance.h - the discover rulings (CR 701.57) and the cascade rulings
 * (CR 702.85) as data.
 *
 * Each case is a library (top first, real card facts), the N of "discover
 * N" (or the cascading spell's mana value), the host's scripted answers and
 * the outcome the rules demand. Any implementation of the action can be run
 * against its cases through the fake host: kc_case_run() says pass, or why
 * not.
 */
#ifndef KEYACT_CONFORMANCE_H
#define KEYACT_CONFORMANCE_H

#include <glib.h>
#include <keyact/keyact.h>

#include "fake_host.h"

G_BEGIN_DECLS

#define KC_ERROR (kc_error_quark())
GQuark kc_error_quark(void);

typedef enum {
    KC_ERROR_MISMATCH, /* the action did something the rules do not allow */
} KcError;

/* Libraries hold up to this many cards. */
#define KC_MAX_LIBRARY 8u

/* Bit for library position i (0 = the top) in the position sets below. */
#define KC_POS(i) (1u << (i))
/* A library position as a "which card" value; 0 means no card. */
#define KC_AT(i) ((i) + 1)
#define KC_NO_CARD 0

/* What the rules demand. Positions refer to the library at the start. */
typedef struct {
    int32_t status;           /* resolve's return value */
    uint32_t outcome;         /* KEYACT_OUTCOME_* */
    uint32_t discovered;      /* KC_AT(position) or KC_NO_CARD */
    uint32_t mana_value_halves;
    uint32_t face_cast;       /* checked when outcome is CAST; else KEYACT_FACE_NONE is required */
    uint32_t exiled;          /* cards exiled: positions 0..exiled-1, in that order */
    uint32_t bottom;          /* KC_POS set: cards on the bottom (any order) */
    uint32_t hand;            /* KC_POS set: cards put into hand */
    uint32_t stack;           /* KC_POS set: cards cast (on the stack) */
    uint32_t offered;         /* faces offered as CAST_FACE options (bit i = face i) */
    const char *events;       /* event types, "EXILED HIT CAST DISCOVERED"; NULL: not checked */
    uint32_t last_event;      /* KEYACT_EVENT_* every finished resolve ends with;
                               * 0 means DISCOVERED; cascade rows say FINISHED */
} KcExpect;

typedef struct {
    const char *name;         /* identifier: letters, digits and '_' */
    const char *ruling;       /* the rule the case shows, for people */
    int32_t n;                /* the N of "discover N" (already computed by the host) */
    const FakeCardSpec *library[KC_MAX_LIBRARY + 1]; /* top first, NULL-terminated */
    const FakeCardSpec *source;   /* the card that asked (on the battlefield), or NULL */

    /* The host's answers. */
    uint32_t cannot_cast[KC_MAX_LIBRARY]; /* face bits per position: no legal targets */
    uint32_t cast_fails[KC_MAX_LIBRARY];  /* face bits per position: cast_free says FAILED */
    FakeChoosePolicy choose;
    uint32_t choose_face;     /* for FAKE_CHOOSE_FACE */
    /* A fault of a question callback: the fault_nth call of fault_kind. */
    FakeCallKind fault_kind;
    guint fault_nth;          /* 0: no fault */
    FakeFault fault;
    int32_t fault_status;

    KcExpect expect;
} KcCase;

/* Every case, in a fixed order. */
const KcCase *kc_cases(guint *n_cases);
/* The case called `name`, or NULL. */
const KcCase *kc_case_find(const char *name);

/* The cascade rulings (CR 702.85), same form: N is the mana value of the
 * spell with cascade. kc_cascade_cases.c. */
const KcCase *kc_cascade_cases(guint *n_cases);
const KcCase *kc_cascade_case_find(const char *name);

/* The cases for an action name ("discover", "cascade"), or NULL (and
 * *n_cases = 0) for an action without rulings here. */
const KcCase *kc_cases_for_action(const char *action_name, guint *n_cases);

/* The host table a case's game hands the plugin: ABI 1.0's calls only,
 * ABI 1.1's with every batched call (library_cards, describe_cards,
 * apply_steps, random_below_each), or ABI 1.2's: 1.1's and card_zone, which
 * a plugin never calls (a 1.2 host must not change what a plugin does). A
 * plugin passes every case on each: the batched calls change how many calls
 * it makes, never what happens. */
typedef enum {
    KC_HOST_1_0,
    KC_HOST_1_1,
    KC_HOST_1_2,
} KcHostKind;

#define KC_N_HOST_KINDS 3u

/* "1.0 host", "1.1 host", "1.2 host": how messages and keyact check name it. */
const char *kc_host_kind_name(KcHostKind kind);

/* How a case is resolved: the blocking resolve, or the stepped resolve of
 * ABI 1.3 with every question waiting (KEYACT_WAIT_ALL), each answered by
 * the fake host's own callback and the state block moved between steps
 * (fake_host_resolve_stepped). Either way the case demands the same: same
 * game, same calls. A plugin without a stepped resolve, or loaded below
 * 1.3, has only the blocking way: its stepped runs are skipped. */
typedef enum {
    KC_BLOCKING,
    KC_STEPPED,
} KcWay;

#define KC_N_WAYS 2u

/* "" and ", stepped": appended to a host kind's name in messages. */
const char *kc_way_name(KcWay way);

/* Whether `action` resolves in steps at this load (its plugin has a
 * stepped resolve and negotiated ABI 1.3 or later): one stepped resolve of
 * a small game, asked. */
gboolean kc_action_can_step(const keyact_action *action, void *plugin_ctx);

/* A case's game set up in a fresh fake host (player 1), snapshot taken. */
typedef struct {
    FakeHost *host;
    KcWay way;                /* how kc_game_resolve resolves: KC_BLOCKING unless set */
    FakeSnapshot *before;
    keyact_card_id library[KC_MAX_LIBRARY];
    guint library_count;
    keyact_card_id source;    /* or KEYACT_CARD_NONE */
} KcGame;

#define KC_PLAYER ((keyact_player_id)1)

/* kc_game_init's host is a 1.0 table (the trace goldens are 1.0 traces);
 * kc_game_init_on gives the table of `kind`. */
void kc_game_init(KcGame *game, const KcCase *c, guint64 seed);
void kc_game_init_on(KcGame *game, const KcCase *c, guint64 seed, KcHostKind kind);
void kc_game_clear(KcGame *game);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC(KcGame, kc_game_clear)

/* Resolve the case's discover N in `game` through `action`, game->way.
 * Stepped, KEYACT_E_NOTSUP or KEYACT_E_VERSION means the action cannot
 * step at this load (nothing was resolved). */
int32_t kc_game_resolve(KcGame *game, const KcCase *c, const keyact_action *action,
                        void *plugin_ctx, FakeResolve *out);

/* Compare what happened with c->expect: status, result fields, zones,
 * offered faces and events. Does not check conservation. */
gboolean kc_case_check(const KcCase *c, const KcGame *game, const FakeResolve *res,
                       GError **error);

/* Set up, resolve, check the expectation and conservation, on a host of
 * `kind`. On failure the error says which case and why. */
gboolean kc_case_run_on(const KcCase *c, KcHostKind kind, const keyact_action *action,
                        void *plugin_ctx, GError **error);
/* kc_case_run_on resolved `way`: a stepped run of an action that cannot
 * step at this load passes without resolving. */
gboolean kc_case_run_way(const KcCase *c, KcHostKind kind, KcWay way,
                         const keyact_action *action, void *plugin_ctx, GError **error);
/* kc_case_run_way for each host kind in turn, 1.0 first, each both ways;
 * a failure names the host kind and the way. */
gboolean kc_case_run(const KcCase *c, const keyact_action *action, void *plugin_ctx,
                     GError **error);

/* 701.57a's "in a random order" (kc_random.c), which one resolve cannot
 * show: the case's game resolved over many fixed seeds, each resolve checked
 * like kc_case_run, and every order of the bottomed cards must show up. Not
 * in kc_cases(): a single run of it proves nothing about the order. */
const KcCase *kc_random_order_case(void);
gboolean kc_random_order_run_on(KcHostKind kind, const keyact_action *action, void *plugin_ctx,
                                GError **error);
gboolean kc_random_order_run_way(KcHostKind kind, KcWay way, const keyact_action *action,
                                 void *plugin_ctx, GError **error);
/* kc_random_order_run_way for each host kind and way, as kc_case_run does. */
gboolean kc_random_order_run(const keyact_action *action, void *plugin_ctx, GError **error);

/* The host-call contract (kc_contract.c): what the fake host saw the last
 * resolve in `game` do against it (host.h, keyact-plugin(7) THE CALLS OF A
 * RESOLVE): exile without KEYACT_MOVE_REVEAL, choose with no castable face,
 * faces out of order or the decline option not last. */
gboolean kc_contract_check(const KcCase *c, const KcGame *game, GError **error);
/* Set up the case's game, resolve, and check the contract. On failure the
 * error says which case, what was done and which rule it breaks. */
gboolean kc_contract_run(const KcCase *c, const keyact_action *action, void *plugin_ctx,
                         GError **error);

G_END_DECLS

#endif /* KEYACT_CONFORMANCE_H */
