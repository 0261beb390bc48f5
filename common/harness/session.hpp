// One invocation of an experiment: its options, the results file, progress,
// the piece being run and its programs. The experiment's per-graph code asks
// the session for rows, admission and trials; the session fills every common
// column, so no experiment writes graph/program/threads/device/piece/role itself.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/cli.hpp"
#include "common/harness/graph_source.hpp"
#include "common/harness/piece.hpp"
#include "common/harness/program_table.hpp"
#include "common/harness/trials.hpp"
#include "common/harness/world.hpp"
#include "common/progress.hpp"
#include "common/results.hpp"
#include "common/scoped_threads.hpp"
#include "common/timer.hpp"

namespace gs::harness {

// What a row says about its graph.
struct GraphId {
  std::string name;       // e.g. "rmat-s25-m268435456", or the --input file's name
  std::string generator;  // generator name, or "file"
  std::uint64_t n = 0;
  std::uint64_t m = 0;
  std::uint64_t seed = 0;
};

class Session {
 public:
  // Rank 0 of `world` writes the results; the other ranks make the same calls without files.
  Session(std::string experiment, const CommonOptions& opt, const Cli& cli, std::vector<ProgramInfo> programs,
          std::vector<std::string> columns, std::vector<int> thread_list, int max_threads, World& world);

  const CommonOptions& opt() const { return opt_; }
  const std::string& experiment() const { return experiment_; }
  Progress& progress() { return progress_; }
  ResultsWriter& writer() { return writer_; }
  // The processes of this run (rank 0 alone, or the ranks of an MPI job).
  World& world() { return world_; }
  bool paper_scale() const { return opt_.scale == Scale::paper; }
  // Whether this run works on an --input file (the driver hands run_graph its GraphSource).
  bool reads_file() const { return !opt_.input.empty(); }
  // --threads, else every core (on more than one rank: the host's cores shared by its ranks).
  int max_threads() const { return max_threads_; }
  // The thread counts of the thread-sweep pieces (--thread-list, else 1, 2, 4, ..., max_threads()).
  const std::vector<int>& thread_list() const { return thread_list_; }

  // The piece being run and its programs that this run asked for and this machine runs.
  const Piece& piece() const { return *piece_; }
  const std::vector<ProgramInfo>& programs() const { return programs_; }
  bool runs(const std::string& program) const;
  // The thread counts a program runs at in this piece: the --thread-list sweep
  // for threaded programs of a sweep piece, else max_threads() (1 if not threaded).
  std::vector<int> threads_for(const ProgramInfo& program) const;

  // Refuses (ResourceError, exit 3) before anything that size is allocated.
  void admit_host(std::uint64_t bytes, const std::string& what) const;
  void admit_device(std::uint64_t bytes, const std::string& what) const;

  // The metadata's skipped_programs: the driver's lines for whole pieces, then
  // skip_on_graph's, joined by "; ".
  void add_skipped(const std::string& line) {
    skipped_ += (skipped_.empty() ? "" : "; ") + line;
    writer_.set_meta("skipped_programs", skipped_);
  }
  // A program left out of one graph (its estimated cost above a bound, an input it
  // cannot take): said on stderr and in the metadata, like a program left out of a piece.
  void skip_on_graph(const std::string& program, const std::string& graph, const std::string& why) {
    const std::string line = (piece_ ? piece_->name + " " : std::string()) + program + " on " + graph + ": " + why;
    progress_.note("skipping " + line);
    add_skipped(line);
  }

  // The row every trial of (graph, program, threads) starts from; callers may
  // change the device column (an OpenCL program on a CPU device) before trials().
  // A distributed program's row has the world's size in column `ranks`.
  ResultRow row(const GraphId& graph, const ProgramInfo& program, int threads) const;

  // Warm-ups and `trials` timed trials (0: --trials) of one program, each verified
  // by `run` before its row is written, both within the piece's caps. OpenMP runs
  // on `base.threads` threads for threaded programs and on every thread otherwise.
  // Returns the median seconds.
  template <class F>
  double trials(const ResultRow& base, F&& run, int trials = 0) {
    CommonOptions o = opt_;
    if (trials > 0) o.trials = trials;
    if (piece_ && piece_->max_trials > 0) o.trials = std::min(o.trials, piece_->max_trials);
    if (piece_ && piece_->max_warmups >= 0) o.warmups = std::min(o.warmups, piece_->max_warmups);
    const ScopedThreads row_threads(openmp_threads_for(base));
    return run_trials(writer_, progress_, o, base, std::forward<F>(run));
  }

  // Used by run_experiment.
  void start_piece(const Piece& piece, std::vector<ProgramInfo> programs);
  void finish();

 private:
  int openmp_threads_for(const ResultRow& base) const;

  std::string experiment_;
  const CommonOptions& opt_;
  World& world_;
  std::vector<ProgramInfo> all_programs_;
  std::vector<int> thread_list_;
  int max_threads_;
  ResultsWriter writer_;
  Progress progress_;
  WallTimer command_time_;  // from the session's start: the metadata's wall_seconds
  std::string piece_caps_;  // the metadata's piece_caps
  const Piece* piece_ = nullptr;
  std::vector<ProgramInfo> programs_;
  std::string skipped_;         // the metadata's skipped_programs
  bool swept_threads_ = false;  // a thread-sweep piece ran: the host profile covers thread_list()
  ScopedThreads all_threads_;   // OpenMP on max_threads() outside the trials, for the session's life
};

}  // namespace gs::harness
