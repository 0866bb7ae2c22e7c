/* SPDX-License-Identifier: MIT */
/* keyact-host.h - libkeyact-host: load keyact plugins into a host engine.
 *
 * pkg-config: keyact-host-1. GLib style: every failure is a GError in the
 * KEYACT_HOST_ERROR domain with a message a person can act on; the process
 * keeps running after any refusal.
 *
 * Threads: loading, selecting and unloading (every function that takes a
 * KeyactRegistry) happen on one thread at a time, the host's control thread.
 * Resolves run on any thread, concurrently for different games:
 * keyact_bound_action_resolve() while its plugin stays loaded, and
 * keyact_slot_resolve() / keyact_slot_acquire() at any time, even while the
 * control thread swaps the implementation behind the slot (hot swap).
 *
 * Plugins are reference counted. The registry holds one reference to every
 * plugin it loaded, a slot one to the implementation it serves, and each
 * resolve through a slot one while it runs. A plugin is deinitialised and
 * its module closed when the last reference goes, on the thread that drops
 * it: after a swap that can be a game thread whose resolve finished last.
 */
#ifndef KEYACT_HOST_LIB_H
#define KEYACT_HOST_LIB_H

#include <glib.h>
#include <keyact/keyact.h>

/* The plain-C part: load flags, the host table's header, KeyactBoundAction
 * and its resolves (blocking and stepped), the registry's making, loading
 * of folders and selection. Declared there, in types without GLib, for
 * engines that have none. */
#include "keyact-host-core.h"

G_BEGIN_DECLS

#define KEYACT_HOST_ERROR (keyact_host_error_quark())
GQuark keyact_host_error_quark(void);

typedef enum {
    KEYACT_HOST_ERROR_OPEN,            /* the file could not be opened as a shared object */
    KEYACT_HOST_ERROR_NO_ENTRY,        /* no keyact_plugin_entry symbol */
    KEYACT_HOST_ERROR_STRUCT_SIZE,     /* a struct_size is 0 or smaller than version 1.0's */
    KEYACT_HOST_ERROR_ABI_MAJOR,       /* the plugin's ABI major differs from the host's */
    KEYACT_HOST_ERROR_NEGOTIATE,       /* negotiate failed or answered a version not offered */
    KEYACT_HOST_ERROR_MISSING_MEMBER,  /* a required member (function, name, ...) is NULL */
    KEYACT_HOST_ERROR_INIT,            /* the plugin's init returned an error */
    KEYACT_HOST_ERROR_DUPLICATE,       /* an implementation id is already registered */
    KEYACT_HOST_ERROR_NOT_FOUND,       /* no plugin file / no such action or implementation */
    KEYACT_HOST_ERROR_UNSAFE_FILE,     /* the file or its directory is writable by others / foreign-owned */
    KEYACT_HOST_ERROR_INVALID,         /* a bad argument (NULL, relative path, ...) */
    KEYACT_HOST_ERROR_RESOLVE,         /* for hosts: a resolve returned a KEYACT_E_* status
                                        * (the library itself returns statuses, not this) */
    /* Since 1.5: an isolated load failed for a reason of its own: the
     * helper was not found or did not start, the kernel refused its
     * sandbox, the plugin crashed, exited, hung or broke the protocol while
     * loading, or reported an entry that cannot be read (see "isolated
     * plugins" below). A defect an in-process load also refuses keeps its
     * code above (MISSING_MEMBER, NEGOTIATE, INIT, ...). */
    KEYACT_HOST_ERROR_ISOLATION,
} KeyactHostError;

/* The ABI versions this host library speaks, newest first. Static. */
const keyact_version *keyact_host_lib_versions(guint *n_versions);

/* ---- names, for logs and traces ---- */

/* The name of event type `type` as its constant is spelled without the
 * KEYACT_EVENT_ prefix ("EXILED", "DISCOVERED", ...), or NULL for a type
 * this library does not know (a newer plugin's: print the number). The
 * string is static. Thread: any. Since 1.2. */
const char *keyact_event_type_name(uint32_t type);

/* The name of card layout `layout` without the KEYACT_LAYOUT_ prefix
 * ("NORMAL", "MODAL_DFC", ...), or NULL for an unknown value. Card data
 * (Scryfall, MTGJSON) spells the same layouts in lower case. Static.
 * Thread: any. Since 1.2. */
const char *keyact_layout_name(uint32_t layout);

/* ---- one loaded plugin ---- */

