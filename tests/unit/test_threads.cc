/* SPDX-License-Identifier: MIT */
// test_threads.cc - one loaded plugin, several threads, independent games.
#include <gtest/gtest.h>

#include <string>

#include "unit_support.h"

namespace {

constexpr guint kThreads = 4;
constexpr guint kRoundsPerThread = 150;

struct Worker {
    guint index = 0;
    guint resolves = 0;
    guint failures = 0;
    std::string first_failure;
};

// Every thread plays every conformance case, rounds times, in its own games.
gpointer play(gpointer data)
{
    Worker *worker = static_cast<Worker *>(data);
    guint n_cases = 0;
    const KcCase *cases = kc_cases(&n_cases);
    for (guint round = 0; round < kRoundsPerThread; round++) {
        for (guint i = 0; i < n_cases; i++) {
            const KcCase &c = cases[(i + worker->index) % n_cases];
            g_auto(KcGame) game = {};
            kc_game_init(&game, &c, guint64(worker->index) << 32 | round);
            FakeResolve res;
            unit::resolve_case(&game, &c, &res);
            worker->resolves++;
            std::string problem = unit::expectation_problem(c, game, res);
            if (problem.empty())
                problem = unit::conservation_problem(game, res);
            if (!problem.empty() && worker->failures++ == 0)
                worker->first_failure = std::string(c.name) + ": " + problem;
        }
    }
    return nullptr;
}

TEST(Threads, IndependentGamesResolveConcurrently)
{
    unit::discover();  // load on this (the loading) thread
    Worker workers[kThreads];
    GThread *threads[kThreads];
    for (guint t = 0; t < kThreads; t++) {
        workers[t].index = t;
        threads[t] = g_thread_new("discover", play, &workers[t]);
    }
    guint n_cases = 0;
    kc_cases(&n_cases);
    for (guint t = 0; t < kThreads; t++) {
        g_thread_join(threads[t]);
        EXPECT_EQ(workers[t].resolves, kRoundsPerThread * n_cases);
        EXPECT_EQ(workers[t].failures, 0u) << "thread " << t << ": " << workers[t].first_failure;
    }
}

}  // namespace
