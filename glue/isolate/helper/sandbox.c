/* SPDX-License-Identifier: MIT */
/* sandbox.c - the helper's two seccomp filters (libseccomp; no BPF by hand)
 * and the capabilities a root engine would lend it.
 *
 * 1. Before the plugin is opened (its constructors, negotiate and init run
 *    under it): a deny list. Loading a shared object needs open, mmap and
 *    read of files, so those stay (which files: landlock.c narrows them to
 *    the plugin and the system's libraries); what no loading needs is killed:
 *    networking, new processes and programs, signals to other processes,
 *    ptrace and reading other processes' memory, creating, writing,
 *    renaming or removing files, io_uring (which would do all of these
 *    past the filter), and kernel facilities a plugin has no business with.
 * 2. After init, before the first resolve: an allow list, and everything
 *    not on it kills the process (SCMP_ACT_KILL_PROCESS). The list, and
 *    why each call is on it (doc/keyact-plugin.7.scd repeats it):
 *      read      on the protocol socket only: the parent's requests and
 *                replies.
 *      write     on the protocol socket: the helper's calls and answers;
 *                and on fd 2, which is /dev/null: glibc writes its fatal
 *                messages there ("double free detected") before abort(),
 *                so a heap error shows as SIGABRT, not as a refused call.
 *      writev    on fd 2 only: the same messages (glibc uses writev).
 *      mmap, mprotect (never with PROT_EXEC: no new code), munmap, mremap,
 *      brk, madvise
 *                memory: glibc's malloc grows and trims its heap with
 *                brk, maps large blocks with mmap, moves them with mremap,
 *                and returns pages with madvise; mprotect grows a
 *                secondary arena's heap.
 *      futex     locks: malloc's arena lock and any pthread lock the
 *                plugin takes (uncontended ones never reach the kernel).
 *      rt_sigprocmask, getpid, gettid, tgkill (to its own process only)
 *                abort(): glibc unblocks SIGABRT and raises it with
 *                tgkill(getpid(), gettid(), SIGABRT), so a plugin that
 *                aborts dies of SIGABRT.
 *      rt_sigreturn, restart_syscall
 *                the kernel's own return paths after a signal handler and
 *                an interrupted call.
 *      set_robust_list, rseq
 *                a thread the plugin started in init may still be
 *                starting when the filter reaches it: glibc registers the
 *                thread's robust-futex list and rseq area with the kernel
 *                first (bookkeeping of the thread's own memory).
 *      clock_gettime
 *                the helper reports its CPU time with every answer
 *                (CLOCK_PROCESS_CPUTIME_ID has no vDSO fast path); reading
 *                a clock gives nothing away.
 *      exit, exit_group
 *                the helper's own end.
 *    Not on it, so the plugin is killed when it tries: open/openat (no
 *    file, not even for reading), socket/connect (no network), fork,
 *    clone, execve (no process, no program), kill (no signal to another
 *    process), ptrace, and every other call.
 * The resource limits (address space, CPU time, no core file, no file
 * growth) are set before both (main.c).
 */
#define _GNU_SOURCE

#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <sched.h>
#include <seccomp.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "helper.h"

/* One rule for the system call `name`, which may not exist on this
 * architecture (then there is nothing to filter). */
static int rule(scmp_filter_ctx filter, uint32_t action, const char *name, unsigned n_args,
                const struct scmp_arg_cmp *args)
{
    int number = seccomp_syscall_resolve_name(name);
    if (number == __NR_SCMP_ERROR)
        return 0;
    return seccomp_rule_add_array(filter, action, number, n_args, args);
}

static int rule0(scmp_filter_ctx filter, uint32_t action, const char *name)
{
    return rule(filter, action, name, 0, NULL);
}

static int rule1(scmp_filter_ctx filter, uint32_t action, const char *name,
                 struct scmp_arg_cmp arg)
{
    return rule(filter, action, name, 1, &arg);
}

/* Capabilities: a helper of an engine that runs as root would otherwise
 * hold them all (and could lift its own limits). Dropping is always
 * allowed; with no_new_privs nothing gives them back. */
