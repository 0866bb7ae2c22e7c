/* SPDX-License-Identifier: MIT */
/* The frozen ABI layout, checked by a C11 compiler. */
#include <assert.h>
#include <stddef.h>
#include <keyact/keyact.h>

#define KEYACT_SIZE(type, size) \
    static_assert(sizeof(type) == (size), "size of " #type " changed");
#define KEYACT_OFFSET(type, member, offset) \
    static_assert(offsetof(type, member) == (offset), "offset of " #type "." #member " changed");
#define KEYACT_VERSIONED_SIZE(name, size) \
    static_assert((name) == (size), #name " changed");
#include "layout_table.inc"

/* Counts the checks, so the test reports what it froze. */
#undef KEYACT_SIZE
#undef KEYACT_OFFSET
#define KEYACT_SIZE(type, size) +1
#define KEYACT_OFFSET(type, member, offset) +1
#undef KEYACT_VERSIONED_SIZE
#define KEYACT_VERSIONED_SIZE(name, size) +1
int keyact_layout_checks_c(void);
int keyact_layout_checks_c(void) { return 0
#include "layout_table.inc"
    ; }
