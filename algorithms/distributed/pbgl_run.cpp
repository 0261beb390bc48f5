// pbgl_run: one distributed program on one graph, under mpirun (the Parallel
// BGL's three, and CombBLAS's breadth-first search where built); each rank
// generates or reads only its own share of the edges. Every run is checked by
// the program's distributed certificate; --serial-check also compares with the
// suite's single-process answer on rank 0 (graphs that fit one process).
//
//   mpirun -np 3 pbgl_run --program bfs --rmat 12,65536 --source 5 --serial-check
//   mpirun -np 3 pbgl_run --program delta-stepping --fixed-degree 100000,5
//   mpirun -np 3 pbgl_run --program boruvka --path-random 100000,1000000
//   mpirun -np 3 pbgl_run --program bfs --input graph.el
//   mpirun -np 4 pbgl_run --program combblas-bfs --rmat 12,65536 --serial-check
//
// Rank 0 prints one line per trial: key=value pairs, answer=... as in the
// results CSV. Exit codes as the rest of the suite (2 bad input, 3 too big,
// 1 verification failed), the same on every rank.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "algorithms/distributed/bfs_certificate.hpp"
#include "algorithms/distributed/collective.hpp"
#include "algorithms/distributed/gather.hpp"
#include "algorithms/distributed/local_edges.hpp"
#include "algorithms/distributed/pbgl_bfs.hpp"
#ifdef GS_HAVE_COMBBLAS
#include "algorithms/distributed/combblas_bfs.hpp"
#endif
#include "algorithms/distributed/pbgl_boruvka.hpp"
#include "algorithms/distributed/pbgl_delta_stepping.hpp"
#include "common/cli.hpp"
#include "common/convert.hpp"
#include "common/io/graph_io.hpp"
#include "common/results.hpp"
#include "common/verify/msf.hpp"
#include "common/verify/sssp.hpp"
#include "common/verify/traversal.hpp"
#include "generators/generators.hpp"

namespace gs::dist {
namespace {

constexpr double kRmatA = 0.45, kRmatB = 0.25, kRmatC = 0.15;  // SNAP's defaults, as hybrid_dfs
constexpr float kMinWeight = 1.0f, kMaxWeight = 1000.0f;       // fixed-degree weights, as dijkstra_deg5

const char* kUsage =
    "usage: mpirun -np P pbgl_run --program bfs|combblas-bfs|delta-stepping|boruvka GRAPH [options]\n"
    "GRAPH (one of):\n"
    "  --rmat SCALE,M          RMAT (bfs)\n"
    "  --fixed-degree N,DEG    fixed out-degree, float weights in [1,1000) (delta-stepping)\n"
    "  --path-random N,M       path + random edges, weights 1..--max-weight (boruvka)\n"
    "  --input FILE            .gr .mtx .el .wel .txt .gsc, each rank reads its part\n"
    "options: --seed S (1)  --source V (0)  --delta D (suite rule)  --max-weight W (1000000)\n"
    "         --trials K (1)  --undirected (read the file as undirected)  --serial-check\n";

struct Options {
  std::string program;
  std::string generator;  // rmat | fixed-degree | path-random | input
  std::vector<std::int64_t> size;
  std::string input;
  std::uint64_t seed = 1;
  vid_t source = 0;
  float delta = 0;
  std::uint32_t max_weight = 1000000;
  int trials = 1;
  bool undirected = false;
  bool serial_check = false;
};

Options parse(int argc, char** argv) {
  Options o;
  std::map<std::string, std::string> kv;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--serial-check") {
      o.serial_check = true;
    } else if (a == "--undirected") {
      o.undirected = true;
    } else if (a.rfind("--", 0) == 0 && i + 1 < argc) {
      kv[a.substr(2)] = argv[++i];
    } else {
      throw InputError("unexpected argument '" + a + "'\n" + kUsage);
    }
  }
  auto take = [&](const std::string& key) -> std::string {
    auto it = kv.find(key);
    if (it == kv.end()) return "";
    std::string v = it->second;
    kv.erase(it);
    return v;
  };
  o.program = take("program");
  if (o.program != "bfs" && o.program != "combblas-bfs" && o.program != "delta-stepping" && o.program != "boruvka")
    throw InputError("--program must be bfs, combblas-bfs, delta-stepping or boruvka\n" + std::string(kUsage));
  for (const char* g : {"rmat", "fixed-degree", "path-random"}) {
    const std::string v = take(g);
    if (v.empty()) continue;
    if (!o.generator.empty()) throw InputError("give one graph (--rmat, --fixed-degree, --path-random or --input)");
    o.generator = g;
    for (const std::string& part : split(v, ',')) o.size.push_back(parse_int(part, std::string("--") + g));
    if (o.size.size() != 2 || o.size[0] < 0 || o.size[1] < 0)
      throw InputError(std::string("--") + g + " takes two non-negative integers A,B");
  }
  o.input = take("input");
  if (!o.input.empty()) {
    if (!o.generator.empty()) throw InputError("give one graph (--rmat, --fixed-degree, --path-random or --input)");
    o.generator = "input";
  }
  if (o.generator.empty()) throw InputError(std::string("no graph given\n") + kUsage);
  const std::map<std::string, std::string> wanted = {
      {"bfs", "rmat"}, {"combblas-bfs", "rmat"}, {"delta-stepping", "fixed-degree"}, {"boruvka", "path-random"}};
  if (o.generator != "input" && o.generator != wanted.at(o.program))
    throw InputError("--program " + o.program + " runs on --" + wanted.at(o.program) + " or --input graphs");
  if (std::string v = take("seed"); !v.empty()) o.seed = std::uint64_t(parse_int(v, "--seed"));
  if (std::string v = take("source"); !v.empty()) {
    const std::int64_t s = parse_int(v, "--source");
    if (s < 0 || s >= std::int64_t(kNoVertex)) throw InputError("--source must be a vertex id");
    o.source = vid_t(s);
  }
  if (std::string v = take("delta"); !v.empty()) o.delta = float(parse_double(v, "--delta"));
  if (std::string v = take("max-weight"); !v.empty()) {
    const std::int64_t w = parse_int(v, "--max-weight");
    if (w < 1 || w > std::int64_t(UINT32_MAX)) throw InputError("--max-weight must be in 1..2^32-1");
    o.max_weight = std::uint32_t(w);
  }
  if (std::string v = take("trials"); !v.empty()) o.trials = int(parse_int(v, "--trials"));
  if (o.trials < 1) throw InputError("--trials must be at least 1");
  if (!kv.empty()) throw InputError("unknown option --" + kv.begin()->first + "\n" + kUsage);
  return o;
}

