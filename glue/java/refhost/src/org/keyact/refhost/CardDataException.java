/* SPDX-License-Identifier: MIT */
package org.keyact.refhost;

/** Card data that cannot be read or is not card data; the message names the file, card and field. */
public final class CardDataException extends Exception {
    private static final long serialVersionUID = 1L;

    CardDataException(String message) {
        super(message);
    }

    CardDataException(String message, Throwable cause) {
        super(message, cause);
    }
}
