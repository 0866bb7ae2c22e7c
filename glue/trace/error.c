/* SPDX-License-Identifier: MIT */
/* error.c - the KEYACT_TRACE_ERROR domain. */
#include "keyact-trace-private.h"

KEYACT_TRACE_API GQuark keyact_trace_error_quark(void)
{
    return g_quark_from_static_string("keyact-trace-error-quark");
}
