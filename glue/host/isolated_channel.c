/* SPDX-License-Identifier: MIT */
/* isolated_channel.c - one helper process seen from the parent: messages
 * in and out within the deadline, and what became of it.
 *
 * The deadline bounds the plugin's own time in one request (a resolve, a
 * step, a load step): the time from each moment the parent is done (it
 * sent the request or a reply, or handled a one-way call) to the helper's
 * next message, added up over the request, never the host's callbacks. So
 * a plugin that stalls and one that keeps calling cheap host calls without
 * end (each call quick, the whole never done) both meet it. A helper past
 * it is killed. The socket never raises SIGPIPE in the engine (MSG_NOSIGNAL)
 * and never blocks it past the deadline (its send and receive timeouts are
 * the deadline: iso_helper_spawn sets them).
 */
#define _GNU_SOURCE

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "isolated.h"

/* How long a helper that closed its socket has to finish dying before it
 * is killed (it could be a plugin that closed it and goes on). */
#define END_GRACE_MS 1000


static void remember(IsoHelper *helper, char *what)
{
    if (helper->what == NULL)
        helper->what = what;
    else
        g_free(what);
}

static char *describe_status(const IsoHelper *helper, int status)
{
    if (WIFEXITED(status))
        return g_strdup_printf("exited with status %d", WEXITSTATUS(status));
    if (!WIFSIGNALED(status))
        return g_strdup("ended");
    int sig = WTERMSIG(status);
    const char *name = sigabbrev_np(sig);
    switch (sig) {
    case SIGSYS:
        return g_strdup("killed by SIGSYS: it made a system call its sandbox forbids");
    case SIGXCPU:
        return g_strdup_printf("killed by SIGXCPU: it used up its CPU time (%u s)",
                               helper->owner->limits.cpu_seconds);
    case SIGXFSZ:
        return g_strdup("killed by SIGXFSZ: it tried to write a file");
    default:
        return name != NULL ? g_strdup_printf("killed by SIG%s", name)
                            : g_strdup_printf("killed by signal %d", sig);
    }
}

static void send_kill(IsoHelper *helper)
{
    if (helper->pidfd >= 0 && syscall(SYS_pidfd_send_signal, helper->pidfd, SIGKILL, NULL, 0) == 0)
        return;
    if (helper->pid > 0)
        kill(helper->pid, SIGKILL);
}

/* Reap the helper, waiting at most `wait_ms` for it to end by itself;
 * then kill it. Returns its description ("killed by SIGSEGV"). */
static char *reap(IsoHelper *helper, int wait_ms)
{
    int status = 0;

    if (helper->pid <= 0)
        return g_strdup("ended");
    pid_t got = 0;
    if (helper->pidfd >= 0) {
        struct pollfd p = { .fd = helper->pidfd, .events = POLLIN };
        while (poll(&p, 1, wait_ms) < 0 && errno == EINTR)
            ;
        got = waitpid(helper->pid, &status, WNOHANG);
    } else {
        /* No pidfd (an older kernel, valgrind): ask until it ends. */
        gint64 until = g_get_monotonic_time() + (gint64)wait_ms * 1000;
        while ((got = waitpid(helper->pid, &status, WNOHANG)) == 0 &&
               g_get_monotonic_time() < until)
            g_usleep(1000);
    }
    char *what = NULL;
    if (got == 0) {
        send_kill(helper);
        while ((got = waitpid(helper->pid, &status, 0)) < 0 && errno == EINTR)
            ;
        what = g_strdup("closed its socket without ending, and was killed");
    }
    helper->pid = 0;
    if (got < 0)
        return what != NULL ? what : g_strdup("ended (the engine collected its exit status)");
    if (what != NULL)
        return what;
    return describe_status(helper, status);
}

/* The socket said the helper is gone: find out how it ended. */
static gboolean lost_at_end(IsoHelper *helper)
{
    if (!helper->lost) {
        helper->lost = TRUE;
        char *ended = reap(helper, END_GRACE_MS);
        gsize partial = helper->in->len - helper->in_used;
        if (partial > 0) {
            remember(helper, g_strdup_printf("broke the protocol: a truncated message (%"
                                             G_GSIZE_FORMAT " bytes), then %s", partial, ended));
            g_free(ended);
        } else {
            remember(helper, ended);
        }
        g_atomic_int_inc(&helper->owner->helpers_lost);
    }
    return FALSE;
}

/* Kill it and collect its exit status, so no zombie is left. */
static void end_process(IsoHelper *helper)
{
    if (helper->pid > 0) {
        int status;
        send_kill(helper);
        while (waitpid(helper->pid, &status, 0) < 0 && errno == EINTR)
            ;
        helper->pid = 0;
    }
}

