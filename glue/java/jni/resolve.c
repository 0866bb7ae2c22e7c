/* SPDX-License-Identifier: MIT */
/* resolve.c - Native.resolve and the host table it lends the plugin.
 *
 * The table lives on this native frame's stack, with host_data pointing at a
 * KjCall: the JNIEnv of the resolving thread, the Upcalls object, the first
 * throwable, and the Upcalls' shared buffer. That buffer is direct memory
 * Java allocated (Upcalls.mem) and passed in by address: every callback's
 * arguments, the batches and the result cross through it as longs, so a
 * callback is one Java upcall with no arguments followed at once by
 * ExceptionCheck (see take_exception) and nothing else: cheaper than a bare
 * upcall with arguments, since the JVM pushes each argument at a cost. A callback makes local references only where it must
 * (a log message, a thrown exception) and deletes each one, so there is no
 * local frame per upcall and references stay bounded however many calls a
 * resolve makes. */
#include "keyact-jni.h"

#include <string.h>

#define STRANDED_ON_STACK 256u
/* Cards a FATAL resolve may leave unsettled: the doubtful ones of one
 * failed batch and the plugin's stranded cards (validate_settle.c). */
#define UNSETTLED_ON_STACK 256u

typedef struct {
    JNIEnv *env;
    jobject up;                    /* the Upcalls object (the native call's local ref) */
    jthrowable failure;            /* global ref: the first throwable, or NULL */
    gboolean failure_lost;         /* a throwable that could not be kept (no memory) */
    keyact_resolve_result *result;
    keyact_card_id *stranded_heap; /* when a library outgrew the stack buffer */
    gboolean events;               /* the Host overrides notify: fill step events */
    guint64 upcalls;               /* added to the thread's count when the resolve returns */
    jlong *mem;                    /* Upcalls.mem: Java's direct buffer, mem_longs long */
    jsize mem_longs;
    GString *violations;           /* validation reports, see validate.c; NULL when none */
} KjCall;

/* Values of Native.resolve's `features` (Upcalls.FEATURE_*). */
#define KJ_FEATURE_NOTIFY 1
#define KJ_FEATURE_LOG    2
#define KJ_FEATURE_SINGLE 4  /* offer only the 1.0 calls (no batched ones) */
#define KJ_FEATURE_CARD_ZONE 8  /* the Host overrides cardZone: offer card_zone (1.2) */

/* The buffer: an upcall's arguments in its first KJ_ARGS longs (Upcalls.ARGS),
 * then the data part: a batch (steps as Steps.STRIDE longs each), a choice's
 * options, or after the resolve its result (Upcalls.RES_LENGTH longs). */
#define KJ_ARGS 8
#define KJ_STEP_STRIDE 11
#define KJ_RES_LENGTH 8

static _Thread_local guint64 upcalls;

guint64 kj_upcalls_count(void)
{
    return upcalls;
}

static KjCall *call_of(const keyact_host *host)
{
    return host->host_data;
}

GString **kj_call_violations(const keyact_host *host)
{
    return &call_of(host)->violations;
}

/* The status a throwable stands for: a KeyactException's own, else HOST.
 * Called with no exception pending. */
static int32_t status_of(JNIEnv *env, jthrowable t)
{
    int32_t status = KEYACT_E_HOST;

    if ((*env)->IsInstanceOf(env, t, kj_ids.keyact_exception_class)) {
        jobject s = (*env)->GetObjectField(env, t, kj_ids.keyact_exception_status);
        if (s != NULL) {
            jint code = (*env)->GetIntField(env, s, kj_ids.status_code);
            if (code < 0)
                status = code;
            (*env)->DeleteLocalRef(env, s);
        }
    }
    return status;
}

/* Keep t as the resolve's failure unless one is kept already. */
static void keep(KjCall *call, jthrowable t)
{
    JNIEnv *env = call->env;

    if (call->failure != NULL)
        return;
    call->failure = (*env)->NewGlobalRef(env, t);
    if (call->failure == NULL) {
        /* NewGlobalRef may throw OutOfMemoryError: drop it, remember the loss. */
        if ((*env)->ExceptionCheck(env))
            (*env)->ExceptionClear(env);
        call->failure_lost = TRUE;
    }
}