/* Load the plugin at `path` (a full path; relative paths are refused) with
 * GModule and G_MODULE_BIND_LOCAL, check the entry, negotiate, validate every
 * action and call init. Returns NULL and sets `error` on any refusal.
 * With KEYACT_LOAD_ISOLATED, or when the environment says KEYACT_ISOLATE=1,
 * the plugin is loaded isolated instead (see "isolated plugins" below),
 * with the limits' defaults (a registry's loads use its own limits:
 * keyact_registry_set_isolation()). */
KeyactPlugin *keyact_plugin_load(const char *path, KeyactLoadFlags flags, GError **error);

/* Take another reference. Returns `plugin`. Thread: any. */
KeyactPlugin *keyact_plugin_ref(KeyactPlugin *plugin);

/* Drop a reference; the last one calls deinit and closes the module, on the
 * calling thread. NULL is ignored. keyact_plugin_load() gives the caller one
 * reference; keyact_plugin_unload() is the same as keyact_plugin_unref().
 * Thread: any. */
void keyact_plugin_unref(KeyactPlugin *plugin);
void keyact_plugin_unload(KeyactPlugin *plugin);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(KeyactPlugin, keyact_plugin_unref)

const char *keyact_plugin_get_path(const KeyactPlugin *plugin);
const struct keyact_plugin_entry *keyact_plugin_get_entry(const KeyactPlugin *plugin);
keyact_version keyact_plugin_get_version(const KeyactPlugin *plugin); /* negotiated */
void *keyact_plugin_get_context(const KeyactPlugin *plugin);          /* what init returned */
guint keyact_plugin_get_n_actions(const KeyactPlugin *plugin);
const keyact_action *keyact_plugin_get_action(const KeyactPlugin *plugin, guint index);
/* entry->get_extension(ctx, id), or NULL when the plugin has none. */
const void *keyact_plugin_get_extension(const KeyactPlugin *plugin, const char *id);

/* ---- the registry (keyact-host-core.h: its making, folders, selection) ---- */
G_DEFINE_AUTOPTR_CLEANUP_FUNC(KeyactRegistry, keyact_registry_free)

/* Take over the caller's reference to `plugin` and register its actions.
 * Refused (DUPLICATE), and the reference dropped, when the same file is
 * already loaded or the plugin uses one implementation id twice. */
gboolean keyact_registry_add(KeyactRegistry *registry, KeyactPlugin *plugin, GError **error);

/* keyact_plugin_load() + keyact_registry_add(). A refusal is also recorded
 * (see keyact_registry_get_refused()). */
gboolean keyact_registry_load(KeyactRegistry *registry, const char *path,
                              KeyactLoadFlags flags, GError **error);

/* Remove the plugin loaded from `path` (as it was given to load): its
 * actions stop being candidates and the selection moves on. Resolves already
 * running on it finish; its module closes when the last one returns.
 * NOT_FOUND when no plugin was loaded from `path`. */
gboolean keyact_registry_unload(KeyactRegistry *registry, const char *path, GError **error);

/* The directories keyact_registry_load_search_path() would search now, in
 * order, each once (relative KEYACT_PLUGIN_PATH entries left out; the load
 * warns about them, this query does not). Free with g_strfreev. */
char **keyact_registry_get_search_dirs(void);

/* Explicit choice for action `name`: `selector` is an implementation id of
 * that action or the full path of a loaded plugin providing it; NULL drops
 * the explicit choice (back to KEYACT_IMPL and versions). New resolves use
 * the new implementation at once; running ones finish on the old.
 * NOT_FOUND (and nothing changes) when no loaded plugin matches. */
gboolean keyact_registry_select(KeyactRegistry *registry, const char *name,
                                const char *selector, GError **error);

/* Find action `name`: `impl_id` NULL gives the selected implementation (see
 * keyact_registry_get_selection()), otherwise the candidate with that id (the highest version when
 * several files provide it). *out is borrowed: valid while its plugin stays
 * in the registry. NOT_FOUND error otherwise. */
gboolean keyact_registry_lookup(const KeyactRegistry *registry, const char *name,
                                const char *impl_id, KeyactBoundAction *out,
                                GError **error);

/* Every candidate action of every plugin, in registration order. The array
 * is owned by the registry and valid until it next changes; NULL (with
 * *n_actions 0) when nothing is registered. */
const KeyactBoundAction *keyact_registry_list(const KeyactRegistry *registry, guint *n_actions);

/* The loaded plugins in load order (borrowed), and the files refused so far
 * with the reason. Valid until the registry next changes. */
