/* SPDX-License-Identifier: MIT */
/* validate_layer.h - the parts of the validation layer, private to
 * libkeyact-host. One resolve under validation is one VlLayer, on the
 * resolve's stack. Data flows one way:
 *
 *   validate_table.c     the forwarding table: each callback calls the host,
 *                        then the checks of its family, and turns a FATAL
 *                        verdict into KEYACT_E_HOST
 *     validate_library.c   library_size, library_card, library_cards
 *     validate_moves.c     move_card, apply_steps
 *     validate_describe.c  describe_card, describe_cards
 *     validate_questions.c can_cast_face, choose, cast_free: functions of the
 *                          question and the host's answer, not of a callback
 *     validate_random.c    random_below, random_below_each
 *     validate_zones.c     card_zone, asked by the checks, and its own answers
 *   validate_stepped.c   a stepped resolve: the layer on the heap between
 *                        steps, answers after a wait checked as callbacks
 *   validate_end.c       the checks after the plugin returned
 *   validate_settle.c    FATAL: every card the plugin moved or may have moved,
 *                        located and listed (stranded or unsettled)
 *     validate_model.c     the plugin's view of the game (cards, library)
 *     validate_report.c    one line per cause, consequences said as such
 *       validate.c           the registry's validation state (mode, handler)
 *
 * A check calls the model and the report, never a callback wrapper; the
 * model and the report call no check.
 */
#ifndef KEYACT_VALIDATE_LAYER_H
#define KEYACT_VALIDATE_LAYER_H

#include "keyact-host-private.h"

G_BEGIN_DECLS

#define VL_LOG_DOMAIN "keyact-validate"

/* The rules, in keyact's words (validate_report.c has the texts). One bit
 * each, to report each once per card (or once per resolve for a violation
 * about no card). */
typedef enum {
    VL_RULE_LIBRARY_SIZE,
    VL_RULE_LIBRARY_CARD_RANGE,
    VL_RULE_LIBRARY_AGREES,
    VL_RULE_LIBRARY_CARDS_ANSWER,
    VL_RULE_IDENTITY,
    VL_RULE_MOVE_DESTINATION,
    VL_RULE_MOVE_FAILED_STAYS,
    VL_RULE_DESCRIBE_VALID,
    VL_RULE_DESCRIBE_COST,
    VL_RULE_DESCRIBE_STABLE,
    VL_RULE_CAN_CAST_RANGE,
    VL_RULE_CAN_CAST_STABLE,
    VL_RULE_CHOOSE_RANGE,
    VL_RULE_CAST_FREE_RANGE,
    VL_RULE_CAST_DONE_ON_STACK,
    VL_RULE_CAST_FAILED_IN_EXILE,
    VL_RULE_RANDOM_RANGE,
    VL_RULE_RANDOM_UNIFORM,
    VL_RULE_APPLY_STEPS_DONE,
    VL_RULE_CARD_ZONE_ANSWER,
    VL_RULE_END_ZONES,
    VL_RULE_COUNT
} VlRule;

/* What the layer knows of one card. */
typedef struct {
    keyact_card_id card;
    uint32_t zone;             /* where the plugin believes it is after its moves, 0: not moved */
    gboolean in_library;       /* answered from the library, or put there by the plugin */
    gint64 seen_at;            /* the index it was first answered at, -1: never */
    const char *seen_by;       /* the callback that answered it from the library, or NULL */
    guint32 reported;          /* VlRule bits reported about this card */
    /* A report said where this card is (or is not): later disagreements
     * about it are consequences of that report, not new accusations. */
    gboolean disputed;
    /* FATAL: the plugin's belief about this card may be wrong (a failed or
     * disputed move): validate_settle.c locates it after the resolve. */
    gboolean doubtful;
    guint32 asked_zones;       /* bit per KEYACT_ZONE_* the plugin asked it into */
    /* Its last move, as the host answered it, for reports about it. */
    const char *moved_by;      /* "move_card" or "apply_steps", NULL: never moved */
    uint32_t moved_to;
    uint32_t moved_index;      /* library_index of that move */
    int32_t moved_rc;          /* the call's status */
    gboolean moved_applied;    /* the host said that move was applied */
    gint32 moved_step;         /* apply_steps: the step's index, else -1 */
    uint32_t moved_done;       /* apply_steps: its out_done and count */
    uint32_t moved_count;
    /* Its description. */
    char *name;                /* "Fire // Ice", from the first valid description */
    gboolean described;
    const char *described_by;  /* the callback of the first description */
    uint32_t layout;
    uint32_t face_count;
    keyact_face_desc faces[KEYACT_MAX_FACES]; /* the first answer; strings copied, owned */
    guint32 can_cast_asked;    /* bit per face */
    guint32 can_cast_yes;
} VlCard;

