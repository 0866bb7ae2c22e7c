/* SPDX-License-Identifier: MIT */
/* keyact-host-core.h - the part of libkeyact-host an engine calls to load
 * plugins and run resolves, in plain C types: no GLib header.
 *
 * pkg-config: keyact-host-1 (which also gives GLib's flags, for
 * keyact-host.h) or keyact-engine-1 (keyact's headers and the library,
 * nothing of GLib's). keyact-host.h includes this header and adds the rest
 * of the library: errors as GError, lists GLib allocates, slots, the tracer
 * and the validation layer's reports. An engine that has no GLib (a game
 * engine in C or C++: keyact-engine.hpp, the C++ kit, is written over this
 * header) includes this one and links libkeyact-host; the library itself
 * uses GLib, which the engine does not see.
 *
 * Threads: as keyact-host.h says (loading and selecting on one thread at a
 * time, resolves on any).
 */
#ifndef KEYACT_HOST_CORE_H
#define KEYACT_HOST_CORE_H

#include <stddef.h>
#include <stdint.h>

#include <keyact/keyact.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Load flags. */
typedef enum {
    KEYACT_LOAD_DEFAULT = 0,
    KEYACT_LOAD_ALLOW_UNSAFE = 1 << 0, /* skip the file ownership/permission check */
    KEYACT_LOAD_ISOLATED = 1 << 1,     /* run the plugin in sandboxed helper processes
                                        * (keyact-host.h: "isolated plugins"). Since 1.5 */
} KeyactLoadFlags;

/* A loaded plugin (keyact-host.h: keyact_plugin_load and its queries). */
typedef struct _KeyactPlugin KeyactPlugin;

/* Fill the header of a host table: struct_size, abi_major, abi_minor;
 * the caller then fills the callbacks.
 *
 * `size` is sizeof the caller's keyact_host: the table gets the newest
 * layout this library knows that fits in it (struct_size
 * KEYACT_HOST_SIZE_1_4 (= _1_2: 1.3 and 1.4 appended nothing to the table)
 * and abi_minor 4 for a 1.2 or later struct,
 * KEYACT_HOST_SIZE_1_1 and abi_minor 1 for a 1.1 one, KEYACT_HOST_SIZE_1_0
 * and abi_minor 0 for a 1.0 one), and the members past the 1.0 ones up to
 * that size (1.1's optional batched calls, 1.2's card_zone) are set to
 * NULL, so a host that sets only the 1.0 callbacks offers only those.
 * Since 1.4 every other member is zeroed too (host_data, host_name, the
 * 1.0 callbacks: an optional notify, log or get_extension left unset is
 * NULL, not whatever the memory held). Call it before setting any member. Nothing past `size` is written. A
 * size below KEYACT_HOST_SIZE_1_0 is a programming error (a critical warning,
 * nothing written). `host` is the caller's; nothing is kept. Thread: any.
 * Since 1.2.0. */
void keyact_host_table_init_sized(keyact_host *host, size_t size);

/* keyact_host_table_init(host): the same for a table of the caller's own
 * keyact_host, whose size the macro passes. The function of that name is
 * what binaries built against libkeyact-host 1.1.0 or older call: it
 * writes the 1.0 header only (struct_size KEYACT_HOST_SIZE_1_0, abi_minor
 * 0), because their keyact_host ends after get_extension: a larger
 * struct_size would make a 1.1 plugin read callbacks past the end of their
 * struct. Sources built against this header get the macro and the
 * newest layout. */
void (keyact_host_table_init)(keyact_host *host);
#define keyact_host_table_init(host) keyact_host_table_init_sized((host), sizeof *(host))

/* ---- an action ready to call ---- */
typedef struct {
    const keyact_action *action;
    void *plugin_ctx;
    const KeyactPlugin *plugin;   /* borrowed, except after keyact_slot_acquire() */
} KeyactBoundAction;

