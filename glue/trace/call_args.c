/* SPDX-License-Identifier: MIT */
/* call_args.c - typed reads of a dispatcher's libffi-style argument array,
 * for languages that cannot dereference void ** themselves. */
#include "keyact-trace-private.h"

KEYACT_TRACE_API guint64 keyact_call_arg_id(void *const *args, guint index)
{
    g_return_val_if_fail(args != NULL && index < KEYACT_CALLBACK_MAX_ARGS, 0);
    return *(const guint64 *)args[index];
}

KEYACT_TRACE_API guint32 keyact_call_arg_u32(void *const *args, guint index)
{
    g_return_val_if_fail(args != NULL && index < KEYACT_CALLBACK_MAX_ARGS, 0);
    return *(const guint32 *)args[index];
}

KEYACT_TRACE_API gint32 keyact_call_arg_i32(void *const *args, guint index)
{
    g_return_val_if_fail(args != NULL && index < KEYACT_CALLBACK_MAX_ARGS, 0);
    return *(const gint32 *)args[index];
}

KEYACT_TRACE_API gpointer keyact_call_arg_pointer(void *const *args, guint index)
{
    g_return_val_if_fail(args != NULL && index < KEYACT_CALLBACK_MAX_ARGS, NULL);
    return *(void *const *)args[index];
}
