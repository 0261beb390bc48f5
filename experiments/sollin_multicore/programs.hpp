// The programs of experiment sollin_multicore behind one interface: what each
// reads (full or lower-triangular storage), whether it is a slow baseline, the
// memory it needs beyond the matrices, an untimed setup, and a timed run.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/graph.hpp"
#include "common/harness/program_table.hpp"

namespace gs::sollin_multicore {

using W = std::uint32_t;
using Forest = std::vector<Edge<W>>;

// Program names, each written once: the table and the pieces use these.
inline constexpr const char* kKruskal = "kruskal";
inline constexpr const char* kBglKruskal = "bgl_kruskal";
inline constexpr const char* kSollinSerial = "sollin_serial";
inline constexpr const char* kSollinSerialTri = "sollin_serial_tri";
inline constexpr const char* kSollinConflictFree = "sollin_conflict_free";
inline constexpr const char* kSollinConflictFreeTri = "sollin_conflict_free_tri";
inline constexpr const char* kBoruvkaDenseGpu = "boruvka_dense_gpu";

struct Config {
  int baseline_trials = 1;            // trials of the slow baselines, at most --trials (0: as --trials)
  std::int64_t bandwidth_mib = 2048;  // the read-bandwidth buffer
};

enum class Storage { full, triangular };
const char* storage_name(Storage s);  // the CSV's storage column

// One complete graph in both storages, built before any program runs.
struct CompleteGraph {
  DenseMatrix16 full;
  TriangularMatrix16 tri;
};

struct ProgramRun {
  Forest forest;
  double seconds = 0;                         // the timed region (see kSecondsDefinition)
  std::map<std::string, std::string> phases;  // extra columns of the row
};

class Program {
 public:
  virtual ~Program() = default;
  virtual Storage storage() const { return Storage::full; }
  // A baseline whose runs take minutes at paper scale: --baseline-trials trials.
  virtual bool slow_baseline() const { return false; }
  // Host bytes beyond the matrices and the working memory every program shares (admission).
  virtual std::uint64_t own_host_bytes(vid_t) const { return 0; }
  virtual std::uint64_t device_bytes(vid_t) const { return 0; }
  // Untimed, once per graph and thread count (workspace, BGL graph, device buffers);
  // returns its seconds for the setup_s column where there is a setup.
  virtual std::optional<double> prepare(const CompleteGraph&, int /*threads*/) { return std::nullopt; }
  virtual ProgramRun run(const CompleteGraph& g) = 0;
};

inline constexpr const char* kSecondsDefinition =
    "CPU: the program's MST computation on the resident matrix (Sollin's contracted-matrix workspace "
    "is allocated in setup_s; Kruskal builds and sorts its edge list inside the timing; BGL's graph "
    "is built in setup_s); GPU: CUDA events around the levels with the matrix on the device, the "
    "copy in h2d_s and the tree's download in d2h_s; Sollin's phases inside seconds: select_s (level 1's "
    "select over the input), contract_s (every level's contraction), first_merge_s (the merge that reads "
    "the input, with level 2's select), later_merges_s, traceback_s (selected edges traced back to input "
    "edges); the rest is start-up";

// Every program of this experiment: name, description, device, threads, factory.
const harness::ProgramTable<Program, Config>& program_table();

}  // namespace gs::sollin_multicore
