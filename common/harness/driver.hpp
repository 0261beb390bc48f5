// The one experiment driver. An experiment's main.cpp declares what it is
// (an Experiment: programs, options, pieces, columns, and what to do with one
// graph); run_experiment owns the rest: the command line and its --list-*
// exits, piece lookup, program selection and skipping with reasons, the thread
// list, the results file with its columns and metadata, progress, and the
// exit-code contract (through run_main), and the ranks of an MPI job where the
// executable is built with MPI (world.hpp).
//
//   int main(int argc, char** argv) { return gs::harness::run_experiment(declaration(), argc, argv); }
#pragma once

#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/cli.hpp"
#include "common/errors.hpp"
#include "common/harness/graph_source.hpp"
#include "common/harness/piece.hpp"
#include "common/harness/program_table.hpp"
#include "common/harness/session.hpp"
#include "common/harness/world.hpp"

namespace gs::harness {

template <class Config>
struct Experiment {
  std::string name;                // the executable and the results' experiment column
  std::string description;         // --help: the paper, its graphs, its pieces
  std::string seconds_definition;  // what `seconds` means: --help and the metadata
  std::vector<ProgramInfo> programs;
  std::vector<std::string> columns;         // extra CSV columns, in order
  bool takes_sources = false;               // --sources is part of the contract
  double input_est_seconds = 60;            // --list-pieces estimate for --input
  std::vector<std::string> input_programs;  // the programs that take --input's graph; empty: every program

