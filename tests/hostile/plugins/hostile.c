/* SPDX-License-Identifier: MIT */
/* hostile.c - the part every hostile plugin shares: the entry, init with
 * the configuration the test wrote into the plugin file, and the real
 * discover with the act struck after the second move to exile. */
#include "hostile.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "discover.h"
#include "kp_entry.h"
#include "wrong_host.h"

#ifndef HOSTILE_PLUGIN_VERSION
#error "HOSTILE_PLUGIN_VERSION must come from the build"
#endif

typedef struct hostile_ctx {
    void *discover_ctx;         /* the real discover's context */
    hostile_config config;
} hostile_ctx;

/* One resolve: the interposer (first, see wrong_host.h) and what the act
 * needs. On the resolve's stack; nothing global. */
typedef struct hostile_resolve {
    wrong_host wrapper;
    const hostile_ctx *ctx;
    const keyact_host *host;
    const keyact_resolve_args *args;
    uint32_t exiled;
    keyact_card_id handed[HOSTILE_MAX_HANDED];
    uint32_t n_handed;
} hostile_resolve;

static hostile_resolve *resolve_of(const keyact_host *table)
{
    return (hostile_resolve *)(uintptr_t)table;
}

/* ---- the helpers acts use ---- */

static void log_line(const keyact_host *host, const char *act, const char *text)
{
    char line[1024];
    if (host == NULL || !KEYACT_HOST_HAS(host, log) || host->log == NULL)
        return;
    snprintf(line, sizeof line, "hostile %s: %s", act, text);
    host->log(host, KEYACT_LOG_WARNING, line);
}

void hostile_log(const hostile_strike *strike, const char *format, ...)
{
    char text[900];
    va_list ap;
    va_start(ap, format);
    vsnprintf(text, sizeof text, format, ap);
    va_end(ap);
    log_line(strike->host, strike->act, text);
}

int hostile_read_secret(const hostile_strike *strike, char *buf, size_t size)
{
    int fd = open(strike->config->secret_path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        int err = errno;
        hostile_log(strike, "open(%s) failed: %s", strike->config->secret_path, strerror(err));
        return -err;
    }
    ssize_t n = read(fd, buf, size - 1);
    int err = errno;
    close(fd);
    if (n < 0) {
        hostile_log(strike, "read(%s) failed: %s", strike->config->secret_path, strerror(err));
        return -err;
    }
    buf[n] = '\0';
    if (n > 0 && buf[n - 1] == '\n')
        buf[n - 1] = '\0';
    hostile_log(strike, "read %zd bytes from %s", n, strike->config->secret_path);
    return 0;
}

int hostile_send_tcp(const hostile_strike *strike, const char *data)
{
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        int err = errno;
        hostile_log(strike, "socket() failed: %s", strerror(err));
        return -err;
    }
    struct sockaddr_in to = { .sin_family = AF_INET, .sin_port = htons(strike->config->port) };
    to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, (const struct sockaddr *)&to, sizeof to) != 0) {
        int err = errno;
        close(fd);
        hostile_log(strike, "connect(127.0.0.1:%u) failed: %s", strike->config->port,
                    strerror(err));
        return -err;
    }
    size_t len = data != NULL ? strlen(data) : 0;
    ssize_t sent = len > 0 ? send(fd, data, len, MSG_NOSIGNAL) : 0;
    int err = errno;
    close(fd);
    if (sent < 0) {
        hostile_log(strike, "connected to 127.0.0.1:%u, send failed: %s", strike->config->port,
                    strerror(err));
        return -err;
    }
    hostile_log(strike, "connected to 127.0.0.1:%u and sent %zd bytes", strike->config->port,
                sent);
    return 0;
}

int hostile_write_file(const hostile_strike *strike, const char *path, const char *data)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0) {
        int err = errno;
        hostile_log(strike, "open(%s) for writing failed: %s", path, strerror(err));
        return -err;
    }
    ssize_t n = write(fd, data, strlen(data));
    int err = errno;
    close(fd);
    if (n < 0) {
        hostile_log(strike, "write(%s) failed: %s", path, strerror(err));
        return -err;
    }
    hostile_log(strike, "wrote %zd bytes to %s", n, path);
    return 0;
}

void hostile_find_socket(hostile_config *config)
{
    struct stat st;
    for (int fd = 0; fd < 1024; fd++) {
        if (fstat(fd, &st) == 0 && S_ISSOCK(st.st_mode)) {
            config->socket_fd = fd;
            return;
        }
    }
}

