/* SPDX-License-Identifier: MIT */
/* helper.h - keyact-plugin-helper: the process libkeyact-host starts to run
 * one plugin isolated. It loads the plugin when asked, installs its
 * sandbox, then serves the parent's requests one at a time over fd 3 (the
 * protocol of ki_wire.h), turning the plugin's host calls into CALLs.
 *
 * Nothing here trusts the plugin, and nothing the parent reads from here is
 * trusted either: the plugin runs in this process and can write anything
 * to the socket. The helper only keeps the protocol for plugins that do.
 */
#ifndef KEYACT_HELPER_H
#define KEYACT_HELPER_H

#include <glib.h>
#include <keyact/keyact.h>

#include "ki_calls.h"

G_BEGIN_DECLS

/* The socket the parent handed over (posix_spawn's dup2). */
#define KI_HELPER_FD 3

typedef struct {
    int fd;
    KiWriter out;
    GByteArray *in;                 /* bytes read, messages taken from the front */
    gsize in_used;                  /* ... up to here */
    KiHeader header;                /* the last message read */
    const guint8 *payload;          /* ... and its payload, in `in` */

    void *module;                   /* dlopen()'s handle */
    const struct keyact_plugin_entry *entry;
    void *ctx;                      /* what init returned */
    keyact_version chosen;

    keyact_host *dynamic;           /* every callback a CALL (made before the sandbox) */
    keyact_host table;              /* what the plugin is handed: the engine's shape */
    char *host_name;                /* the engine's host_name, for `table` */
    KiArena *arena;                 /* descriptions of the current request */
    KiArena *rules_arena;           /* ... of a rules call (one may come within a request) */

    /* The stepped resolve in progress, if any (one per helper). */
    const keyact_action *stepped;
    void *state;
    gsize state_size;
} Helper;

/* io: whole messages on the socket. Any failure ends the process: the
 * parent is gone or broke the protocol, and nothing else is to be done. */
void helper_send(Helper *helper);
/* Read the next message: helper->header and helper->payload. */
void helper_receive(Helper *helper);
G_GNUC_NORETURN void helper_exit(void);

/* load.c: OPEN, NEGOTIATE, INIT. */
void helper_open(Helper *helper, KiReader *request);
void helper_negotiate(Helper *helper, KiReader *request);
void helper_init(Helper *helper, KiReader *request);

/* sandbox.c: the filters. `before_load` is the first (a deny list, before
 * any plugin code runs); the second (an allow list) follows init. Each
 * returns 0 or a negative errno, with what failed in *out_step. */
int helper_sandbox_before_load(const char **out_step);
/* landlock.c: reads of nothing but `plugin` and the system's libraries
 * from now on. 0, 1 when the kernel has no Landlock, or a negative errno
 * with what failed in *out_step. */
int helper_landlock(const char *plugin, const char **out_step);
int helper_sandbox_install(int socket_fd, const char **out_step);

/* host.c: the host table the plugin is handed, and its dispatcher. */
gboolean helper_host_prepare(Helper *helper);
/* Read a shape (struct_size, version, members present, host_name) from a
 * request and make helper->table that shape. */
gboolean helper_host_shape(Helper *helper, KiReader *request);

/* serve.c: SANDBOX and the requests after it, until the parent goes. */
G_GNUC_NORETURN void helper_serve(Helper *helper);
/* serve.c: one RULES request; also while a host call waits for its reply
 * (the validation layer reads a cost with the plugin's rules during the
 * host call, from the helper that serves the resolve). */
void helper_serve_rules(Helper *helper, KiReader *request);

G_END_DECLS

#endif /* KEYACT_HELPER_H */
