/* SPDX-License-Identifier: MIT */
/* commands.h - the `keyact` subcommands. Each lives in its own cmd-*.c file
 * and is listed once in commands.c; main.c only dispatches.
 */
#ifndef KEYACT_CLI_COMMANDS_H
#define KEYACT_CLI_COMMANDS_H

#include <glib.h>
#include <json-glib/json-glib.h>

#include "keyact-host.h"

G_BEGIN_DECLS

/* Exit statuses shared by every subcommand. */
#define KEYACT_EXIT_OK    0
#define KEYACT_EXIT_RULES 1 /* the rules engine or a plugin failed */
#define KEYACT_EXIT_INPUT 2 /* bad command line, file or scenario */

typedef struct {
    const char *name;
    const char *summary;  /* one line for `keyact --help` */
    /* argv[0] is the subcommand's name. Returns a KEYACT_EXIT_* status. */
    int (*run)(int argc, char **argv);
} KeyactCommand;

/* The table, ending with a { NULL } entry. */
extern const KeyactCommand keyact_commands[];

int keyact_cmd_run(int argc, char **argv);
int keyact_cmd_demo(int argc, char **argv);
int keyact_cmd_card(int argc, char **argv);
int keyact_cmd_cards(int argc, char **argv);
int keyact_cmd_mv(int argc, char **argv);
int keyact_cmd_check(int argc, char **argv);
int keyact_cmd_list(int argc, char **argv);

/* Load the plugins as every subcommand does: the search path
 * (KEYACT_PLUGIN_PATH, then the install dir), plus each of `plugin_paths`
 * (NULL-terminated, may be NULL), chosen explicitly for the actions it
 * provides; `impl` (may be NULL) is chosen explicitly for its action;
 * `isolated`: each plugin in sandboxed helper processes (--isolated).
 * NULL with `error` set when a given file or `impl` cannot be used. */
KeyactRegistry *keyact_cli_load_registry(const char *const *plugin_paths, const char *impl,
                                         gboolean isolated, GError **error);

/* keyact_cli_load_registry(), then find the implementation of "discover"
 * selected. The returned registry owns the plugins: keep it while *out is
 * used. NULL with `error` set on failure (also when no plugin was found). */
KeyactRegistry *keyact_cli_load_discover(const char *const *plugin_paths, const char *impl,
                                         gboolean isolated, KeyactBoundAction *out,
                                         GError **error);

/* Shared by `keyact card` and `keyact mv`, defined in cmd-mv.c.
 * Load the plugin as `keyact run` finds it (plugin_path, else
 * KEYACT_PLUGIN_PATH and the install dir) and return its rules extension in
 * *out_rules; the returned registry owns the plugin, keep it meanwhile. */
KeyactRegistry *keyact_cli_load_rules(const char *plugin_path,
                                      const keyact_rules_ext **out_rules,
                                      GError **error);
/* A mana value given in halves as "2" or "0.5". Free with g_free. */
char *keyact_cli_format_halves(guint32 halves);
/* Why a cost is bad, e.g. "unknown mana symbol \"{Q}\" at byte 3", for
 * KEYACT_E_BADCOST at `offset`. Free with g_free. */
char *keyact_cli_describe_bad_cost(const char *cost, guint32 offset);

/* Which implementation serves an action and why (selection-report.c), as
 * `keyact list` and `keyact run` show it. */
/* "explicit", "environment", "version" or "none". */
const char *keyact_cli_selected_by_name(KeyactSelectedBy by);
/* Two lines: "  NAME       ID VERSION from PATH" (or "no implementation")
 * and "             why: REASON". */
void keyact_cli_append_selection_text(KeyactRegistry *registry, const char *name, GString *out);
/* One object: name, selected_by, reason and, when there is one, impl_id,
 * version, path. */
void keyact_cli_add_selection_json(JsonBuilder *b, KeyactRegistry *registry, const char *name);

/* The libraries' warnings, one line each in keyact's words (warnings.c).
 * install: from now on (main). hold: keep them back; release: print those
 * held, except the ones about a refusal `reported` records (it may be NULL),
 * which the command shows itself. */
void keyact_cli_warnings_install(void);
void keyact_cli_warnings_hold(void);
void keyact_cli_warnings_release(KeyactRegistry *reported);

/* Set the program name to "keyact NAME" so GOptionContext's usage line and
 * GLib's messages name the subcommand. */
void keyact_command_set_prgname(const char *name);

G_END_DECLS

#endif /* KEYACT_CLI_COMMANDS_H */
