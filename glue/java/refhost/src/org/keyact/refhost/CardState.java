/* SPDX-License-Identifier: MIT */
package org.keyact.refhost;

/**
 * One face of a card, as Forge keeps one {@code CardState} per face
 * ({@code CardStateName.Original}, {@code LeftSplit}/{@code RightSplit},
 * {@code Transformed}, {@code Modal}, {@code Secondary} for an adventure,
 * {@code Flipped}): the printed facts the rules read.
 *
 * @param name     the face's name ("Ice")
 * @param manaCost the printed cost, "" when it has none
 * @param typeLine the face's type line, "" when the data gives none
 * @param land     the face is a land (it is played, never cast)
 * @param cascade  instances of cascade printed on the face (CR 702.85c), 0 for none
 */
public record CardState(String name, String manaCost, String typeLine, boolean land, int cascade) {}
