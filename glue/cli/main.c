/* SPDX-License-Identifier: MIT */
/* main.c - `keyact`: find the subcommand and hand it the rest of argv. */
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "commands.h"

static void print_usage(FILE *out)
{
    fprintf(out, "Usage: keyact COMMAND [OPTION...]\n\n"
                 "Keyword actions for Magic: The Gathering hosts, played by the reference host.\n\n"
                 "Commands:\n");
    for (const KeyactCommand *c = keyact_commands; c->name != NULL; c++)
        fprintf(out, "  %-10s %s\n", c->name, c->summary);
    fprintf(out, "\n`keyact COMMAND --help` describes a command's options.\n");
}

static const KeyactCommand *find_command(const char *name)
{
    for (const KeyactCommand *c = keyact_commands; c->name != NULL; c++)
        if (strcmp(c->name, name) == 0)
            return c;
    return NULL;
}

int main(int argc, char **argv)
{
    setlocale(LC_ALL, "");
    g_set_prgname("keyact");
    keyact_cli_warnings_install();
    if (argc < 2) {
        print_usage(stderr);
        return KEYACT_EXIT_INPUT;
    }
    const char *name = argv[1];
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0 || strcmp(name, "help") == 0) {
        if (strcmp(name, "help") == 0 && argc > 2 && find_command(argv[2]) != NULL) {
            char *help_argv[] = { argv[2], (char *)"--help", NULL };
            return find_command(argv[2])->run(2, help_argv);
        }
        print_usage(stdout);
        return KEYACT_EXIT_OK;
    }
    if (strcmp(name, "--version") == 0) {
        printf("keyact %s\n", KEYACT_VERSION);
        return KEYACT_EXIT_OK;
    }
    const KeyactCommand *command = find_command(name);
    if (command == NULL) {
        fprintf(stderr, "keyact: unknown command \"%s\"\n\n", name);
        print_usage(stderr);
        return KEYACT_EXIT_INPUT;
    }
    keyact_command_set_prgname(command->name);
    return command->run(argc - 1, argv + 1);
}