static int drop_capabilities(void)
{
    struct __user_cap_header_struct header = { _LINUX_CAPABILITY_VERSION_3, 0 };
    struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3] = { { 0, 0, 0 } };

    for (int cap = 0; cap <= 63; cap++)
        (void)prctl(PR_CAPBSET_DROP, cap, 0, 0, 0); /* EPERM without CAP_SETPCAP: none to drop */
    if (syscall(SYS_capset, &header, data) != 0)
        return -errno;
    return 0;
}

static const char *const denied_before_load[] = {
    /* the network */
    "socket", "socketpair", "socketcall", "connect", "bind", "listen", "accept", "accept4",
    "sendto", "sendmsg", "sendmmsg", "recvfrom", "recvmsg", "recvmmsg",
    /* processes and programs */
    "fork", "vfork", "execve", "execveat", "ptrace", "process_vm_readv", "process_vm_writev",
    "pidfd_open", "pidfd_getfd", "pidfd_send_signal", "tkill", "rt_sigqueueinfo",
    "rt_tgsigqueueinfo", "unshare", "setns", "setsid", "setpgid",
    /* files: create, write, rename, remove, change */
    "creat", "truncate", "ftruncate", "unlink", "unlinkat", "rename", "renameat", "renameat2",
    "mkdir", "mkdirat", "rmdir", "link", "linkat", "symlink", "symlinkat", "chmod", "fchmod",
    "fchmodat", "chown", "fchown", "lchown", "fchownat", "mknod", "mknodat", "utime",
    "utimes", "utimensat", "futimesat", "setxattr", "lsetxattr", "fsetxattr", "removexattr",
    "lremovexattr", "fremovexattr", "mount", "umount2", "pivot_root", "chroot", "swapon",
    "swapoff", "name_to_handle_at", "open_by_handle_at",
    /* io_uring does the above without these calls; kernel facilities */
    "io_uring_setup", "io_uring_enter", "io_uring_register", "bpf", "perf_event_open",
    "userfaultfd", "keyctl", "add_key", "request_key", "init_module", "finit_module",
    "delete_module", "kexec_load", "kexec_file_load", "reboot", "personality", "acct",
    "settimeofday", "clock_settime", "adjtimex", "sethostname", "setdomainname",
};

/* Flags that make an open write or create. */
static const unsigned long write_flags[] = { O_WRONLY, O_RDWR, O_CREAT, O_TRUNC, O_APPEND };

int helper_sandbox_before_load(const char **out_step)
{
    int rc;
    pid_t self = getpid();

    *out_step = "prctl(PR_SET_NO_NEW_PRIVS)";
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
        return -errno;
    *out_step = "capset (dropping capabilities)";
    if ((rc = drop_capabilities()) != 0)
        return rc;

    *out_step = "seccomp_init";
    scmp_filter_ctx filter = seccomp_init(SCMP_ACT_ALLOW);
    if (filter == NULL)
        return -ENOMEM;
    *out_step = "seccomp_rule_add";
    rc = 0;
    for (gsize i = 0; rc == 0 && i < G_N_ELEMENTS(denied_before_load); i++)
        rc = rule0(filter, SCMP_ACT_KILL_PROCESS, denied_before_load[i]);
    /* Signals to itself only (abort() raises SIGABRT with tgkill). */
    if (rc == 0)
        rc = rule1(filter, SCMP_ACT_KILL_PROCESS, "kill",
                   SCMP_A0(SCMP_CMP_NE, (scmp_datum_t)self));
    if (rc == 0)
        rc = rule1(filter, SCMP_ACT_KILL_PROCESS, "tgkill",
                   SCMP_A0(SCMP_CMP_NE, (scmp_datum_t)self));
    /* The parent-death signal stays: a plugin whose init cleared it and
     * then hung would outlive the engine. (prctl itself stays: libseccomp
     * sets no_new_privs with it when it loads the second filter.) */
    if (rc == 0)
        rc = rule1(filter, SCMP_ACT_KILL_PROCESS, "prctl",
                   SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)PR_SET_PDEATHSIG));
    /* Threads, not processes: clone's flags are its first argument on
     * every architecture Debian builds but s390x. */
