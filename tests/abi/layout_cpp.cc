/* SPDX-License-Identifier: MIT */
// The frozen ABI layout checked by a C++17 compiler, and the test's main:
// both translation units must agree with the table at compile time.
#include <cstddef>
#include <cstdio>
#include <keyact/keyact.h>

#define KEYACT_SIZE(type, size) \
    static_assert(sizeof(type) == (size), "size of " #type " changed");
#define KEYACT_OFFSET(type, member, offset) \
    static_assert(offsetof(type, member) == (offset), "offset of " #type "." #member " changed");
#define KEYACT_VERSIONED_SIZE(name, size) \
    static_assert((name) == (size), #name " changed");
#include "layout_table.inc"

extern "C" int keyact_layout_checks_c(void);

int main()
{
    int checks = keyact_layout_checks_c();
    std::printf("%d size and offset checks passed in C11 and C++17\n", checks);
    return checks > 0 ? 0 : 1;
}
