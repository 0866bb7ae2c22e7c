/* SPDX-License-Identifier: MIT */
package org.keyact.refhost;

/** How a card discovers: which of its abilities the engine plays by itself. */
public enum DiscoverKind {
    /** The card does not discover. */
    NONE,
    /** An instant or sorcery that discovers as it resolves. */
    ON_RESOLVE,
    /** "When ... enters, if you cast it, discover N." */
    ETB_IF_CAST,
    /** Discovers some other way (attack, death, activated): played with a step naming it. */
    OTHER,
    /** "When ... enters, discover N", cast or not. */
    ETB
}
