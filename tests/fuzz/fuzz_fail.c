/* SPDX-License-Identifier: MIT */
/* fuzz_fail.c - report a broken invariant and abort. */
#include "fuzz_target.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void fuzz_fail(const char *format, ...)
{
    va_list args;

    fputs("fuzz check failed: ", stderr);
    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fputc('\n', stderr);
    abort();
}