int hostile_write_socket(const hostile_strike *strike, const void *data, size_t size)
{
    int fd = strike->config->socket_fd;
    if (fd < 0) {
        hostile_log(strike, "init found no socket among its file descriptors: nothing to write to");
        return -EBADF;
    }
    ssize_t n = write(fd, data, size);
    if (n < 0) {
        int err = errno;
        hostile_log(strike, "write(fd %d) failed: %s", fd, strerror(err));
        return -err;
    }
    hostile_log(strike, "wrote %zd bytes to the socket at fd %d", n, fd);
    return 0;
}

int hostile_was_handed(const hostile_strike *strike, keyact_card_id card)
{
    for (uint32_t i = 0; i < strike->n_handed; i++)
        if (strike->handed[i] == card)
            return 1;
    return 0;
}

char *hostile_host_name(const hostile_strike *strike, keyact_card_id card)
{
    keyact_card_desc desc = { .struct_size = sizeof desc };
    int32_t rc = strike->host->describe_card(strike->host, strike->args->game, card, &desc);
    if (rc != KEYACT_OK || desc.face_count == 0 || desc.faces[0] == NULL ||
        desc.faces[0]->name == NULL) {
        hostile_log(strike, "describe_card(%llu) failed: %s", (unsigned long long)card,
                    keyact_status_name(rc));
        return NULL;
    }
    /* The host's own string: const only by the ABI's word. */
    return (char *)(uintptr_t)desc.faces[0]->name;
}

/* ---- the interposer ---- */

static int32_t record_library_card(const keyact_host *table, keyact_game_id game,
                                   keyact_player_id player, uint32_t index_from_top,
                                   keyact_card_id *out_card)
{
    hostile_resolve *r = resolve_of(table);
    int32_t rc = r->host->library_card(r->host, game, player, index_from_top, out_card);
    if (rc == KEYACT_OK && r->n_handed < HOSTILE_MAX_HANDED)
        r->handed[r->n_handed++] = *out_card;
    return rc;
}

static int32_t strike_after_exile(const keyact_host *table, keyact_game_id game,
                                  keyact_player_id player, keyact_card_id card,
                                  uint32_t to_zone, uint32_t library_index, uint32_t flags)
{
    hostile_resolve *r = resolve_of(table);
    int32_t rc = r->host->move_card(r->host, game, player, card, to_zone, library_index, flags);
    if (rc != KEYACT_OK || to_zone != KEYACT_ZONE_EXILE)
        return rc;
    if (++r->exiled == HOSTILE_STRIKE_AFTER_EXILES && r->ctx->config.armed &&
        hostile_act.strike != NULL) {
        hostile_strike strike = {
            .act = hostile_act.name,
            .host = r->host,
            .args = r->args,
            .config = &r->ctx->config,
            .card = card,
            .handed = r->handed,
            .n_handed = r->n_handed,
        };
        hostile_log(&strike, "striking after exiling card %llu", (unsigned long long)card);
        hostile_act.strike(&strike);
    }
    return rc;
}

static int32_t hostile_resolve_fn(void *ctx_ptr, const keyact_host *host,
                                  const keyact_resolve_args *args, keyact_resolve_result *result)
{
    const hostile_ctx *ctx = ctx_ptr;
    hostile_resolve r;
    memset(&r, 0, sizeof r);
    if (ctx == NULL)
        return KEYACT_E_INVAL;
    const keyact_host *table = wrong_host_wrap(&r.wrapper, host);
    if (table == NULL || args == NULL)
        return kd_discover_resolve(ctx->discover_ctx, table, args, result);
    r.ctx = ctx;
    r.host = host;
    r.args = args;
    if (r.wrapper.table.library_card != NULL)
        r.wrapper.table.library_card = record_library_card;
    if (r.wrapper.table.move_card != NULL)
        r.wrapper.table.move_card = strike_after_exile;
    /* pid: a test tells an isolated run (another process) from one in the
     * host's own process. */
    log_line(host, hostile_act.name,
             ctx->config.armed ? "armed" : "not armed (no configuration in the plugin file)");
    char pid_line[64];
    snprintf(pid_line, sizeof pid_line, "pid %ld", (long)getpid());
    log_line(host, hostile_act.name, pid_line);
    int32_t status = kd_discover_resolve(ctx->discover_ctx, table, args, result);
    if (!ctx->config.armed || hostile_act.finish == NULL || result == NULL)
        return status;
    hostile_strike strike = {
        .act = hostile_act.name,
        .host = host,
        .args = args,
        .config = &ctx->config,
        .card = KEYACT_CARD_NONE,
        .handed = r.handed,
        .n_handed = r.n_handed,
    };
    hostile_log(&strike, "striking after the resolve returned %s", keyact_status_name(status));
    return hostile_act.finish(&strike, status, result);
}

