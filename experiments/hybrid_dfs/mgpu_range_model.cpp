// mgpu_range_model: how evenly dobfs_mgpu's vertex ranges share the work of a
// traversal, modelled on the host for a choice of --mgpu-arc-weight, before a
// GPU machine measures it (experiments/hybrid_dfs/NOTES.md).
//
// On an RMAT graph of the suite's generator, from a few roots, it follows the
// direction-optimising traversal level by level with the programs' own rule
// (frontier_state.hpp) and charges each range (range_bounds, the programs' own
// partition) with the work its GPU would do:
//   * bottom-up: per unreached vertex with arcs, 1 + the arcs it reads until it
//     finds a parent (all of them if none), plus `--word-cost` per bitmap word;
//   * top-down: the frontier's arcs into the range.
// By default it models the graph's degree-ordered copy, which dobfs_mgpu
// traverses (--gpu-degree-order; degree_order.hpp: the hubs then all sit in
// the first range); --degree-order 0 models the graph as generated.
// Reported per GPU count and weight (and for word-strided owners, Owners): the sum over levels of the busiest range's
// work against the mean range's (1 = balanced), for all levels and for each
// direction, and the largest range's share of the arcs (its memory).
// A model: it counts arcs and vertices, not memory traffic or warp divergence.
#include <algorithm>
#include <cstdio>
#include <vector>

#include "algorithms/traversal/cpu_traversals.hpp"
#include "algorithms/traversal/degree_order.hpp"
#include "algorithms/traversal/gpu_options.hpp"
#include "algorithms/traversal/frontier_state.hpp"
#include "algorithms/traversal/mgpu_partition.hpp"
#include "common/cli.hpp"
#include "common/convert.hpp"
#include "common/errors.hpp"
#include "common/results.hpp"
#include "common/run_main.hpp"
#include "common/verify/traversal.hpp"
#include "experiments/hybrid_dfs/config.hpp"
#include "generators/cached_generators.hpp"

