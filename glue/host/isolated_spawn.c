/* SPDX-License-Identifier: MIT */
/* isolated_spawn.c - start a helper process.
 *
 * The helper asks the kernel to kill it when its parent goes
 * (PR_SET_PDEATHSIG), but "parent" there is the thread that started it: a
 * helper started by a game thread that later ends (a JVM's pool thread)
 * would be killed with that thread while the engine runs on. So every
 * helper is started by one thread of this library that lives as long as
 * the process; a forked child of the engine (keyact check's) gets its own.
 *
 * posix_spawn, not fork: the engine may be a JVM with many threads and a
 * large heap. The child gets /dev/null on 0-2, the socket on 3, every
 * signal at its default and unblocked, and an environment of one variable
 * (nothing of the engine's environment reaches the plugin).
 */
#define _GNU_SOURCE

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <unistd.h>

#include "isolated.h"

typedef struct {
    const char *const *argv;   /* the helper's */
    int child_fd;              /* the socket end that becomes fd 3 */
    pid_t pid;                 /* out */
    int error;                 /* out: errno */
    gboolean done;
} SpawnRequest;

static GMutex spawn_lock;
static GCond spawn_asked;
static GCond spawn_done;
static SpawnRequest *pending;        /* the one request in progress */
static pid_t spawner_process;        /* getpid() of the process the spawner thread is in */
/* Kept, not freed: the thread lives as long as the process. Volatile so the
 * pointers stay where a leak checker finds them (a fork()ed child has its
 * parent's GThread but not the thread). */
static GThread *volatile spawner;
static GThread *volatile parents_spawner;

/* The environment a helper gets. glibc writes its fatal messages to stderr
 * (/dev/null) rather than opening /dev/tty, which the sandbox would refuse.
 * A sanitizer build (tests only; its helper loads instrumented plugins and
 * so has the runtime too) lets a crash or abort() end the helper as in a
 * plain build: the runtime's handlers would read files and start a
 * symbolizer, which the sandbox refuses. */
static char *const helper_environment[] = {
    (char *)"LIBC_FATAL_STDERR_=1",
#ifdef __SANITIZE_ADDRESS__
    (char *)"ASAN_OPTIONS=handle_segv=0:handle_sigbus=0:handle_sigfpe=0:handle_abort=0:"
            "detect_leaks=0:symbolize=0:abort_on_error=1",
    (char *)"UBSAN_OPTIONS=symbolize=0:print_stacktrace=0",
#endif
    NULL,
};

static int spawn_now(const SpawnRequest *request, pid_t *out_pid)
{
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    sigset_t none, all;
    int rc;

    sigemptyset(&none);
    sigfillset(&all);
    if ((rc = posix_spawn_file_actions_init(&actions)) != 0)
        return rc;
    if ((rc = posix_spawnattr_init(&attributes)) != 0) {
        posix_spawn_file_actions_destroy(&actions);
        return rc;
    }
    if ((rc = posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)) == 0 &&
        (rc = posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)) == 0 &&
        (rc = posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)) == 0 &&
        (rc = posix_spawn_file_actions_adddup2(&actions, request->child_fd, 3)) == 0 &&
        (rc = posix_spawnattr_setsigmask(&attributes, &none)) == 0 &&
        (rc = posix_spawnattr_setsigdefault(&attributes, &all)) == 0 &&
        (rc = posix_spawnattr_setflags(&attributes,
                                       POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)) == 0)
        rc = posix_spawn(out_pid, request->argv[0], &actions, &attributes,
                         (char *const *)request->argv, helper_environment);
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    return rc;
}

static gpointer spawner_main(gpointer unused)
{
    (void)unused;
    g_mutex_lock(&spawn_lock);
    for (;;) {
        while (pending == NULL || pending->done)
            g_cond_wait(&spawn_asked, &spawn_lock);
        SpawnRequest *request = pending;
        request->error = spawn_now(request, &request->pid);
        request->done = TRUE;
        g_cond_broadcast(&spawn_done);
    }
    return NULL;
}

