/* SPDX-License-Identifier: MIT */
/* fuzz_target.h - the one function every fuzz target defines.
 *
 * Built with -Dfuzzing=true, libFuzzer calls it with generated inputs.
 * Always, replay_main.c calls it with every file of the committed corpus,
 * so the corpus (and every crash turned into a regression input) runs in
 * the ordinary test suite without libFuzzer.
 *
 * A target checks what must hold for any input and calls fuzz_fail() when
 * it does not: that aborts, which both libFuzzer and the replay report.
 */
#ifndef KEYACT_FUZZ_TARGET_H
#define KEYACT_FUZZ_TARGET_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Print "fuzz check failed: MESSAGE" and abort. */
void fuzz_fail(const char *format, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((noreturn, format(printf, 1, 2)))
#endif
    ;

#ifdef __cplusplus
}
#endif

#endif /* KEYACT_FUZZ_TARGET_H */
