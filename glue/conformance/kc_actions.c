/* SPDX-License-Identifier: MIT */
/* kc_actions.c - which table of rulings applies to an action name. */
#include "conformance.h"

const KcCase *kc_cases_for_action(const char *action_name, guint *n_cases)
{
    if (g_strcmp0(action_name, "discover") == 0)
        return kc_cases(n_cases);
    if (g_strcmp0(action_name, "cascade") == 0)
        return kc_cascade_cases(n_cases);
    *n_cases = 0;
    return NULL;
}