/* An exception is pending: take it, keep it, return its status. The only
 * JNI calls made with one pending are ExceptionOccurred and ExceptionClear. */
static G_GNUC_NO_INLINE int32_t take_pending(KjCall *call)
{
    JNIEnv *env = call->env;
    jthrowable t = (*env)->ExceptionOccurred(env);

    (*env)->ExceptionClear(env);
    if (t == NULL) {
        call->failure_lost = TRUE;
        return KEYACT_E_HOST;
    }
    int32_t status = status_of(env, t);
    if ((*env)->ExceptionCheck(env))  /* status_of itself failed: keep the first */
        (*env)->ExceptionClear(env);
    keep(call, t);
    (*env)->DeleteLocalRef(env, t);
    return status;
}

/* After every call into Java: the status of a pending exception (taken and
 * kept), or 0 when none is pending. */
static inline int32_t take_exception(KjCall *call)
{
    if (G_LIKELY(!(*call->env)->ExceptionCheck(call->env)))
        return KEYACT_OK;
    return take_pending(call);
}

/* ---- the shared buffer ---- */

/* Make the buffer's data part hold at least n longs, through Upcalls.reserve
 * when it is shorter (rare: the buffer is kept from resolve to resolve).
 * Reserve returns the new buffer's address (the old one is left to the GC).
 * 0, or the failing status. Reserve takes n in the argument slots, so a
 * callback makes room before it writes its own arguments. */
static int32_t room(KjCall *call, jsize n)
{
    JNIEnv *env = call->env;
    int32_t status;

    if (G_LIKELY(n <= call->mem_longs - KJ_ARGS))
        return KEYACT_OK;
    call->mem[0] = n;
    jlong address = (*env)->CallLongMethod(env, call->up, kj_ids.up_reserve);
    if ((status = take_exception(call)) != KEYACT_OK)
        return status;
    if (address == 0)
        return KEYACT_E_NOMEM;
    call->mem = (jlong *)(intptr_t)address;
    call->mem_longs = KJ_ARGS + n;
    return KEYACT_OK;
}

/* The upcall's arguments, in order; the data part follows them. */
static inline jlong *args_of(KjCall *call)
{
    return call->mem;
}

static inline jlong *data_of(KjCall *call)
{
    return call->mem + KJ_ARGS;
}

/* ---- the 1.0 callbacks ---- */

static int32_t kj_library_size(const keyact_host *host, keyact_game_id game,
                               keyact_player_id player, uint32_t *out_size)
{
    KjCall *call = call_of(host);
    jlong *arg = args_of(call);

    call->upcalls++;
    arg[0] = (jlong)game;
    arg[1] = (jlong)player;
    jint size = (*call->env)->CallIntMethod(call->env, call->up, kj_ids.up_library_size);
    int32_t status = take_exception(call);
    if (status != KEYACT_OK)
        return status;
    if (size < 0)
        return KEYACT_E_RANGE;
    /* The stranded list can hold every card of the library. */
    keyact_resolve_result *result = call->result;
    if ((uint32_t)size > result->stranded_capacity) {
        keyact_card_id *bigger = g_try_new(keyact_card_id, (gsize)size);
        if (bigger == NULL)
            return KEYACT_E_NOMEM;
        g_free(call->stranded_heap);
        call->stranded_heap = bigger;
        result->stranded = bigger;
        result->stranded_capacity = (uint32_t)size;
    }
    *out_size = (uint32_t)size;
    return KEYACT_OK;
}

