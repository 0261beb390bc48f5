// The asynchronous bucketed GPU SSSP (async_buckets_gpu): every graph shape
// against the reference Dijkstra, under knobs from strict bucket order to
// none, with the entry queue so small that launches must re-queue dropped
// entries, and its counters against what any correct run must do (GPU tests).
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>
#include <tuple>

#include "algorithms/sssp/async_buckets_gpu.hpp"
#include "algorithms/sssp/sssp_input.hpp"
#include "sssp_test_graphs.hpp"

namespace gs::sssp::testing {
namespace {

// Ends the test binary, naming the test, when the test is still running after `limit`: a run that
// does not end is a failure to report, not a job to be killed from outside.
class Watchdog {
 public:
  explicit Watchdog(std::chrono::seconds limit)
      : thread_([this, limit] {
          std::unique_lock<std::mutex> lock(mutex_);
          if (done_cv_.wait_for(lock, limit, [this] { return done_; })) return;
          const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
          std::fprintf(stderr, "FAILED: %s.%s still running after %lld s\n", test ? test->test_suite_name() : "?",
                       test ? test->name() : "?", static_cast<long long>(limit.count()));
          std::fflush(stderr);
          std::_Exit(1);
        }) {}
  ~Watchdog() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      done_ = true;
    }
    done_cv_.notify_one();
    thread_.join();
  }
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;

 private:
  std::mutex mutex_;
  std::condition_variable done_cv_;
  bool done_ = false;
  std::thread thread_;  // last: starts once the members it uses exist
};

// The compute-sanitizer tool these tests run under, or null: scripts/gpu-sanitize.sh sets
// GS_SANITIZER to the tool's name. Under a tool every instruction of the persistent kernel's
// polling is checked, so the slow cases shrink to sizes that still take every path they test.
const char* sanitizer_tool() {
  const char* tool = std::getenv("GS_SANITIZER");
  return tool && *tool ? tool : nullptr;
}

// The tuning the tests start from: the defaults, and one worker block per multiprocessor under a
// sanitizer (the tools' hazards are within a block, and idle blocks only poll).
AsyncBucketsTuning base_tuning() {
  AsyncBucketsTuning t;
  if (sanitizer_tool()) t.blocks_per_sm = 1;
  return t;
}

// Runs every source of `sources` in one call; each result against the
// reference Dijkstra, and the counters against the graph: every reached vertex
// is expanded at least once, so every arc leaving it is relaxed.
void expect_correct(AsyncBucketsGpu& prog, const Csr<float>& g, const std::vector<vid_t>& sources,
                    const std::string& what) {
  SCOPED_TRACE(what);
  const auto runs = prog.run(sources);
  ASSERT_EQ(runs.size(), sources.size());
  ASSERT_EQ(prog.last_stats().size(), sources.size());
  for (std::size_t i = 0; i < sources.size(); ++i) {
    const auto ref = verify::reference_dijkstra(g, sources[i]);
    try {
      verify::check_sssp(g, sources[i], runs[i].dist, ref, "async_buckets_gpu");
    } catch (const VerificationError& e) {
      ADD_FAILURE() << "source " << sources[i] << ": " << e.what();
    }
    const AsyncBucketsStats& st = prog.last_stats()[i];
    const auto [reached, arcs] = reached_and_their_arcs(g, ref);
    EXPECT_GE(st.vertex_visits, reached);
    EXPECT_GE(st.arc_relaxations, arcs);
    EXPECT_GE(st.batches, 1u);
    EXPECT_GE(st.buckets, 1u);
    EXPECT_GE(st.launches, 1u);
    EXPECT_GE(st.wait_s, 0.0);
    EXPECT_GT(st.last_width, 0.0f);
    EXPECT_EQ(st.balance.read + st.balance.dropped_entries, st.balance.written)
        << "log entries lost or read twice (" << st.balance.dropped_entries << " dropped with full queues)";
    EXPECT_EQ(st.balance.published, st.batches + st.balance.dropped_batches)
        << "batches lost or taken twice (" << st.balance.dropped_batches << " dropped with full queues)";
    EXPECT_EQ(st.balance.chain_used, st.balance.chained) << "chained entries lost";
    EXPECT_EQ(runs[i].iterations, st.buckets);
    EXPECT_GE(runs[i].kernel_s, 0.0);
  }
}