guint keyact_registry_get_n_plugins(const KeyactRegistry *registry);
KeyactPlugin *keyact_registry_get_plugin(const KeyactRegistry *registry, guint index);
guint keyact_registry_get_n_refused(const KeyactRegistry *registry);
const char *keyact_registry_get_refused(const KeyactRegistry *registry, guint index,
                                        const GError **out_reason);

/* Every action name that has a candidate or a slot, sorted. Free with g_strfreev. */
char **keyact_registry_get_action_names(const KeyactRegistry *registry);

/* ---- isolated plugins (since 1.5) ----
 *
 * In-process, the default, a plugin is a shared object in the engine's
 * process: it runs with the engine's rights, and a crash or a hang in it
 * is the engine's. Isolated, libkeyact-host runs it in helper processes
 * (keyact-plugin-helper, installed in libexecdir/keyact-1) and the
 * KeyactPlugin it returns is a proxy: its entry and actions belong to the
 * library, every resolve (blocking or stepped) crosses a socket to a
 * helper, and every host call the plugin makes comes back across it and is
 * made on the host table the resolve was given, by the resolving thread,
 * in the same order as in-process: the engine's code does not change, and
 * the validation layer and the registry work as before.
 *
 * A helper loads the plugin (its constructors, negotiate and init run
 * under a first seccomp filter that already forbids networking, new
 * processes, signals to others and writing files, and, where the kernel
 * has Landlock, reading any file but its own and the system's libraries),
 * then installs a second filter that allows only reading and writing its
 * socket, memory, locks, its own abort() and its own exit: any other system
 * call (open, socket, fork, execve, kill, ptrace...) kills it. Its address space and CPU time
 * are capped (setrlimit), it writes no core file, it holds no
 * capability, and it dies with the engine (a parent-death signal, and EOF
 * on its socket). If the kernel refuses a filter, the load fails
 * (KEYACT_HOST_ERROR_ISOLATION): a plugin asked to run isolated never runs
 * unsandboxed.
 *
 * What isolation guarantees: a plugin that crashes, aborts, exits, hangs
 * past its deadline, runs out of memory or CPU time, tries a forbidden
 * system call or breaks the protocol costs one resolve: that resolve
 * returns KEYACT_E_PLUGIN, its result lists as stranded every card the
 * plugin moved to exile and did not move out (from the library's own
 * record of the host's answers, in move order; the validation layer's
 * FATAL settling then runs as for any failed resolve), one warning names
 * the plugin file, the implementation id and what happened, the engine's
 * process goes on, and the next resolve starts a fresh helper. Everything
 * the helper sends is checked (lengths, counts, strings) before use.
 * What it does not guarantee: that the plugin plays by the rules. A plugin
 * that moves the wrong cards does so through the host's own callbacks,
 * isolated or not; the validation layer and `keyact check` are for that.
 * Also: while loading (before init returns), the plugin reads nothing but
 * its own file and the system's libraries where the kernel has Landlock;
 * without it, it can read what the engine's user can (never write), and
 * send it nowhere but to the host's own log callback.
 *
 * A plugin is loaded isolated when any of these asks for it: the flag
 * KEYACT_LOAD_ISOLATED; keyact_registry_set_isolation() for a registry's
 * loads; the environment variable KEYACT_ISOLATE=1 (also "true", "yes";
 * "0", "false", "no", "off" or empty: not asked), the operator's switch for
 * every load of the process. KEYACT_ISOLATE_DEADLINE_MS sets the per-call
 * deadline where the caller set none.
 *
 * The helper executable is looked for, in this order: beside the library
 * file itself (<libdir>/keyact-plugin-helper, the flat folder a Java jar's
 * natives are unpacked into); then next to the library, at the place
 * `meson install` puts it (<libdir>/<libexecdir relative to
 * libdir>/keyact-1/keyact-plugin-helper); then the full path in the
 * environment variable KEYACT_PLUGIN_HELPER. A file writable by others or
 * owned by another user than this process's or root is refused, as plugin
 * files are.
 *
 * Cost: a helper per concurrent resolve (an idle one is reused), a few
 * milliseconds to start one, and per resolve one round trip per host call
 * that returns an answer (tests/bench: keyact-bench isolated).
 *
 * An isolated plugin's keyact_plugin_get_entry() and actions are the
 * library's, valid as long as the plugin: plugin_id, versions, names and
 * the actions' members as its helper reported them, its negotiate and init
 * answering KEYACT_E_NOTSUP (the helpers did both). Its
 * keyact_plugin_get_extension() answers the rules extension (keyact/rules.h)
 * by proxy, each call made in a helper, and NULL for any other id; the host
 * table's own get_extension is called for the plugin but answers it NULL
 * (a table of function pointers does not cross a process boundary).
 *
 * Threads: as in-process. A helper serves one resolve at a time; resolves
 * of different games run in different helpers at once; a stepped resolve
 * keeps its helper from begin to its end. */