/* A fork()ed child has the lock's state but not the thread. */
static void after_fork_in_child(void)
{
    g_mutex_init(&spawn_lock);
    g_cond_init(&spawn_asked);
    g_cond_init(&spawn_done);
    pending = NULL;
    spawner_process = 0;
    parents_spawner = spawner;
    spawner = NULL;
}

static gpointer register_fork_handler(gpointer unused)
{
    (void)unused;
    pthread_atfork(NULL, NULL, after_fork_in_child);
    return NULL;
}

/* Start `argv` on the spawner thread. 0 or an errno. */
static int spawn_on_spawner(const char *const *argv, int child_fd, pid_t *out_pid)
{
    static GOnce fork_handler = G_ONCE_INIT;
    SpawnRequest request = { .argv = argv, .child_fd = child_fd };
    int error = 0;

    g_once(&fork_handler, register_fork_handler, NULL);
    g_mutex_lock(&spawn_lock);
    if (spawner_process != getpid()) {
        /* It lives as long as the process: nothing joins it. (A fork()ed
         * child's copy of the pointer names a thread it does not have.) */
        spawner = g_thread_try_new("keyact-spawner", spawner_main, NULL, NULL);
        if (spawner == NULL) {
            g_mutex_unlock(&spawn_lock);
            return EAGAIN;
        }
        spawner_process = getpid();
    }
    while (pending != NULL)
        g_cond_wait(&spawn_done, &spawn_lock);
    pending = &request;
    g_cond_broadcast(&spawn_asked);
    while (!request.done)
        g_cond_wait(&spawn_done, &spawn_lock);
    pending = NULL;
    g_cond_broadcast(&spawn_done);
    error = request.error;
    *out_pid = request.pid;
    g_mutex_unlock(&spawn_lock);
    return error;
}

IsoHelper *iso_helper_spawn(IsoPlugin *owner, const char *helper_path, GError **error)
{
    int sv[2];

    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) {
        int saved = errno;
        g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_ISOLATION,
                    "plugin %s: no socket for its helper: %s", owner->path, g_strerror(saved));
        return NULL;
    }
    /* Every send and receive waits at most the deadline. */
    struct timeval timeout = {
        .tv_sec = (time_t)(owner->limits.deadline_ms / 1000u),
        .tv_usec = (suseconds_t)(owner->limits.deadline_ms % 1000u) * 1000,
    };
    if (setsockopt(sv[0], SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout) != 0 ||
        setsockopt(sv[0], SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout) != 0) {
        int saved = errno;
        close(sv[0]);
        close(sv[1]);
        g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_ISOLATION,
                    "plugin %s: its helper's socket takes no timeout: %s", owner->path,
                    g_strerror(saved));
        return NULL;
    }

    /* dup2 onto itself would keep close-on-exec: keep the child's end off 3. */
    if (sv[1] == 3) {
        int moved = fcntl(sv[1], F_DUPFD_CLOEXEC, 4);
        close(sv[1]);
        sv[1] = moved;
    }

    g_autofree char *parent = g_strdup_printf("%ld", (long)getpid());
    g_autofree char *memory = g_strdup_printf("%" G_GUINT64_FORMAT, owner->limits.memory_bytes);
    g_autofree char *cpu = g_strdup_printf("%u", owner->limits.cpu_seconds);
    const char *argv[] = { helper_path, parent, memory, cpu, NULL };
    pid_t pid = 0;
    int rc = sv[1] < 0 ? EMFILE : spawn_on_spawner(argv, sv[1], &pid);
    if (sv[1] >= 0)
        close(sv[1]);
    if (rc != 0) {
        close(sv[0]);
        g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_ISOLATION,
                    "plugin %s: its helper %s could not be started: %s", owner->path,
                    helper_path, g_strerror(rc));
        return NULL;
    }

    IsoHelper *helper = g_new0(IsoHelper, 1);
    helper->owner = owner;
    helper->fd = sv[0];
    helper->pid = pid;
    helper->pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
    helper->in = g_byte_array_sized_new(16384);
    ki_call_init(&helper->call);
    iso_record_init(&helper->record);
    g_atomic_int_inc(&owner->helpers_started);
    return helper;
}