static int32_t kj_library_card(const keyact_host *host, keyact_game_id game,
                               keyact_player_id player, uint32_t index, keyact_card_id *out_card)
{
    KjCall *call = call_of(host);
    jlong *arg = args_of(call);

    if (index > (uint32_t)G_MAXINT32)
        return KEYACT_E_NOTFOUND;
    call->upcalls++;
    arg[0] = (jlong)game;
    arg[1] = (jlong)player;
    arg[2] = index;
    jlong card = (*call->env)->CallLongMethod(call->env, call->up, kj_ids.up_library_card);
    int32_t status = take_exception(call);
    if (status != KEYACT_OK)
        return status;
    if (card == 0)
        return KEYACT_E_NOTFOUND;
    *out_card = (keyact_card_id)card;
    return KEYACT_OK;
}

static int32_t kj_move_card(const keyact_host *host, keyact_game_id game, keyact_player_id player,
                            keyact_card_id card, uint32_t to_zone, uint32_t library_index,
                            uint32_t flags)
{
    KjCall *call = call_of(host);
    jlong *arg = args_of(call);

    call->upcalls++;
    arg[0] = (jlong)game;
    arg[1] = (jlong)player;
    arg[2] = (jlong)card;
    arg[3] = to_zone;
    arg[4] = (jint)library_index;
    arg[5] = flags;
    (*call->env)->CallVoidMethod(call->env, call->up, kj_ids.up_move_card);
    return take_exception(call);
}

/* Copy a described block into the plugin's struct, at most its struct_size. */
static int32_t fill_desc(jlong block, keyact_card_desc *out_desc)
{
    const keyact_card_desc *desc = (const keyact_card_desc *)(intptr_t)block;
    size_t size = MIN((size_t)out_desc->struct_size, sizeof(keyact_card_desc));

    if (desc == NULL)
        return KEYACT_E_BADCARD;
    if (size < sizeof(uint32_t))
        return KEYACT_E_INVAL;
    if (G_LIKELY(size == sizeof *out_desc))
        *out_desc = *desc; /* a fixed-size copy: a variable memcpy of 80 bytes is rep movsq here */
    else
        memcpy(out_desc, desc, size);
    out_desc->struct_size = (uint32_t)size;
    return KEYACT_OK;
}

static int32_t kj_describe_card(const keyact_host *host, keyact_game_id game,
                                keyact_card_id card, keyact_card_desc *out_desc)
{
    KjCall *call = call_of(host);
    jlong *arg = args_of(call);

    call->upcalls++;
    arg[0] = (jlong)game;
    arg[1] = (jlong)card;
    jlong block = (*call->env)->CallLongMethod(call->env, call->up, kj_ids.up_describe_card);
    int32_t status = take_exception(call);
    if (status != KEYACT_OK)
        return status;
    return fill_desc(block, out_desc);
}

static int32_t kj_can_cast_face(const keyact_host *host, keyact_game_id game,
                                keyact_player_id player, keyact_card_id card, uint32_t face,
                                uint32_t *out_can)
{
    KjCall *call = call_of(host);
    jlong *arg = args_of(call);

    call->upcalls++;
    arg[0] = (jlong)game;
    arg[1] = (jlong)player;
    arg[2] = (jlong)card;
    arg[3] = (jint)face;
    jboolean can = (*call->env)->CallBooleanMethod(call->env, call->up, kj_ids.up_can_cast_face);
    int32_t status = take_exception(call);
    if (status != KEYACT_OK)
        return status;
    *out_can = can ? 1u : 0u;
    return KEYACT_OK;
}

/* The options go in as three longs each: kind, face, mana value halves. */
static int32_t kj_choose(const keyact_host *host, keyact_game_id game, keyact_player_id player,
                         keyact_card_id card, const keyact_option *options, uint32_t count,
                         uint32_t *out_index)
{
    KjCall *call = call_of(host);
    int32_t status;

    if (options == NULL || count == 0 || count > 1024u)
        return KEYACT_E_INVAL;
    call->upcalls++;
    if ((status = room(call, (jsize)(3 * count))) != KEYACT_OK)
        return status;
    jlong *arg = args_of(call), *data = data_of(call);
    arg[0] = (jlong)game;
    arg[1] = (jlong)player;
    arg[2] = (jlong)card;
    arg[3] = count;
    for (uint32_t i = 0; i < count; i++) {
        data[3 * i] = options[i].kind;
        data[3 * i + 1] = (jint)options[i].face;
        data[3 * i + 2] = (jint)options[i].mana_value_halves;
    }
    jint index = (*call->env)->CallIntMethod(call->env, call->up, kj_ids.up_choose);
    status = take_exception(call);
    if (status != KEYACT_OK)
        return status;
    *out_index = (uint32_t)index; /* out of range (negative too) is the plugin's to refuse */
    return KEYACT_OK;
}

