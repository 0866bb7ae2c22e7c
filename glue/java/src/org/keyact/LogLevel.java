/* SPDX-License-Identifier: MIT */
package org.keyact;

/** Levels of {@link Host#log} messages ({@code KEYACT_LOG_*}); the C value is the ordinal. */
public enum LogLevel {
    /** Detail for developers. */
    DEBUG,
    /** Ordinary information. */
    INFO,
    /** Something the engine should look at. */
    WARNING,
    /** Something went wrong. */
    ERROR
}
