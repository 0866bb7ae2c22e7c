/* SPDX-License-Identifier: MIT */
package org.keyact;

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
 */
public final class CardDescription {
    /** The most faces a card may have ({@code KEYACT_MAX_FACES}). */
    public static final int MAX_FACES = 8;

    private final Layout layout;
    private final List<Face> faces;

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
