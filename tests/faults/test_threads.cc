/* SPDX-License-Identifier: MIT */
// test_threads.cc - 8 threads, each resolving discover in its own game (one
// fake host per thread) through one loaded plugin, with the conservation
// check after every resolve. Built with -Db_sanitize=thread this is the
// ThreadSanitizer test; KEYACT_THREADS_ITERATIONS sets the resolves per
// thread (the TSan CI step runs 100000; the ordinary suite runs fewer).
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "faults_support.h"

namespace {

constexpr guint kThreads = 8;
constexpr guint kDefaultIterations = 2000;

guint iterations()
{
    const char *text = g_getenv("KEYACT_THREADS_ITERATIONS");
    if (text == nullptr || *text == '\0')
        return kDefaultIterations;
    guint64 value = 0;
    if (!g_ascii_string_to_unsigned(text, 10, 1, G_MAXUINT, &value, nullptr)) {
        ADD_FAILURE() << "KEYACT_THREADS_ITERATIONS=" << text << " is not a positive count";
        return kDefaultIterations;
    }
    return static_cast<guint>(value);
}

struct Worker {
    guint index = 0;
    guint iterations = 0;
    guint resolves = 0;
    guint completed = 0;
    guint failures = 0;
    std::string first_failure;
};

// One thread's games: a layout per thread, N cycling 0..10, and every
// seventh resolve with a host call failing, so the stranded paths run
// concurrently too. The game is put back from its snapshot each time.
void play(Worker *worker)
{
    const uint32_t layout = faults::kLayouts[worker->index % G_N_ELEMENTS(faults::kLayouts)];
    faults::Game game(layout, 0x5eed0000u + worker->index);
    for (guint i = 0; i < worker->iterations; i++) {
        fake_host_restore(game.host, game.before);
        const bool faulty = i % 7 == 3;
        fake_host_inject(game.host, FAKE_CALL_ANY, faulty ? 1 + i % 23 : 0,
                         faulty ? FAKE_FAULT_STATUS : FAKE_FAULT_NONE, KEYACT_E_HOST);
        FakeResolve res;
        const int32_t n = static_cast<int32_t>(i % 11);
        faults::resolve(game.host, n, game.source, &res);
        worker->resolves++;
        if (res.result.flags & KEYACT_RESULT_COMPLETE)
            worker->completed++;
        std::string problem = faults::conservation_problem(game.host, game.before, res);
        if (problem.empty())
            problem = faults::result_problem(res);
        if (problem.empty() && !faulty && res.status != KEYACT_OK)
            problem = std::string("status ") + keyact_status_name(res.status) + " without a fault";
        if (!problem.empty() && worker->failures++ == 0)
            worker->first_failure = "resolve " + std::to_string(i) + " (N=" + std::to_string(n)
                                    + "): " + problem;
    }
}

TEST(Threads, EightGamesResolveConcurrentlyAndLoseNothing)
{
    faults::discover();  // load on this thread, before any worker starts
    const guint per_thread = iterations();
    std::vector<Worker> workers(kThreads);
    std::vector<std::thread> threads;
    for (guint t = 0; t < kThreads; t++) {
        workers[t].index = t;
        workers[t].iterations = per_thread;
        threads.emplace_back(play, &workers[t]);
    }
    for (std::thread &thread : threads)
        thread.join();

    guint total = 0, completed = 0;
    for (const Worker &worker : workers) {
        EXPECT_EQ(worker.resolves, per_thread);
        EXPECT_EQ(worker.failures, 0u) << "thread " << worker.index << ": "
                                       << worker.first_failure;
        // Most resolves have no fault and must finish.
        EXPECT_GT(worker.completed, per_thread / 2);
        total += worker.resolves;
        completed += worker.completed;
    }
    std::printf("threads: %u resolves on %u threads (%u per thread), %u complete, "
                "conservation checked on each\n",
                total, kThreads, per_thread, completed);
}

}  // namespace
