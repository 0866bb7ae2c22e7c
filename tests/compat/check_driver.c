/* SPDX-License-Identifier: MIT */
/* check_driver.c - `keyact check` for the tests when the keyact CLI is not
 * built (it needs the reference engine): the same library call the CLI's
 * cmd-check.c makes, under its own name. */
#include "keyact-check.h"

int main(int argc, char **argv)
{
    return keyact_check_command(argc, argv);
}
