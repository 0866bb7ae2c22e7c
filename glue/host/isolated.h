/* SPDX-License-Identifier: MIT */
/* isolated.h - the isolated mode of libkeyact-host (keyact-host.h,
 * "isolated plugins"): a plugin loaded into keyact-plugin-helper processes,
 * shown to the library as a KeyactPlugin whose entry and actions are
 * proxies owned by the library. The registry, slots, hot swap, validation
 * layer and guard see an ordinary plugin: they wrap the host table handed
 * to a proxy action, and the proxy serves the helper's host calls by
 * calling that table.
 *
 *   isolated_settings.c  KEYACT_ISOLATE, limits, the public settings calls
 *   isolated_find.c      where the helper executable is
 *   isolated_spawn.c     starting a helper (from a thread of its own)
 *   isolated_channel.c   one helper: messages with deadlines, its death
 *   isolated_load.c      the load: facts, checks, the proxy entry
 *   isolated_pool.c      idle helpers, leases, statistics
 *   isolated_calls.c     a CALL answered by the host's table, the moves kept
 *   isolated_resolve.c   the proxy's blocking resolve; failures
 *   isolated_stepped.c   the proxy's stepped resolve
 *   isolated_rules.c     the plugin's rules extension, by proxy
 *
 * Not installed.
 */
#ifndef KEYACT_ISOLATED_H
#define KEYACT_ISOLATED_H

#include <sys/types.h>

#include <ffi.h>

#include "keyact-host-private.h"
#include "ki_calls.h"

G_BEGIN_DECLS

/* Defaults of KeyactIsolation's zero values. */
#define ISO_DEFAULT_DEADLINE_MS 5000u
#define ISO_DEFAULT_MEMORY_BYTES (G_GUINT64_CONSTANT(1) << 30)
#define ISO_DEFAULT_CPU_SECONDS 600u
/* Idle helpers kept per plugin; more are ended when they come back. */
#define ISO_MAX_IDLE 8u

typedef struct _IsoPlugin IsoPlugin;
typedef struct _IsoHelper IsoHelper;

/* ---- settings (isolated_settings.c) ---- */

/* The limits one isolated load runs with, every value resolved. */
typedef struct {
    guint deadline_ms;
    guint64 memory_bytes;
    guint cpu_seconds;
} IsoLimits;

/* TRUE when KEYACT_ISOLATE asks for every load to be isolated. */
gboolean iso_environment_isolates(void);
/* `isolation` (may be NULL: every default) with its zeros resolved:
 * KEYACT_ISOLATE_DEADLINE_MS, then the defaults above. */
IsoLimits iso_limits_resolve(const KeyactIsolation *isolation);

/* ---- the helper executable (isolated_find.c) ---- */

/* Its full path, checked as plugin files are (safety.c), or NULL with an
 * error saying where it was looked for. */
char *iso_find_helper(GError **error);

/* Cards the plugin moved in one resolve, as the host answered the moves:
 * kept in the parent, so what is in exile is known when the helper can no
 * longer be asked. */
typedef struct {
    GArray *cards;            /* IsoMove, in the order each card first went to exile */
    GHashTable *index;        /* card id -> position in `cards` + 1 */
    guint bottomed;           /* moves to the library that succeeded */
} IsoRecord;

typedef struct {
    keyact_card_id card;
    gboolean in_exile;
} IsoMove;

/* ---- one helper process (isolated_channel.c, isolated_spawn.c) ---- */

struct _IsoHelper {
    IsoPlugin *owner;          /* borrowed: for limits, statistics, messages */
    int fd;                    /* the protocol socket (close-on-exec) */
    pid_t pid;
    int pidfd;                 /* -1 where pidfd_open() is missing */
    KiWriter out;
    GByteArray *in;            /* bytes received, messages parsed from the front */
    gsize in_used;             /* ... up to here */
    KiHeader header;           /* the last message received: its payload follows */
    const guint8 *payload;
    KiCall call;               /* the last CALL decoded */
    IsoRecord record;          /* the moves of the resolve it serves */
    guint64 cpu_ns;            /* the helper's CPU time, from its last answer */
    gboolean lost;             /* dead, killed or broke the protocol: never reused */
    char *what;                /* once lost: what happened, one line ("killed by SIGSEGV") */
};

