/* SPDX-License-Identifier: MIT */
/* keyact-check.h - `keyact check`: validate a plugin file before a host
 * trusts it.
 *
 * The file is read as ELF by this process (no plugin code runs for that);
 * everything that runs plugin code (dlopen, negotiate, init/deinit, the
 * conformance cases) runs in a forked child that reports each result over a
 * pipe. A plugin that crashes, hangs past the timeout or calls exit() ends
 * only the child: the check in progress fails with what happened and the
 * checks after it are reported as skipped.
 *
 * Not installed; used by glue/cli/cmd-check.c and the tests.
 */
#ifndef KEYACT_CHECK_H
#define KEYACT_CHECK_H

#include <glib.h>

G_BEGIN_DECLS

/* Exit statuses of keyact_check_command (the same numbers as the CLI's). */
#define KEYACT_CHECK_EXIT_PASS  0 /* every check passed */
#define KEYACT_CHECK_EXIT_FAIL  1 /* at least one check failed or was skipped */
#define KEYACT_CHECK_EXIT_USAGE 2 /* bad command line, or the file cannot be read */

/* Seconds the child may stay silent (one step: a load, an init, a case)
 * before it is killed as hung. */
#define KEYACT_CHECK_DEFAULT_TIMEOUT 10.0

typedef enum {
    KEYACT_CHECK_PASS,
    KEYACT_CHECK_FAIL,
    KEYACT_CHECK_SKIP, /* not run: an earlier check it depends on failed */
} KeyactCheckStatus;

typedef struct {
    char *name;        /* "elf", "exports", "negotiate 2.0", ... */
    KeyactCheckStatus status;
    char *reason;      /* one line: what was found */
    GPtrArray *details; /* char*: more lines (failing conformance cases, ...) */
} KeyactCheckItem;

typedef struct {
    char *path;        /* the plugin, absolute */
    GPtrArray *items;  /* KeyactCheckItem*, in the order they ran */
} KeyactCheckReport;

void keyact_check_report_free(KeyactCheckReport *report);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(KeyactCheckReport, keyact_check_report_free)

typedef struct {
    double timeout_seconds; /* > 0; see KEYACT_CHECK_DEFAULT_TIMEOUT */
    /* The steps through libkeyact-host ("host-load", "conformance") load
     * the plugin isolated (KEYACT_LOAD_ISOLATED): its cases then run in
     * its sandboxed helper, as an engine with KEYACT_ISOLATE=1 would run
     * them, so a plugin that needs what the sandbox forbids fails there.
     * The other steps inspect the file and its entry in the checker's own
     * child process either way. */
    gboolean isolated;
} KeyactCheckOptions;

/* Run every check on the plugin at `path` (relative paths are made absolute
 * against the current directory). Returns NULL and sets `error` only when
 * the checks could not run at all (no such file, fork failed); a broken
 * plugin gives a report with failures. */
KeyactCheckReport *keyact_check_plugin(const char *path, const KeyactCheckOptions *options,
                                       GError **error);

/* TRUE when every item passed. */
gboolean keyact_check_report_passed(const KeyactCheckReport *report);

/* One line per check, details indented under failures, and a summary line. */
char *keyact_check_report_format_text(const KeyactCheckReport *report);
/* {"plugin": ..., "passed": ..., "checks": [{"name", "status", "reason",
 * "details"}]} with a trailing newline. */
char *keyact_check_report_format_json(const KeyactCheckReport *report);

/* The whole subcommand: `keyact check [--json] [--timeout SECONDS] [--isolated] PLUGIN.so`.
 * argv[0] is the subcommand's name. Returns a KEYACT_CHECK_EXIT_* status. */
int keyact_check_command(int argc, char **argv);

G_END_DECLS

#endif /* KEYACT_CHECK_H */
