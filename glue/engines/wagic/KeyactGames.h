// SPDX-License-Identifier: MIT
// keyact's games against Wagic's own code, run by Wagic's console runner as
// "wagic keyact-games MODE ..." (CONFIG+=keyact_games): see KeyactGames.cpp.
#pragma once

// argv[0] is the mode; the exit status is the number of failed games (0: all held).
int KeyactGames(int argc, char * argv[]);