std::string graph_name(const Options& o) {
  if (o.generator == "input") return o.input;
  return o.generator + "-" + std::to_string(o.size[0]) + "-" + std::to_string(o.size[1]) + "-seed" +
         std::to_string(o.seed);
}

// The whole graph in one process, as the single-process programs see it.
template <class W>
EdgeList<W> whole_graph(const Options& o, bool weights) {
  EdgeList<W> el;
  if (o.generator == "input") {
    io::ReadOptions read;
    read.force_undirected = o.undirected;
    el = io::read_edge_list<W>(o.input, read);
    if (!weights) el.w.clear();
    else if (!el.weighted()) el.w.assign(el.size(), W(1));
    return el;
  }
  if constexpr (std::is_same_v<W, float>) {
    return gen::fixed_degree(vid_t(o.size[0]), int(o.size[1]), kMinWeight, kMaxWeight, o.seed);
  } else {
    if (o.generator == "rmat") return gen::rmat(int(o.size[0]), eid_t(o.size[1]), kRmatA, kRmatB, kRmatC, o.seed);
    return gen::path_random(vid_t(o.size[0]), eid_t(o.size[1]), o.max_weight, o.seed);
  }
}

// The name in the results: pbgl_bfs, combblas_bfs, pbgl_delta_stepping, pbgl_boruvka.
std::string program_name(const Options& o) {
  if (o.program == "combblas-bfs") return "combblas_bfs";
  return o.program == "delta-stepping" ? "pbgl_delta_stepping" : "pbgl_" + o.program;
}

// The breadth-first search engine that --program names.
std::unique_ptr<DistributedBfs> bfs_engine(const mpi::communicator& comm, const Options& o,
                                           const LocalEdges<std::uint32_t>& share) {
  if (o.program == "bfs") return std::make_unique<PbglBfs>(comm, share);
#ifdef GS_HAVE_COMBBLAS
  return std::make_unique<CombblasBfs>(comm, share);
#else
  agree(comm, [] { throw ResourceError("combblas-bfs: built without CombBLAS (scripts/deps.sh installs it)"); });
  return nullptr;
#endif
}

void print_row(const mpi::communicator& comm, const Options& o, int trial, vid_t n, eid_t m, double seconds,
               double build_s, const std::string& answer, const std::string& extra) {
  if (comm.rank() != 0) return;
  std::printf("program=%s ranks=%d graph=%s n=%u m=%llu trial=%d seconds=%s build_s=%s answer=%s%s verified=%s\n",
              program_name(o).c_str(), comm.size(), graph_name(o).c_str(), unsigned(n),
              static_cast<unsigned long long>(m), trial, fmt_number(seconds).c_str(), fmt_number(build_s).c_str(),
              answer.c_str(), extra.c_str(), o.serial_check ? "certificate+serial" : "certificate");
  std::fflush(stdout);
}

