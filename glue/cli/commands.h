/* commands.h - the `keyact` subcommands. Each lives in its own cmd-*.c file
 * and is listed once in commands.c; main.c only dispatches.
 */
#ifndef KEYACT_CLI_COMMANDS_H
#define KEYACT_CLI_COMMANDS_H

#include <glib.h>

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
int keyact_cmd_mv(int argc, char **argv);
int keyact_cmd_check(int argc, char **argv);

/* Load every plugin in `plugin_paths` (NULL-terminated), or, when it is NULL
 * or empty, every plugin in KEYACT_PLUGIN_PATH and the install dir. The
 * caller looks its actions up. NULL with `error` set on failure. */
KeyactRegistry *keyact_cli_load_plugins(const char *const *plugin_paths, GError **error);

/* Load the plugins as every subcommand does (plugin_path, else
 * KEYACT_PLUGIN_PATH and the install dir) and find "discover" (`impl` picks
 * an implementation, NULL the first). The returned registry owns the plugin:
 * keep it while *out is used. NULL with `error` set on failure. */
KeyactRegistry *keyact_cli_load_discover(const char *plugin_path, const char *impl,
                                         KeyactBoundAction *out, GError **error);

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

/* Set the program name to "keyact NAME" so GOptionContext's usage line and
 * GLib's messages name the subcommand. */
void keyact_command_set_prgname(const char *name);

G_END_DECLS

#endif /* KEYACT_CLI_COMMANDS_H */
