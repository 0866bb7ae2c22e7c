/* SPDX-License-Identifier: MIT */
package org.keyact.refhost;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** A player and their zones (Forge's {@code Player} with its {@code PlayerZone}s). */
public final class Player {
    private final int index;
    private final String name;
    private final Map<ZoneType, List<Card>> zones = new EnumMap<>(ZoneType.class);

    Player(int index, String name) {
        this.index = index;
        this.name = name;
        for (ZoneType z : ZoneType.values())
            if (z != ZoneType.NONE)
                zones.put(z, new ArrayList<>());
    }

    /** The seat, 0 first; keyact's player handle is index + 1. */
    public int index() {
        return index;
    }

    public String name() {
        return name;
    }

    /** The cards in {@code zone}, in order (library: top first); the live list. */
    public List<Card> getCardsIn(ZoneType zone) {
        return zones.get(zone);
    }
}