  // Declares the experiment's own options, bound to fields of the config.
  std::function<void(Cli&, Config&)> options;
  // Validates the options and fills what depends on them or on --scale (InputError on misuse).
  std::function<void(Config&, const CommonOptions&)> check;
  // The pieces at this scale (without --input).
  std::function<std::vector<Piece>(const Config&, const CommonOptions&)> pieces;
  // Why `program` cannot run in `piece` here, beyond a missing GPU or OpenCL ("" = it can).
  std::function<std::string(const ProgramInfo&, const Piece&, const Config&)> unavailable;
  // Before the first piece and after the last (metadata, measurements); optional.
  std::function<void(Session&, Config&)> begin, end;
  // Runs the session's programs on one graph of the piece: a size to generate,
  // the --input file (s.piece().role is Role::input), or none (a piece without graphs).
  std::function<void(Session&, Config&, const GraphSource& source)> run_graph;
  // The same for the distributed programs (Device::mpi), called on every rank
  // (collective; errors agreed between the ranks, algorithms/distributed). Set
  // with GS_DISTRIBUTED(f): null in a build without MPI, where they are skipped.
  std::function<void(Session&, Config&, const GraphSource& source)> run_distributed;
};

// The experiment's run_distributed where the executable is built with MPI (its
// file is compiled only then), nothing otherwise.
#ifdef GS_HAVE_MPI
#define GS_DISTRIBUTED(f) (f)
#else
#define GS_DISTRIBUTED(f) nullptr
#endif

// Whether `program` runs in `piece`: named by it, or (an empty list) every
// program that runs in one process.
bool in_piece(const Piece& piece, const ProgramInfo& program);

// Non-template parts (driver.cpp).
namespace detail {
std::string usage_header(const std::string& description, const std::string& seconds_definition);
// One line per program; `not_here` gives the reason a built program cannot
// run on this machine (the experiment's own condition: a GPU count, a grid).
void list_programs(const std::vector<ProgramInfo>& programs,
                   const std::function<std::string(const ProgramInfo&)>& not_here);
void list_programs_json(const std::string& experiment, const std::vector<ProgramInfo>& programs);
// name, estimate and kind: "gpu" (no program runs without a GPU), "mpi" (only distributed programs), else "cpu".
void list_pieces(const std::vector<Piece>& pieces, const std::vector<ProgramInfo>& programs);
void check_program_names(const std::vector<ProgramInfo>& programs, const CommonOptions& opt,
                         const std::string& experiment);
const Piece& find_piece(const std::vector<Piece>& pieces, const std::string& name, const std::string& experiment);
std::vector<int> thread_list(const std::vector<std::int64_t>& given, int max_threads);
// --threads, else OpenMP's default (OMP_NUM_THREADS or every core), divided among
// the ranks of a distributed run that share a host.
int max_threads(const CommonOptions& opt, int ranks_here = 1);
// The --input piece: the experiment's input programs (every program when it names
// none), its distributed ones only on more than one rank or when --algorithms names them.
Piece input_piece_for(const std::vector<ProgramInfo>& programs, const std::vector<std::string>& input_programs,
                      double est_seconds, const CommonOptions& opt, const World& world);
// The programs of `piece` to run: named by --algorithms (all when not given) and runnable
// here; the others are noted on stderr with the reason. A program named in --algorithms
// that cannot run here is a ResourceError (exit 3).
std::vector<ProgramInfo> programs_for_piece(const std::vector<ProgramInfo>& programs, const Piece& piece,
                                            const CommonOptions& opt, const std::string& experiment, const World& world,
                                            const std::function<std::string(const ProgramInfo&)>& unavailable,
                                            std::vector<std::string>& skipped);
// The CSV's extra columns: the experiment's, then `ranks` where it has distributed programs.
std::vector<std::string> columns_with_ranks(std::vector<std::string> columns, const std::vector<ProgramInfo>& programs);
void note_nothing_to_run(const std::string& experiment, const std::string& piece);
// One line on stderr: more ranks than cores on a host, so the times mean little.
void note_oversubscribed(const std::string& experiment, int ranks_per_host);

template <class Config>
int run_on(const Experiment<Config>& e, World& w, int argc, char** argv) {
  Config config;
  Cli cli(e.name, usage_header(e.description, e.seconds_definition), e.takes_sources);
  std::vector<std::int64_t> thread_counts;
  cli.option("thread-list", "thread counts of the thread-sweep pieces", thread_counts, "1,2,4,...,threads");
  if (e.options) e.options(cli, config);
  CommonOptions opt;
  std::vector<Piece> pieces;
  std::vector<std::vector<ProgramInfo>>
      chosen;  // each piece's programs, chosen before anything is generated or written
  std::vector<std::string> skipped;
  std::unique_ptr<Session> session;
  bool done = false;  // --list-*, or nothing to run
  // Every rank parses the same command line; agreed, so that a refusal ends every rank alike.
  w.agree([&] {
    opt = cli.parse(argc, argv);
    if (opt.list_algorithms) {
      if (opt.json) list_programs_json(e.name, e.programs);
      else
        list_programs(e.programs, [&](const ProgramInfo& p) {
          return e.unavailable ? e.unavailable(p, Piece{}, config) : std::string();
        });
      done = true;
      return;
    }
    check_program_names(e.programs, opt, e.name);
    if (e.check) e.check(config, opt);
    if (opt.input.empty()) pieces = e.pieces(config, opt);
    else pieces = {input_piece_for(e.programs, e.input_programs, e.input_est_seconds, opt, w)};
    if (opt.list_pieces) {
      list_pieces(pieces, e.programs);
      done = true;
      return;
    }
    if (!opt.input.empty()) {
      if (!opt.piece.empty() && opt.piece != "input")
        throw InputError("--piece " + opt.piece + " with --input: an input file is its own piece, 'input'");
      if (opt.tag.empty()) opt.tag = "input";
    } else if (!opt.piece.empty()) {
      pieces = {find_piece(pieces, opt.piece, e.name)};
    }
    const int threads = max_threads(opt, w.ranks_here());
    bool any = false;
    for (const Piece& p : pieces) {
      auto why = [&](const ProgramInfo& prog) {
        return e.unavailable ? e.unavailable(prog, p, config) : std::string();
      };
      chosen.push_back(programs_for_piece(e.programs, p, opt, e.name, w, why, skipped));
      any = any || !chosen.back().empty();
    }
    if (!any) {
      if (w.rank() == 0) note_nothing_to_run(e.name, opt.piece);
      done = true;
      return;
    }
    session = std::make_unique<Session>(e.name, opt, cli, e.programs, columns_with_ranks(e.columns, e.programs),
                                        thread_list(thread_counts, threads), threads, w);
    Session& s = *session;
    s.writer().set_meta("seconds_definition", e.seconds_definition);
    s.writer().set_meta("ranks", double(w.size()));
    s.writer().set_meta("hosts", w.hosts());
    s.writer().set_meta("ranks_per_host", double(w.ranks_per_host()));
    s.writer().set_meta("oversubscribed", double(w.oversubscribed()));  // 1 or 0
    if (w.oversubscribed() && w.rank() == 0) note_oversubscribed(e.name, w.ranks_per_host());
    for (const auto& line : skipped) s.add_skipped(line);
    if (e.begin) e.begin(s, config);
  });
  if (done) return 0;
  Session& s = *session;
  // The driver resolves what each call works on; no experiment reads --input itself.
  auto each_graph = [&](const Piece& piece, const auto& run) {
    if (!opt.input.empty()) return run(s, config, GraphSource::file(opt.input, opt.relabel));
    if (piece.graphs.empty()) return run(s, config, GraphSource::none());
    for (const GraphSize& g : piece.graphs) run(s, config, GraphSource::generated(g));
  };
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    std::vector<ProgramInfo> single, distributed;
    for (const ProgramInfo& p : chosen[i]) (p.device == Device::mpi ? distributed : single).push_back(p);
    if (!single.empty()) {
      // One rank (only distributed programs run on more than one): its errors are every rank's.
      w.agree([&] {
        s.start_piece(pieces[i], single);
        each_graph(pieces[i], e.run_graph);
      });
    }
    if (!distributed.empty()) {
      if (!e.run_distributed) throw std::logic_error(e.name + ": distributed programs without run_distributed");
      w.start_mpi();
      s.start_piece(pieces[i], distributed);
      each_graph(pieces[i], e.run_distributed);
    }
  }
  w.agree([&] {
    if (e.end) e.end(s, config);
    s.finish();
  });
  return 0;
}

}  // namespace detail

template <class Config>
int run_experiment(const Experiment<Config>& e, int argc, char** argv) {
  auto body = [&](World& w) { return detail::run_on(e, w, argc, argv); };
#ifdef GS_HAVE_MPI
  return run_mpi(e.name.c_str(), argc, argv, body);
#else
  return run_single(e.name.c_str(), body);
#endif
}

}  // namespace gs::harness
