/* SPDX-License-Identifier: MIT */
package org.keyact.refhost;

import java.util.ArrayList;
import java.util.List;

import org.keyact.Option;
import org.keyact.Result;

/** One discover or cascade as the host saw it: the record behind "discoveries" and "cascades". */
final class Resolution {
    /** The keyact action: "discover" or "cascade". */
    final String action;
    final int player;
    final int n;
    final Card source;
    /** What resolve returned; null until it returns. */
    Result result;
    final List<Card> exiled = new ArrayList<>();
    final List<Card> bottom = new ArrayList<>();
    /** The last set of options offered. */
    List<Option> options = List.of();
    int chosen = -1;

    Resolution(String action, int player, int n, Card source) {
        this.action = action;
        this.player = player;
        this.n = n;
        this.source = source;
    }

    boolean isCascade() {
        return action.equals("cascade");
    }
}