static int32_t kj_cast_free(const keyact_host *host, keyact_game_id game, keyact_player_id player,
                            keyact_card_id card, uint32_t face, uint32_t *out_cast)
{
    KjCall *call = call_of(host);
    jlong *arg = args_of(call);

    call->upcalls++;
    arg[0] = (jlong)game;
    arg[1] = (jlong)player;
    arg[2] = (jlong)card;
    arg[3] = (jint)face;
    jboolean cast = (*call->env)->CallBooleanMethod(call->env, call->up, kj_ids.up_cast_free);
    int32_t status = take_exception(call);
    if (status != KEYACT_OK)
        return status;
    *out_cast = cast ? KEYACT_CAST_DONE : KEYACT_CAST_FAILED;
    return KEYACT_OK;
}

static int32_t kj_random_below(const keyact_host *host, keyact_game_id game, uint32_t bound,
                               uint32_t *out_value)
{
    KjCall *call = call_of(host);
    jlong *arg = args_of(call);

    call->upcalls++;
    arg[0] = (jlong)game;
    arg[1] = (jint)bound;
    jint value = (*call->env)->CallIntMethod(call->env, call->up, kj_ids.up_random_below);
    int32_t status = take_exception(call);
    if (status != KEYACT_OK)
        return status;
    *out_value = (uint32_t)value; /* out of range is the plugin's to refuse */
    return KEYACT_OK;
}

/* An event as Steps.STRIDE's event part: type, player, card, n, face, index,
 * mana value halves (0s for no event). */
static void pack_event(const keyact_event *e, jlong *d)
{
    d[0] = e != NULL ? e->type : 0;
    d[1] = e != NULL ? (jlong)e->player : 0;
    d[2] = e != NULL ? (jlong)e->card : 0;
    d[3] = e != NULL ? e->n : 0;
    d[4] = e != NULL ? (jint)e->face : 0;
    d[5] = e != NULL ? (jint)e->index : 0;
    d[6] = e != NULL ? (jint)e->mana_value_halves : 0;
}

static void kj_notify(const keyact_host *host, keyact_game_id game, const keyact_event *event)
{
    KjCall *call = call_of(host);
    jlong *arg = args_of(call);

    if (event == NULL)
        return;
    call->upcalls++;
    arg[0] = (jlong)game;
    pack_event(event, &arg[1]);
    (*call->env)->CallVoidMethod(call->env, call->up, kj_ids.up_notify);
    take_exception(call); /* notify cannot fail in C: the throwable still fails the resolve */
}

static void kj_log(const keyact_host *host, int32_t level, const char *message)
{
    KjCall *call = call_of(host);
    JNIEnv *env = call->env;

    if (message == NULL)
        return;
    call->upcalls++;
    jsize n = (jsize)strlen(message);
    jbyteArray bytes = (*env)->NewByteArray(env, n);
    if (bytes != NULL) {
        (*env)->SetByteArrayRegion(env, bytes, 0, n, (const jbyte *)message);
        (*env)->CallVoidMethod(env, call->up, kj_ids.up_log, (jint)level, bytes);
    }
    take_exception(call);
    if (bytes != NULL)
        (*env)->DeleteLocalRef(env, bytes);
}

/* ---- the 1.1 batched callbacks: one upcall per batch, data in the buffer ---- */

