/* SPDX-License-Identifier: MIT */
/* keyact/version.h - ABI version numbers and version negotiation types.
 *
 * Version history (fields are only ever appended; a minor bump adds, a major
 * bump breaks):
 *   1.0  first stable ABI: plugin entry, actions, host table, card
 *        description, events, resolve arguments and result.
 *   1.1  batched host calls, so a resolve needs at most two host calls
 *        per exiled card (host.h): keyact_host.library_cards,
 *        .describe_cards, .apply_steps and .random_below_each, appended
 *        after get_extension, each optional; struct keyact_step and
 *        KEYACT_ZONE_NONE for apply_steps. The 1.0 and 1.1 size of every
 *        struct as KEYACT_*_SIZE_1_0 / _1_1 constants.
 *        Also the three values cascade needs, which release 1.1.0 shipped
 *        under ABI 1.0 before this minor existed: KEYACT_OPTION_TO_BOTTOM,
 *        KEYACT_OUTCOME_BOTTOM, KEYACT_EVENT_FINISHED. A discover plugin
 *        never sends them, whatever it negotiated; a cascade plugin sends
 *        them to 1.0 hosts too (they only ever ask it for cascade).
 *   1.2  keyact_host.card_zone, appended after random_below_each, optional:
 *        where a card is now, for the host library's validation layer (a
 *        plugin never needs it), and the zones it may answer besides
 *        LIBRARY, EXILE and HAND: KEYACT_ZONE_STACK, _BATTLEFIELD,
 *        _GRAVEYARD, _OTHER. KEYACT_HOST_SIZE_1_2; every other struct is
 *        as in 1.1 (its _1_2 constant equals _1_1).
 *        1.2 adds no value for the discovered card of a library that ran
 *        out (CR 701.57c, a land): it is reported at every minor as outcome
 *        KEYACT_OUTCOME_NONE with `discovered` set (action.h), a pair no
 *        earlier plugin sends, so 1.0 and 1.1 hosts read it with the
 *        values they already know.
 *   1.3  the stepped resolve (stepped.h), so a host with a game loop asks
 *        its player on later frames: keyact_action.state_size,
 *        .state_align, .begin, .step, .answer and .abandon, appended after
 *        resolve, optional (KEYACT_ACTION_SIZE_1_3, KEYACT_ACTION_HAS);
 *        struct keyact_question and keyact_answer with KEYACT_QUESTION_*,
 *        KEYACT_WAIT_* and their _1_3 sizes; status KEYACT_WAITING (1),
 *        the one positive status, returned by step() only. Every other
 *        struct is as in 1.2 (its _1_3 constant equals _1_2); a 1.2 host
 *        never sees any of it (it reads the 1.2 part of keyact_action).
 *   1.4  two status codes for what a host library says of a plugin it
 *        distrusts (status.h): KEYACT_E_PLUGIN (-11), a plugin the library
 *        ran isolated failed (its helper process crashed, exited, was
 *        killed at its deadline or a limit, or broke the protocol), and
 *        KEYACT_E_DENIED (-12), the library refused a host call about a
 *        card or player the resolve was never handed. A resolve may return
 *        either to the host; a callback may return KEYACT_E_DENIED to the
 *        plugin, which takes it as any failing callback (action.h). No
 *        struct changes: every _1_4 constant equals its _1_3 one.
 *
 * Thread: everything here is plain data; no functions.
 */
#ifndef KEYACT_VERSION_H
#define KEYACT_VERSION_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The ABI these headers describe. A plugin and a host can work together when
 * they share the major; each side then uses only the fields and callbacks of
 * the smaller minor (the struct_size fields say what the other side has). */
#define KEYACT_ABI_MAJOR 1u
#define KEYACT_ABI_MINOR 4u

/* One ABI version, as offered by a host or chosen by a plugin. Offers are
 * arrays, so this struct never grows (and has no struct_size). */
typedef struct keyact_version {
    uint32_t major;
    uint32_t minor;
} keyact_version;

#define KEYACT_VERSION_INIT { KEYACT_ABI_MAJOR, KEYACT_ABI_MINOR }

/* Bytes of a struct's layout up to and including `member`: the size it had
 * in the version whose last member that was. Every header defines the size
 * of its structs in each version with it (KEYACT_HOST_SIZE_1_0, ...), so
 * "what did 1.0 have" is written once; tests/abi freezes the numbers. */
#define KEYACT_SIZE_THROUGH(type, member) \
    (offsetof(type, member) + sizeof(((type *)0)->member))

#ifdef __cplusplus
}
#endif

#endif /* KEYACT_VERSION_H */
