#include "common/harness/driver.hpp"

#include <omp.h>

#include <algorithm>
#include <cstdio>
#include <iostream>

#include "common/opencl_available.hpp"
#include "common/errors.hpp"
#include "common/memory.hpp"
#include "common/results.hpp"
#include "common/system_info.hpp"

namespace gs::harness {

const char* device_column(Device d) {
  switch (d) {
    case Device::cpu:
      return "cpu";
    case Device::gpu:
      return "gpu";
    case Device::cpu_gpu:
      return "cpu+gpu";
    case Device::opencl:
      return "opencl";
    case Device::mpi:
      return "mpi";
  }
  return "cpu";
}

const char* family_name(Family f) {
  switch (f) {
    case Family::baseline:
      return "baseline";
    case Family::paper:
      return "paper";
    case Family::beyond:
      return "beyond";
  }
  return "beyond";
}

const char* role_name(Role r) {
  switch (r) {
    case Role::main:
      return "main";
    case Role::thread_sweep:
      return "thread-sweep";
    case Role::size_sweep:
      return "size-sweep";
    case Role::extension:
      return "extension";
    case Role::input:
      return "input";
    case Role::scale_out:
      return "scale-out";
  }
  return "main";
}

Piece input_piece(double est_seconds) {
  Piece p;
  p.name = "input";
  p.role = Role::input;
  p.est_seconds = est_seconds;
  return p;
}

namespace {

bool needs_gpu(const ProgramInfo& p) { return p.device == Device::gpu || p.device == Device::cpu_gpu; }

bool named(const std::vector<std::string>& names, const std::string& name) {
  return std::count(names.begin(), names.end(), name) > 0;
}

// Why this machine (or this run's ranks) cannot run `p` at all ("" = it can).
std::string machine_lacks(const ProgramInfo& p, const World& world) {
  if (p.device == Device::mpi && !world.distributed()) return "built without MPI and the Parallel BGL";
  if (p.device != Device::mpi && world.size() > 1) return "not a distributed program: run it without mpirun";
  if (needs_gpu(p) && !gpu_available()) return "no GPU: " + gpu_info().why_absent;
  if (!p.absent.empty()) return p.absent;
  std::string why;
  if (p.device == Device::opencl && !opencl_available(&why)) return why;
  return "";
}

}  // namespace

bool in_piece(const Piece& piece, const ProgramInfo& program) {
  if (piece.programs.empty()) return program.device != Device::mpi;
  return named(piece.programs, program.name);
}

namespace detail {

std::string usage_header(const std::string& description, const std::string& seconds_definition) {
  return description + "\nseconds: " + seconds_definition +
         "\nEvery result is verified against an independent answer before its row is written."
         "\nMetadata wall_seconds: the whole piece, graph generation and verification included.";
}

void list_programs(const std::vector<ProgramInfo>& programs,
                   const std::function<std::string(const ProgramInfo&)>& not_here) {
  for (const auto& p : programs) {
    std::string tags = p.device == Device::cpu ? "" : std::string("[") + device_column(p.device) + "] ";
    if (p.threaded) tags += "[threads] ";
    if (!p.absent.empty()) tags += "[absent: " + p.absent + "] ";
    const std::string why = p.absent.empty() && not_here ? not_here(p) : std::string();
    if (!why.empty()) tags += "[not here: " + why + "] ";
    std::cout << p.name << "\t" << tags << p.description << "\n";
  }
}

namespace {
std::string json_string(const std::string& s) {
  std::string out(1, '"');
  out += json_escape(s);
  out += '"';
  return out;
}
}  // namespace

// The same in every build (an absent program is listed as present elsewhere):
// what paper/programs.json holds for this experiment.
void list_programs_json(const std::string& experiment, const std::vector<ProgramInfo>& programs) {
  std::cout << "{\"experiment\": " << json_string(experiment) << ", \"programs\": [";
  for (std::size_t i = 0; i < programs.size(); ++i) {
    const ProgramInfo& p = programs[i];
    std::cout << (i ? ",\n  " : "\n  ") << "{\"name\": " << json_string(p.name)
              << ", \"label\": " << json_string(p.label.empty() ? p.name : p.label)
              << ", \"family\": " << json_string(family_name(p.family))
              << ", \"device\": " << json_string(device_column(p.device))
              << ", \"threaded\": " << (p.threaded ? "true" : "false")
              << ", \"description\": " << json_string(p.description) << "}";
  }
  std::cout << "\n]}\n";
}

void list_pieces(const std::vector<Piece>& pieces, const std::vector<ProgramInfo>& programs) {
  for (const auto& piece : pieces) {
    // A piece is "gpu" when none of its programs runs without one (make reproduce skips
    // it on a machine without a GPU), "mgpu" when it is also a multi-GPU piece (skipped
    // with fewer than its min_gpus), "mpi" when all of them are distributed (make
    // reproduce runs it under mpirun); otherwise its CPU programs run anywhere.
    bool all_gpu = true, all_mpi = true;
    for (const auto& p : programs) {
      if (!in_piece(piece, p)) continue;
      all_gpu = all_gpu && needs_gpu(p);
      all_mpi = all_mpi && p.device == Device::mpi;
    }
    const char* kind = all_gpu ? (piece.min_gpus >= 2 ? "mgpu" : "gpu") : all_mpi ? "mpi" : "cpu";
    std::printf("%s\t%.0f\t%s\n", piece.name.c_str(), piece.est_seconds, kind);
  }
}

void check_program_names(const std::vector<ProgramInfo>& programs, const CommonOptions& opt,
                         const std::string& experiment) {
  for (const auto& name : opt.algorithms) {
    if (std::any_of(programs.begin(), programs.end(), [&](const ProgramInfo& p) { return p.name == name; })) continue;
    std::string known;
    for (const auto& p : programs) known += (known.empty() ? "" : ", ") + p.name;
    throw InputError("--algorithms: unknown algorithm '" + name + "' (known: " + known + ")");
  }
}

const Piece& find_piece(const std::vector<Piece>& pieces, const std::string& name, const std::string& experiment) {
  for (const auto& p : pieces)
    if (p.name == name) return p;
  std::string known;
  for (const auto& p : pieces) known += (known.empty() ? "" : ", ") + p.name;
  throw InputError("--piece: unknown piece '" + name + "' at this scale (pieces: " + known + ")");
}

int max_threads(const CommonOptions& opt, int ranks_here) {
  // OpenMP's own default, read once before the driver sets any count: every core unless
  // OMP_NUM_THREADS says otherwise. Ranks on one host share its cores, so that their
  // threads (generating shares, idle threads spinning under OMP_WAIT_POLICY=active)
  // never take a core from another rank's timed run.
  static const int openmp_default = omp_get_max_threads();
  return opt.threads > 0 ? opt.threads : std::max(1, openmp_default / std::max(1, ranks_here));
}

Piece input_piece_for(const std::vector<ProgramInfo>& programs, const std::vector<std::string>& input_programs,
                      double est_seconds, const CommonOptions& opt, const World& world) {
  Piece p = input_piece(est_seconds);
  // One rank runs the single-process programs; the distributed ones read the
  // file when asked (--algorithms) or when they are all that runs (more than one rank).
  for (const auto& prog : programs) {
    if (!input_programs.empty() && !named(input_programs, prog.name)) continue;
    if (prog.device != Device::mpi || world.size() > 1 || named(opt.algorithms, prog.name))
      p.programs.push_back(prog.name);
  }
  return p;
}

std::vector<std::string> columns_with_ranks(std::vector<std::string> columns,
                                            const std::vector<ProgramInfo>& programs) {
  if (std::any_of(programs.begin(), programs.end(), [](const ProgramInfo& p) { return p.device == Device::mpi; }))
    columns.push_back("ranks");
  return columns;
}

void note_nothing_to_run(const std::string& experiment, const std::string& piece) {
  std::fprintf(stderr,
               "[%s] nothing to run here: no selected program of %s can run on this machine; no results written\n",
               experiment.c_str(), piece.empty() ? "any piece" : ("piece " + piece).c_str());
}

void note_oversubscribed(const std::string& experiment, int ranks_per_host) {
  std::fprintf(stderr,
               "[%s] note: oversubscribed: a host runs more ranks (up to %d) than it has cores, so ranks share cores "
               "and their times mean little (metadata oversubscribed: 1)\n",
               experiment.c_str(), ranks_per_host);
}

std::vector<int> thread_list(const std::vector<std::int64_t>& given, int max_threads) {
  std::vector<int> out;
  if (given.empty()) {
    for (int t = 1; t < max_threads; t *= 2) out.push_back(t);
    out.push_back(max_threads);
    return out;
  }
  for (std::int64_t t : given) {
    if (t < 1 || t > 4096) throw InputError("--thread-list: " + std::to_string(t) + " is not a thread count");
    out.push_back(int(t));
  }
  return out;
}

std::vector<ProgramInfo> programs_for_piece(const std::vector<ProgramInfo>& programs, const Piece& piece,
                                            const CommonOptions& opt, const std::string& experiment, const World& world,
                                            const std::function<std::string(const ProgramInfo&)>& unavailable,
                                            std::vector<std::string>& skipped) {
  std::vector<ProgramInfo> out;
  bool skipped_here = false;
  for (const auto& p : programs) {
    if (!in_piece(piece, p)) continue;
    const bool asked = named(opt.algorithms, p.name);
    if (!opt.algorithms.empty() && !asked) continue;
    std::string why = machine_lacks(p, world);
    if (why.empty() && unavailable) why = unavailable(p);
    if (why.empty()) {
      out.push_back(p);
      continue;
    }
    if (asked) throw ResourceError("cannot run " + p.name + " here: " + why);
    if (world.rank() == 0)
      std::fprintf(stderr, "[%s] piece %s: skipping %s (%s)\n", experiment.c_str(), piece.name.c_str(), p.name.c_str(),
                   why.c_str());
    skipped.push_back(piece.name + " " + p.name + ": " + why);
    skipped_here = true;
  }
  if (world.rank() != 0) return out;  // one rank prints
  if (out.empty() && skipped_here)
    std::fprintf(stderr, "[%s] piece %s: none of its selected programs runs on this machine; skipped\n",
                 experiment.c_str(), piece.name.c_str());
  else if (out.empty())
    std::fprintf(stderr, "[%s] piece %s: none of the programs named by --algorithms is in it; skipped\n",
                 experiment.c_str(), piece.name.c_str());
  return out;
}

}  // namespace detail

}  // namespace gs::harness
