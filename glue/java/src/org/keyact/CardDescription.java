/* SPDX-License-Identifier: MIT */
package org.keyact;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * What {@link Host#describeCard} returns: the printed card ({@code keyact_card_desc}).
 *
 * <p>Immutable; equal when layout and faces are equal. The binding converts each distinct
 * description object to C once per thread and reuses the conversion while the engine keeps
 * returning the same object (identity, not equality), so an engine should keep one description
 * per card (or per printed card) and return it every time rather than building a new one per call.
 *
 * <p><b>From an engine's data</b> (since 1.3): one call per layout, from a face's name, its printed
 * cost as the engine spells it and whether it is a land: {@link #normal}, {@link #split},
 * {@link #aftermath}, {@link #adventure}, {@link #modal}, {@link #transform}. A cost may be
 * {@code ""} or {@code "no cost"} (none), symbols in braces in any order ({@code "{X}{2}{R}"}, as
 * Forge writes X first), or symbols separated by spaces ({@code "X 2 R"}); letters in either case.
 * A cost keyact cannot read fails there, with a {@link KeyactException} of status
 * {@link Status#BADCOST} naming the face and the symbol, rather than during a resolve.
 */
public final class CardDescription {
    /** The most faces a card may have ({@code KEYACT_MAX_FACES}). */
    public static final int MAX_FACES = 8;

    private final Layout layout;
    private final List<Face> faces;
    /**
     * The binding's last C copy of this description (see Upcalls.block): a hint that saves a
     * map lookup per card, read and written without locks (the holder's fields are final), and
     * never part of equals or hashCode.
     */
    Upcalls.Converted converted;

    /**
     * A description.
     *
     * @param layout the card's layout
     * @param faces 1 to 8 faces, front/left first (copied, unmodifiable)
     */
    public CardDescription(Layout layout, List<Face> faces) {
        this.layout = Objects.requireNonNull(layout, "layout");
        this.faces = Lists.copy(faces, "faces");
        if (this.faces.isEmpty() || this.faces.size() > MAX_FACES)
            throw new IllegalArgumentException("a card has 1 to " + MAX_FACES + " faces, not " + this.faces.size());
    }

    /** A one-face card of layout NORMAL. */
    public static CardDescription of(Face face) {
        return new CardDescription(Layout.NORMAL, Collections.singletonList(face));
    }

    /**
     * A one-face card (also saga, class, leveler...).
     *
     * @throws KeyactException {@link Status#BADCOST} when keyact cannot read the cost
     * @since 1.3
     */
    public static CardDescription normal(String name, String manaCost, boolean land) {
        return new CardDescription(Layout.NORMAL, Collections.singletonList(face(name, manaCost, land)));
    }

    /**
     * A split card, left half first: Fire // Ice. Either half may be cast; the halves' costs add
     * up to the card's mana value (CR 709.4).
     *
     * @throws KeyactException {@link Status#BADCOST} when keyact cannot read a cost
     * @since 1.3
     */
    public static CardDescription split(String left, String leftCost, String right, String rightCost) {
        return two(Layout.SPLIT, face(left, leftCost, false), face(right, rightCost, false));
    }

    /**
     * An aftermath card: the first half, then the half cast only from a graveyard (Cut // Ribbons:
     * Cut, then Ribbons).
     *
     * @throws KeyactException {@link Status#BADCOST} when keyact cannot read a cost
     * @since 1.3
     */
    public static CardDescription aftermath(String first, String firstCost, String second, String secondCost) {
        return two(Layout.AFTERMATH, face(first, firstCost, false), face(second, secondCost, false));
    }

    /**
     * An adventurer card: the creature (or main) face, then its adventure.
     *
     * @throws KeyactException {@link Status#BADCOST} when keyact cannot read a cost
     * @since 1.3
     */
    public static CardDescription adventure(String main, String mainCost, String adventure, String adventureCost) {
        return two(Layout.ADVENTURE, face(main, mainCost, false), face(adventure, adventureCost, false));
    }

    /**
     * A modal double-faced card, front first: either face may be cast (or played, when a land).
     *
     * @throws KeyactException {@link Status#BADCOST} when keyact cannot read a cost
     * @since 1.3
     */
    public static CardDescription modal(String front, String frontCost, boolean frontLand,
                                        String back, String backCost, boolean backLand) {
        return two(Layout.MODAL_DFC, face(front, frontCost, frontLand), face(back, backCost, backLand));
    }

    /**
     * A transforming double-faced card: the front, cast as usual, and the back, which has no mana
     * cost and is never cast.
     *
     * @throws KeyactException {@link Status#BADCOST} when keyact cannot read the front's cost
     * @since 1.3
     */
    public static CardDescription transform(String front, String frontCost, boolean frontLand,
                                            String back, boolean backLand) {
        return two(Layout.TRANSFORM, face(front, frontCost, frontLand), face(back, "", backLand));
    }

    private static Face face(String name, String manaCost, boolean land) {
        Objects.requireNonNull(name, "name");
        return new Face(name, ManaCosts.normalize(name, Objects.requireNonNull(manaCost, "manaCost")), land, false);
    }

    private static CardDescription two(Layout layout, Face first, Face second) {
        return new CardDescription(layout, Arrays.asList(first, second));
    }

    /** The card's layout. */
    public Layout layout() {
        return layout;
    }

    /** 1 to 8 faces, front/left first (unmodifiable). */
    public List<Face> faces() {
        return faces;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o)
            return true;
        if (!(o instanceof CardDescription))
            return false;
        CardDescription d = (CardDescription) o;
        return layout == d.layout && faces.equals(d.faces);
    }

    @Override
    public int hashCode() {
        return Objects.hash(layout, faces);
    }

    @Override
    public String toString() {
        return "CardDescription[layout=" + layout + ", faces=" + faces + "]";
    }
}