/* Resolve: action->resolve(plugin_ctx, host, args, result), after checking the
 * arguments (NULLs, struct sizes). Returns the KEYACT_* status.
 *
 * The guard (since 1.5.0; every resolve, blocking or stepped, in process
 * or isolated): the plugin is handed a table of the library's that
 * forwards each call to `host` unchanged, except a call about a card,
 * player or game the resolve never handed it. Handed: `args`' game and
 * player, and every card a library_card or library_cards answer of this
 * resolve gave the plugin (its `source` is not: nothing in an "exile
 * until" resolve is about it). Such a call returns KEYACT_E_DENIED to the
 * plugin without reaching the host (an event about such a card is dropped;
 * so is a choose with more options than a card can have, 2 to
 * KEYACT_MAX_FACES + 1), the resolve returns KEYACT_E_DENIED whatever the
 * plugin returns, and one warning per resolve (log domain "keyact-host")
 * names the plugin's file and implementation id and what it asked. The
 * result's discovered card and stranded list name only handed cards: any
 * other is taken out (stranded_count says how many remain), so an engine
 * recovering the stranded cards never moves a card that is not its to move
 * here; and `stranded`, `stranded_capacity` and `struct_size` are the
 * host's again when the call returns, whatever the plugin wrote. The
 * plugin's failure path (action.h) still lists every card it moved. */
int32_t keyact_bound_action_resolve(const KeyactBoundAction *bound,
                                    const keyact_host *host,
                                    const keyact_resolve_args *args,
                                    keyact_resolve_result *result);

/* ---- the stepped resolve (ABI 1.3, keyact/stepped.h) ----
 *
 * A resolve that returns when it needs an answer, for a host that asks its
 * player on later frames of its game loop. The same protocol as the
 * plugin's begin/step/answer/abandon (keyact/action.h, stepped.h), through
 * the library, which adds what keyact_bound_action_resolve() adds: the
 * argument checks, a reference to the plugin for as long as the resolve is
 * in progress (so a plugin swapped out or unloaded meanwhile stays mapped
 * until the resolve ends), and the validation layer when it is on (every
 * answer given after a wait is checked as the callback's would be).
 *
 *   size_t size = keyact_bound_action_state_size(&discover);   // 0: not steppable
 *   void *state = malloc(size);                               // or the stack
 *   keyact_bound_action_begin(&discover, &host, &args, KEYACT_WAIT_PLAYER, state, size);
 *   ... each frame:
 *   status = keyact_resolve_step(state, &result, &question);
 *   if (status == KEYACT_WAITING) { show the question; return; }
 *   ... the resolve is over: status and result as keyact_bound_action_resolve()
 *   ... when the player clicks:
 *   keyact_resolve_answer(state, &answer);                    // then step again
 *
 * The block belongs to the caller, at KEYACT_RESOLVE_STATE_ALIGN; between
 * calls it may be moved, never copied and used twice (stepped.h). The
 * library tells the two apart (since 1.5.0): every call on a resolve leaves
 * a new generation in the block and in the library's record of the
 * resolve, so a copy that is a call behind, or whose resolve another copy
 * ended, gets KEYACT_E_STATE and never reaches the plugin (which would
 * otherwise free its heap part twice). Ending a
 * resolve (a step that does not wait, or keyact_resolve_abandon()) drops
 * what the library holds for it; a block dropped while a resolve waits
 * leaks that, and keeps its plugin loaded. The guard (see
 * keyact_bound_action_resolve()) holds for a stepped resolve too, and for
 * its questions: a question about a card, player or game the resolve never
 * handed the plugin ends the resolve, abandoned, with KEYACT_E_DENIED and
 * every card it moved as stranded, instead of reaching the host.
 *
 * Threads: any thread, one call at a time per block; blocks of different
 * games are independent. The host's callbacks run only inside
 * keyact_resolve_step(), on its thread. Since 1.4. */

/* Every state block's alignment: that of a
 * `_Alignas(KEYACT_RESOLVE_STATE_ALIGN)` array, and of malloc's blocks on
 * 64-bit glibc (g_malloc's). */
#define KEYACT_RESOLVE_STATE_ALIGN 16u

/* Bytes of the state block keyact_bound_action_begin() needs for `bound`:
 * the plugin's state_size and the library's own part. 0 when the action
 * has no stepped resolve (its plugin negotiated below ABI 1.3 or offers
 * none): resolve it with keyact_bound_action_resolve(). Thread: any. */
size_t keyact_bound_action_state_size(const KeyactBoundAction *bound);

/* Begin a stepped resolve of `bound` in `state` (`state_size` bytes, at
 * least keyact_bound_action_state_size(), aligned to
 * KEYACT_RESOLVE_STATE_ALIGN). `host` must stay valid at its address until
 * the resolve is over; `args` is read during the call only; `waits` is a
 * set of KEYACT_WAIT_* bits (the host table may leave those questions'
 * callbacks NULL). Makes no host call. Returns 0; KEYACT_E_INVAL for bad
 * arguments, KEYACT_E_NOTSUP when the action has no stepped resolve, or
 * the plugin's begin() status; on failure the block is not begun. */
