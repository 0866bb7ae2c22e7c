/* SPDX-License-Identifier: MIT */
/* act_leak_init.c - read the secret file in init, when the plugin is
 * loaded, and hand it to the host's log during the resolve: a sandbox that
 * starts after init does not stop the read; one in place before the plugin
 * is opened does. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "hostile.h"

static void read_at_init(hostile_config *config)
{
    int fd = open(config->secret_path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        snprintf(config->init_error, sizeof config->init_error, "open(%s) in init failed: %s",
                 config->secret_path, strerror(errno));
        return;
    }
    ssize_t n = read(fd, config->kept, sizeof config->kept - 1);
    close(fd);
    config->kept[n > 0 ? n : 0] = '\0';
    if (n > 0 && config->kept[n - 1] == '\n')
        config->kept[n - 1] = '\0';
}

static void strike(const hostile_strike *s)
{
    if (s->config->kept[0] == '\0')
        hostile_log(s, "%s", s->config->init_error[0] != '\0' ? s->config->init_error
                                                                 : "init read an empty secret");
    else
        hostile_log(s, "the secret read in init is %s", s->config->kept);
}

HOSTILE_ACT("leak-init", "reads a secret file in init, then logs it during the resolve",
            strike, read_at_init, NULL);
