/* SPDX-License-Identifier: MIT */
/* hostile.h - a well-formed discover plugin that does one harmful thing.
 *
 * Each hostile plugin is the real discover (kd_discover_resolve) behind a
 * host interposer (tests/compat/fixtures/wrong_host.h), plus one act, picked
 * at build time: hostile.c is the shared plugin, act_<name>.c defines the
 * act (hostile_act_def). Most acts strike in the middle of the resolve,
 * right after the plugin's second move to exile succeeded, so cards are in
 * exile when they strike; some strike in init (`at_init`), or after the
 * real resolve returned (`finish`).
 *
 * Armed only by its own file: the test writes key=value lines (below) into
 * its copy of the plugin file, after a marker in a static buffer, as a
 * stranger would compile its targets in. The build tree's file holds none,
 * so there the plugin is a plain discover that says "not armed" in its
 * log: `keyact check` or a build-tree search path runs it harmlessly.
 * Nothing is read from any other file, so whatever sandbox a host puts
 * around the load, the plugin knows its targets.
 *
 * Every act reports what it did and what failed (with errno) through the
 * host's log callback, one line starting "hostile ACT: ", so a test sees
 * that it struck and how far it got.
 */
#ifndef KEYACT_HOSTILE_H
#define KEYACT_HOSTILE_H

#include <stddef.h>
#include <stdint.h>

#include <keyact/keyact.h>

/* The resolve a hostile plugin strikes in: after this many moves to exile. */
#define HOSTILE_STRIKE_AFTER_EXILES 2u

/* Card ids the plugin was handed by library_card in this resolve (the ones
 * the acts on foreign cards must leave out). */
#define HOSTILE_MAX_HANDED 64u

/* Room for the configuration in the plugin file (hostile.c). */
#define HOSTILE_CONF_BYTES 2048u

/* The configuration, parsed. Every string is "" when its key is absent. */
typedef struct hostile_config {
    int armed;                  /* the plugin file holds a configuration */
    char token[64];             /* token: unique per test run; names every file an act makes */
    char secret_path[512];      /* secret: the file whose content the leaking acts try to get out */
    char home[512];             /* home: where to write when HOME is unset */
    char trace_path[512];       /* trace: the file the /bin/sh command of fork-exec writes */
    uint16_t port;              /* port: a TCP listener on 127.0.0.1, 0 none */
    /* What an act found in init: the secret's bytes, or why it could not
     * read them; the first socket among its file descriptors (-1: none). */
    char kept[256];
    char init_error[600];
    int socket_fd;
} hostile_config;

/* What an act gets when it strikes. */
typedef struct hostile_strike {
    const char *act;                    /* the act's name, for log lines */
    const keyact_host *host;            /* the table the resolve was handed */
    const keyact_resolve_args *args;
    const hostile_config *config;
    keyact_card_id card;                /* the card whose move to exile just succeeded */
    const keyact_card_id *handed;       /* handed[0..n_handed-1]: from library_card */
    uint32_t n_handed;
} hostile_strike;

typedef struct hostile_act_def {
    const char *name;           /* "null-write": the plugin is keyact-hostile-null-write.so */
    /* Strike in the middle of a resolve. NULL: not then. */
    void (*strike)(const hostile_strike *strike);
    /* Strike in init, before the plugin context exists (may keep what it
     * finds in `config`). NULL: nothing in init. */
    void (*at_init)(hostile_config *config);
    /* Strike once the real resolve returned `status` into `result`: returns
     * the status the plugin returns. NULL: the real resolve's. */
    int32_t (*finish)(const hostile_strike *strike, int32_t status,
                      keyact_resolve_result *result);
} hostile_act_def;

/* Each act_<name>.c has one HOSTILE_ACT line: the act's name, what it
 * tries (one line, the action's description: the test's table prints it)
 * and its functions (any may be NULL). The plugin and implementation id
 * are "org.keyact.test.hostile.NAME". */
#define HOSTILE_ACT(name_, tries_, strike_, at_init_, finish_) \
    const hostile_act_def hostile_act = { (name_), (strike_), (at_init_), (finish_) }; \
    const char hostile_impl_id[] = "org.keyact.test.hostile." name_; \
    const char hostile_description[] = "hostile test plugin: " tries_

extern const hostile_act_def hostile_act;
extern const char hostile_impl_id[];
extern const char hostile_description[];

/* A "hostile ACT: ..." line through host->log (level warning), when the
 * table has a log callback. */
void hostile_log(const hostile_strike *strike, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

/* Read the secret file into buf (NUL-terminated, at most size - 1 bytes,
 * trailing newline dropped). Returns 0, or -errno (logged) on failure. */
int hostile_read_secret(const hostile_strike *strike, char *buf, size_t size);

/* Connect to 127.0.0.1:config->port and send `data` (may be NULL).
 * Returns 0 or -errno; logs either way. */
int hostile_send_tcp(const hostile_strike *strike, const char *data);

/* Create `path` and write `data` to it. Returns 0 or -errno; logs either way. */
int hostile_write_file(const hostile_strike *strike, const char *path, const char *data);

/* at_init of the acts that break an isolating host's protocol: the first
 * of fds 0..1023 that is a socket (fstat), in config->socket_fd, as a
 * plugin finds its way out of the helper it runs in. */
void hostile_find_socket(hostile_config *config);

/* Write `size` bytes to config->socket_fd as they are. Returns 0 or -errno
 * (or -EBADF when init found no socket); logs either way. */
int hostile_write_socket(const hostile_strike *strike, const void *data, size_t size);

/* Whether library_card handed `card` over in this resolve. */
int hostile_was_handed(const hostile_strike *strike, keyact_card_id card);

/* A host-owned name of `card`: face 0's, from describe_card (the string
 * the host keeps), or NULL (logged). */
char *hostile_host_name(const hostile_strike *strike, keyact_card_id card);

#endif /* KEYACT_HOSTILE_H */
