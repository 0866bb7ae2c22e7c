/* SPDX-License-Identifier: MIT */
/* names.c - the one table of the names of the ABI's event types and card
 * layouts, for every log, trace and test that prints them. */
#include "keyact-host-private.h"

/* Indexed by KEYACT_EVENT_*; 0 is no event type. */
static const char *const event_type_names[] = {
    [KEYACT_EVENT_EXILED] = "EXILED",
    [KEYACT_EVENT_HIT] = "HIT",
    [KEYACT_EVENT_CAST] = "CAST",
    [KEYACT_EVENT_CAST_FAILED] = "CAST_FAILED",
    [KEYACT_EVENT_TO_HAND] = "TO_HAND",
    [KEYACT_EVENT_BOTTOM] = "BOTTOM",
    [KEYACT_EVENT_DISCOVERED] = "DISCOVERED",
    [KEYACT_EVENT_FINISHED] = "FINISHED",
};

/* Indexed by KEYACT_LAYOUT_*. */
static const char *const layout_names[KEYACT_LAYOUT_COUNT] = {
    [KEYACT_LAYOUT_NORMAL] = "NORMAL",
    [KEYACT_LAYOUT_SPLIT] = "SPLIT",
    [KEYACT_LAYOUT_AFTERMATH] = "AFTERMATH",
    [KEYACT_LAYOUT_ADVENTURE] = "ADVENTURE",
    [KEYACT_LAYOUT_MODAL_DFC] = "MODAL_DFC",
    [KEYACT_LAYOUT_TRANSFORM] = "TRANSFORM",
    [KEYACT_LAYOUT_FLIP] = "FLIP",
    [KEYACT_LAYOUT_MELD] = "MELD",
};

KEYACT_HOST_API const char *keyact_event_type_name(uint32_t type)
{
    return type < G_N_ELEMENTS(event_type_names) ? event_type_names[type] : NULL;
}

KEYACT_HOST_API const char *keyact_layout_name(uint32_t layout)
{
    return layout < G_N_ELEMENTS(layout_names) ? layout_names[layout] : NULL;
}
