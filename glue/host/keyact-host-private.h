/* SPDX-License-Identifier: MIT */
/* keyact-host-private.h - internals shared by the libkeyact-host sources.
 *
 * Not installed. Everything here is hidden from the shared object's symbol
 * table (the library builds with -fvisibility=hidden); only definitions
 * marked KEYACT_HOST_API are exported, and keyact-host.map lists them too.
 */
#ifndef KEYACT_HOST_PRIVATE_H
#define KEYACT_HOST_PRIVATE_H

#include <stddef.h>

#include <gmodule.h>

#include "keyact-host.h"

G_BEGIN_DECLS

/* Put on the definition of every public function. */
#if defined(__GNUC__) || defined(__clang__)
#define KEYACT_HOST_API __attribute__((visibility("default")))
#else
#define KEYACT_HOST_API
#endif

/* More actions than this in one plugin is taken as a corrupt entry. */
#define KEYACT_HOST_MAX_ACTIONS 1024u

typedef struct _KeyactValidator KeyactValidator;
typedef struct _IsoPlugin IsoPlugin;

struct _KeyactPlugin {
    gint ref_count;                   /* atomic; the last unref unloads */
    GModule *module;
    char *path;                       /* as the caller gave it (absolute) */
    const struct keyact_plugin_entry *entry;
    keyact_version version;           /* negotiated */
    void *ctx;                        /* what init returned */
    gboolean initialized;             /* init succeeded: deinit is owed */
    /* The validation state of the first registry the plugin was added to
     * (a reference), or NULL. Written once, before the registry hands out
     * any bound action of this plugin; read by every resolve. It lives in
     * the plugin because a KeyactBoundAction (whose layout binaries built
     * against 1.2.0 know) reaches nothing else of the registry. */
    KeyactValidator *validator;
    /* An isolated plugin's helpers and proxies (isolated.h), or NULL for
     * a plugin loaded in-process. Set at load, never changed. */
    IsoPlugin *isolated;
};

/* Random draws seen, as standardized deviations from a uniform draw's mean:
 * d = (value - (bound - 1) / 2) / sqrt((bound^2 - 1) / 12), bound >= 2. */
typedef struct {
    guint64 n;
    double sum;        /* of d: near 0 for a uniform source, -n for "always 0" */
    double sum_sq;     /* of d^2: near n; near 0 for "always the middle" */
} KeyactRandomStats;

/* What a registry's validation is: shared by the registry and its plugins. */
struct _KeyactValidator {
    gint ref_count;              /* atomic */
    gint mode;                   /* KeyactValidation; atomic */
    GRWLock lock;                /* guards everything below */
    KeyactViolationFunc func;    /* NULL: g_log */
    gpointer user_data;
    GDestroyNotify destroy;
    KeyactRandomStats random;    /* every draw of every validated resolve */
    gboolean random_reported;
    GHashTable *skip_noted;      /* host names told which checks are skipped */
};

/* The implementation serving one action name. */
struct _KeyactSlot {
    char *name;
    GRWLock lock;                /* guards `current` only */
    KeyactBoundAction current;   /* holds a plugin reference; action NULL: none */
    /* The rest belongs to the control thread. */
    char *explicit_selector;     /* keyact_registry_select()'s choice, or NULL */
    KeyactSelectedBy selected_by;
    char *reason;                /* for people */
};

/* slot.c */
/* registry.c: note that a load searched `dir` and what it found there
 * ("no such directory", "2 loaded"...), for the NOT_FOUND messages. */
void keyact_host_registry_searched(KeyactRegistry *registry, const char *dir, const char *found);

KeyactSlot *keyact_host_slot_new(const char *name);
void keyact_host_slot_free(KeyactSlot *slot);
/* Install `next` (NULL: none), taking a reference to its plugin; returns the
 * previous implementation, whose reference the caller now owns. */
KeyactBoundAction keyact_host_slot_exchange(KeyactSlot *slot, const KeyactBoundAction *next);

/* safety.c: refuse `path` when it or its directory could be changed by
 * someone else. On success *out_resolved is the symlink-free path to open. */
gboolean keyact_host_check_file_safety(const char *path, char **out_resolved,
                                       GError **error);
/* The same checks of the plugin helper executable (isolated_find.c), refused
 * with KEYACT_HOST_ERROR_ISOLATION and no override. */
gboolean keyact_host_check_helper_safety(const char *path, char **out_resolved, GError **error);

/* entry_check.c: validate what the entry promises before calling into it. */
gboolean keyact_host_check_entry(const char *path, const struct keyact_plugin_entry *entry,
                                 GError **error);

/* negotiate.c: agree on a version with the plugin. */
gboolean keyact_host_negotiate(const char *path, const struct keyact_plugin_entry *entry,
                               keyact_version *out_chosen, GError **error);
