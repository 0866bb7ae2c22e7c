/* SPDX-License-Identifier: MIT */
/* io.c - whole messages on the helper's socket. */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "helper.h"

void helper_exit(void)
{
    /* No atexit handlers, no stdio flush, no deinit: the process is all
     * the plugin had, and it ends here. */
    _exit(0);
}

static void write_all(int fd, const guint8 *data, gsize length)
{
    while (length > 0) {
        ssize_t n = write(fd, data, length);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            helper_exit();
        data += n;
        length -= (gsize)n;
    }
}

static void read_all(int fd, guint8 *data, gsize length)
{
    while (length > 0) {
        ssize_t n = read(fd, data, length);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            helper_exit();
        data += n;
        length -= (gsize)n;
    }
}

void helper_send(Helper *helper)
{
    gsize length = 0;
    const guint8 *data = ki_writer_finish(&helper->out, &length);
    write_all(helper->fd, data, length);
}

void helper_receive(Helper *helper)
{
    read_all(helper->fd, (guint8 *)&helper->header, sizeof helper->header);
    if (helper->header.length > KI_MAX_MESSAGE)
        helper_exit();
    g_byte_array_set_size(helper->in, helper->header.length);
    read_all(helper->fd, helper->in->data, helper->header.length);
}