typedef struct {
    keyact_host table;             /* first: the plugin is handed &layer->table */
    const keyact_host *inner;      /* the host's table, as the resolve was given it */
    KeyactValidator *validator;
    KeyactValidation mode;
    const keyact_rules_ext *rules; /* the plugin's cost reader, or NULL */
    keyact_game_id game;
    keyact_player_id player;
    gboolean has_card_zone;
    GHashTable *cards;             /* &card->card -> VlCard (owned) */
    gint64 library_size;           /* the plugin's library as its moves leave it; -1 unknown */
    GArray *top;                   /* keyact_card_id: the library's first cards, as answered */
    GArray *bottom;                /* keyact_card_id: cards the plugin put at the bottom, in order */
    guint32 reported;              /* VlRule bits reported in this resolve (each once) */
    /* A report about the library's size or order was made: the layer stops
     * checking them (the later answers would only repeat it). */
    gboolean library_disputed;
    /* card_zone was reported wrong: the settling locates cards without it. */
    gboolean card_zone_disputed;
    gboolean failed;               /* FATAL and a violation: every later callback fails */
    guint n_violations;
    KeyactRandomStats draws;
    const char *last_random;       /* "random_below" or "random_below_each" */
    GArray *unsettled;             /* KeyactUnsettledCard, validate_settle.c; NULL: none */
} VlLayer;

/* ---- validate_model.c: the plugin's view ---- */
VlCard *vl_card(VlLayer *layer, keyact_card_id card);          /* made on first use; NULL for NONE */
VlCard *vl_card_lookup(const VlLayer *layer, keyact_card_id card); /* NULL: never seen */
gint vl_top_index_of(const VlLayer *layer, keyact_card_id card);
/* Where the plugin believes `card` is, or 0 when the layer does not know. */
uint32_t vl_believed_zone(const VlLayer *layer, keyact_card_id card);
/* A move of `card` to `to_zone` that the plugin takes as applied. */
void vl_model_moved(VlLayer *layer, keyact_card_id card, uint32_t to_zone,
                    uint32_t library_index);
/* Note the move as the host answered it, for reports: move_card (`step`
 * -1) or step `step` of an apply_steps that answered `rc` and `done` of
 * `count`, applied or not as the plugin takes it. */
void vl_model_note_move(VlLayer *layer, keyact_card_id card, const char *callback,
                        uint32_t to_zone, uint32_t library_index, int32_t rc, gboolean applied,
                        gint32 step, uint32_t done, uint32_t count);
/* What the host said of the card's last move, in its own terms: "apply_steps
 * answered KEYACT_E_STATE with out_done 3 of 5 steps: step 1 (the card to
 * exile) was applied". Made only for a report (free with g_free). */
char *vl_move_claim(const VlCard *rec);
/* Forget the library's order and size: a report disputed them. */
void vl_model_forget_library(VlLayer *layer);
gboolean vl_ours(const VlLayer *layer, keyact_game_id game, keyact_player_id player);
const char *vl_zone_name(uint32_t zone);   /* "exile", "the hand" */
const char *vl_zone_where(uint32_t zone);  /* "in exile", "on the stack" */
/* "to exile", "to the bottom of the library", "to index 3 of the library" */
char *vl_destination(uint32_t to_zone, uint32_t library_index);

/* ---- validate_report.c ---- */
/* Report that `callback` (and, when `other` is not NULL, `other`: the
 * layer cannot tell which of the two answers is wrong) broke `rule` about
 * `card` (or KEYACT_CARD_NONE). `answer_format` says what was answered, in
 * words that name the callbacks when there are two. Once per rule and
 * resolve; a report about a card already disputed is a consequence: both
 * said in the debug log, not reported. Returns TRUE when the answer must now become
 * KEYACT_E_HOST (FATAL). */
G_GNUC_PRINTF(6, 7)
gboolean vl_report(VlLayer *layer, VlRule rule, const char *callback, const char *other,
                   keyact_card_id card, const char *answer_format, ...);
const char *vl_rule_text(VlRule rule);