/* The cards come back in the data part. */
static int32_t kj_library_cards(const keyact_host *host, keyact_game_id game,
                                keyact_player_id player, uint32_t from_top, uint32_t count,
                                keyact_card_id *out_cards)
{
    KjCall *call = call_of(host);
    int32_t status;

    if (out_cards == NULL || count == 0 || count > (uint32_t)G_MAXINT32 / 4)
        return KEYACT_E_INVAL;
    if (from_top > (uint32_t)G_MAXINT32 - count)
        return KEYACT_E_NOTFOUND;
    call->upcalls++;
    if ((status = room(call, (jsize)count)) != KEYACT_OK)
        return status;
    jlong *arg = args_of(call);
    arg[0] = (jlong)game;
    arg[1] = (jlong)player;
    arg[2] = from_top;
    arg[3] = count;
    (*call->env)->CallVoidMethod(call->env, call->up, kj_ids.up_library_cards);
    if ((status = take_exception(call)) != KEYACT_OK)
        return status;
    G_STATIC_ASSERT(sizeof(jlong) == sizeof(keyact_card_id));
    memcpy(out_cards, data_of(call), count * sizeof(jlong));
    for (uint32_t i = 0; i < count; i++)
        if (out_cards[i] == KEYACT_CARD_NONE)
            return KEYACT_E_NOTFOUND;
    return KEYACT_OK;
}

/* The cards go in as ids, and come back in the same slots as description
 * blocks (Upcalls.describeCards). */
static int32_t kj_describe_cards(const keyact_host *host, keyact_game_id game,
                                 const keyact_card_id *cards, uint32_t count,
                                 keyact_card_desc *const *out_descs)
{
    KjCall *call = call_of(host);
    int32_t status;

    if (cards == NULL || out_descs == NULL || count == 0 || count > (uint32_t)G_MAXINT32 / 4)
        return KEYACT_E_INVAL;
    call->upcalls++;
    if ((status = room(call, (jsize)count)) != KEYACT_OK)
        return status;
    jlong *arg = args_of(call), *data = data_of(call);
    arg[0] = (jlong)game;
    arg[1] = count;
    memcpy(data, cards, count * sizeof(jlong));
    (*call->env)->CallVoidMethod(call->env, call->up, kj_ids.up_describe_cards);
    status = take_exception(call);
    for (uint32_t i = 0; i < count && status == KEYACT_OK; i++)
        status = out_descs[i] == NULL ? KEYACT_E_INVAL : fill_desc(data[i], out_descs[i]);
    return status;
}

static void pack_step(const keyact_step *step, gboolean events, jlong *d)
{
    d[0] = step->to_zone;
    d[1] = (jint)step->library_index;
    d[2] = step->flags;
    d[3] = (jlong)step->card;
    pack_event(events ? step->event : NULL, &d[4]);
}

/* The steps go in as Steps.STRIDE longs each; after them Upcalls.applySteps
 * writes how many were applied, which is what counts when it throws. */
static int32_t kj_apply_steps(const keyact_host *host, keyact_game_id game,
                              keyact_player_id player, const keyact_step *steps, uint32_t count,
                              uint32_t *out_done)
{
    KjCall *call = call_of(host);
    JNIEnv *env = call->env;
    int32_t status;

    if (steps == NULL || out_done == NULL || count == 0 || count > (uint32_t)G_MAXINT32 / 64)
        return KEYACT_E_INVAL;
    *out_done = 0;
    call->upcalls++;
    jsize applied_at = (jsize)(count * KJ_STEP_STRIDE);
    if ((status = room(call, applied_at + 1)) != KEYACT_OK)
        return status;
    jlong *arg = args_of(call), *data = data_of(call);
    arg[0] = (jlong)game;
    arg[1] = (jlong)player;
    arg[2] = count;
    for (uint32_t i = 0; i < count; i++)
        pack_step(&steps[i], call->events, &data[i * KJ_STEP_STRIDE]);
    data[applied_at] = 0;
    /* What it returns is a notify's throwable from inside the batch (see
     * Steps.deliver), or null: kept, but the batch went on. */
    jthrowable deferred = (*env)->CallObjectMethod(env, call->up, kj_ids.up_apply_steps);
    status = take_exception(call);
    if (status != KEYACT_OK) {
        /* The steps the Host marked applied moved; the one that threw did not. */
        jlong applied = data[applied_at];
        *out_done = applied < 0 ? 0u : (uint32_t)MIN((guint64)applied, (guint64)count - 1);
        return status;
    }
    if (deferred != NULL) {
        keep(call, deferred);
        (*env)->DeleteLocalRef(env, deferred);
    }
    *out_done = count;
    return KEYACT_OK;
}

