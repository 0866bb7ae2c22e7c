/* SPDX-License-Identifier: MIT */
/* keyact/version.h - ABI version numbers and version negotiation types.
 *
 * Version history (fields are only ever appended; a minor bump adds, a major
 * bump breaks):
 *   1.0  first stable ABI: plugin entry, actions, host table, card
 *        description, events, resolve arguments and result.
 *   2.0  (hypothetical, tests/compat only) a break: the plugin entry lists
 *        its actions before its functions, keyact_action puts resolve first,
 *        and keyact_host moves host_data and host_name after the callbacks.
 *        Only struct_size, abi_major and abi_minor of the entry keep their
 *        place, so a 1.x host can still read the major and refuse.
 *
 * Thread: everything here is plain data; no functions.
 */
#ifndef KEYACT_VERSION_H
#define KEYACT_VERSION_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The ABI these headers describe. A plugin and a host can work together when
 * they share the major; each side then uses only the fields and callbacks of
 * the smaller minor (the struct_size fields say what the other side has). */
#define KEYACT_ABI_MAJOR 2u
#define KEYACT_ABI_MINOR 0u

/* One ABI version, as offered by a host or chosen by a plugin. */
typedef struct keyact_version {
    uint32_t major;
    uint32_t minor;
} keyact_version;

#define KEYACT_VERSION_INIT { KEYACT_ABI_MAJOR, KEYACT_ABI_MINOR }

#ifdef __cplusplus
}
#endif

#endif /* KEYACT_VERSION_H */
