// The one experiment driver. An experiment's main.cpp declares what it is
// (an Experiment: programs, options, pieces, columns, and what to do with one
// graph); run_experiment owns the rest: the command line and its --list-*
// exits, piece lookup, program selection and skipping with reasons, the thread
// list, the results file with its columns and metadata, progress, and the
// exit-code contract (through run_main).
//
//   int main(int argc, char** argv) { return gs::harness::run_experiment(declaration(), argc, argv); }
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "common/cli.hpp"
#include "common/harness/piece.hpp"
#include "common/harness/program_table.hpp"
#include "common/harness/session.hpp"
#include "common/run_main.hpp"

namespace gs::harness {

template <class Config>
struct Experiment {
  std::string name;                // the executable and the results' experiment column
  std::string description;         // --help: the paper, its graphs, its pieces
  std::string seconds_definition;  // what `seconds` means: --help and the metadata
  std::vector<ProgramInfo> programs;
  std::vector<std::string> columns;  // extra CSV columns, in order
  bool takes_sources = false;        // --sources is part of the contract
  double input_est_seconds = 60;     // --list-pieces estimate for --input
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
  // Runs the session's programs on one graph of the piece. `size` is null for
  // --input (s.piece().role is Role::input) and for pieces without graphs.
  std::function<void(Session&, Config&, const GraphSize* size)> run_graph;
};

// Non-template parts (driver.cpp).
namespace detail {
std::string usage_header(const std::string& description, const std::string& seconds_definition);
void list_programs(const std::vector<ProgramInfo>& programs);
void list_pieces(const std::vector<Piece>& pieces, const std::vector<ProgramInfo>& programs);
void check_program_names(const std::vector<ProgramInfo>& programs, const CommonOptions& opt, const std::string& experiment);
const Piece& find_piece(const std::vector<Piece>& pieces, const std::string& name, const std::string& experiment);
std::vector<int> thread_list(const std::vector<std::int64_t>& given, int max_threads);
int max_threads(const CommonOptions& opt);  // --threads, else OpenMP's default (OMP_NUM_THREADS or every core)
// The programs of `piece` to run: named by --algorithms (all when not given) and runnable
// here; the others are noted on stderr with the reason. A program named in --algorithms
// that cannot run here is a ResourceError (exit 3).
std::vector<ProgramInfo> programs_for_piece(const std::vector<ProgramInfo>& programs, const Piece& piece,
                                            const CommonOptions& opt, const std::string& experiment,
                                            const std::function<std::string(const ProgramInfo&)>& unavailable,
                                            std::vector<std::string>& skipped);
}  // namespace detail

template <class Config>
int run_experiment(const Experiment<Config>& e, int argc, char** argv) {
  return run_main(e.name.c_str(), [&] {
    Config config;
    Cli cli(e.name, detail::usage_header(e.description, e.seconds_definition), e.takes_sources);
    std::vector<std::int64_t> thread_counts;
    cli.option("thread-list", "thread counts of the thread-sweep pieces", thread_counts, "1,2,4,...,threads");
    if (e.options) e.options(cli, config);
    CommonOptions opt = cli.parse(argc, argv);
    if (opt.list_algorithms) {
      detail::list_programs(e.programs);
      return 0;
    }
    detail::check_program_names(e.programs, opt, e.name);
    if (e.check) e.check(config, opt);
    std::vector<Piece> pieces;
    if (opt.input.empty()) {
      pieces = e.pieces(config, opt);
    } else {
      pieces = {input_piece(e.input_est_seconds)};
      pieces[0].programs = e.input_programs;
    }
    if (opt.list_pieces) {
      detail::list_pieces(pieces, e.programs);
      return 0;
    }
    if (!opt.input.empty()) {
      if (!opt.piece.empty() && opt.piece != "input")
        throw InputError("--piece " + opt.piece + " with --input: an input file is its own piece, 'input'");
      if (opt.tag.empty()) opt.tag = "input";
    } else if (!opt.piece.empty()) {
      pieces = {detail::find_piece(pieces, opt.piece, e.name)};
    }
    const std::vector<int> threads = detail::thread_list(thread_counts, detail::max_threads(opt));
    // Each piece's programs, chosen before anything is generated or written.
    std::vector<std::vector<ProgramInfo>> chosen;
    std::vector<std::string> skipped;
    bool any = false;
    for (const Piece& p : pieces) {
      auto why = [&](const ProgramInfo& prog) { return e.unavailable ? e.unavailable(prog, p, config) : std::string(); };
      chosen.push_back(detail::programs_for_piece(e.programs, p, opt, e.name, why, skipped));
      any = any || !chosen.back().empty();
    }
    if (!any) {
      std::fprintf(stderr, "[%s] nothing to run here: no selected program of %s can run on this machine; no results written\n",
                   e.name.c_str(), opt.piece.empty() ? "any piece" : ("piece " + opt.piece).c_str());
      return 0;
    }
    Session s(e.name, opt, cli, e.programs, e.columns, threads);
    s.writer().set_meta("seconds_definition", e.seconds_definition);
    if (!skipped.empty()) {
      std::string text;
      for (const auto& line : skipped) text += (text.empty() ? "" : "; ") + line;
      s.writer().set_meta("skipped_programs", text);
    }
    if (e.begin) e.begin(s, config);
    for (std::size_t i = 0; i < pieces.size(); ++i) {
      if (chosen[i].empty()) continue;
      s.start_piece(pieces[i], chosen[i]);
      if (pieces[i].graphs.empty()) {
        e.run_graph(s, config, nullptr);
      } else {
        for (const GraphSize& g : pieces[i].graphs) e.run_graph(s, config, &g);
      }
    }
    if (e.end) e.end(s, config);
    s.finish();
    return 0;
  });
}

}  // namespace gs::harness