// Beyond the shared set: the generator's grid (high diameter: many buckets,
// far-pile flips, long local chains), equal weights everywhere (every distance
// a tie), a zero-weight chain into an equal-weight star, and only zero weights.
std::vector<NamedGraph> extra_graphs() {
  std::vector<NamedGraph> out;
  out.push_back({"gen-grid-150x120", edge_list_to_csr(gen::grid(150, 120, 1.0f, 1000.0f, 4)), {0, 9075, 17999}});
  {
    EdgeList<float> el = random_arcs(3000, 15000, 31);
    for (float& w : el.w) w = 7.0f;
    out.push_back({"equal-weights", edge_list_to_csr(el), {0, 2999}});
  }
  {
    EdgeList<float> el;
    el.n = 400;
    el.directed = true;
    for (vid_t x = 0; x + 1 < 100; ++x) el.add(x, x + 1, 0.0f);
    for (vid_t x = 100; x < 350; ++x) el.add(99, x, 3.0f);  // 50 vertices stay unreachable
    out.push_back({"zero-chain-star", edge_list_to_csr(el), {0, 99, 399}});
  }
  {
    EdgeList<float> el = random_arcs(1000, 4000, 12);
    for (float& w : el.w) w = 0.0f;
    out.push_back({"all-zero-weights", edge_list_to_csr(el), {0, 500}});
  }
  return out;
}

// (width factor, lookahead, local steps): from tiny buckets (many of them, the
// far pile in constant use) to one bucket holding everything; strict bucket
// order and the whole window; chaining off and the default.
class AsyncBuckets : public ::testing::TestWithParam<std::tuple<float, int, int>> {};

TEST_P(AsyncBuckets, MatchesReferenceOnAllGraphs) {
  const auto [factor, lookahead, steps] = GetParam();
  AsyncBucketsGpu prog;
  AsyncBucketsTuning tuning = base_tuning();
  tuning.lookahead = lookahead;
  tuning.local_steps = steps;
  prog.set_tuning(tuning);
  expect_correct_on_all_graphs(loading_solver(prog, factor), "async_buckets_gpu");
  for (const NamedGraph& t : extra_graphs()) {
    prog.load(t.g, default_delta(t.g, factor));
    expect_correct(prog, t.g, t.sources, t.name);
  }
}
INSTANTIATE_TEST_SUITE_P(WidthsLookaheadsAndLocalSteps, AsyncBuckets,
                         ::testing::Combine(::testing::Values(0.01f, 4.0f, 1e6f), ::testing::Values(1, 32),
                                            ::testing::Values(0, AsyncBucketsTuning{}.local_steps)));

// The parameterised cases relax the default group of arcs at once; this one one arc at a time,
// where a vertex's relaxations wait for each other.
TEST(AsyncBucketsGpu, OneArcAtATime) {
  AsyncBucketsTuning tuning = base_tuning();
  tuning.arc_group = 1;
  ASSERT_NE(tuning.arc_group, AsyncBucketsTuning{}.arc_group);
  AsyncBucketsGpu prog;
  prog.set_tuning(tuning);
  expect_correct_on_all_graphs(
      [&prog](const Csr<float>& g, const std::vector<vid_t>& sources) {
        prog.load(g);
        std::vector<std::vector<float>> out;
        for (auto& r : prog.run(sources)) out.push_back(std::move(r.dist));
        return out;
      },
      "async_buckets_gpu, arc group 1");
  for (const NamedGraph& t : extra_graphs()) {
    prog.load(t.g);
    expect_correct(prog, t.g, t.sources, t.name + ", arc group 1");
  }
}

TEST(AsyncBucketsGpu, ManySourcesInOneCallAndAcrossCalls) {
  const Csr<float> g = edge_list_to_csr(gen::grid(60, 50, 1.0f, 1000.0f, 8));
  AsyncBucketsGpu prog;
  prog.set_tuning(base_tuning());
  prog.load(g);
  std::vector<vid_t> sources;
  for (vid_t s = 0; s < g.n; s += 97) sources.push_back(s);
  expect_correct(prog, g, sources, "one call");
  expect_correct(prog, g, {sources.back(), 0}, "second call");
  // A new graph on the same object.
  const Csr<float> h = edge_list_to_csr(gen::fixed_degree(4000, 5, 1.0f, 1000.0f, 3));
  prog.load(h);
  expect_correct(prog, h, {0, 3999}, "after reload");
}

