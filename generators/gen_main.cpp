// gen: writes any of the papers' generated graphs to a file, for users who want
// the same inputs for their own codes, and converts graph files between
// formats (gen convert IN OUT). The format follows the file's extension
// (common/io/graph_io.hpp). Exit 2 on bad arguments or input, 3 when the size
// does not fit in memory.
#include <omp.h>
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "common/cli.hpp"
#include "common/convert.hpp"
#include "common/errors.hpp"
#include "common/io/graph_io.hpp"
#include "common/memory.hpp"
#include "common/run_main.hpp"
#include "generators/convert.hpp"
#include "generators/generators.hpp"

namespace {

using gs::InputError;

const char* kUsage = R"(usage: gen NAME --n N [options] --out FILE
       gen grid --rows R --cols C [options] --out FILE
       gen convert IN OUT

Writes a generated graph to FILE; the format follows FILE's extension:
  .gr (DIMACS/GTgraph, weighted)  .mtx (Matrix Market)  .el (unweighted edge list)
  .wel (weighted edge list)  .txt (SNAP, unweighted)  .gsc (the suite's binary format)
Every generator is deterministic for --seed, whatever the thread count.

Generators (defaults are the papers' settings):
  gtgraph-random  paper A: GTgraph random G(n, m); m uniform edges without self
                  loops (duplicates kept), integer weights uniform in
                  [min-weight, max-weight]; undirected.
                  --n N  --m M (default 10 N)  --min-weight 1  --max-weight 1000
  complete        paper B: complete graph, weights uniform 0..65535, written as its
                  N(N-1)/2 edges (paper sizes N = 1000, 2500, 5000, 10000).  --n N
  path-random     paper C: path edges (i, i+1), then uniform random edges u != v,
                  M edges in all, weights uniform in 1..max-weight; undirected.
                  --n N (paper 100000)  --m M (default 1000 N; paper 100000000)
                  --max-weight 1000000
  rmat            paper D: SNAP-style RMAT, N = 2^scale vertices, exactly M distinct
                  pairs u != v, per-level noise; unweighted (.el .txt .mtx .gsc).
                  --scale S or --n N (a power of two; paper 2^25)
                  --m M (default 8 N; paper 2^28 .. 2^31)  --a 0.45 --b 0.25 --c 0.15
  fixed-degree    paper E: D out-arcs per vertex to uniform targets other than
                  itself, float weights uniform in [min-weight, max-weight); directed.
                  --n N (paper 10^4 .. 4x10^6)  --degree 5  --min-weight 1 --max-weight 1000
  grid            beyond the papers: a road-network stand-in of high diameter, the
                  R x C grid with arcs to the 4 neighbours in both directions, each
                  arc's float weight uniform in [min-weight, max-weight); directed.
                  --rows R --cols C  --min-weight 1 --max-weight 1000

Conversion:
  convert IN OUT  reads IN in any format and writes OUT in the format of its
                  extension: n, directedness, edges and weights are kept (.gsc
                  input: its weight type; text input: uint32, int32 or uint64
                  when every weight is an integer that fits, else double).
                  Formats that cannot hold the graph are refused: weights into
                  .el/.txt, none into .gr/.wel. .el/.wel lines carry no
                  directedness: an undirected graph reads back as arcs.

Common options:
  --seed S     random seed (default 1)
  --threads T  OpenMP threads (default: all cores; the output does not depend on it)
  --out FILE   output file (required)
  --help       this text
Exit status: 0 written, 2 bad arguments or a bad input file, 3 not enough memory.
)";

// Which options each generator takes (beyond --seed, --threads, --out).
const std::map<std::string, std::set<std::string>> kOptions = {
    {"gtgraph-random", {"n", "m", "min-weight", "max-weight"}},
    {"complete", {"n"}},
    {"path-random", {"n", "m", "max-weight"}},
    {"rmat", {"n", "scale", "m", "a", "b", "c"}},
    {"fixed-degree", {"n", "degree", "min-weight", "max-weight"}},
    {"grid", {"rows", "cols", "min-weight", "max-weight"}},
};

struct Args {
  std::string name;
  std::map<std::string, std::string> values;

  bool has(const std::string& key) const { return values.count(key) != 0; }
  std::int64_t integer(const std::string& key, std::int64_t fallback, std::int64_t lo, std::int64_t hi) const {
    if (!has(key)) return fallback;
    const std::int64_t v = gs::parse_int(values.at(key), "--" + key);
    if (v < lo || v > hi)
      throw InputError("--" + key + " must be in " + std::to_string(lo) + ".." + std::to_string(hi) + ", got " +
                       values.at(key));
    return v;
  }
  double real(const std::string& key, double fallback) const {
    return has(key) ? gs::parse_double(values.at(key), "--" + key) : fallback;
  }
};

Args parse(int argc, char** argv) {
  Args args;
  if (argc < 2) throw InputError(std::string("missing generator name\n") + kUsage);
  args.name = argv[1];
  if (!kOptions.count(args.name))
    throw InputError(
        "unknown generator '" + args.name +
        "' (choose gtgraph-random, complete, path-random, rmat, fixed-degree, grid, or convert; see gen --help)");
  std::set<std::string> allowed = kOptions.at(args.name);
  allowed.insert({"seed", "threads", "out"});
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg.rfind("--", 0) != 0) throw InputError("unexpected argument '" + arg + "' (see gen --help)");
    const std::string key = arg.substr(2);
    if (!allowed.count(key)) throw InputError(args.name + " does not take --" + key + " (see gen --help)");
    if (i + 1 >= argc) throw InputError("--" + key + " needs a value");
    if (args.has(key)) throw InputError("--" + key + " given twice");
    args.values[key] = argv[++i];
  }
  if (!args.has("out")) throw InputError("--out FILE is required");
  if (args.name == "grid" && !(args.has("rows") && args.has("cols"))) throw InputError("grid needs --rows and --cols");
  if (args.name != "rmat" && args.name != "grid" && !args.has("n")) throw InputError(args.name + " needs --n");
  return args;
}

