/* SPDX-License-Identifier: MIT */
/* child.c - run the plugin's code in a forked child, safely for the checker.
 *
 * fork() rather than spawning the binary again: the checker is a library
 * (the CLI calls it, so do tests), and no thread is running when it forks.
 * The child writes its results to a pipe and _exit()s; the parent reads with
 * a deadline that restarts at every message, so the timeout bounds each step
 * (one load, one init, one conformance case), not the whole run.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check-private.h"

#define CHECK_CHILD_ERROR (check_child_error_quark())
static G_DEFINE_QUARK(keyact-check-child-error-quark, check_child_error)

const char *const check_child_steps[] = {
    "load", "entry", "members", "negotiate", "lifecycle", "host-load", "conformance", NULL,
};

void check_report_skip_steps(KeyactCheckReport *report, guint first_step, const char *reason)
{
    for (guint i = first_step; check_child_steps[i] != NULL; i++)
        check_report_add(report, check_child_steps[i], KEYACT_CHECK_SKIP, reason);
}

static guint step_index(const char *step)
{
    for (guint i = 0; check_child_steps[i] != NULL; i++)
        if (g_strcmp0(check_child_steps[i], step) == 0)
            return i;
    return 0;
}

static G_GNUC_NORETURN void run_child(int fd, const char *path, gboolean isolated)
{
    /* The plugin may print; stdout belongs to the report (--json). */
    dup2(STDERR_FILENO, STDOUT_FILENO);
    CheckWire wire = { fd };
    check_child_main(&wire, path, isolated);
    check_wire_end(&wire);
    _exit(0);
}

/* Read until end of file or `timeout_ms` of silence. TRUE at end of file. */
static gboolean read_messages(int fd, CheckWireReader *reader, int timeout_ms)
{
    char buffer[4096];
    for (;;) {
        struct pollfd pfd = { .fd = fd, .events = POLLIN };
        int ready = poll(&pfd, 1, timeout_ms);
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready <= 0)
            return FALSE;
        ssize_t got = read(fd, buffer, sizeof buffer);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return TRUE;
        check_wire_reader_feed(reader, buffer, (gsize)got);
    }
}

static int wait_child(pid_t pid)
{
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    return status;
}

/* What ended the child early, said against the step it was in. */
static void report_abnormal_end(KeyactCheckReport *report, const CheckWireReader *reader,
                                gboolean hung, int status, double timeout)
{
    const char *item = reader->item != NULL ? reader->item : "startup";
    const char *step = reader->step != NULL ? reader->step : check_child_steps[0];
    g_autofree char *what = NULL;

    if (hung)
        what = g_strdup_printf("the plugin hung: no answer within %g s during %s (killed)",
                               timeout, item);
    else if (WIFSIGNALED(status))
        what = g_strdup_printf("the plugin crashed: signal %d (%s) during %s", WTERMSIG(status),
                               g_strsignal(WTERMSIG(status)), item);
    else if (WIFEXITED(status))
        what = g_strdup_printf("the plugin ended the process: exit(%d) during %s",
                               WEXITSTATUS(status), item);
    else
        what = g_strdup_printf("the plugin process ended unexpectedly during %s", item);

    check_report_add(report, step, KEYACT_CHECK_FAIL, what);
    g_autofree char *skip = g_strdup_printf("not run: the plugin process ended during %s", step);
    check_report_skip_steps(report, step_index(step) + 1, skip);
}

gboolean check_child_run(KeyactCheckReport *report, const char *path,
                         const KeyactCheckOptions *options, GError **error)
{
    int fds[2];
    if (pipe(fds) != 0) {
        g_set_error(error, CHECK_CHILD_ERROR, 0, "pipe: %s", g_strerror(errno));
        return FALSE;
    }
    /* Buffered output would otherwise be written twice. */
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        int saved = errno;
        close(fds[0]);
        close(fds[1]);
        g_set_error(error, CHECK_CHILD_ERROR, 0, "fork: %s", g_strerror(saved));
        return FALSE;
    }
    if (pid == 0) {
        close(fds[0]);
        run_child(fds[1], path, options->isolated);
    }
    close(fds[1]);

    CheckWireReader reader;
    check_wire_reader_init(&reader, report);
    double timeout = options->timeout_seconds;
    int timeout_ms = (int)MIN(timeout * 1000.0, (double)G_MAXINT);
    gboolean finished = read_messages(fds[0], &reader, MAX(timeout_ms, 1));
    close(fds[0]);
    if (!finished)
        kill(pid, SIGKILL);
    int status = wait_child(pid);

    gboolean clean = finished && reader.ended && WIFEXITED(status) && WEXITSTATUS(status) == 0;
    if (!clean)
        report_abnormal_end(report, &reader, !finished, status, timeout);
    check_wire_reader_clear(&reader);
    return TRUE;
}