/* The bounds go in, the values come back after them. */
static int32_t kj_random_below_each(const keyact_host *host, keyact_game_id game,
                                    const uint32_t *bounds, uint32_t count, uint32_t *out_values)
{
    KjCall *call = call_of(host);
    int32_t status;

    if (bounds == NULL || out_values == NULL || count == 0 || count > (uint32_t)G_MAXINT32 / 4)
        return KEYACT_E_INVAL;
    call->upcalls++;
    if ((status = room(call, (jsize)(2 * count))) != KEYACT_OK)
        return status;
    jlong *arg = args_of(call), *data = data_of(call);
    arg[0] = (jlong)game;
    arg[1] = count;
    for (uint32_t i = 0; i < count; i++)
        data[i] = (jint)bounds[i];
    (*call->env)->CallVoidMethod(call->env, call->up, kj_ids.up_random_below_each);
    if ((status = take_exception(call)) != KEYACT_OK)
        return status;
    for (uint32_t i = 0; i < count; i++)
        out_values[i] = (uint32_t)data[count + i]; /* out of range is the plugin's to refuse */
    return KEYACT_OK;
}

/* ---- ABI 1.2: asked only by the validation layer ---- */

static int32_t kj_card_zone(const keyact_host *host, keyact_game_id game, keyact_card_id card,
                            uint32_t *out_zone)
{
    KjCall *call = call_of(host);
    jlong *arg = args_of(call);

    call->upcalls++;
    arg[0] = (jlong)game;
    arg[1] = (jlong)card;
    jint zone = (*call->env)->CallIntMethod(call->env, call->up, kj_ids.up_card_zone);
    int32_t status = take_exception(call);
    if (status != KEYACT_OK)
        return status;
    if (zone == 0)
        return KEYACT_E_NOTFOUND;
    *out_zone = (uint32_t)zone;
    return KEYACT_OK;
}

/* ---- the native ---- */

/* The result into the buffer's data part: Upcalls.RES_LENGTH longs, then
 * the stranded cards (RES_STRANDED of them: 0 when the buffer could not grow
 * for them, the failure of that kept). */
static void write_result(KjCall *call, const keyact_resolve_result *r, jlong flags_override)
{
    uint32_t written = r->stranded != NULL ? MIN(r->stranded_count, r->stranded_capacity) : 0;

    if (written > 0 && room(call, (jsize)(KJ_RES_LENGTH + written)) != KEYACT_OK)
        written = 0;
    jlong *out = data_of(call);
    out[0] = r->outcome;
    out[1] = (jlong)r->discovered;
    out[2] = r->mana_value_halves;
    out[3] = r->face_cast == KEYACT_FACE_NONE ? -1 : (jlong)r->face_cast;
    out[4] = r->exiled_count;
    out[5] = r->bottomed_count;
    out[6] = flags_override != 0 ? flags_override : r->flags;
    out[7] = written;
    if (written > 0) /* r->stranded is NULL when nothing ran */
        memcpy(out + KJ_RES_LENGTH, r->stranded, written * sizeof(jlong));
}