/* ---- validate_zones.c: card_zone, asked by the layer ---- */
/* Where the host says `card` is: card_zone's answer, checked (in range,
 * known for a card the host described or answered), or 0 when the host
 * has no card_zone or its answer is not one. */
uint32_t vl_host_zone(VlLayer *layer, keyact_card_id card);

/* ---- validate_library.c ---- */
gboolean vl_check_library_size(VlLayer *layer, int32_t rc, uint32_t size);
gboolean vl_check_library_card(VlLayer *layer, uint32_t index, int32_t rc, keyact_card_id card);
gboolean vl_check_library_cards(VlLayer *layer, uint32_t from_top, uint32_t count, int32_t rc,
                                const keyact_card_id *cards);
/* Every card of the library the layer knows, by the layer's own
 * library_card reads: &card->card -> index + 1 (free with
 * g_hash_table_unref). For the end checks and the settling only. */
GHashTable *vl_scan_library(VlLayer *layer, uint32_t size);
/* describe_card refused a card the library answered: which of the two? */
gboolean vl_check_refused_card(VlLayer *layer, const char *callback, keyact_card_id card,
                               int32_t rc);

/* ---- validate_moves.c ---- */
gboolean vl_check_move_card(VlLayer *layer, keyact_card_id card, uint32_t to_zone,
                            uint32_t library_index, int32_t rc, uint32_t zone_before);
gboolean vl_check_apply_steps(VlLayer *layer, const keyact_step *steps, uint32_t count,
                              int32_t rc, uint32_t done);

/* ---- validate_describe.c ---- */
gboolean vl_check_description(VlLayer *layer, const char *callback, keyact_card_id card,
                              const keyact_card_desc *desc);

/* ---- validate_questions.c: the three questions, as question and answer ----
 * Each takes the question as the plugin asked it and the host's answer
 * (its status and its value), however the answer arrived: through the
 * callback, or (ABI 1.3's stepped resolve) through keyact_resolve_answer()
 * after a wait; `callback` names the way it came ("choose", or "choose
 * (answered after a wait)"). Returns TRUE when the answer must become KEYACT_E_HOST. A
 * failing status is the host's to give: only cast_free's is checked (the
 * card must still be in exile). */
gboolean vl_check_can_cast(VlLayer *layer, const char *callback, keyact_card_id card,
                           uint32_t face, int32_t status, uint32_t can);
gboolean vl_check_choose(VlLayer *layer, const char *callback, keyact_card_id card,
                         uint32_t option_count, int32_t status, uint32_t index);
gboolean vl_check_cast(VlLayer *layer, const char *callback, keyact_card_id card,
                       uint32_t face, int32_t status, uint32_t cast);

/* ---- validate_random.c ---- */
gboolean vl_check_draw(VlLayer *layer, const char *callback, uint32_t bound, uint32_t value);
void vl_check_draws_uniform(VlLayer *layer);

/* ---- validate_end.c ---- */
void vl_check_end(VlLayer *layer);

/* ---- validate_settle.c ---- */
/* FATAL, after a resolve that did not complete: every card the plugin moved
 * or may have moved is in result->stranded (in exile) or layer->unsettled
 * (anywhere else, or where the host cannot say). */
void vl_settle(VlLayer *layer, keyact_resolve_result *result);

/* FATAL: the layer made a call that moves `card` fail; the plugin's view of
 * it may be wrong (validate_settle.c locates it). */
void vl_doubt(VlLayer *layer, keyact_card_id card);

/* ---- validate_table.c ---- */
void vl_table_init(VlLayer *layer);
/* Set `layer` up for a resolve of `bound` by `host` with `args`. */
void vl_layer_begin(VlLayer *layer, KeyactValidator *validator, KeyactValidation mode,
                    const KeyactBoundAction *bound, const keyact_host *host,
                    const keyact_resolve_args *args);
/* The plugin's resolve returned `status` (or, `abandoned`, the host ended
 * a stepped one): the end checks (not for an abandoned resolve: its cards
 * are stranded on purpose), FATAL's settling, `validation` filled (may be
 * NULL); frees what vl_layer_begin made. Returns the resolve's status. */
int32_t vl_layer_end(VlLayer *layer, int32_t status, gboolean abandoned,
                     keyact_resolve_result *result, KeyactValidationResult *validation);

/* ---- validate_stepped.c: the layer of a stepped resolve ---- */
/* The hooks stepped.c calls are in keyact-host-private.h (KeyactStepLayer). */

G_END_DECLS

#endif /* KEYACT_VALIDATE_LAYER_H */