/* Start a helper for `owner` (on the spawner thread, so its parent-death
 * signal follows the process). NULL with an error on failure. */
IsoHelper *iso_helper_spawn(IsoPlugin *owner, const char *helper_path, GError **error);

/* Send the message in helper->out within the deadline. FALSE: the helper
 * is lost (helper->what says why). */
gboolean iso_helper_send(IsoHelper *helper);
/* Receive the next message within what is left of the deadline, the
 * plugin's time in the request so far being *spent_us (the time waited is
 * added to it): helper->header and helper->payload. FALSE: lost. */
gboolean iso_helper_receive(IsoHelper *helper, gint64 *spent_us);
/* The helper broke the protocol: kill it, remember `why`. Returns FALSE. */
gboolean iso_helper_violation(IsoHelper *helper, const char *format, ...) G_GNUC_PRINTF(2, 3);
/* TRUE when an idle helper's socket is open and holds nothing: it waits
 * for a request, as an idle helper must. */
gboolean iso_helper_quiet(IsoHelper *helper);
/* Kill and reap the helper (idempotent); `what` (may be NULL) is kept as
 * the reason when none is yet. */
void iso_helper_kill(IsoHelper *helper, const char *what);
/* Kill, reap, close and free. NULL is ignored. */
void iso_helper_free(IsoHelper *helper);

/* ---- requests (isolated_calls.c) ---- */

void iso_record_init(IsoRecord *record);
void iso_record_reset(IsoRecord *record);
void iso_record_clear(IsoRecord *record);
void iso_record_move(IsoRecord *record, keyact_card_id card, uint32_t to_zone);
/* The card went to the stack (a free cast done). */
void iso_record_left_exile(IsoRecord *record, keyact_card_id card);
/* Cards in exile as far as the host's answers say, in move order. */
guint iso_record_stranded(const IsoRecord *record, keyact_card_id *out, guint capacity);

/* Send the request in helper->out and serve the helper's CALLs with `host`
 * (NULL: no call is allowed), recording moves in `record` (may be NULL),
 * until it answers. TRUE with *done reading the answer's payload after its
 * request type; FALSE when the helper is lost. */
gboolean iso_exchange(IsoHelper *helper, KiMessageType request, const keyact_host *host,
                      IsoRecord *record, KiReader *done);

/* The helper whose host call the calling thread is making (inside a host
 * callback of a resolve it serves), or NULL. It waits for its reply and
 * takes a RULES request meanwhile. */
IsoHelper *iso_serving_helper(void);

/* ---- the shape of a host table, as a request carries it ---- */
void iso_put_shape(KiWriter *writer, const keyact_host *host);

/* ---- the plugin (isolated_load.c, isolated_pool.c) ---- */

typedef struct {
    keyact_action action;      /* first: what the library and engines see */
    IsoPlugin *plugin;
    guint index;               /* in the plugin's actions */
    guint32 plugin_state_size; /* the plugin's own (the helper holds the block) */
    ffi_closure *resolve_closure;
    ffi_closure *begin_closure;
} IsoAction;

struct _IsoPlugin {
    char *path;                /* as the caller gave it */
    char *open_path;           /* resolved, what the helper opens */
    char *helper_path;
    IsoLimits limits;
    GBytes *facts;             /* the first helper's OPEN answer: later ones must match */
    GBytes *rules_facts;       /* ... and its SANDBOX answer */
    keyact_version version;    /* negotiated */
    struct keyact_plugin_entry entry; /* the proxy entry */
    char *plugin_id;
    char *plugin_version;
    guint n_actions;
    IsoAction *actions;
    const keyact_action **action_list;
    gboolean has_rules;
    keyact_rules_ext rules;    /* proxies; valid while has_rules */
    ffi_closure *rules_closures[3];

