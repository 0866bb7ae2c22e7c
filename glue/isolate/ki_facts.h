/* SPDX-License-Identifier: MIT */
/* ki_facts.h - what the helper reports of a plugin's entry (OPEN's answer)
 * and of its rules extension (SANDBOX's): the flags and answers both ends
 * share. The layout of the answers is in helper/load.c (writing) and
 * glue/host/isolated_facts.c (reading). */
#ifndef KEYACT_KI_FACTS_H
#define KEYACT_KI_FACTS_H

G_BEGIN_DECLS

/* OPEN's answer: what happened; KI_OPEN_OK is followed by a u8, 1 when the
 * helper's file system access is restricted (Landlock) before dlopen, and
 * the entry's facts. */
typedef enum {
    KI_OPEN_OK,
    KI_OPEN_STARTUP_FAILED,   /* string step, i32 errno: limits or the first filter */
    KI_OPEN_DLOPEN_FAILED,    /* string dlerror() */
    KI_OPEN_NO_ENTRY,         /* no keyact_plugin_entry symbol */
} KiOpenResult;

/* Members of the entry that are set. */
#define KI_FACT_NEGOTIATE     (1u << 0)
#define KI_FACT_INIT          (1u << 1)
#define KI_FACT_DEINIT        (1u << 2)
#define KI_FACT_ACTIONS       (1u << 3)
#define KI_FACT_GET_EXTENSION (1u << 4)

/* Members of an action's stepped resolve that are set. */
#define KI_FACT_BEGIN   (1u << 0)
#define KI_FACT_STEP    (1u << 1)
#define KI_FACT_ANSWER  (1u << 2)
#define KI_FACT_ABANDON (1u << 3)

/* Members of the rules extension that are set. */
#define KI_FACT_MANA_VALUE       (1u << 0)
#define KI_FACT_CARD_MANA_VALUE  (1u << 1)
#define KI_FACT_DISCOVER_OPTIONS (1u << 2)

/* An entry claiming more actions is refused in-process
 * (KEYACT_HOST_MAX_ACTIONS); the helper sends none of them then. */
#define KI_FACT_MAX_ACTIONS 1024u

G_END_DECLS

#endif /* KEYACT_KI_FACTS_H */