int run_bfs(const mpi::communicator& comm, const Options& o) {
  const LocalEdges<std::uint32_t> share =
      o.generator == "input" ? read_share<std::uint32_t>(comm, o.input, FileWeights::ignored, o.undirected)
                             : rmat_share(comm, int(o.size[0]), eid_t(o.size[1]), kRmatA, kRmatB, kRmatC, o.seed);
  const std::unique_ptr<DistributedBfs> bfs = bfs_engine(comm, o, share);
  const std::string name = program_name(o);
  const BfsCertificate certificate(comm, share);
  for (int t = 0; t < o.trials; ++t) {
    const BfsRun r = bfs->run(o.source);
    certificate.check(r, name);
    if (o.serial_check) {
      const std::vector<std::uint32_t> level = gather_levels(comm, r);
      const EdgeList<std::uint32_t> shares = gather_share(comm, share);
      agree(comm, [&] {
        if (comm.rank() != 0) return;
        EdgeList<std::uint32_t> el = whole_graph<std::uint32_t>(o, false);
        check_same_edges(shares, el, name);
        el.directed = false;  // the suite traverses every graph as undirected
        const Csr<std::uint32_t> g = edge_list_to_csr(el);
        const std::string serial = verify::check_traversal(g, o.source, level, nullptr, name).answer();
        if (serial != r.answer())
          throw VerificationError(name + ": answer " + r.answer() + ", single-process verifier " + serial);
      });
    }
    print_row(comm, o, t, share.n, share.global_m, r.seconds, bfs->build_seconds(), r.answer(),
              " source=" + std::to_string(o.source));
  }
  return 0;
}

int run_delta_stepping(const mpi::communicator& comm, const Options& o) {
  const LocalEdges<float> share =
      o.generator == "input"
          ? read_share<float>(comm, o.input, FileWeights::required, o.undirected)
          : fixed_degree_share(comm, vid_t(o.size[0]), int(o.size[1]), kMinWeight, kMaxWeight, o.seed);
  PbglDeltaStepping sssp(comm, share);
  for (int t = 0; t < o.trials; ++t) {
    const SsspRun r = sssp.run(o.source, o.delta);
    sssp.certify(r);
    if (o.serial_check) {
      const std::vector<float> dist = gather_distances(comm, r);
      const EdgeList<float> shares = gather_share(comm, share);
      agree(comm, [&] {
        if (comm.rank() != 0) return;
        const EdgeList<float> el = whole_graph<float>(o, true);
        check_same_edges(shares, el, "pbgl_delta_stepping");
        const Csr<float> g = edge_list_to_csr(el);
        const verify::SsspSummary s =
            verify::check_sssp(g, o.source, dist, verify::reference_dijkstra(g, o.source), "pbgl_delta_stepping");
        // The sums differ only in the order of the float additions.
        if (s.reached != r.reached || std::fabs(s.distsum - r.distsum) > 1e-9 * std::max(1.0, s.distsum))
          throw VerificationError("pbgl_delta_stepping: answer " + r.answer() + ", single-process verifier " +
                                  s.answer());
      });
    }
    print_row(comm, o, t, share.n, share.global_m, r.seconds, sssp.build_seconds(), r.answer(),
              " source=" + std::to_string(o.source) + " delta=" + fmt_number(r.delta));
  }
  return 0;
}

int run_boruvka(const mpi::communicator& comm, const Options& o) {
  const LocalEdges<std::uint32_t> share =
      o.generator == "input" ? read_share<std::uint32_t>(comm, o.input, FileWeights::required, true)
                             : path_random_share(comm, vid_t(o.size[0]), eid_t(o.size[1]), o.max_weight, o.seed);
  PbglBoruvka msf(comm, share);
  for (int t = 0; t < o.trials; ++t) {
    const MsfRun r = msf.run();
    msf.certify(r);
    if (o.serial_check) {
      const std::vector<Edge<std::uint32_t>> forest = gather_forest(comm, r);
      const EdgeList<std::uint32_t> shares = gather_share(comm, share);
      agree(comm, [&] {
        if (comm.rank() != 0) return;
        EdgeList<std::uint32_t> el = whole_graph<std::uint32_t>(o, true);
        el.directed = shares.directed;
        check_same_edges(shares, el, "pbgl_boruvka");
        el.directed = false;
        const verify::MsfVerifier<std::uint32_t> verifier(el);
        const std::string serial = verifier.check(forest, "pbgl_boruvka").answer();
        if (serial != r.answer())
          throw VerificationError("pbgl_boruvka: answer " + r.answer() + ", single-process verifier " + serial);
      });
    }
    print_row(comm, o, t, share.n, share.global_m, r.seconds, msf.build_seconds(), r.answer(), "");
  }
  return 0;
}

}  // namespace
}  // namespace gs::dist

int main(int argc, char** argv) {
  using namespace gs::dist;
  // --help is an answer, not a usage error: exit 0 before MPI starts.
  for (int i = 1; i < argc; ++i)
    if (std::string(argv[i]) == "--help" || std::string(argv[i]) == "-h") {
      std::fputs(kUsage, stdout);
      return 0;
    }
  return run_main(argc, argv, "pbgl_run", [&](const mpi::communicator& comm) {
    Options o;
    agree(comm, [&] { o = parse(argc, argv); });
    if (o.program == "bfs" || o.program == "combblas-bfs") return run_bfs(comm, o);
    if (o.program == "delta-stepping") return run_delta_stepping(comm, o);
    return run_boruvka(comm, o);
  });
}
