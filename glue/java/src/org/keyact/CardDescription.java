/* SPDX-License-Identifier: MIT */
package org.keyact;

import java.util.List;
import java.util.Objects;

/**
 * What {@link Host#describeCard} returns: the printed card ({@code keyact_card_desc}).
 *
 * <p>Immutable. The binding converts each distinct description object to C once per thread and
 * reuses the conversion while the engine keeps returning the same object (identity, not
 * equality), so an engine should keep one description per card (or per printed card) and return
 * it every time rather than building a new one per call.
 *
 * @param layout the card's layout
 * @param faces 1 to 8 faces, front/left first (copied, unmodifiable)
 */
public record CardDescription(Layout layout, List<Face> faces) {
    /** The most faces a card may have ({@code KEYACT_MAX_FACES}). */
    public static final int MAX_FACES = 8;

    /** Checks the arguments and copies the faces. */
    public CardDescription {
        Objects.requireNonNull(layout, "layout");
        faces = List.copyOf(faces);
        if (faces.isEmpty() || faces.size() > MAX_FACES)
            throw new IllegalArgumentException("a card has 1 to " + MAX_FACES + " faces, not " + faces.size());
    }

    /** A one-face card of layout NORMAL. */
    public static CardDescription of(Face face) {
        return new CardDescription(Layout.NORMAL, List.of(face));
    }
}
