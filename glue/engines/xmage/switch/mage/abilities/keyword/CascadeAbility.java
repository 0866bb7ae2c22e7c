/* SPDX-License-Identifier: MIT */
package mage.abilities.keyword;

import org.keyact.xmage.KeyactCascadeAbility;

/**
 * keyact's stand-in for XMage's CascadeAbility: the class org.keyact.xmage.Switch loads in its
 * place, with its public constructors and copy, so every card with cascade resolves through
 * keyact, unchanged.
 */
public class CascadeAbility extends KeyactCascadeAbility {
    /** Cascade, with reminder text. */
    public CascadeAbility() {
        super();
    }

    /** Cascade, with the reminder text when {@code withReminder}. */
    public CascadeAbility(boolean withReminder) {
        super(withReminder);
    }

    private CascadeAbility(CascadeAbility ability) {
        super(ability);
    }

    @Override
    public CascadeAbility copy() {
        return new CascadeAbility(this);
    }
}