    GMutex lock;               /* guards `idle` */
    GPtrArray *idle;           /* IsoHelper *, ready */

    /* Statistics: ISO_COUNT / ISO_READ. */
    gint helpers_started;
    gint helpers_lost;
    guint64 requests;
    guint64 sent;
    guint64 received;
};

#define ISO_COUNT(counter) ((void)__atomic_fetch_add(&(counter), 1u, __ATOMIC_RELAXED))
#define ISO_READ(counter) __atomic_load_n(&(counter), __ATOMIC_RELAXED)

/* The whole isolated load (keyact_plugin_load's isolated branch). */
KeyactPlugin *iso_plugin_load(const char *path, const char *open_path, const IsoLimits *limits,
                              GError **error);

/* A helper ready to serve (idle, or a fresh one loaded and sandboxed).
 * NULL, and a one-line reason in *out_why (g_free), when none can start. */
IsoHelper *iso_plugin_lease(IsoPlugin *plugin, char **out_why);
/* Give a helper back: idle again, or ended when lost or past its CPU half. */
void iso_plugin_release(IsoPlugin *plugin, IsoHelper *helper);
/* Start a helper and take it through the load: OPEN, NEGOTIATE, INIT,
 * SANDBOX. The first one of a plugin fills in its facts; later ones must
 * answer the same. NULL with an error otherwise. */
IsoHelper *iso_plugin_start_helper(IsoPlugin *plugin, GError **error);
/* End every idle helper and free the plugin (its entry's deinit). */
void iso_plugin_free(IsoPlugin *plugin);
/* The proxy actions from the first helper's facts (isolated_pool.c). */
gboolean iso_actions_init(IsoPlugin *plugin, const keyact_action *const *facts,
                          const gboolean *stepped, const guint32 *state_sizes, guint n,
                          GError **error);

/* isolated_resolve.c: the proxy's resolve, and the end of a failed one:
 * `result` gets the record's stranded cards, the warning names the plugin
 * file, the implementation and what happened; returns KEYACT_E_PLUGIN. */
int32_t iso_resolve(IsoAction *action, const keyact_host *host, const keyact_resolve_args *args,
                    keyact_resolve_result *result);
int32_t iso_fail_resolve(IsoAction *action, const keyact_host *host, const char *what,
                         const char *during, const IsoRecord *record,
                         keyact_resolve_result *result);
/* The request that starts a resolve (RESOLVE, BEGIN) of `action` on
 * `host` for `args`, in helper->out; the helper's record of moves starts
 * empty. */
void iso_start_request(IsoHelper *helper, KiMessageType type, const IsoAction *action,
                       const keyact_host *host, const keyact_resolve_args *args);
/* A result mirrored into a request; the answer's copy back. */
void iso_put_result(KiWriter *writer, const keyact_resolve_result *result);
gboolean iso_get_result(KiReader *done, keyact_resolve_result *result);

/* isolated_stepped.c */
#define ISO_STATE_SIZE 16u
#define ISO_STATE_ALIGN 8u
int32_t iso_begin(IsoAction *action, const keyact_host *host, const keyact_resolve_args *args,
                  uint32_t waits, void *state, uint32_t state_size);
int32_t iso_step(void *ctx, void *state, keyact_resolve_result *result,
                 keyact_question *out_question);
int32_t iso_answer(void *ctx, void *state, const keyact_answer *answer);
int32_t iso_abandon(void *ctx, void *state, keyact_resolve_result *result);

/* isolated_rules.c: the rules extension's proxies (closures), from what
 * the first helper's SANDBOX answer said of it. */
gboolean iso_rules_setup(IsoPlugin *plugin, GBytes *rules_facts, GError **error);
void iso_rules_clear(IsoPlugin *plugin);

G_END_DECLS

#endif /* KEYACT_ISOLATED_H */
