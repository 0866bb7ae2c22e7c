/* SPDX-License-Identifier: MIT */
package org.keyact.refhost;

/** The zones of a game, as Forge's {@code ZoneType} names them. */
public enum ZoneType {
    /** In no zone: a card a scenario names as a source only. */
    NONE("none"),
    /** Index 0 is the top. */
    LIBRARY("library"),
    HAND("hand"),
    EXILE("exile"),
    STACK("stack"),
    BATTLEFIELD("battlefield"),
    GRAVEYARD("graveyard");

    private final String key;

    ZoneType(String key) {
        this.key = key;
    }

    /** The zone's name in scenario files and in the JSON document ("library"). */
    public String key() {
        return key;
    }
}