/* The limits of a registry's isolated loads. Zero members take the
 * defaults. */
typedef struct {
    gsize struct_size;        /* sizeof(KeyactIsolation), set by the caller */
    /* TRUE: every later load of the registry is isolated, as with
     * KEYACT_LOAD_ISOLATED (KEYACT_ISOLATE=1 isolates whatever this says). */
    gboolean isolate;
    /* How long the plugin may run in one call (a resolve, a step, a load
     * step): its own time, from the request and from each host call's
     * answer to its next message, added up over the call (the host's own
     * callbacks are not counted: a player may think for minutes; a plugin
     * that makes cheap host calls without end meets it too). A plugin over it is killed and the call fails with
     * KEYACT_E_PLUGIN ("killed at its 5000 ms deadline"). 0: the
     * environment's KEYACT_ISOLATE_DEADLINE_MS, else 5000. */
    guint deadline_ms;
    /* The address space of each helper process (RLIMIT_AS): an allocation
     * past it fails in the plugin. 0: 1 GiB. */
    guint64 memory_bytes;
    /* The CPU time of each helper process over its life (RLIMIT_CPU); a
     * helper that has used half of it is replaced by a fresh one between
     * resolves. 0: 600 s. */
    guint cpu_seconds;
} KeyactIsolation;

/* Set the isolation of `registry`'s later loads (plugins already loaded
 * keep theirs). `isolation` is read during the call. A short struct_size
 * is a programming error (g_critical, nothing changes).
 * Thread: the control thread. Since 1.5. */
void keyact_registry_set_isolation(KeyactRegistry *registry, const KeyactIsolation *isolation);
/* What keyact_registry_set_isolation() set (zeros: defaults; `isolate`
 * does not say whether KEYACT_ISOLATE is on). out->struct_size set by the
 * caller. Thread: the control thread. Since 1.5. */
void keyact_registry_get_isolation(const KeyactRegistry *registry, KeyactIsolation *out);

/* TRUE when `plugin` runs isolated. Thread: any. Since 1.5. */
gboolean keyact_plugin_is_isolated(const KeyactPlugin *plugin);

/* What an isolated plugin's helpers have done so far. */
typedef struct {
    gsize struct_size;          /* sizeof(KeyactIsolationStats), set by the caller */
    guint helpers_started;      /* helper processes started (the load's included) */
    guint helpers_lost;         /* ... that crashed, exited, were killed or broke the protocol */
    guint64 requests;           /* resolves, begins, steps, answers, abandons, rules calls */
    /* Messages to the helpers: the requests and one reply per host call
     * that returns an answer. Each waits for the helper: the round trips. */
    guint64 messages_to_helper;
    /* Messages from the helpers: their host calls (notify and log need no
     * reply) and their answers. */
    guint64 messages_from_helper;
} KeyactIsolationStats;

/* Fill *stats (its struct_size set by the caller) for an isolated plugin;
 * FALSE (nothing written) for one loaded in-process. Counters are read
 * one by one while resolves may run. Thread: any. Since 1.5. */
gboolean keyact_plugin_get_isolation_stats(const KeyactPlugin *plugin,
                                           KeyactIsolationStats *stats);