#if defined(__s390__) || defined(__s390x__)
    if (rc == 0)
        rc = rule0(filter, SCMP_ACT_KILL_PROCESS, "clone");
#else
    if (rc == 0)
        rc = rule1(filter, SCMP_ACT_KILL_PROCESS, "clone",
                   SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, 0));
#endif
    /* clone3 and openat2 take their flags in a struct the filter cannot
     * read: they fail with ENOSYS, and glibc falls back to clone and
     * openat, whose flags the rules above and below see. */
    if (rc == 0)
        rc = rule0(filter, SCMP_ACT_ERRNO(ENOSYS), "clone3");
    if (rc == 0)
        rc = rule0(filter, SCMP_ACT_ERRNO(ENOSYS), "openat2");
    for (gsize i = 0; rc == 0 && i < G_N_ELEMENTS(write_flags); i++) {
        unsigned long flag = write_flags[i];
        rc = rule1(filter, SCMP_ACT_KILL_PROCESS, "openat", SCMP_A2(SCMP_CMP_MASKED_EQ, flag, flag));
        if (rc == 0)
            rc = rule1(filter, SCMP_ACT_KILL_PROCESS, "open", SCMP_A1(SCMP_CMP_MASKED_EQ, flag, flag));
    }
    if (rc == 0) {
        *out_step = "seccomp_load (the filter before loading)";
        rc = seccomp_load(filter);
    }
    seccomp_release(filter);
    return rc;
}

int helper_sandbox_install(int socket_fd, const char **out_step)
{
    const scmp_datum_t sock = (scmp_datum_t)socket_fd;
    const scmp_datum_t self = (scmp_datum_t)getpid();
    const uint32_t allow = SCMP_ACT_ALLOW;
    int rc = 0;

    *out_step = "seccomp_init";
    scmp_filter_ctx filter = seccomp_init(SCMP_ACT_KILL_PROCESS);
    if (filter == NULL)
        return -ENOMEM;
    /* Every thread: one the plugin started in init would otherwise go on
     * under the first filter alone. A thread that cannot take it fails
     * the load. */
    *out_step = "seccomp_attr_set (all threads)";
    rc = seccomp_attr_set(filter, SCMP_FLTATR_CTL_TSYNC, 1);
    if (rc != 0) {
        seccomp_release(filter);
        return rc;
    }
    *out_step = "seccomp_rule_add";
    static const char *const plain[] = {
        "munmap", "mremap", "brk", "madvise", "futex", "rt_sigprocmask", "getpid", "gettid",
        "rt_sigreturn", "restart_syscall", "clock_gettime", "clock_gettime64", "exit",
        "exit_group", "set_robust_list", "rseq",
    };
    for (gsize i = 0; rc == 0 && i < G_N_ELEMENTS(plain); i++)
        rc = rule0(filter, allow, plain[i]);
    if (rc == 0)
        rc = rule1(filter, allow, "read", SCMP_A0(SCMP_CMP_EQ, sock));
    if (rc == 0)
        rc = rule1(filter, allow, "write", SCMP_A0(SCMP_CMP_EQ, sock));
    if (rc == 0)
        rc = rule1(filter, allow, "write", SCMP_A0(SCMP_CMP_EQ, STDERR_FILENO));
    if (rc == 0)
        rc = rule1(filter, allow, "writev", SCMP_A0(SCMP_CMP_EQ, STDERR_FILENO));
    if (rc == 0)
        rc = rule1(filter, allow, "tgkill", SCMP_A0(SCMP_CMP_EQ, self));
    static const char *const mapping[] = { "mmap", "mmap2", "mprotect" };
    for (gsize i = 0; rc == 0 && i < G_N_ELEMENTS(mapping); i++)
        rc = rule1(filter, allow, mapping[i], SCMP_A2(SCMP_CMP_MASKED_EQ, PROT_EXEC, 0));
    if (rc == 0) {
        *out_step = "seccomp_load";
        rc = seccomp_load(filter);
    }
    seccomp_release(filter);
    return rc;
}
