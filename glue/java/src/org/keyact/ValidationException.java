/* SPDX-License-Identifier: MIT */
package org.keyact;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One violation of the host contract found by the validation layer ({@link Validation}):
 * {@code KeyactViolation} of {@code keyact-host.h}. Its message is the whole one-line report,
 * naming the Host callback (in the C ABI's words: {@code cast_free} for {@link Host#castFree}),
 * the card, what the Host answered and the rule it broke, the same line a C host logs:
 *
 * <pre>
 * host "keyact-java": cast_free or card_zone, card 102 "Shock": cast_free answered KEYACT_CAST_FAILED for
 *     face 0, but card_zone says the card is on the stack: one of the two is wrong; rule: a cast_free
 *     that answered KEYACT_CAST_FAILED (or failed) left the card in exile
 * </pre>
 *
 * <p>Where two answers disagree and nothing settles which is wrong, the line names both callbacks
 * and {@link #callback()} is the first.
 *
 * <p>Listed by {@link Result#validationErrors()}; under {@link Validation#FATAL} the first one is
 * also the cause of the {@link KeyactException} the resolve throws. Immutable; two are equal only
 * when they are the same object, like every throwable.
 *
 * @since 1.3
 */
public final class ValidationException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String callback;
    private final long card;
    private final String cardName;
    private final String answer;
    private final String rule;

    /**
     * A violation.
     *
     * @param callback the Host callback that answered wrongly, as the C ABI names it
     *     ({@code "cast_free"})
     * @param card the card concerned, empty when the violation is about no one card
     * @param cardName the card's name as the Host described it, empty when it was not described
     * @param answer what the Host answered, in words
     * @param rule the rule broken, in keyact's words
     * @param message the whole one-line report
     */
    public ValidationException(String callback, OptionalLong card, Optional<String> cardName, String answer,
                               String rule, String message) {
        super(Objects.requireNonNull(message, "message"));
        this.callback = Objects.requireNonNull(callback, "callback");
        this.card = Objects.requireNonNull(card, "card").orElse(0);
        this.cardName = Objects.requireNonNull(cardName, "cardName").orElse(null);
        this.answer = Objects.requireNonNull(answer, "answer");
        this.rule = Objects.requireNonNull(rule, "rule");
    }

    /** The Host callback that answered wrongly, as the C ABI names it ({@code "cast_free"}). */
    public String callback() {
        return callback;
    }

    /** The card concerned; empty when the violation is about no one card (random draws). */
    public OptionalLong card() {
        return card != 0 ? OptionalLong.of(card) : OptionalLong.empty();
    }

    /** The card's name as the Host described it; empty when it was not described. */
    public Optional<String> cardName() {
        return Optional.ofNullable(cardName);
    }

    /** What the Host answered, in words. */
    public String answer() {
        return answer;
    }

    /** The rule broken, in keyact's words (the same as {@code keyact check}'s details). */
    public String rule() {
        return rule;
    }
}
