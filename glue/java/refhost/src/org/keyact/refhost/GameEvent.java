/* SPDX-License-Identifier: MIT */
package org.keyact.refhost;

import org.keyact.OptionKind;

/**
 * One thing that happened, engine and plugin events in one order: what the
 * log and the JSON document are made of. Fields not used by a type keep
 * their "none" values (card null, face -1, numbers 0).
 */
final class GameEvent {
    /** Engine events first, then the plugin's (Host.notify), as in the JSON "type". */
    enum Type {
        CAST("cast"), RESOLVE("resolve"), COUNTERED("countered"), ENTERS("enters"),
        TO_GRAVEYARD("to_graveyard"), TO_ADVENTURE("to_adventure"), TRIGGER("trigger"),
        CASCADE_TRIGGER("cascade_trigger"), DISCOVER("discover"), CASCADE("cascade"),
        CHOICE("choice"), CREATE_TOKENS("create_tokens"),
        EXILED("exiled"), HIT("hit"), CAST_FREE("cast_free"), CAST_FAILED("cast_failed"),
        TO_HAND("to_hand"), BOTTOM("bottom"), DISCOVERED("discovered"), FINISHED("finished");

        final String key;

        Type(String key) {
            this.key = key;
        }
    }

    final Type type;
    final int player;
    final Card card;
    int face = -1;
    int n;
    /** EXILED/BOTTOM: the order index; CHOICE: the option; CASCADE_TRIGGER: the instance (1-based). */
    int index;
    int manaValueHalves;
    /** CREATE_TOKENS: there was a discovered card, whose value manaValueHalves is (index = tokens, n = T). */
    boolean hasManaValue;
    OptionKind optionKind;
    /** CHOICE: the player answered on the terminal. */
    boolean asked;
    /** 1-based index of the discover or cascade it happened in, 0 none. */
    int resolution;

    GameEvent(Type type, int player, Card card) {
        this.type = type;
        this.player = player;
        this.card = card;
    }
}
