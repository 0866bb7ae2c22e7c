/* SPDX-License-Identifier: MIT */
/* command.c - `keyact check [--json] [--timeout SECONDS] [--isolated] PLUGIN.so`. */
#include <stdio.h>

#include "check-private.h"

int keyact_check_command(int argc, char **argv)
{
    gboolean json = FALSE;
    gboolean isolated = FALSE;
    double timeout = KEYACT_CHECK_DEFAULT_TIMEOUT;
    g_auto(GStrv) files = NULL;
    const GOptionEntry entries[] = {
        { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print the report as JSON (for CI)", NULL },
        { "timeout", 0, 0, G_OPTION_ARG_DOUBLE, &timeout,
          "Seconds one step may take before the plugin counts as hung (default 10)", "SECONDS" },
        { "isolated", 0, 0, G_OPTION_ARG_NONE, &isolated,
          "Load the plugin isolated for the steps through libkeyact-host (host-load and the "
          "conformance cases run in its sandboxed helper, as under KEYACT_ISOLATE=1)", NULL },
        { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, "PLUGIN.so" },
        { NULL, 0, 0, G_OPTION_ARG_NONE, NULL, NULL, NULL },
    };
    g_autoptr(GOptionContext) context = g_option_context_new(NULL);
    g_option_context_set_summary(context,
        "Validate a keyact plugin: ELF file, exported symbols, entry size and ABI version,\n"
        "negotiation with older and newer hosts, required members, init/deinit balance,\n"
        "loading through libkeyact-host, and the discover and cascade conformance cases.\n"
        "Plugin code runs in a child process: a crash, exit() or hang is reported.\n"
        "Exit status: 0 when every check passes, 1 when one fails, 2 on bad usage.");
    g_option_context_add_main_entries(context, entries, NULL);

    g_autoptr(GError) error = NULL;
    if (!g_option_context_parse(context, &argc, &argv, &error)) {
        fprintf(stderr, "keyact check: %s\n", error->message);
        return KEYACT_CHECK_EXIT_USAGE;
    }
    if (files == NULL || g_strv_length(files) != 1) {
        fprintf(stderr, "keyact check: give exactly one plugin file (see --help)\n");
        return KEYACT_CHECK_EXIT_USAGE;
    }
    if (!(timeout > 0.0) || timeout > 86400.0) {
        fprintf(stderr, "keyact check: --timeout must be between 0 and 86400 seconds\n");
        return KEYACT_CHECK_EXIT_USAGE;
    }

    KeyactCheckOptions options = { .timeout_seconds = timeout, .isolated = isolated };
    g_autoptr(KeyactCheckReport) report = keyact_check_plugin(files[0], &options, &error);
    if (report == NULL) {
        fprintf(stderr, "keyact check: %s\n", error->message);
        return KEYACT_CHECK_EXIT_USAGE;
    }
    g_autofree char *text = json ? keyact_check_report_format_json(report)
                                 : keyact_check_report_format_text(report);
    fputs(text, stdout);
    fflush(stdout);
    return keyact_check_report_passed(report) ? KEYACT_CHECK_EXIT_PASS : KEYACT_CHECK_EXIT_FAIL;
}
