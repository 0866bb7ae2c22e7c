/* SPDX-License-Identifier: MIT */
/* act_write_files.c - write a file in $HOME and one in the working directory. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "hostile.h"

static void strike(const hostile_strike *s)
{
    char path[PATH_MAX + 128];
    char cwd[PATH_MAX];
    const char *home = getenv("HOME");
    if (home == NULL || home[0] == '\0')
        home = s->config->home;
    snprintf(path, sizeof path, "%s/keyact-hostile-%s-home", home, s->config->token);
    hostile_write_file(s, path, "a hostile plugin was here\n");
    if (getcwd(cwd, sizeof cwd) == NULL)
        snprintf(cwd, sizeof cwd, ".");
    snprintf(path, sizeof path, "%s/keyact-hostile-%s-cwd", cwd, s->config->token);
    hostile_write_file(s, path, "a hostile plugin was here\n");
}

HOSTILE_ACT("write-files", "writes a file in $HOME and one in the working directory", strike,
            NULL, NULL);