int32_t keyact_bound_action_begin(const KeyactBoundAction *bound, const keyact_host *host,
                                  const keyact_resolve_args *args, uint32_t waits,
                                  void *state, size_t state_size);

/* Run the resolve on: KEYACT_WAITING with *out_question filled (its
 * struct_size set by the caller), or the resolve's final status, *result
 * filled as keyact_bound_action_resolve() fills it. KEYACT_E_INVAL for a
 * block not begun, KEYACT_E_STATE for one whose resolve is over (or a
 * stale copy of a block, see above). */
int32_t keyact_resolve_step(void *state, keyact_resolve_result *result,
                            keyact_question *out_question);

/* Answer the question the resolve waits for; step again afterwards.
 * KEYACT_E_STATE when it waits for no question or for another kind. */
int32_t keyact_resolve_answer(void *state, const keyact_answer *answer);

/* End a resolve that is not over: *result lists as stranded every card the
 * plugin moved (all in exile as far as it knows), in the order it moved
 * them. Returns 0, or KEYACT_E_STATE when the resolve is over. */
int32_t keyact_resolve_abandon(void *state, keyact_resolve_result *result);

/* ---- the registry: every loaded plugin, and which one serves each action ----
 *
 * Several plugins may provide the same action, and several files the same
 * implementation id (say an installed build and a patched one). For each
 * action name the registry selects one implementation, by this precedence:
 *   1. an explicit choice, keyact_registry_select(): an implementation id or
 *      a plugin's full path;
 *   2. the environment, read once by keyact_registry_new():
 *      KEYACT_IMPL=discover=ID[,cascade=ID2...] (ID may also be a full path);
 *   3. the highest plugin_version among the candidates (GNU version order,
 *      strverscmp), and among equal versions the one loaded first, i.e.
 *      first on the search path.
 * A choice made by 1 or 2 that no loaded plugin satisfies leaves the action
 * without an implementation (resolves answer KEYACT_E_NOTFOUND) rather than
 * silently running another one; keyact_registry_get_selection() says why.
 * The selection is recomputed after every load, unload and select.
 * keyact-host.h has the rest of the registry: loading one file, unloading,
 * selecting, listing, what was refused and why.
 */
typedef struct _KeyactRegistry KeyactRegistry;

KeyactRegistry *keyact_registry_new(void);
/* Drops the registry's references: plugins unload unless a resolve still
 * holds them (it finishes safely). Do not start resolves on its slots
 * afterwards. NULL is ignored. */
void keyact_registry_free(KeyactRegistry *registry);

/* Load every "*.so" in each directory of KEYACT_PLUGIN_PATH (':'-separated;
 * relative entries are ignored with a warning) and then the install
 * directory, in that order, files sorted by name. Files that fail to load are
 * recorded as refused (with a warning) and skipped. Returns how many loaded. */
unsigned int keyact_registry_load_search_path(KeyactRegistry *registry, KeyactLoadFlags flags);

/* Load every "*.so" in the directory `dir` (a full path; a relative one is
 * refused with a warning and loads nothing), files sorted by name, each
 * refusal warned about and recorded as keyact_registry_load_search_path()
 * does: for a host that ships its plugins beside its own files. A
 * directory that does not exist loads nothing, quietly. Returns how many
 * loaded. Since 1.4. */
unsigned int keyact_registry_load_dir(KeyactRegistry *registry, const char *dir,
                               KeyactLoadFlags flags);

/* The install directory for plugins (e.g. /usr/lib/x86_64-linux-gnu/keyact-1/plugins). */
const char *keyact_registry_default_plugin_dir(void);

/* How the implementation of an action was selected. */
typedef enum {
    KEYACT_SELECTED_NONE,        /* no implementation: none loaded, or a choice no plugin satisfies */
    KEYACT_SELECTED_EXPLICIT,    /* keyact_registry_select() */
    KEYACT_SELECTED_ENVIRONMENT, /* KEYACT_IMPL */
    KEYACT_SELECTED_VERSION,     /* the highest version (or the only candidate) */
} KeyactSelectedBy;

/* The selection for action `name`: fills *out (borrowed; valid until the
 * registry next changes) unless it is KEYACT_SELECTED_NONE, and *out_reason
 * (may be NULL) with a sentence for people, owned by the registry and valid
 * until it next changes. */
KeyactSelectedBy keyact_registry_get_selection(KeyactRegistry *registry, const char *name,
                                               KeyactBoundAction *out, const char **out_reason);

#ifdef __cplusplus
}
#endif

#endif /* KEYACT_HOST_CORE_H */
