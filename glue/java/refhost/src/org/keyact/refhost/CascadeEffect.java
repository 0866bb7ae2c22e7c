/* SPDX-License-Identifier: MIT */
package org.keyact.refhost;

/**
 * Cascade (CR 702.85), delegated to keyact's "cascade" action: exile until
 * a nonland card with mana value less than N, cast it free or put it on the
 * bottom with the rest in a random order. In Forge this is the cascade
 * keyword's {@code DigUntil} script; in XMage {@code CascadeAbility}.
 */
public final class CascadeEffect extends KeyactEffect {
    CascadeEffect() {
        super("cascade");
    }

    @Override
    String describe(int n, Card source) {
        return "cascade (mana value " + n + (source != null ? ", source: " + source.name() : "") + ")";
    }

    @Override
    GameEvent.Type eventType() {
        return GameEvent.Type.CASCADE;
    }
}