static jint resolve(JNIEnv *env, jclass cls, jlong handle, jlong slot, jobject up, jlong mem,
                    jint mem_longs, jlong game, jlong player, jint n, jlong source, jint features)
{
    KjRegistry *r = (KjRegistry *)(intptr_t)handle;
    KeyactBoundAction bound;
    keyact_card_id stranded[STRANDED_ON_STACK];
    KeyactUnsettledCard unsettled[UNSETTLED_ON_STACK];
    KeyactValidationResult validation = {
        .struct_size = sizeof validation, .unsettled = unsettled,
        .unsettled_capacity = UNSETTLED_ON_STACK,
    };
    keyact_resolve_result result = { 0 };
    KjCall call = { .env = env, .up = up, .result = &result,
                    .events = (features & KJ_FEATURE_NOTIFY) != 0,
                    .mem = (jlong *)(intptr_t)mem, .mem_longs = mem_longs };
    keyact_host host;
    gboolean have;
    int32_t status;

    (void)cls;
    if (call.mem == NULL || mem_longs < (jint)(KJ_ARGS + KJ_RES_LENGTH))
        return KEYACT_E_INVAL; /* Upcalls never passes one */
    g_rw_lock_reader_lock(&r->lock);
    if (r->registry == NULL) {
        g_rw_lock_reader_unlock(&r->lock);
        return 1;
    }
    have = keyact_slot_acquire((KeyactSlot *)(intptr_t)slot, &bound);
    g_rw_lock_reader_unlock(&r->lock);
    if (!have) {
        write_result(&call, &result, -1);
        return KEYACT_E_NOTFOUND;
    }

    memset(&host, 0, sizeof host);
    keyact_host_table_init(&host);
    host.host_data = &call;
    host.host_name = "keyact-java";
    host.library_size = kj_library_size;
    host.library_card = kj_library_card;
    host.move_card = kj_move_card;
    host.describe_card = kj_describe_card;
    host.can_cast_face = kj_can_cast_face;
    host.choose = kj_choose;
    host.cast_free = kj_cast_free;
    host.random_below = kj_random_below;
    host.notify = (features & KJ_FEATURE_NOTIFY) ? kj_notify : NULL;
    host.log = (features & KJ_FEATURE_LOG) ? kj_log : NULL;
    if (!(features & KJ_FEATURE_SINGLE)) {
        host.library_cards = kj_library_cards;
        host.describe_cards = kj_describe_cards;
        host.apply_steps = kj_apply_steps;
        host.random_below_each = kj_random_below_each;
    }
    host.card_zone = (features & KJ_FEATURE_CARD_ZONE) ? kj_card_zone : NULL;

    keyact_resolve_args args = {
        .struct_size = sizeof args, .n = n, .game = (keyact_game_id)game,
        .player = (keyact_player_id)player, .source = (keyact_card_id)source,
    };
    result.struct_size = sizeof result;
    result.stranded = stranded;
    result.stranded_capacity = STRANDED_ON_STACK;

    status = keyact_bound_action_resolve_validated(&bound, &host, &args, &result, &validation);
    keyact_bound_action_release(&bound);
    upcalls += call.upcalls;

    write_result(&call, &result, 0);
    if (!kj_validate_deliver(env, up, call.violations))
        call.failure_lost = TRUE;
    if (!kj_validate_deliver_result(env, up, &validation))
        call.failure_lost = TRUE;
    g_free(call.stranded_heap);
    if (call.failure != NULL) {
        (*env)->SetObjectField(env, up, kj_ids.up_failure, call.failure);
        (*env)->DeleteGlobalRef(env, call.failure);
    }
    if (call.failure_lost && status == KEYACT_OK)
        status = KEYACT_E_NOMEM;
    return status;
}

/* The address of a direct buffer (Upcalls.mem), 0 for any other. */
static jlong address(JNIEnv *env, jclass cls, jobject buffer)
{
    (void)cls;
    return buffer != NULL ? (jlong)(intptr_t)(*env)->GetDirectBufferAddress(env, buffer) : 0;
}

static jlong upcalls_native(JNIEnv *env, jclass cls)
{
    (void)env;
    (void)cls;
    return (jlong)upcalls;
}

static const JNINativeMethod methods[] = {
    { "resolve", "(JJLorg/keyact/Upcalls;JIJJIJI)I", KJ_FN(resolve) },
    { "address", "(Ljava/nio/ByteBuffer;)J", KJ_FN(address) },
    { "upcalls", "()J", KJ_FN(upcalls_native) },
};

jint kj_register_resolve_natives(JNIEnv *env, jclass native_class)
{
    return (*env)->RegisterNatives(env, native_class, methods, G_N_ELEMENTS(methods));
}