/* negotiate.c: check what negotiate answered (an isolated plugin answers
 * from its helper); the refusals are keyact_host_negotiate()'s. */
gboolean keyact_host_check_negotiated(const char *path, const struct keyact_plugin_entry *entry,
                                      int32_t status, keyact_version chosen,
                                      keyact_version *out_chosen, GError **error);

/* plugin.c: keyact_plugin_load() with a registry's isolation settings
 * (NULL: the defaults). */
KeyactPlugin *keyact_host_plugin_load(const char *path, KeyactLoadFlags flags,
                                      const KeyactIsolation *isolation, GError **error);
/* plugin.c: the error of an init that returned `status`. */
void keyact_host_init_failed(const char *path, const struct keyact_plugin_entry *entry,
                             keyact_version version, int32_t status, GError **error);

/* selection.c: a candidate that matches `selector` (an impl id, or a
 * plugin's path when it starts with '/'). */
gboolean keyact_host_selector_matches(const KeyactBoundAction *candidate, const char *selector);
/* selection.c: strverscmp() order of two plugins' plugin_version. */
int keyact_host_compare_versions(const KeyactPlugin *a, const KeyactPlugin *b);

/* selection.c: the precedence of keyact-host.h for action `name` among
 * `candidates` (KeyactBoundAction). Returns the chosen candidate or NULL,
 * with how and why (*out_reason: free with g_free). */
const KeyactBoundAction *keyact_host_choose(const GArray *candidates, const char *name,
                                            const char *explicit_selector,
                                            const char *env_selector,
                                            KeyactSelectedBy *out_by, char **out_reason);

/* validate.c: the validation state of a registry. */
KeyactValidator *keyact_host_validator_new(void);
KeyactValidator *keyact_host_validator_ref(KeyactValidator *validator);
void keyact_host_validator_unref(KeyactValidator *validator);
/* Deliver one report to the handler or g_log. */
void keyact_host_validator_report(KeyactValidator *validator, const keyact_host *host,
                                  const KeyactViolation *violation);
/* Add a resolve's draws; TRUE (once per validator) when the draws so far
 * are not uniform, with the totals in *out_total. */
gboolean keyact_host_validator_add_draws(KeyactValidator *validator,
                                         const KeyactRandomStats *draws,
                                         KeyactRandomStats *out_total);
/* TRUE the first time `host_name` is seen without card_zone. */
gboolean keyact_host_validator_first_skip(KeyactValidator *validator, const char *host_name);

/* validate_table.c: resolve through the validation layer; `validation`
 * (may be NULL) gets what keyact_bound_action_resolve_validated() says. */
int32_t keyact_host_validate_resolve(KeyactValidator *validator, KeyactValidation mode,
                                     const KeyactBoundAction *bound, const keyact_host *host,
                                     const keyact_resolve_args *args,
                                     keyact_resolve_result *result,
                                     KeyactValidationResult *validation);
/* validate.c: the sentence saying which checks are skipped for a host
 * without card_zone (static). */
extern const char keyact_host_skipped_without_card_zone[];

/* validate_stepped.c: the layer of a stepped resolve (stepped.c), on the
 * heap from begin until the resolve ends. The plugin is handed _table();
 * _stepped() sees every step's status (a wait, or the end: the end checks
 * run, and the status the caller gets is returned); _answer() checks an
 * answer given after a wait, turning it into KEYACT_E_HOST where the
 * callback's answer would have been (FATAL); _free() drops it (an
 * abandoned resolve gets no end checks). */
typedef struct _KeyactStepLayer KeyactStepLayer;
KeyactStepLayer *keyact_host_step_layer_new(KeyactValidator *validator, KeyactValidation mode,
                                            const KeyactBoundAction *bound,
                                            const keyact_host *host,
                                            const keyact_resolve_args *args);
const keyact_host *keyact_host_step_layer_table(KeyactStepLayer *step);
int32_t keyact_host_step_layer_stepped(KeyactStepLayer *step, int32_t status,
                                       keyact_resolve_result *result,
                                       const keyact_question *question);
void keyact_host_step_layer_answer(KeyactStepLayer *step, keyact_answer *answer);
/* The plugin's abandon() filled `result`: FATAL's settling, no end checks. */
void keyact_host_step_layer_abandoned(KeyactStepLayer *step, keyact_resolve_result *result);
void keyact_host_step_layer_free(KeyactStepLayer *step);

/* version.c: "1.0, 1.1" for messages. */
char *keyact_host_format_versions(const keyact_version *versions, guint n_versions);

G_END_DECLS

#endif /* KEYACT_HOST_PRIVATE_H */