std::string extension(const std::string& path) {
  const auto slash = path.find_last_of('/');
  const auto dot = path.find_last_of('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return "";
  std::string ext = path.substr(dot);
  for (char& ch : ext) ch = char(std::tolower(static_cast<unsigned char>(ch)));
  return ext;
}

// Refuse a file format that cannot hold this graph before spending minutes on it.
void check_format(const std::string& path, bool weighted) {
  const std::string ext = extension(path);
  const std::set<std::string> any = {".mtx", ".gsc"}, weighted_only = {".gr", ".wel"},
                              unweighted_only = {".el", ".txt"};
  if (any.count(ext) || (weighted ? weighted_only : unweighted_only).count(ext)) return;
  if ((weighted ? unweighted_only : weighted_only).count(ext))
    throw InputError("--out " + path + ": a " + ext + " file cannot hold a" +
                     (weighted ? " weighted" : "n unweighted") + " graph; use " +
                     (weighted ? ".gr, .wel" : ".el, .txt") + ", .mtx or .gsc");
  throw InputError("--out " + path + ": unknown extension '" + ext + "' (use .gr .mtx .el .wel .txt .gsc)");
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

template <class W>
void write(const Args& args, const gs::EdgeList<W>& el, double gen_s) {
  const std::string& out = args.values.at("out");
  std::fprintf(stderr, "gen: %s: n = %u, m = %llu, %s, generated in %.2f s\n", args.name.c_str(), el.n,
               static_cast<unsigned long long>(el.size()), el.directed ? "directed" : "undirected", gen_s);
  const auto t0 = std::chrono::steady_clock::now();
  gs::io::write_edge_list(out, el);
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  std::fprintf(stderr, "gen: wrote %s in %.2f s; peak resident memory %s\n", out.c_str(), seconds_since(t0),
               gs::format_bytes(std::uint64_t(usage.ru_maxrss) * 1024).c_str());
}

int run(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    if (std::string(argv[i]) == "--help" || std::string(argv[i]) == "-h") {
      std::fputs(kUsage, stdout);
      return 0;
    }
  if (argc >= 2 && std::string(argv[1]) == "convert") {
    if (argc != 4) throw InputError("usage: gen convert IN OUT (see gen --help)");
    gs::gen::convert_graph(argv[2], argv[3]);
    return 0;
  }
  const Args args = parse(argc, argv);
  if (args.has("threads")) omp_set_num_threads(int(args.integer("threads", 0, 1, 4096)));
  const auto seed = std::uint64_t(args.integer("seed", 1, 0, INT64_MAX));
  const std::int64_t max_n = 0xFFFFFFFELL;  // vertex ids are 32-bit
  const std::int64_t max_m = INT64_MAX / 64;
  const auto t0 = std::chrono::steady_clock::now();

  if (args.name == "rmat") {
    check_format(args.values.at("out"), false);
    if (args.has("scale") == args.has("n")) throw InputError("rmat needs exactly one of --scale S and --n N");
    int scale = 0;
    if (args.has("scale")) {
      scale = int(args.integer("scale", 0, 1, 31));
    } else {
      const std::int64_t n = args.integer("n", 0, 2, std::int64_t(1) << 31);
      while ((std::int64_t(1) << scale) < n) ++scale;
      if ((std::int64_t(1) << scale) != n)
        throw InputError("rmat: --n must be a power of two, got " + std::to_string(n));
    }
    const auto m = gs::eid_t(args.integer("m", std::int64_t(8) << scale, 0, max_m));
    const auto el = gs::gen::rmat(scale, m, args.real("a", 0.45), args.real("b", 0.25), args.real("c", 0.15), seed);
    write(args, el, seconds_since(t0));  // el is complete here, so the time covers generation
    return 0;
  }

  if (args.name == "grid") {
    check_format(args.values.at("out"), true);
    const auto rows = gs::vid_t(args.integer("rows", 0, 1, max_n));
    const auto cols = gs::vid_t(args.integer("cols", 0, 1, max_n));
    const auto el =
        gs::gen::grid(rows, cols, float(args.real("min-weight", 1.0)), float(args.real("max-weight", 1000.0)), seed);
    write(args, el, seconds_since(t0));
    return 0;
  }

  const auto n = gs::vid_t(args.integer("n", 0, 1, max_n));
  if (args.name == "gtgraph-random") {
    check_format(args.values.at("out"), true);
    const auto m = gs::eid_t(args.integer("m", 10 * std::int64_t(n), 0, max_m));
    const auto lo = std::uint32_t(args.integer("min-weight", 1, 0, UINT32_MAX));
    const auto hi = std::uint32_t(args.integer("max-weight", 1000, 0, UINT32_MAX));
    const auto el = gs::gen::gtgraph_random(n, m, lo, hi, seed);
    write(args, el, seconds_since(t0));
  } else if (args.name == "complete") {
    check_format(args.values.at("out"), true);
    const std::uint64_t edges = std::uint64_t(n) * (n - 1) / 2;
    gs::require_host_memory(2 * std::uint64_t(n) * n + 12 * edges, "complete graph n = " + std::to_string(n));
    const auto matrix = gs::gen::complete_matrix(n, seed);
    std::fprintf(stderr, "gen: complete: %u x %u matrix generated in %.3f s\n", n, n, seconds_since(t0));
    const auto el = gs::matrix_to_edge_list(matrix);
    write(args, el, seconds_since(t0));
  } else if (args.name == "path-random") {
    check_format(args.values.at("out"), true);
    const auto m = gs::eid_t(args.integer("m", 1000 * std::int64_t(n), 0, max_m));
    const auto hi = std::uint32_t(args.integer("max-weight", 1000000, 1, UINT32_MAX));
    const auto el = gs::gen::path_random(n, m, hi, seed);
    write(args, el, seconds_since(t0));
  } else {  // fixed-degree
    check_format(args.values.at("out"), true);
    const int degree = int(args.integer("degree", 5, 0, 1 << 20));
    const auto el = gs::gen::fixed_degree(n, degree, float(args.real("min-weight", 1.0)),
                                          float(args.real("max-weight", 1000.0)), seed);
    write(args, el, seconds_since(t0));
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  return gs::run_main("gen", [&] { return run(argc, argv); });
}