/* ---- validation: hold the host to the contract, as a Vulkan layer does ----
 *
 * When validation is on, every resolve of a plugin this registry loaded
 * (keyact_bound_action_resolve() with a KeyactBoundAction from the registry,
 * and keyact_slot_resolve()) hands the plugin a table of its own, on the
 * stack of the resolve, that forwards every callback to the host's table
 * unchanged and checks each answer against abi/keyact/host.h, action.h and
 * keyact-plugin(7): library_size / library_card / library_cards agree with
 * each other and with the plugin's moves; every card they answer is one the
 * host has (card_zone knows it, describe_card describes it); card_zone's
 * own answers are zones; a move that succeeded put the card
 * where it was asked and one that failed left it; a card is described the
 * same way every time, with a known layout, the faces that layout casts
 * and costs the plugin can read; can_cast_face, choose and cast_free answer
 * in range and consistently (cast_free DONE: the card is on the stack,
 * FAILED: still in exile); random draws are below their bounds and uniform
 * over the game; at the end of the resolve every card the plugin moved is
 * where it put it, and in one place. The table offers exactly the members
 * the host's does, so the plugin makes the same calls and the game plays
 * the same. The layer calls the host's card_zone (ABI 1.2) around moves and
 * casts and, after the plugin returned, library_size, library_card and
 * describe_card (each moved card once more, where it is now), to check
 * where cards are and that they read the same. Without card_zone the
 * checks that need a card's zone are skipped: a message (level "message",
 * not a warning) in log domain "keyact-validate" says which, once per host
 * name, and KeyactValidationResult.skipped on every resolve.
 *
 * Each rule is reported once per resolve (a host that breaks it for every
 * card has one bug: the first card shows it), in one line naming the host
 * callback that broke the rule, the card (id and, once the host described
 * it, its name), what the host answered and the rule. When two answers
 * disagree the layer asks a third (library_size again, card_zone,
 * library_card) where it can; when none settles which is wrong, the line
 * names both ("move_card or library_card, card 1 "Forest": move_card answered
 * success moving the card to exile, but library_card still answers it at
 * index 0 of the library: one of the two is wrong"), and `callback` is the
 * first of them. One cause gives one report: once a report said where a
 * card is, or that the library is not as the moves leave it, what follows
 * from it is not reported again (it is said in the debug log, level info,
 * as a consequence). On a host with library_cards the layer reads
 * library_card at the two ends of each window. Plugins loaded with
 * keyact_plugin_load() and never added to a registry are not validated; a
 * plugin added to two registries follows the first.
 *
 * Off by default, and free when off: no table, no allocation, one load and
 * a compare per resolve. */
typedef enum {
    KEYACT_VALIDATION_OFF,
    KEYACT_VALIDATION_REPORT, /* report every violation; the resolve goes on as the host answered */
    /* Report the first violation and fail the resolve with KEYACT_E_HOST:
     * the callback that answered wrongly returns KEYACT_E_HOST to the plugin
     * instead of its answer, and every later callback (notify and log
     * excepted) returns KEYACT_E_HOST without reaching the host. The plugin
     * then takes its own failure path (action.h): it stops, moves nothing
     * more, and lists in the result every card it moved that is not where
     * the rules put it, all in exile as far as it knows. Then the layer
     * locates every card the plugin moved or may have moved (see
     * KeyactValidationResult): result->stranded holds exactly those in
     * exile, and keyact_bound_action_resolve_validated() lists the others
     * whose place the result does not say. Nothing is lost.
     * keyact_bound_action_resolve() returns KEYACT_E_HOST (also when only
     * the end-of-resolve check failed). */
    KEYACT_VALIDATION_FATAL,
} KeyactValidation;

/* Switch validation for every plugin of `registry`, including resolves
 * already running (they validate from their next resolve on).
 * keyact_registry_new() reads the environment: KEYACT_VALIDATE=1 (or
 * "report") is REPORT, "fatal" FATAL, "0", "off" or empty OFF.
 * Thread: the control thread. Since 1.3. */
void keyact_registry_set_validation(KeyactRegistry *registry, KeyactValidation mode);
KeyactValidation keyact_registry_get_validation(const KeyactRegistry *registry);

/* One violation, as the handler gets it. Every string is owned by the
 * library and valid during the handler call only. */
typedef struct {
    const char *callback;     /* the host callback that answered wrongly: "cast_free" */
    keyact_card_id card;      /* the card concerned, or KEYACT_CARD_NONE */
    const char *card_name;    /* its name as the host described it ("Fire // Ice"), or NULL */
    const char *answer;       /* what the host answered, in words */
    const char *rule;         /* the rule broken, in keyact's words */
    const char *message;      /* the whole one-line report, all of the above */
} KeyactViolation;

/* `host` is the table the resolve was given (so a binding finds its own
 * per-resolve state through host->host_data). Called on the resolving
 * thread, during the resolve, with a library lock held: it must not call
 * back into the registry or resolve. Resolves of different games may report
 * at the same time on their threads: a handler that touches shared state
 * locks it itself. */
typedef void (*KeyactViolationFunc)(const keyact_host *host, const KeyactViolation *violation,
                                    gpointer user_data);

