/* SPDX-License-Identifier: MIT */
package org.keyact.refhost;

import java.util.List;
import java.util.OptionalInt;

import org.keyact.CardDescription;
import org.keyact.Face;
import org.keyact.Layout;

/**
 * A card's printed facts, shared by every copy (Forge's {@code CardRules}):
 * its name, layout, faces and how it discovers. Immutable; the
 * {@link CardDescription} handed to keyact is built once, here, so every
 * {@code describeCard} answers the same object.
 *
 * @param name          the full name ("Fire // Ice")
 * @param layout        the layout keyact knows it by (unknown layouts play as normal)
 * @param typeLine      the whole card's type line
 * @param states        the faces, front (or left) first; at least one
 * @param discoverKind  how it discovers
 * @param discoverN     its N, -1 for "discover X", 0 when it does not discover
 * @param treasuresBelow what it does with the discovered card (CR 701.57c) after it discovers:
 *                      "If the discovered card's mana value is less than T, create a number of
 *                      tapped Treasure tokens equal to the difference" (Hit the Mother Lode,
 *                      T = 10); T, or 0 when it does not
 * @param publishedManaValue the data's mana value ("cmc"), -1 when absent
 * @param description   what {@code Host.describeCard} answers for it
 */
public record CardRules(String name, Layout layout, String typeLine, List<CardState> states,
                        DiscoverKind discoverKind, int discoverN, int treasuresBelow,
                        double publishedManaValue, CardDescription description) {

    /** Rules for the given facts, with their description built from the faces. */
    public static CardRules of(String name, Layout layout, String typeLine, List<CardState> states,
                               DiscoverKind discoverKind, int discoverN, int treasuresBelow,
                               double publishedManaValue) {
        List<Face> faces = states.stream()
                .map(s -> new Face(s.name(), s.manaCost(), s.land(), false))
                .toList();
        return new CardRules(name, layout, typeLine, List.copyOf(states), discoverKind, discoverN,
                treasuresBelow, publishedManaValue, new CardDescription(layout, faces));
    }

    /** Face {@code index}. */
    public CardState state(int index) {
        return states.get(index);
    }

    /** The index of the face named {@code name} (ASCII case-insensitive), or -1. */
    public int faceIndex(String faceName) {
        for (int i = 0; i < states.size(); i++)
            if (Text.asciiEqualsIgnoreCase(states.get(i).name(), faceName))
                return i;
        return -1;
    }

    /**
     * The mana value x2 the plugin gives this card in a library or exile,
     * and whether it counts as a land, as the plugin's rules compute them
     * (split and aftermath halves combine, CR 709.4; others use the front).
     * Empty when the plugin would refuse a cost.
     */
    OptionalInt pluginManaValue(boolean[] outLand) {
        boolean combine = layout == Layout.SPLIT || layout == Layout.AFTERMATH;
        List<CardState> counted = combine ? states : states.subList(0, 1);
        long total = 0;
        boolean land = false;
        for (CardState s : counted) {
            OptionalInt v = s.manaCost().isEmpty() ? OptionalInt.of(0) : ManaCost.faceValue(s.manaCost());
            if (v.isEmpty())
                return v;
            total += Integer.toUnsignedLong(v.getAsInt());
            land |= s.land();
        }
        if (total > 0xFFFFFFFFL)
            return OptionalInt.empty();
        outLand[0] = land;
        return OptionalInt.of((int) total);
    }
}
