/* SPDX-License-Identifier: MIT */
/* slot.c - resolve through "whatever serves this action now".
 *
 * A slot holds the selected implementation and a reference to its plugin.
 * A resolve copies the implementation and takes its own reference under the
 * slot's reader lock, then runs without any lock: resolves do not wait for
 * each other, a swap (writer) waits only for those copies, never for a
 * resolve, and the old plugin stays loaded until the last resolve that
 * copied it drops its reference. GRWLock rather than GMutex: it is built on
 * pthread_rwlock, which ThreadSanitizer understands (GMutex is a bare futex).
 */
#include "keyact-host-private.h"

KeyactSlot *keyact_host_slot_new(const char *name)
{
    KeyactSlot *slot = g_new0(KeyactSlot, 1);

    slot->name = g_strdup(name);
    g_rw_lock_init(&slot->lock);
    return slot;
}

void keyact_host_slot_free(KeyactSlot *slot)
{
    KeyactBoundAction current = keyact_host_slot_exchange(slot, NULL);

    keyact_plugin_unref((KeyactPlugin *)current.plugin);
    g_rw_lock_clear(&slot->lock);
    g_free(slot->name);
    g_free(slot->explicit_selector);
    g_free(slot->reason);
    g_free(slot);
}

KeyactBoundAction keyact_host_slot_exchange(KeyactSlot *slot, const KeyactBoundAction *next)
{
    KeyactBoundAction empty = { NULL, NULL, NULL };
    KeyactBoundAction old;

    if (next != NULL)
        keyact_plugin_ref((KeyactPlugin *)next->plugin);
    g_rw_lock_writer_lock(&slot->lock);
    old = slot->current;
    slot->current = next != NULL ? *next : empty;
    g_rw_lock_writer_unlock(&slot->lock);
    return old;
}

KEYACT_HOST_API gboolean keyact_slot_acquire(KeyactSlot *slot, KeyactBoundAction *out)
{
    gboolean found;

    g_return_val_if_fail(slot != NULL && out != NULL, FALSE);

    g_rw_lock_reader_lock(&slot->lock);
    found = slot->current.action != NULL;
    if (found) {
        *out = slot->current;
        keyact_plugin_ref((KeyactPlugin *)out->plugin);
    }
    g_rw_lock_reader_unlock(&slot->lock);
    if (!found)
        *out = (KeyactBoundAction){ NULL, NULL, NULL };
    return found;
}

KEYACT_HOST_API void keyact_bound_action_release(KeyactBoundAction *bound)
{
    if (bound == NULL)
        return;
    keyact_plugin_unref((KeyactPlugin *)bound->plugin);
    *bound = (KeyactBoundAction){ NULL, NULL, NULL };
}

/* Resolve with the implementation selected now: through
 * keyact_bound_action_resolve_validated() when `validation` is not NULL. */
static int32_t resolve_current(KeyactSlot *slot, const keyact_host *host,
                               const keyact_resolve_args *args, keyact_resolve_result *result,
                               KeyactValidationResult *validation)
{
    KeyactBoundAction bound;
    int32_t status;

    if (slot == NULL)
        return KEYACT_E_INVAL;
    if (!keyact_slot_acquire(slot, &bound))
        return KEYACT_E_NOTFOUND;
    status = validation != NULL
        ? keyact_bound_action_resolve_validated(&bound, host, args, result, validation)
        : keyact_bound_action_resolve(&bound, host, args, result);
    keyact_bound_action_release(&bound);
    return status;
}

KEYACT_HOST_API int32_t keyact_slot_resolve(KeyactSlot *slot, const keyact_host *host,
                                            const keyact_resolve_args *args,
                                            keyact_resolve_result *result)
{
    return resolve_current(slot, host, args, result, NULL);
}

KEYACT_HOST_API int32_t keyact_slot_resolve_validated(KeyactSlot *slot, const keyact_host *host,
                                                      const keyact_resolve_args *args,
                                                      keyact_resolve_result *result,
                                                      KeyactValidationResult *validation)
{
    if (validation == NULL)
        return KEYACT_E_INVAL;
    return resolve_current(slot, host, args, result, validation);
}
