/* SPDX-License-Identifier: MIT */
/* cmd-check.c - `keyact check PLUGIN.so [--json] [--timeout SECONDS]`:
 * validate a plugin file. The validator lives in glue/check (a library, so
 * the tests run the same code); this file only hands it the command line. */
#include "commands.h"
#include "keyact-check.h"

int keyact_cmd_check(int argc, char **argv)
{
    return keyact_check_command(argc, argv);
}