/* ---- init: the configuration inside the plugin file ---- */

/* The test writes key=value lines into its copy of the plugin file, right
 * after this marker, as a stranger would compile its targets in: nothing
 * to open, so nothing a sandbox around the load refuses. Volatile: the
 * compiler must read what the file holds, not the zeros it was built with. */
#define CONF_MARKER "keyact-hostile-conf:"
static const volatile char embedded_conf[sizeof CONF_MARKER + HOSTILE_CONF_BYTES] = CONF_MARKER;

static void copy_value(char *dst, size_t size, const char *value)
{
    snprintf(dst, size, "%s", value);
}

static void read_config(hostile_config *config)
{
    char text[HOSTILE_CONF_BYTES];
    size_t n = 0;
    for (; n + 1 < sizeof text && embedded_conf[sizeof CONF_MARKER - 1 + n] != '\0'; n++)
        text[n] = embedded_conf[sizeof CONF_MARKER - 1 + n];
    text[n] = '\0';
    if (n == 0)
        return;
    for (char *line = strtok(text, "\n"); line != NULL; line = strtok(NULL, "\n")) {
        char *eq = strchr(line, '=');
        if (eq == NULL)
            continue;
        *eq = '\0';
        const char *value = eq + 1;
        if (strcmp(line, "token") == 0)
            copy_value(config->token, sizeof config->token, value);
        else if (strcmp(line, "secret") == 0)
            copy_value(config->secret_path, sizeof config->secret_path, value);
        else if (strcmp(line, "home") == 0)
            copy_value(config->home, sizeof config->home, value);
        else if (strcmp(line, "trace") == 0)
            copy_value(config->trace_path, sizeof config->trace_path, value);
        else if (strcmp(line, "port") == 0)
            config->port = (uint16_t)strtoul(value, NULL, 10);
    }
    config->armed = 1;
}

static int32_t hostile_init(const keyact_version *chosen, const char *plugin_path,
                            void **out_ctx)
{
    if (out_ctx == NULL)
        return KEYACT_E_INVAL;
    hostile_ctx *ctx = calloc(1, sizeof *ctx);
    if (ctx == NULL)
        return KEYACT_E_NOMEM;
    ctx->config.socket_fd = -1;
    read_config(&ctx->config);
    if (ctx->config.armed && hostile_act.at_init != NULL)
        hostile_act.at_init(&ctx->config);
    int32_t rc = kp_entry_init(chosen, plugin_path, &ctx->discover_ctx);
    if (rc != KEYACT_OK) {
        free(ctx);
        return rc;
    }
    *out_ctx = ctx;
    return KEYACT_OK;
}

static void hostile_deinit(void *ctx_ptr)
{
    hostile_ctx *ctx = ctx_ptr;
    if (ctx == NULL)
        return;
    kp_entry_deinit(ctx->discover_ctx);
    free(ctx);
}

static const keyact_action hostile_action = {
    .struct_size = sizeof(keyact_action),
    .reserved0 = 0,
    .name = "discover",
    .impl_id = hostile_impl_id,
    .description = hostile_description,
    .resolve = hostile_resolve_fn,
};

static const keyact_action *const hostile_actions[] = { &hostile_action };

KEYACT_PLUGIN_EXPORT const struct keyact_plugin_entry keyact_plugin_entry = {
    .struct_size = sizeof(struct keyact_plugin_entry),
    .abi_major = KEYACT_ABI_MAJOR,
    .abi_minor = KEYACT_ABI_MINOR,
    .action_count = 1,
    .plugin_id = hostile_impl_id,
    .plugin_version = HOSTILE_PLUGIN_VERSION,
    .negotiate = kp_entry_negotiate,
    .init = hostile_init,
    .deinit = hostile_deinit,
    .actions = hostile_actions,
    .get_extension = NULL,
};
