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

/* Whatever the socket holds (at least one byte) onto the end of `in`: one
 * read usually brings a whole message, often more. */
static void read_more(Helper *helper)
{
    gsize had = helper->in->len;

    g_byte_array_set_size(helper->in, (guint)(had + 65536u));
    for (;;) {
        ssize_t n = read(helper->fd, helper->in->data + had, 65536u);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            helper_exit();
        g_byte_array_set_size(helper->in, (guint)(had + (gsize)n));
        return;
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
    if (helper->in_used > 0) {
        g_byte_array_remove_range(helper->in, 0, (guint)helper->in_used);
        helper->in_used = 0;
    }
    while (helper->in->len < sizeof helper->header)
        read_more(helper);
    memcpy(&helper->header, helper->in->data, sizeof helper->header);
    if (helper->header.length > KI_MAX_MESSAGE)
        helper_exit();
    gsize whole = sizeof helper->header + helper->header.length;
    while (helper->in->len < whole)
        read_more(helper);
    helper->payload = helper->in->data + sizeof helper->header;
    helper->in_used = whole;
}
