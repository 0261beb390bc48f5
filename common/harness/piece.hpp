// A piece of an experiment: what --list-pieces prints, --piece selects and
// make reproduce resumes by. Each piece declares what its rows are for (its role).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gs::harness {

// What a row is for, in every CSV's role column; paper/ selects rows by it.
enum class Role {
  main,          // the paper's main comparison
  thread_sweep,  // the same graph on 1..T threads
  size_sweep,    // the same programs over graph sizes beyond the main comparison
  extension,     // beyond-the-paper sizes, programs or devices
  input,         // a user's --input graph (never drawn into the paper's figures)
  scale_out,     // a distributed program on P ranks (strong scaling)
};
const char* role_name(Role r);

// A generated graph's size; each experiment says what n and m mean for it.
struct GraphSize {
  std::uint64_t n = 0;
  std::uint64_t m = 0;
};

struct Piece {
  std::string name;
  Role role = Role::main;
  double est_seconds = 0;  // on the reference machine, for make reproduce's plan
  // From the program table; empty: every program that runs in one process (a
  // distributed program, Device::mpi, runs only in a piece that names it, and on --input).
  std::vector<std::string> programs;
  std::vector<GraphSize> graphs;  // empty for --input (the file is the graph)
  bool thread_sweep = false;      // threaded programs on every --thread-list count
  std::string kind;               // the experiment's own piece kinds (graph family, micro-benchmark)
  // Pieces whose single run takes minutes (the distributed programs on the paper's
  // graphs) cap the runs per program, so that one piece fits one command of a
  // time-limited machine: at most `max_trials` timed trials (0: no cap) and at
  // most `max_warmups` warm-ups (-1: no cap).
  int max_trials = 0;
  int max_warmups = -1;
  // GPUs a machine needs for this piece to be worth running (a multi-GPU
  // piece: 2); --list-pieces then prints its kind as "mgpu".
  int min_gpus = 0;
};

// The kind of a piece of distributed programs (role scale_out), as --list-pieces prints it.
inline constexpr const char* kMpiKind = "mpi";

// The piece every experiment runs on --input FILE: every program, role input.
Piece input_piece(double est_seconds);

}  // namespace gs::harness
