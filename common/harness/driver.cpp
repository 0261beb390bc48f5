#include "common/harness/driver.hpp"

#include <omp.h>

#include <algorithm>
#include <cstdio>
#include <iostream>

#include "common/opencl_available.hpp"
#include "common/errors.hpp"
#include "common/memory.hpp"
#include "common/system_info.hpp"

namespace gs::harness {

const char* device_column(Device d) {
  switch (d) {
    case Device::cpu: return "cpu";
    case Device::gpu: return "gpu";
    case Device::cpu_gpu: return "cpu+gpu";
    case Device::opencl: return "opencl";
  }
  return "cpu";
}

const char* role_name(Role r) {
  switch (r) {
    case Role::main: return "main";
    case Role::thread_sweep: return "thread-sweep";
    case Role::size_sweep: return "size-sweep";
    case Role::extension: return "extension";
    case Role::input: return "input";
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

bool in_piece(const Piece& piece, const std::string& name) {
  return piece.programs.empty() || std::count(piece.programs.begin(), piece.programs.end(), name) > 0;
}

// Why this machine cannot run `p` at all ("" = it can).
std::string machine_lacks(const ProgramInfo& p) {
  if (needs_gpu(p) && !gpu_available()) return "no GPU: " + gpu_info().why_absent;
  std::string why;
  if (p.device == Device::opencl && !opencl_available(&why)) return why;
  return "";
}

}  // namespace

namespace detail {

std::string usage_header(const std::string& description, const std::string& seconds_definition) {
  return description + "\nseconds: " + seconds_definition +
         "\nEvery result is verified against an independent answer before its row is written.";
}

void list_programs(const std::vector<ProgramInfo>& programs) {
  for (const auto& p : programs) {
    std::string tags = p.device == Device::cpu ? "" : std::string("[") + device_column(p.device) + "] ";
    if (p.threaded) tags += "[threads] ";
    std::cout << p.name << "\t" << tags << p.description << "\n";
  }
}

void list_pieces(const std::vector<Piece>& pieces, const std::vector<ProgramInfo>& programs) {
  for (const auto& piece : pieces) {
    // A piece is "gpu" when none of its programs runs without one (make reproduce skips
    // it on a machine without a GPU); otherwise its CPU programs run anywhere.
    bool all_gpu = true;
    for (const auto& p : programs)
      if (in_piece(piece, p.name) && !needs_gpu(p)) all_gpu = false;
    std::printf("%s\t%.0f\t%s\n", piece.name.c_str(), piece.est_seconds, all_gpu ? "gpu" : "cpu");
  }
}

void check_program_names(const std::vector<ProgramInfo>& programs, const CommonOptions& opt, const std::string& experiment) {
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

int max_threads(const CommonOptions& opt) {
  // OpenMP's own default, read once before the driver sets any count: every core unless
  // OMP_NUM_THREADS says otherwise.
  static const int openmp_default = omp_get_max_threads();
  return opt.threads > 0 ? opt.threads : openmp_default;
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
                                            const CommonOptions& opt, const std::string& experiment,
                                            const std::function<std::string(const ProgramInfo&)>& unavailable,
                                            std::vector<std::string>& skipped) {
  std::vector<ProgramInfo> out;
  bool skipped_here = false;
  for (const auto& p : programs) {
    if (!in_piece(piece, p.name)) continue;
    const bool named = std::count(opt.algorithms.begin(), opt.algorithms.end(), p.name) > 0;
    if (!opt.algorithms.empty() && !named) continue;
    std::string why = machine_lacks(p);
    if (why.empty() && unavailable) why = unavailable(p);
    if (why.empty()) {
      out.push_back(p);
      continue;
    }
    if (named) throw ResourceError("cannot run " + p.name + " here: " + why);
    std::fprintf(stderr, "[%s] piece %s: skipping %s (%s)\n", experiment.c_str(), piece.name.c_str(), p.name.c_str(), why.c_str());
    skipped.push_back(piece.name + " " + p.name + ": " + why);
    skipped_here = true;
  }
  if (out.empty() && skipped_here)
    std::fprintf(stderr, "[%s] piece %s: none of its selected programs runs on this machine; skipped\n",
                 experiment.c_str(), piece.name.c_str());
  else if (out.empty())
    std::fprintf(stderr, "[%s] piece %s: none of the programs named by --algorithms is in it; skipped\n",
                 experiment.c_str(), piece.name.c_str());
  return out;
}

}  // namespace detail

Session::Session(std::string experiment, const CommonOptions& opt, const Cli& cli, std::vector<ProgramInfo> programs,
                 std::vector<std::string> columns, std::vector<int> thread_list)
    : experiment_(std::move(experiment)),
      opt_(opt),
      all_programs_(std::move(programs)),
      thread_list_(std::move(thread_list)),
      max_threads_(detail::max_threads(opt)),
      writer_(opt, cli, experiment_, std::move(columns)),
      progress_(experiment_, 0) {
  set_threads(max_threads_);
}

bool Session::runs(const std::string& program) const {
  return std::any_of(programs_.begin(), programs_.end(), [&](const ProgramInfo& p) { return p.name == program; });
}

std::vector<int> Session::threads_for(const ProgramInfo& program) const {
  if (!program.threaded) return {1};
  if (piece_ && piece_->thread_sweep) return thread_list_;
  return {max_threads_};
}

void Session::admit_host(std::uint64_t bytes, const std::string& what) const { require_host_memory(bytes, what); }
void Session::admit_device(std::uint64_t bytes, const std::string& what) const { require_device_memory(bytes, what); }

ResultRow Session::row(const GraphId& graph, const ProgramInfo& program, int threads) const {
  ResultRow r;
  r.graph = graph.name;
  r.generator = graph.generator;
  r.n = graph.n;
  r.m = graph.m;
  r.seed = graph.seed;
  r.algorithm = program.name;
  r.threads = threads;
  r.device = device_column(program.device);
  r.piece = piece_ ? piece_->name : "";
  r.role = piece_ ? role_name(piece_->role) : "";
  return r;
}

void Session::start_piece(const Piece& piece, std::vector<ProgramInfo> programs) {
  piece_ = &piece;
  programs_ = std::move(programs);
  progress_.note("piece " + piece.name + " (" + role_name(piece.role) + ", " + opt_.scale + " scale)");
}

void Session::finish() {
  writer_.finish();
  progress_.note("wrote " + writer_.csv_path() + " (" + std::to_string(writer_.rows()) + " rows)");
}

void Session::set_threads(int threads) { omp_set_num_threads(threads); }

void Session::set_threads_for(const ResultRow& base) const {
  const bool threaded = std::any_of(all_programs_.begin(), all_programs_.end(),
                                    [&](const ProgramInfo& p) { return p.name == base.algorithm && p.threaded; });
  set_threads(threaded ? base.threads : max_threads_);
}

}  // namespace gs::harness
