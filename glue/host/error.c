/* SPDX-License-Identifier: MIT */
/* error.c - the KEYACT_HOST_ERROR domain. */
#include "keyact-host-private.h"

KEYACT_HOST_API GQuark keyact_host_error_quark(void)
{
    return g_quark_from_static_string("keyact-host-error-quark");
}
