/* SPDX-License-Identifier: MIT */
/* signatures.c - the one table describing every keyact_host callback.
 *
 * Tracers and dynamic hosts build their libffi call interfaces from it, so
 * it must match host.h exactly; the static asserts below stop the build when
 * a callback's C type changes or a callback is added without an entry.
 */
#include <stddef.h>
#include <string.h>

#include "keyact-trace-private.h"

#define ARG(arg_name, arg_kind) { arg_name, KEYACT_ARG_##arg_kind }
#define SIGNATURE(member, ret, count, ...) \
    { #member, offsetof(keyact_host, member), KEYACT_RETURN_##ret, count, { __VA_ARGS__ } }

static const KeyactCallbackSignature signatures[] = {
    SIGNATURE(library_size, STATUS, 4,
              ARG("host", HOST), ARG("game", GAME), ARG("player", PLAYER),
              ARG("out_size", OUT_U32)),
    SIGNATURE(library_card, STATUS, 5,
              ARG("host", HOST), ARG("game", GAME), ARG("player", PLAYER),
              ARG("index_from_top", U32), ARG("out_card", OUT_CARD)),
    SIGNATURE(move_card, STATUS, 7,
              ARG("host", HOST), ARG("game", GAME), ARG("player", PLAYER),
              ARG("card", CARD), ARG("to_zone", ZONE),
              ARG("library_index", LIBRARY_INDEX), ARG("flags", MOVE_FLAGS)),
    SIGNATURE(describe_card, STATUS, 4,
              ARG("host", HOST), ARG("game", GAME), ARG("card", CARD),
              ARG("out_desc", DESC_OUT)),
    SIGNATURE(can_cast_face, STATUS, 6,
              ARG("host", HOST), ARG("game", GAME), ARG("player", PLAYER),
              ARG("card", CARD), ARG("face", FACE), ARG("out_can", OUT_U32)),
    SIGNATURE(choose, STATUS, 7,
              ARG("host", HOST), ARG("game", GAME), ARG("player", PLAYER),
              ARG("card", CARD), ARG("options", OPTIONS),
              ARG("option_count", OPTION_COUNT), ARG("out_index", OUT_U32)),
    SIGNATURE(cast_free, STATUS, 6,
              ARG("host", HOST), ARG("game", GAME), ARG("player", PLAYER),
              ARG("card", CARD), ARG("face", FACE), ARG("out_cast", OUT_U32)),
    SIGNATURE(random_below, STATUS, 4,
              ARG("host", HOST), ARG("game", GAME), ARG("bound", BOUND),
              ARG("out_value", OUT_U32)),
    SIGNATURE(notify, VOID, 3,
              ARG("host", HOST), ARG("game", GAME), ARG("event", EVENT)),
    SIGNATURE(log, VOID, 3,
              ARG("host", HOST), ARG("level", LOG_LEVEL), ARG("message", STRING)),
    SIGNATURE(get_extension, POINTER, 2,
              ARG("host", HOST), ARG("id", STRING)),
    /* ABI 1.1 */
    SIGNATURE(library_cards, STATUS, 6,
              ARG("host", HOST), ARG("game", GAME), ARG("player", PLAYER),
              ARG("from_top", U32), ARG("count", COUNT), ARG("out_cards", OUT_CARDS)),
    SIGNATURE(describe_cards, STATUS, 5,
              ARG("host", HOST), ARG("game", GAME), ARG("cards", CARDS),
              ARG("count", COUNT), ARG("out_descs", DESCS_OUT)),
    SIGNATURE(apply_steps, STATUS, 6,
              ARG("host", HOST), ARG("game", GAME), ARG("player", PLAYER),
              ARG("steps", STEPS), ARG("count", COUNT), ARG("out_done", OUT_DONE)),
    SIGNATURE(random_below_each, STATUS, 5,
              ARG("host", HOST), ARG("game", GAME), ARG("bounds", BOUNDS),
              ARG("count", COUNT), ARG("out_values", OUT_VALUES)),
    /* ABI 1.2 */
    SIGNATURE(card_zone, STATUS, 4,
              ARG("host", HOST), ARG("game", GAME), ARG("card", CARD),
              ARG("out_zone", OUT_U32)),
};

/* The C types the entries above encode. */
typedef int32_t (*library_size_type)(const keyact_host *, keyact_game_id, keyact_player_id,
                                     uint32_t *);
typedef int32_t (*library_card_type)(const keyact_host *, keyact_game_id, keyact_player_id,
                                     uint32_t, keyact_card_id *);
typedef int32_t (*move_card_type)(const keyact_host *, keyact_game_id, keyact_player_id,
                                  keyact_card_id, uint32_t, uint32_t, uint32_t);
typedef int32_t (*describe_card_type)(const keyact_host *, keyact_game_id, keyact_card_id,
                                      keyact_card_desc *);
typedef int32_t (*can_cast_face_type)(const keyact_host *, keyact_game_id, keyact_player_id,
                                      keyact_card_id, uint32_t, uint32_t *);
typedef int32_t (*choose_type)(const keyact_host *, keyact_game_id, keyact_player_id,
                               keyact_card_id, const keyact_option *, uint32_t, uint32_t *);
typedef int32_t (*cast_free_type)(const keyact_host *, keyact_game_id, keyact_player_id,
                                  keyact_card_id, uint32_t, uint32_t *);
typedef int32_t (*random_below_type)(const keyact_host *, keyact_game_id, uint32_t, uint32_t *);
typedef void (*notify_type)(const keyact_host *, keyact_game_id, const keyact_event *);
typedef void (*log_type)(const keyact_host *, int32_t, const char *);
typedef const void *(*get_extension_type)(const keyact_host *, const char *);
typedef int32_t (*library_cards_type)(const keyact_host *, keyact_game_id, keyact_player_id,
                                      uint32_t, uint32_t, keyact_card_id *);
typedef int32_t (*describe_cards_type)(const keyact_host *, keyact_game_id,
                                       const keyact_card_id *, uint32_t,
                                       keyact_card_desc *const *);
typedef int32_t (*apply_steps_type)(const keyact_host *, keyact_game_id, keyact_player_id,
                                    const keyact_step *, uint32_t, uint32_t *);
typedef int32_t (*random_below_each_type)(const keyact_host *, keyact_game_id,
                                          const uint32_t *, uint32_t, uint32_t *);
typedef int32_t (*card_zone_type)(const keyact_host *, keyact_game_id, keyact_card_id,
                                  uint32_t *);

#define MEMBER_HAS_TYPE(member) \
    _Static_assert(_Generic(((keyact_host *)NULL)->member, member##_type: 1, default: 0), \
                   "keyact_host." #member " changed type: update its signature entry")
MEMBER_HAS_TYPE(library_size);
MEMBER_HAS_TYPE(library_card);
MEMBER_HAS_TYPE(move_card);
MEMBER_HAS_TYPE(describe_card);
MEMBER_HAS_TYPE(can_cast_face);
MEMBER_HAS_TYPE(choose);
MEMBER_HAS_TYPE(cast_free);
MEMBER_HAS_TYPE(random_below);
MEMBER_HAS_TYPE(notify);
MEMBER_HAS_TYPE(log);
MEMBER_HAS_TYPE(get_extension);
MEMBER_HAS_TYPE(library_cards);
MEMBER_HAS_TYPE(describe_cards);
MEMBER_HAS_TYPE(apply_steps);
MEMBER_HAS_TYPE(random_below_each);
MEMBER_HAS_TYPE(card_zone);

_Static_assert(sizeof signatures / sizeof signatures[0] == KEYACT_CALLBACK_COUNT,
               "one signature per callback");
_Static_assert(offsetof(keyact_host, card_zone) + sizeof(card_zone_type)
                   == sizeof(keyact_host),
               "keyact_host grew: add the new callbacks to the signature table");
/* Closures hand out code addresses as data pointers; POSIX makes the two
 * the same size. */
_Static_assert(sizeof(void *) == sizeof(KeyactGenericFunc),
               "function and data pointers must have the same size");

KEYACT_TRACE_API const KeyactCallbackSignature *keyact_callback_signatures(guint *n_signatures)
{
    if (n_signatures != NULL)
        *n_signatures = G_N_ELEMENTS(signatures);
    return signatures;
}

KEYACT_TRACE_API const KeyactCallbackSignature *keyact_callback_signature_lookup(const char *name)
{
    if (name == NULL)
        return NULL;
    for (gsize i = 0; i < G_N_ELEMENTS(signatures); i++) {
        if (strcmp(signatures[i].name, name) == 0)
            return &signatures[i];
    }
    return NULL;
}

KEYACT_TRACE_API const char *keyact_arg_kind_name(KeyactArgKind kind)
{
    switch (kind) {
    case KEYACT_ARG_HOST: return "HOST";
    case KEYACT_ARG_GAME: return "GAME";
    case KEYACT_ARG_PLAYER: return "PLAYER";
    case KEYACT_ARG_CARD: return "CARD";
    case KEYACT_ARG_U32: return "U32";
    case KEYACT_ARG_I32: return "I32";
    case KEYACT_ARG_ZONE: return "ZONE";
    case KEYACT_ARG_LIBRARY_INDEX: return "LIBRARY_INDEX";
    case KEYACT_ARG_MOVE_FLAGS: return "MOVE_FLAGS";
    case KEYACT_ARG_FACE: return "FACE";
    case KEYACT_ARG_BOUND: return "BOUND";
    case KEYACT_ARG_LOG_LEVEL: return "LOG_LEVEL";
    case KEYACT_ARG_OUT_U32: return "OUT_U32";
    case KEYACT_ARG_OUT_CARD: return "OUT_CARD";
    case KEYACT_ARG_DESC_OUT: return "DESC_OUT";
    case KEYACT_ARG_OPTIONS: return "OPTIONS";
    case KEYACT_ARG_OPTION_COUNT: return "OPTION_COUNT";
    case KEYACT_ARG_EVENT: return "EVENT";
    case KEYACT_ARG_STRING: return "STRING";
    case KEYACT_ARG_COUNT: return "COUNT";
    case KEYACT_ARG_CARDS: return "CARDS";
    case KEYACT_ARG_OUT_CARDS: return "OUT_CARDS";
    case KEYACT_ARG_DESCS_OUT: return "DESCS_OUT";
    case KEYACT_ARG_STEPS: return "STEPS";
    case KEYACT_ARG_BOUNDS: return "BOUNDS";
    case KEYACT_ARG_OUT_VALUES: return "OUT_VALUES";
    case KEYACT_ARG_OUT_DONE: return "OUT_DONE";
    }
    return "UNKNOWN";
}

ffi_type *keyact_arg_kind_ffi_type(KeyactArgKind kind)
{
    switch (kind) {
    case KEYACT_ARG_GAME:
    case KEYACT_ARG_PLAYER:
    case KEYACT_ARG_CARD:
        return &ffi_type_uint64;
    case KEYACT_ARG_U32:
    case KEYACT_ARG_ZONE:
    case KEYACT_ARG_LIBRARY_INDEX:
    case KEYACT_ARG_MOVE_FLAGS:
    case KEYACT_ARG_FACE:
    case KEYACT_ARG_BOUND:
    case KEYACT_ARG_OPTION_COUNT:
    case KEYACT_ARG_COUNT:
        return &ffi_type_uint32;
    case KEYACT_ARG_I32:
    case KEYACT_ARG_LOG_LEVEL:
        return &ffi_type_sint32;
    case KEYACT_ARG_HOST:
    case KEYACT_ARG_OUT_U32:
    case KEYACT_ARG_OUT_CARD:
    case KEYACT_ARG_DESC_OUT:
    case KEYACT_ARG_OPTIONS:
    case KEYACT_ARG_EVENT:
    case KEYACT_ARG_STRING:
    case KEYACT_ARG_CARDS:
    case KEYACT_ARG_OUT_CARDS:
    case KEYACT_ARG_DESCS_OUT:
    case KEYACT_ARG_STEPS:
    case KEYACT_ARG_BOUNDS:
    case KEYACT_ARG_OUT_VALUES:
    case KEYACT_ARG_OUT_DONE:
        return &ffi_type_pointer;
    }
    g_return_val_if_reached(&ffi_type_pointer);
}

ffi_type *keyact_return_kind_ffi_type(KeyactReturnKind kind)
{
    switch (kind) {
    case KEYACT_RETURN_STATUS: return &ffi_type_sint32;
    case KEYACT_RETURN_VOID: return &ffi_type_void;
    case KEYACT_RETURN_POINTER: return &ffi_type_pointer;
    }
    g_return_val_if_reached(&ffi_type_void);
}

gboolean keyact_host_has_callback(const keyact_host *host,
                                  const KeyactCallbackSignature *signature)
{
    return host->struct_size >= signature->offset + sizeof(KeyactGenericFunc);
}

KeyactGenericFunc keyact_host_get_callback(const keyact_host *host,
                                           const KeyactCallbackSignature *signature)
{
    KeyactGenericFunc func = NULL;

    /* Every callback member is a function pointer of the same size, so the
     * bytes at its offset are read as a generic one; ffi_call then calls it
     * through the exact signature. */
    if (keyact_host_has_callback(host, signature))
        memcpy(&func, (const char *)host + signature->offset, sizeof func);
    return func;
}