/* Send reports to `func` instead of g_log (domain "keyact-validate", level
 * warning, so G_DEBUG=fatal-warnings stops at the first). NULL `func`
 * restores g_log. `destroy` (may be NULL) is called on `user_data` when
 * the handler is replaced or the registry and its last plugin are gone.
 * Thread: the control thread, while no resolve of this registry runs.
 * Since 1.3. */
void keyact_registry_set_violation_handler(KeyactRegistry *registry, KeyactViolationFunc func,
                                           gpointer user_data, GDestroyNotify destroy);

/* What the validation layer says of one resolve, beside its result: for a
 * host that wants more than the reports, in particular under FATAL, where
 * it must find every card the failed resolve moved or may have moved.
 *
 * Under FATAL, after a resolve that did not complete, the layer locates
 * every card the plugin moved or may have moved (a move that failed or was
 * disputed, every step of a batched apply_steps that failed or misreported
 * what it applied, every card in result->stranded) with the host's card_zone,
 * or, without it, with its own library_size and library_card reads. It then
 * rewrites result->stranded to hold exactly those that are in exile (the
 * plugin's own list, plus any the plugin believed elsewhere), and lists here
 * the others whose place the plugin's result does not say: the host's
 * answers put them somewhere the plugin does not believe, or cannot say
 * where they are (zone KEYACT_ZONE_NONE: look for it, it is in exile or
 * where the plugin asked it to go). So no card is in exile unlisted. Since 1.4. */
typedef struct {
    keyact_card_id card;
    uint32_t zone;        /* KEYACT_ZONE_* as the host's answers place it; NONE: they do not say */
    uint32_t reserved0;   /* 0 */
} KeyactUnsettledCard;

typedef struct {
    gsize struct_size;               /* sizeof(KeyactValidationResult), set by the caller */
    guint n_reports;                 /* violations reported during the resolve */
    /* The checks skipped for this host and why, one sentence (static,
     * library-owned), or NULL when every check ran or validation is off. */
    const char *skipped;
    guint unsettled_count;           /* FATAL: the cards above; the total */
    guint unsettled_capacity;        /* set by the caller: room in `unsettled` */
    KeyactUnsettledCard *unsettled;  /* set by the caller (may be NULL); at most
                                      * unsettled_capacity entries are written */
} KeyactValidationResult;

/* keyact_bound_action_resolve(), and what the validation layer says of the
 * resolve into *validation (its struct_size, unsettled_capacity and
 * unsettled set by the caller; everything else is written: zeros when
 * validation is off). KEYACT_E_INVAL for a NULL or short `validation`.
 * Thread: as keyact_bound_action_resolve(). Since 1.4. */
int32_t keyact_bound_action_resolve_validated(const KeyactBoundAction *bound,
                                              const keyact_host *host,
                                              const keyact_resolve_args *args,
                                              keyact_resolve_result *result,
                                              KeyactValidationResult *validation);

/* ---- slots: resolve "whatever serves this action now" (hot swap) ---- */
typedef struct _KeyactSlot KeyactSlot;

/* The slot of action `name`, made on first use (it may have no
 * implementation yet). Owned by the registry; valid until keyact_registry_free. */
KeyactSlot *keyact_registry_get_slot(KeyactRegistry *registry, const char *name);

/* Resolve with the implementation selected at the moment of the call; the
 * implementation's plugin stays loaded until this returns even if it is
 * swapped out or unloaded meanwhile. KEYACT_E_NOTFOUND when the action has
 * no implementation, else keyact_bound_action_resolve()'s status.
 * Thread: any, concurrently. */
int32_t keyact_slot_resolve(KeyactSlot *slot, const keyact_host *host,
                            const keyact_resolve_args *args, keyact_resolve_result *result);

/* keyact_slot_resolve() with what the validation layer says of the resolve
 * (see keyact_bound_action_resolve_validated()). Since 1.4. */
int32_t keyact_slot_resolve_validated(KeyactSlot *slot, const keyact_host *host,
                                      const keyact_resolve_args *args,
                                      keyact_resolve_result *result,
                                      KeyactValidationResult *validation);

/* Pin the current implementation (e.g. for a whole game): fills *out with a
 * reference to its plugin, to give back with keyact_bound_action_release().
 * FALSE when the action has no implementation. Thread: any. */
gboolean keyact_slot_acquire(KeyactSlot *slot, KeyactBoundAction *out);
/* Drop what keyact_slot_acquire() took; may unload the plugin (on this
 * thread). Clears *bound. Thread: any. */
void keyact_bound_action_release(KeyactBoundAction *bound);

G_END_DECLS

#endif /* KEYACT_HOST_LIB_H */