// A queue of a few entries: flushes drop what does not fit and further
// launches re-queue the dropped vertices; the distances must not change. On
// the grids the last vertices lie beyond the first window's end, so the
// re-queued entries do too. About a second when correct; the watchdog ends
// the binary at 60 s should the library's own limits (60 s for a stall or for
// one source's relaunches) not end it first. Under a sanitizer a launch costs
// seconds, so that one source's launches must stay few to end within the
// library's limit: the two grids, no chaining (every improvement passes the
// queue, so 1000 entries overflow on the 2800-vertex grid) and a queue of
// 1000; the sanitizer script's time limit instead of the watchdog's.
TEST(AsyncBucketsGpu, FullQueueRequeuesDroppedEntries) {
  const bool small = sanitizer_tool() != nullptr;
  const Watchdog watchdog(std::chrono::seconds(small ? 3600 : 60));
  std::vector<NamedGraph> graphs;
  for (NamedGraph& t : test_graphs())
    if (!small || t.name == "grid-70x40") graphs.push_back(std::move(t));
  graphs.push_back({"gen-grid-30x40", edge_list_to_csr(gen::grid(30, 40, 1.0f, 1000.0f, 6)), {0, 555}});
  AsyncBucketsTuning tuning = base_tuning();
  if (small) tuning.local_steps = 0;
  const std::vector<std::uint64_t> capacities =
      small ? std::vector<std::uint64_t>{1000} : std::vector<std::uint64_t>{8, 300};
  for (const std::uint64_t cap : capacities) {
    AsyncBucketsGpu prog;
    prog.set_tuning(tuning);
    prog.limit_queue_capacity(cap);
    std::uint32_t relaunches = 0;
    for (const NamedGraph& t : graphs) {
      prog.load(t.g);
      expect_correct(prog, t.g, t.sources, t.name + ", capacity " + std::to_string(cap));
      for (const AsyncBucketsStats& st : prog.last_stats()) relaunches += st.launches - 1;
    }
    EXPECT_GT(relaunches, 0u) << "capacity " << cap << " never filled the queue";
  }
  if (small) {
    EXPECT_EQ(graphs.size(), 2u) << "the sanitizer's grids are gone from the test graphs";
  }
}

TEST(AsyncBucketsGpu, OneWorkerBlockPerMultiprocessor) {
  AsyncBucketsTuning t;
  t.blocks_per_sm = 1;
  t.work_per_block = 1;
  AsyncBucketsGpu prog;
  prog.set_tuning(t);
  const Csr<float> g = edge_list_to_csr(gen::grid(150, 120, 1.0f, 1000.0f, 4));
  prog.load(g);
  expect_correct(prog, g, {0, 17999}, "grid, one block per SM");
}

TEST(AsyncBucketsGpu, RejectsBadTuningNegativeWeightsAndBadSources) {
  AsyncBucketsGpu prog;
  for (auto bad :
       {&AsyncBucketsTuning::lookahead, &AsyncBucketsTuning::work_per_block, &AsyncBucketsTuning::width_range,
        &AsyncBucketsTuning::local_steps, &AsyncBucketsTuning::blocks_per_sm, &AsyncBucketsTuning::arc_group}) {
    AsyncBucketsTuning t;
    t.*bad = -1;
    EXPECT_THROW(prog.set_tuning(t), InputError);
  }
  AsyncBucketsTuning wide;
  wide.lookahead = AsyncBucketsTuning::kWindow + 1;
  EXPECT_THROW(prog.set_tuning(wide), InputError);
  AsyncBucketsTuning odd_group;
  odd_group.arc_group = 3;
  EXPECT_THROW(prog.set_tuning(odd_group), InputError);
  EXPECT_THROW(prog.load(graph_with_negative_weight()), InputError);
  const Csr<float> g = test_graphs()[0].g;
  prog.load(g);
  EXPECT_THROW(prog.run({g.n}), InputError);
}

TEST(AsyncBucketsGpu, LargeFixedDegreeGraph) {
  // Big enough for every block to work, wide windows and many flushes at once
  // (under a sanitizer, for every one of its fewer blocks).
  const bool small = sanitizer_tool() != nullptr;
  const vid_t n = small ? 30000 : 300000, other = small ? 12345 : 123456;
  const Csr<float> g = edge_list_to_csr(gen::fixed_degree(n, 5, 1.0f, 1000.0f, 21));
  AsyncBucketsGpu prog;
  prog.set_tuning(base_tuning());
  prog.load(g);
  expect_correct(prog, g, {0, other}, "fixed-degree n = " + std::to_string(n));
}

}  // namespace
}  // namespace gs::sssp::testing
