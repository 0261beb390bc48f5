#include "common/harness/session.hpp"

#include <algorithm>

#include "common/host_profile.hpp"
#include "common/memory.hpp"
#include "common/opencl_drivers.hpp"

namespace gs::harness {

Session::Session(std::string experiment, const CommonOptions& opt, const Cli& cli, std::vector<ProgramInfo> programs,
                 std::vector<std::string> columns, std::vector<int> thread_list, int max_threads, World& world)
    : experiment_(std::move(experiment)),
      opt_(opt),
      world_(world),
      all_programs_(std::move(programs)),
      thread_list_(std::move(thread_list)),
      max_threads_(max_threads),
      writer_(opt, cli, experiment_, std::move(columns), world.rank() == 0),
      progress_(experiment_, 0),
      all_threads_(max_threads) {
  writer_.set_meta("threads", double(max_threads_));  // what ran, not the option's 0 = "every core"
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
  if (program.device == Device::mpi) r.extra["ranks"] = std::to_string(world_.size());
  return r;
}

void Session::start_piece(const Piece& piece, std::vector<ProgramInfo> programs) {
  piece_ = &piece;
  programs_ = std::move(programs);
  // Which loader and drivers an OpenCL program was offered: a GPU it did not find is
  // traced to them. The device and its platform are each row's own column.
  if (std::any_of(programs_.begin(), programs_.end(),
                  [](const ProgramInfo& p) { return p.device == Device::opencl; })) {
    writer_.set_meta("opencl_loader", opencl_drivers().loader);
    writer_.set_meta("opencl_drivers", opencl_drivers().describe());
  }
  swept_threads_ = swept_threads_ || piece.thread_sweep;
  progress_.note("piece " + piece.name + " (" + role_name(piece.role) + ", " + scale_name(opt_.scale) + " scale)");
  // The metadata's trials and warmups are the command's; a piece's caps are named beside them.
  if (piece.max_trials > 0 || piece.max_warmups >= 0) {
    std::string caps;
    if (piece.max_trials > 0) caps = "at most " + std::to_string(piece.max_trials) + " trials";
    if (piece.max_warmups >= 0)
      caps += (caps.empty() ? "" : ", ") + std::string("at most ") + std::to_string(piece.max_warmups) + " warm-ups";
    caps = piece.name + ": " + caps;
    piece_caps_ += (piece_caps_.empty() ? "" : "; ") + caps;
    writer_.set_meta("piece_caps", piece_caps_);
  }
}

void Session::finish() {
  // The whole piece, graph generation and verification included: what the
  // artifact appendix reports as the piece's time on the reference machine.
  writer_.set_meta("wall_seconds", command_time_.seconds());
  // After the pieces, so that it never competes with a timed trial; rank 0 alone (it writes).
  if (world_.rank() == 0) record_host_profile(writer_, swept_threads_ ? thread_list_ : std::vector<int>{max_threads_});
  writer_.finish();
  progress_.note("wrote " + writer_.csv_path() + " (" + std::to_string(writer_.rows()) + " rows)");
}

int Session::openmp_threads_for(const ResultRow& base) const {
  const bool threaded = std::any_of(all_programs_.begin(), all_programs_.end(),
                                    [&](const ProgramInfo& p) { return p.name == base.algorithm && p.threaded; });
  return threaded ? base.threads : max_threads_;
}

}  // namespace gs::harness