namespace gs::hybrid_dfs {
namespace {

using traversal::CsrView;

struct Balance {
  double busiest = 0, mean = 0;
  void add(const std::vector<double>& work) {
    busiest += *std::max_element(work.begin(), work.end());
    for (double w : work) mean += w / double(work.size());
  }
  double ratio() const { return mean > 0 ? busiest / mean : 1; }
};

struct Model {
  Balance all, bottom_up, top_down;
};

// Which GPU owns each vertex: contiguous ranges (range_bounds, as the
// programs cut them), or, with `strided` parts, bitmap word w (32 vertices)
// owned by GPU w mod parts: on the degree-ordered copy every GPU then holds
// every parts-th block of 32 vertices by degree.
struct Owners {
  std::vector<vid_t> bounds;
  int strided = 0;
  int parts() const { return strided ? strided : int(bounds.size()) - 1; }
  int operator()(vid_t v) const {
    if (strided) return int((v / 32) % vid_t(strided));
    return int(std::upper_bound(bounds.begin(), bounds.end(), v) - bounds.begin()) - 1;
  }
  // Bitmap words owned by each GPU, for a graph of n vertices.
  std::vector<double> words(vid_t n) const {
    std::vector<double> out(std::size_t(parts()), 0.0);
    for (vid_t w = 0; w < (n + 31) / 32; ++w) out[std::size_t((*this)(w * 32))] += 1;
    return out;
  }
};

// One traversal from `root`, its work charged to m; the levels are checked with
// the Graph500 rules, as the programs' are.
void traverse(const Csr<std::uint32_t>& csr, const Owners& owner, vid_t root, double word_cost, Model& m) {
  const CsrView g = traversal::view_of(csr);
  const int parts = owner.parts();
  const std::vector<double> words = owner.words(g.n);
  const traversal::DirectionOptions d;
  std::vector<std::uint32_t> level(g.n, verify::kUnreached);
  level[root] = 0;
  std::vector<vid_t> frontier = {root}, next;
  traversal::FrontierState f{1, 0, g.degree(root), g.arcs - g.degree(root)};
  bool bottom_up = false;
  for (std::uint32_t depth = 0; !frontier.empty(); ++depth) {
    if (!bottom_up && traversal::turn_bottom_up(f, d.alpha)) bottom_up = true;
    else if (bottom_up && traversal::turn_top_down(f, g.n, d.beta)) bottom_up = false;
    std::vector<double> work(std::size_t(parts), 0.0);
    next.clear();
    if (bottom_up) {
      for (int k = 0; k < parts; ++k) work[k] += word_cost * words[k];
      for (vid_t v = 0; v < g.n; ++v) {
        if (level[v] != verify::kUnreached || g.degree(v) == 0) continue;
        eid_t read = 0;
        for (eid_t e = g.offsets[v]; e < g.offsets[v + 1]; ++e) {
          ++read;
          if (level[g.adj[e]] == depth) {
            next.push_back(v);
            break;
          }
        }
        work[owner(v)] += 1 + double(read);
      }
      for (vid_t v : next) level[v] = depth + 1;
    } else {
      for (vid_t u : frontier)
        for (eid_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
          const vid_t t = g.adj[e];
          work[owner(t)] += 1;
          if (level[t] == verify::kUnreached) {
            level[t] = depth + 1;
            next.push_back(t);
          }
        }
    }
    m.all.add(work);
    (bottom_up ? m.bottom_up : m.top_down).add(work);
    std::uint64_t arcs = 0;
    for (vid_t v : next) arcs += g.degree(v);
    f = {next.size(), frontier.size(), arcs, f.unexplored - arcs};
    frontier.swap(next);
  }
  verify::check_traversal(csr, root, level, nullptr, "mgpu_range_model");
}

int run(int argc, char** argv) {
  Cli cli("mgpu_range_model",
          "models how evenly dobfs_mgpu's vertex ranges share a traversal's work (RMAT, host only)");
  std::int64_t scale = 21, edges_per_vertex = 16, roots = 4;
  std::vector<std::int64_t> gpus = {2, 4};
  std::string weights = "1,0,0.25,4";
  double word_cost = 4;
  bool degree_order = traversal::GpuOptions{}.degree_order;
  cli.option("rmat-scale", "RMAT N = 2^this", scale);
  cli.option("edges-per-vertex", "M = this x N (the multi-gpu piece: 16)", edges_per_vertex);
  cli.option("gpu-counts", "the range counts", gpus, "2,4");
  cli.option("weights", "comma-separated --mgpu-arc-weight values", weights);
  cli.option("roots", "roots, each a vertex with arcs drawn from the seed", roots);
  cli.option("word-cost", "bottom-up work per bitmap word of a range", word_cost);
  cli.option("degree-order", "model the degree-ordered copy (as dobfs_mgpu's --gpu-degree-order)", degree_order);
  const CommonOptions opt = cli.parse(argc, argv);
  const std::uint64_t seed = opt.seed;
  if (scale < 5 || scale > 30) throw InputError("--rmat-scale: 5 .. 30");
  if (edges_per_vertex < 1 || roots < 1) throw InputError("--edges-per-vertex and --roots: >= 1");
  std::vector<double> ws;
  for (const std::string& w : split(weights, ',')) ws.push_back(parse_double(w, "--weights"));
  for (std::int64_t p : gpus)
    if (p < 1 || p > 64) throw InputError("--gpu-counts: 1 .. 64");

  Csr<std::uint32_t> csr =
      edge_list_to_csr(gen::cached_rmat(int(scale), eid_t(edges_per_vertex) << scale, kRmatA, kRmatB, kRmatC, seed));
  std::vector<vid_t> picked;
  for (std::uint64_t x = seed; picked.size() < std::size_t(roots); x = x * 6364136223846793005ull + 1) {
    const vid_t v = vid_t((x >> 33) % csr.n);
    if (csr.degree(v) > 0) picked.push_back(v);
  }
  if (degree_order) {  // the copy as a Csr (the verifier takes one), the roots by their new ids
    const traversal::DegreeOrdered copy(traversal::view_of(csr));
    const CsrView r = copy.view();
    for (vid_t& v : picked) v = copy.new_id(v);
    csr.offsets.assign(r.offsets, r.offsets + r.n + 1);
    csr.adj.assign(r.adj, r.adj + r.arcs);
    csr.w.clear();
  }
  const CsrView g = traversal::view_of(csr);
  std::printf("RMAT N = 2^%lld, %llu arcs, %lld roots, word cost %g, %s\n", (long long)scale,
              (unsigned long long)g.arcs, (long long)roots, word_cost,
              degree_order ? "the degree-ordered copy" : "ids as generated");
  std::printf("%5s %8s  %9s %9s %9s  %s\n", "gpus", "owners", "all", "bottom-up", "top-down",
              "largest share of the arcs");
  const auto report = [&](std::int64_t parts, const Owners& owner, const std::string& name) {
    Model m;
    for (vid_t root : picked) traverse(csr, owner, root, word_cost, m);
    std::vector<eid_t> arcs(std::size_t(parts), 0);
    for (vid_t v = 0; v < g.n; ++v) arcs[std::size_t(owner(v))] += g.degree(v);
    const eid_t largest = *std::max_element(arcs.begin(), arcs.end());
    std::printf("%5lld %8s  %9.3f %9.3f %9.3f  %.3f\n", (long long)parts, name.c_str(), m.all.ratio(),
                m.bottom_up.ratio(), m.top_down.ratio(), double(largest) / double(g.arcs));
  };
  for (std::int64_t p : gpus) {
    for (double w : ws) report(p, Owners{traversal::range_bounds(g, int(p), w), 0}, "w=" + fmt_number(w));
    report(p, Owners{{}, int(p)}, "strided");
  }
  return 0;
}

}  // namespace
}  // namespace gs::hybrid_dfs

int main(int argc, char** argv) {
  return gs::run_main("mgpu_range_model", [&] { return gs::hybrid_dfs::run(argc, argv); });
}
