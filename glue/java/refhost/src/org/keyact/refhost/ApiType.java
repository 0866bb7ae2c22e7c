/* SPDX-License-Identifier: MIT */
package org.keyact.refhost;

import java.util.function.Supplier;

/**
 * The effect registry: a card script's API name to the effect that
 * performs it, as Forge's {@code ApiType} maps {@code Discover} to
 * {@code DiscoverEffect}. This is the one place a Forge developer plugs
 * keyact in: the {@code Discover} and {@code Cascade} entries are bound to
 * effects that hand the whole keyword action to the keyact plugin (Forge
 * plays cascade as a {@code DigUntil} script; here it is its own entry).
 */
public enum ApiType {
    /** CR 701.57, performed by keyact's "discover" action. */
    Discover(DiscoverEffect::new),
    /** CR 702.85, performed by keyact's "cascade" action. */
    Cascade(CascadeEffect::new);

    private final SpellAbilityEffect effect;

    ApiType(Supplier<SpellAbilityEffect> factory) {
        this.effect = factory.get();
    }

    /** The effect of this API type (stateless, shared). */
    public SpellAbilityEffect effect() {
        return effect;
    }
}
