// sssp_width_model: the work a bucketed shortest-path search does as its
// bucket width grows, on the host, for judging async_buckets_gpu's counters
// (experiments/dijkstra_deg5/NOTES.md) without a GPU.
//
// The model is delta-stepping without the light/heavy split: buckets of
// width delta in order; within a bucket, either synchronous rounds that
// expand every vertex improved in the round before (each expansion relaxes
// all its arcs) until none is left in the bucket, or (--order depth-first)
// one vertex at a time from a stack, the last improved first: the extreme of
// a block chaining its own improvements. It prints, per width factor (times the
// programs' default_delta base, mean weight / mean out-degree), the arcs
// relaxed per arc, the expansions per reached vertex, the buckets and the
// rounds. The distances are checked against the reference Dijkstra.
// What it leaves out on purpose: the GPU program's asynchrony (no round
// barrier; a block chains its own improvements), so the gap between its
// counters and these is what the ordering costs.
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/sssp/sssp_input.hpp"
#include "common/cli.hpp"
#include "common/convert.hpp"
#include "common/errors.hpp"
#include "common/io/graph_io.hpp"
#include "common/run_main.hpp"
#include "common/verify/sssp.hpp"
#include "experiments/dijkstra_deg5/config.hpp"
#include "generators/cached_generators.hpp"

namespace gs::dijkstra_deg5 {
namespace {

struct Work {
  std::uint64_t relaxations = 0, expansions = 0, buckets = 0, rounds = 0, reached = 0;
};

// Relaxes every arc of u; an improved vertex goes to `same(v)` while still in
// bucket b, else to its bucket.
template <class Same>
void expand(const Csr<float>& g, vid_t u, std::size_t b, double delta, std::vector<float>& dist, Same&& same,
            std::vector<std::vector<vid_t>>& buckets, Work& w) {
  ++w.expansions;
  for (eid_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
    ++w.relaxations;
    const vid_t v = g.adj[e];
    const float d = dist[u] + g.w[e];
    if (d >= dist[v]) continue;
    dist[v] = d;
    const std::size_t to = std::size_t(double(d) / delta);
    if (to == b) {
      same(v);
    } else {
      if (to >= buckets.size()) buckets.resize(to + 1);
      buckets[to].push_back(v);
    }
  }
}

Work bucketed_search(const Csr<float>& g, vid_t source, double delta, bool depth_first, std::vector<float>& dist) {
  Work w;
  dist.assign(g.n, sssp::kUnreachable);
  dist[source] = 0;
  const auto bucket_of = [&](float d) { return std::size_t(double(d) / delta); };
  std::vector<std::vector<vid_t>> buckets(1, std::vector<vid_t>{source});
  std::vector<char> queued(g.n, 0);
  std::vector<vid_t> round, next;
  for (std::size_t b = 0; b < buckets.size(); ++b) {
    round.swap(buckets[b]);
    if (!round.empty()) ++w.buckets;
    if (depth_first) {  // entries carry the distance they were pushed with: a stale one is skipped
      std::vector<std::pair<vid_t, float>> stack;
      for (vid_t u : round) stack.push_back({u, dist[u]});
      round.clear();
      while (!stack.empty()) {
        const auto [u, d] = stack.back();
        stack.pop_back();
        if (d == dist[u] && bucket_of(d) == b)
          expand(
              g, u, b, delta, dist,
              [&](vid_t v) {
                stack.push_back({v, dist[v]});
              },
              buckets, w);
      }
      continue;
    }
    while (!round.empty()) {
      ++w.rounds;
      next.clear();
      std::vector<vid_t> active;  // this round's vertices still in bucket b, once each
      for (vid_t u : round)
        if (!queued[u] && bucket_of(dist[u]) == b) queued[u] = 1, active.push_back(u);
      for (vid_t u : active) {
        queued[u] = 0;
        expand(
            g, u, b, delta, dist, [&](vid_t v) { next.push_back(v); }, buckets, w);
      }
      round.swap(next);
    }
  }
  for (float d : dist) w.reached += d < sssp::kUnreachable;
  return w;
}

int run(int argc, char** argv) {
  Cli cli("sssp_width_model",
          "synchronous bucketed SSSP on the host: work against bucket width (judges async_buckets_gpu's counters)",
          true);
  std::int64_t grid_side = 2048;
  std::string factors = "1,4,16,64,256,1024", order = "rounds";
  cli.option("grid-side", "without --input: the grid piece's side x side grid (seed from --seed)", grid_side);
  cli.option("factors", "comma-separated width factors (times mean weight / mean out-degree)", factors);
  cli.option("order", "inside a bucket: rounds (synchronous) or depth-first (the last improved vertex first)", order);
  const CommonOptions opt = cli.parse(argc, argv);
  if (order != "rounds" && order != "depth-first") throw InputError("--order: rounds or depth-first, not " + order);
  const bool depth_first = order == "depth-first";
  if (grid_side < 2 || grid_side > 16384) throw InputError("--grid-side: 2 .. 16384");
  std::vector<double> fs;
  for (const std::string& f : split(factors, ',')) {
    fs.push_back(parse_double(f, "--factors"));
    if (!(fs.back() > 0)) throw InputError("--factors: every factor must be > 0");
  }
  const Csr<float> g =
      opt.input.empty()
          ? edge_list_to_csr(gen::cached_grid(vid_t(grid_side), vid_t(grid_side), kMinWeight, kMaxWeight, opt.seed))
          : io::read_csr<float>(opt.input);
  sssp::require_nonnegative_weights(g, "sssp_width_model");
  if (g.n == 0) throw InputError("the graph has no vertex");
  const vid_t source = opt.sources_given ? vid_t(opt.sources.front()) : g.n / 2;
  if (source >= g.n) throw InputError("--sources: " + std::to_string(source) + " is not a vertex");
  const std::vector<double> reference = verify::reference_dijkstra(g, source);
  const double base = sssp::default_delta(g, 1.0f);
  std::printf("%u vertices, %llu arcs, source %u, default_delta base %.4g, order %s\n", g.n,
              (unsigned long long)g.num_arcs(), source, base, order.c_str());
  std::printf("%8s %12s %10s %18s %8s %8s\n", "factor", "delta", "relax/arc", "expansions/vertex", "buckets", "rounds");
  std::vector<float> dist;
  for (double f : fs) {
    const Work w = bucketed_search(g, source, base * f, depth_first, dist);
    verify::check_sssp(g, source, dist, reference, "sssp_width_model");
    const std::string rounds = depth_first ? "-" : std::to_string(w.rounds);
    std::printf("%8g %12.4g %10.3f %18.3f %8llu %8s\n", f, base * f,
                g.num_arcs() ? double(w.relaxations) / double(g.num_arcs()) : 0.0,
                w.reached ? double(w.expansions) / double(w.reached) : 0.0, (unsigned long long)w.buckets,
                rounds.c_str());
  }
  return 0;
}

}  // namespace
}  // namespace gs::dijkstra_deg5

int main(int argc, char** argv) {
  return gs::run_main("sssp_width_model", [&] { return gs::dijkstra_deg5::run(argc, argv); });
}