void iso_helper_kill(IsoHelper *helper, const char *what)
{
    if (what != NULL)
        remember(helper, g_strdup(what));
    if (!helper->lost) {
        helper->lost = TRUE;
        g_atomic_int_inc(&helper->owner->helpers_lost);
    }
    end_process(helper);
}

gboolean iso_helper_violation(IsoHelper *helper, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    g_autofree char *why = g_strdup_vprintf(format, args);
    va_end(args);
    g_autofree char *what = g_strdup_printf("broke the protocol: %s", why);
    iso_helper_kill(helper, what);
    return FALSE;
}

static gboolean past_deadline(IsoHelper *helper)
{
    g_autofree char *what = g_strdup_printf("killed at its %u ms deadline",
                                            helper->owner->limits.deadline_ms);
    iso_helper_kill(helper, what);
    return FALSE;
}

gboolean iso_helper_quiet(IsoHelper *helper)
{
    struct pollfd p = { .fd = helper->fd, .events = POLLIN | POLLRDHUP };

    if (helper->lost)
        return FALSE;
    while (poll(&p, 1, 0) < 0 && errno == EINTR)
        ;
    return p.revents == 0;
}

gboolean iso_helper_send(IsoHelper *helper)
{
    gsize length = 0;
    const guint8 *data = ki_writer_finish(&helper->out, &length);

    if (helper->lost)
        return FALSE;
    while (length > 0) {
        /* Blocking, at most the deadline (SO_SNDTIMEO): a helper that reads
         * nothing cannot hold the engine. */
        ssize_t n = send(helper->fd, data, length, MSG_NOSIGNAL);
        if (n > 0) {
            data += n;
            length -= (gsize)n;
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            return past_deadline(helper);
        return lost_at_end(helper);
    }
    ISO_COUNT(helper->owner->sent);
    return TRUE;
}

/* Read what is there into helper->in, waiting at most until `deadline`:
 * one blocking recv (SO_RCVTIMEO is the deadline) usually brings a whole
 * message, so a round trip costs the engine two system calls. */
static gboolean fill(IsoHelper *helper, gsize want, gint64 deadline)
{
    gsize had = helper->in->len;
    gsize chunk = MAX(want, (gsize)65536);

    for (;;) {
        if (g_get_monotonic_time() > deadline)
            return past_deadline(helper);
        g_byte_array_set_size(helper->in, (guint)(had + chunk));
        ssize_t n = recv(helper->fd, helper->in->data + had, chunk, 0);
        g_byte_array_set_size(helper->in, (guint)(had + (n > 0 ? (gsize)n : 0u)));
        if (n > 0)
            return TRUE;
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            return past_deadline(helper);
        return lost_at_end(helper);
    }
}

gboolean iso_helper_receive(IsoHelper *helper, gint64 *spent_us)
{
    gint64 start = g_get_monotonic_time();
    gint64 deadline = start + (gint64)helper->owner->limits.deadline_ms * 1000 - *spent_us;

    if (helper->lost)
        return FALSE;
    if (helper->in_used > 0) {
        g_byte_array_remove_range(helper->in, 0, (guint)helper->in_used);
        helper->in_used = 0;
    }
    while (helper->in->len < sizeof(KiHeader)) {
        if (!fill(helper, sizeof(KiHeader) - helper->in->len, deadline))
            return FALSE;
    }
    memcpy(&helper->header, helper->in->data, sizeof helper->header);
    if (helper->header.length > KI_MAX_MESSAGE)
        return iso_helper_violation(helper, "a message claiming %u bytes (at most %u)",
                                    helper->header.length, KI_MAX_MESSAGE);
    if (helper->header.type != KI_MSG_CALL && helper->header.type != KI_MSG_DONE)
        return iso_helper_violation(helper, "a message of type %u, which a helper never sends",
                                    helper->header.type);
    gsize whole = sizeof(KiHeader) + helper->header.length;
    while (helper->in->len < whole) {
        if (!fill(helper, whole - helper->in->len, deadline))
            return FALSE;
    }
    helper->payload = helper->in->data + sizeof(KiHeader);
    helper->in_used = whole;
    ISO_COUNT(helper->owner->received);
    *spent_us += g_get_monotonic_time() - start;
    return TRUE;
}

void iso_helper_free(IsoHelper *helper)
{
    if (helper == NULL)
        return;
    /* An idle helper needs nothing more than its end: the plugin's deinit
     * would release memory of a process that is ending anyway. */
    end_process(helper);
    close(helper->fd);
    if (helper->pidfd >= 0)
        close(helper->pidfd);
    if (helper->out.bytes != NULL)
        g_byte_array_unref(helper->out.bytes);
    g_byte_array_unref(helper->in);
    ki_call_clear(&helper->call);
    iso_record_clear(&helper->record);
    g_free(helper->what);
    g_free(helper);
}
