// SPDX-License-Identifier: MIT
// keyact in Wagic: the ability behind discover:N (and cascade:, when WAGIC_KEYACT_CASCADE=1),
// resolved by a keyact plugin through libkeyact-host. See README.md beside this file.
#pragma once

#include "MTGAbility.h"

// action "discover" or "cascade"; n, Wagic's number for N (cascade: the spell's "manacost");
// andAbility (may be NULL) runs when the resolve is over, the discovered card imprinted on the
// source. NULL for cascade unless WAGIC_KEYACT_CASCADE=1: Wagic's own AACascade then.
MTGAbility * NewKeyactAbility(GameObserver * observer, int id, MTGCardInstance * source, string action, string n, MTGAbility * andAbility);

// For the AI: a keyact ability is good for its controller, as Wagic's own AACascade is.
bool IsKeyactAbility(MTGAbility * a);

// For Wagic's cast triggers (autostack=), which it resolves as the spell is cast: whether a keyact
// resolve is casting `card`; then they wait until that resolve is over, as its rest of the moves
// would otherwise find the library changed under them (CR 603.3 puts them on the stack afterwards).
bool KeyactDefersCastTriggers(MTGCardInstance * card, MTGGameZone * to);

// For the stack: whether `e` is a keyact resolve waiting for its player's answer to its menu. Then
// nothing else resolves and no one is offered to interrupt, whoever plays (CR 608.2); its cast
// waits under a target chooser, which holds the stack already.
bool KeyactWaitsForMenu(ActionElement * e);

