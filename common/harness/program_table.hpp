// An experiment's programs as one table: name, description, where it runs,
// whether it uses OpenMP threads, and how to make it. Every list of program
// names, --list-algorithms, selection and the CSV's device column come from here.
#pragma once

#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace gs::harness {

// Where a program runs: what this machine must have, and the CSV's device column.
// mpi: a distributed program on the ranks of an MPI job (Parallel BGL); it needs a
// build with MPI, and it is the only kind that runs on more than one rank.
enum class Device { cpu, gpu, cpu_gpu, opencl, mpi };

// "cpu", "gpu", "cpu+gpu", "mpi"; an OpenCL program's column names the device it ran on
// (the experiment sets it per row), "opencl" until then.
const char* device_column(Device d);

struct ProgramInfo {
  std::string name;
  std::string description;
  Device device = Device::cpu;
  bool threaded = false;  // uses OpenMP threads: rows record them, thread sweeps vary them
  // The experiment's own estimate of this program's cost, in a unit it chooses
  // (kruskal_100m: seconds per million edges of one trial), for its pieces'
  // est_seconds; 0 where the experiment estimates pieces otherwise.
  double cost = 0;
};

// The table with a factory per program. `Config` is the experiment's option struct.
template <class Program, class Config>
class ProgramTable {
 public:
  using Factory = std::function<std::unique_ptr<Program>(const Config&)>;
  struct Entry {
    ProgramInfo info;
    Factory make;
  };

  ProgramTable(std::initializer_list<Entry> entries) : entries_(entries) {}

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
  // A distributed program has no factory (nullptr): the experiment's run_distributed runs it.
  std::unique_ptr<Program> make(const std::string& name, const Config& config) const {
    const Entry& e = entry(name);
    if (!e.make) throw std::logic_error("ProgramTable: " + name + " is made by the experiment's run_distributed");
    return e.make(config);
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
