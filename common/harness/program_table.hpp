// An experiment's programs as one table: name, plot label, description, where
// it runs, whether it uses OpenMP threads, and how to make it. Every list of
// program names, --list-algorithms (and its JSON, which paper/ reads), selection
// and the CSV's device column come from here.
//
// Programs register themselves with the algorithm library that builds them: a
// family function returns its entries (ProgramEntries), each made from the
// family's own options struct, and an experiment's table joins the families it
// runs. An experiment's options struct derives from each family's, so a family's
// factory takes it as is. A program whose library this build lacks is an entry
// without a factory that says why (built_with.hpp): it is listed and skipped,
// never made.
//
//   ProgramEntries<MsfProgram, PrimGpuOptions> prim_gpu_programs() {
//     return {{{.name = "prim_naive_gpu", .label = "non-primitive CUDA Prim", ...},
//              GS_NEEDS_CUDA(make_prim_naive_gpu)}};
//   }
//   const ProgramTable<MsfProgram, Config> table(bgl_programs(), prim_gpu_programs());
#pragma once

#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace gs::harness {

// Where a program runs: what this machine must have, and the CSV's device column.
// mpi: a distributed program on the ranks of an MPI job (Parallel BGL); it needs a
// build with MPI, and it is the only kind that runs on more than one rank.
enum class Device { cpu, gpu, cpu_gpu, opencl, mpi };

// "cpu", "gpu", "cpu+gpu", "mpi"; an OpenCL program's column names the device it ran on
// (the experiment sets it per row), "opencl" until then.
const char* device_column(Device d);

// How the paper's figures draw a program: the baseline it is measured against,
// the paper's own program, or one beyond the paper.
enum class Family { baseline, paper, beyond };
const char* family_name(Family f);

struct ProgramInfo {
  std::string name;
  std::string description;
  Device device = Device::cpu;
  bool threaded = false;  // uses OpenMP threads: rows record them, thread sweeps vary them
  // The experiment's own estimate of this program's cost, in a unit it chooses
  // (kruskal_100m: seconds per million edges of one trial), for its pieces'
  // est_seconds; 0 where the experiment estimates pieces otherwise.
  double cost = 0;
  std::string label;  // the figures' legend ("" = the name)
  Family family = Family::beyond;
  // Why this build has no such program (its library was not compiled; "" = it
  // has): listed by --list-algorithms, skipped with this reason, never made.
  std::string absent;
};

// A program whose library this build does not compile: its entry says why (built_with.hpp).
struct Absent {
  std::string why;
};

// No options: the programs of a family that has none.
struct NoOptions {};

template <class Program, class Options = NoOptions>
struct ProgramEntry {
  using Factory = std::function<std::unique_ptr<Program>(const Options&)>;
  // Why the program cannot run with these options on this machine ("" = it can): a
  // condition only the family knows (the GPUs a multi-GPU program asks for), asked
  // when a piece's programs are chosen (ProgramTable::unavailable).
  using Unavailable = std::function<std::string(const Options&)>;

  ProgramEntry(ProgramInfo i, Factory f, Unavailable u = nullptr)
      : info(std::move(i)), make(std::move(f)), unavailable(std::move(u)) {}
  // Absent: the condition is never asked.
  ProgramEntry(ProgramInfo i, Absent a, const Unavailable& = nullptr) : info(std::move(i)) {
    info.absent = std::move(a.why);
  }
  // A family's entry in an experiment whose options struct derives from the family's.
  template <class FamilyOptions>
  requires(!std::is_same_v<FamilyOptions, Options> && std::is_base_of_v<FamilyOptions, Options>)
      ProgramEntry(const ProgramEntry<Program, FamilyOptions>& e)
      : info(e.info) {
    if (e.make) make = [f = e.make](const Options& o) { return f(o); };
    if (e.unavailable) unavailable = [u = e.unavailable](const Options& o) { return u(o); };
  }
  // A family without options in any experiment.
  template <class O = Options>
  requires(!std::is_same_v<O, NoOptions>) ProgramEntry(const ProgramEntry<Program, NoOptions>& e) : info(e.info) {
    if (e.make) make = [f = e.make](const Options&) { return f(NoOptions{}); };
    if (e.unavailable) unavailable = [u = e.unavailable](const Options&) { return u(NoOptions{}); };
  }

  ProgramInfo info;
  Factory make;             // null: absent from this build, or a distributed program the experiment runs itself
  Unavailable unavailable;  // null: nothing beyond the driver's checks (a GPU, MPI, the build)
};

// A family's programs, in the order its experiments list them.
template <class Program, class Options = NoOptions>
using ProgramEntries = std::vector<ProgramEntry<Program, Options>>;

// The table of one experiment: its families' entries, in order. `Config` is the experiment's option struct.
template <class Program, class Config>
class ProgramTable {
 public:
  using Entry = ProgramEntry<Program, Config>;
  using Factory = typename Entry::Factory;

  ProgramTable(std::initializer_list<Entry> entries) : entries_(entries) {}
  template <class... FamilyOptions>
  explicit ProgramTable(const ProgramEntries<Program, FamilyOptions>&... families) {
    (entries_.insert(entries_.end(), families.begin(), families.end()), ...);
    for (std::size_t i = 0; i < entries_.size(); ++i)
      for (std::size_t j = 0; j < i; ++j)
        if (entries_[i].info.name == entries_[j].info.name)
          throw std::logic_error("ProgramTable: " + entries_[i].info.name + " registered twice");
  }

  std::vector<ProgramInfo> infos() const {
    std::vector<ProgramInfo> out;
    for (const auto& e : entries_) out.push_back(e.info);
    return out;
  }
  std::vector<std::string> names() const {
    std::vector<std::string> out;
    for (const auto& e : entries_) out.push_back(e.info.name);
    return out;
  }
  const ProgramInfo& info(const std::string& name) const { return entry(name).info; }
  bool contains(const std::string& name) const {
    for (const auto& e : entries_)
      if (e.info.name == name) return true;
    return false;
  }
  // A distributed program has no factory (nullptr): the experiment's run_distributed runs it;
  // an absent one is never selected (the driver skips it with its reason).
  std::unique_ptr<Program> make(const std::string& name, const Config& config) const {
    const Entry& e = entry(name);
    if (!e.info.absent.empty()) throw std::logic_error("ProgramTable: " + name + " is absent: " + e.info.absent);
    if (!e.make) throw std::logic_error("ProgramTable: " + name + " is made by the experiment's run_distributed");
    return e.make(config);
  }
  // The entry's own condition with these options ("" = none, or it holds); an
  // experiment's Experiment::unavailable may hand its programs to it.
  std::string unavailable(const std::string& name, const Config& config) const {
    const Entry& e = entry(name);
    return e.info.absent.empty() && e.unavailable ? e.unavailable(config) : std::string();
  }

 private:
  const Entry& entry(const std::string& name) const {
    for (const auto& e : entries_)
      if (e.info.name == name) return e;
    throw std::logic_error("ProgramTable: no program " + name);
  }
  std::vector<Entry> entries_;
};

}  // namespace gs::harness
