// The command-line contract shared by every experiment and tool (docs/DESIGN.md):
// --help --scale --input --algorithms --list-algorithms --trials --threads
// --seed --out --relabel --sources, plus options an experiment declares itself.
// Usage errors throw InputError (exit 2) with a message naming the option.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "common/graph.hpp"

namespace gs {

// Problem sizes: the quick sizes any machine runs in minutes, or the papers' own.
enum class Scale { quick, paper };
const char* scale_name(Scale scale);

struct CommonOptions {
  Scale scale = Scale::quick;
  std::string input;                    // graph file instead of the generator
  std::vector<std::string> algorithms;  // empty: every program this machine can run
  bool list_algorithms = false;
  bool json = false;  // --list-algorithms as JSON (paper/ reads it)
  int trials = 3;
  int warmups = 1;  // verified, untimed runs before the trials (0: none)
  int threads = 0;  // 0: all cores (omp_get_max_threads)
  std::uint64_t seed = 1;
  std::string out = "results/local";
  std::string tag;                     // results file suffix (a piece of a run)
  std::string piece;                   // run only this piece of the experiment (see --list-pieces)
  bool list_pieces = false;            // print "name<TAB>est_seconds<TAB>cpu|gpu" per piece and exit
  std::string relabel = "auto";        // --input vertex ids: auto | yes | no (harness/input_graph.hpp)
  std::vector<std::uint64_t> sources;  // traversal / shortest paths: vertex ids as the file writes them
  bool sources_given = false;
  std::set<std::string> given;  // every option named on the command line (without "--")

  bool was_given(const std::string& name) const { return given.count(name) > 0; }
};

class Cli {
 public:
  // `takes_sources`: whether --sources is part of this program's contract.
  Cli(std::string program, std::string description, bool takes_sources = false);

  // Experiment-specific options bound to a typed field: the field's value before
  // parse() is the default (shown by --help), parse() stores a given value there,
  // and given(name) tells the two apart. An optional field with no value prints
  // `default_text` instead (a default that depends on --scale, say).
  void option(const std::string& name, const std::string& help, std::int64_t& target);
  void option(const std::string& name, const std::string& help, int& target);
  void option(const std::string& name, const std::string& help, double& target);
  void option(const std::string& name, const std::string& help, float& target);
  void option(const std::string& name, const std::string& help, std::string& target);
  void option(const std::string& name, const std::string& help, std::optional<int>& target,
              const std::string& default_text);
  // 1 or 0 on the command line (`--name` alone means 1).
  void option(const std::string& name, const std::string& help, bool& target);
  // Comma-separated integers.
  void option(const std::string& name, const std::string& help, std::vector<std::int64_t>& target,
              const std::string& default_text = "");
  bool given(const std::string& name) const;

  // Untyped options read back with get*() (small tools and tests).
  void add_option(const std::string& name, const std::string& help, const std::string& default_value);
  void add_flag(const std::string& name, const std::string& help);

  // Parses argv; prints --help and exits 0 when asked; throws InputError on misuse.
  CommonOptions parse(int argc, char** argv);

  std::string get(const std::string& name) const;
  std::int64_t get_int(const std::string& name) const;
  double get_double(const std::string& name) const;
  bool flag(const std::string& name) const;
  // The exact command line, for the metadata JSON.
  const std::string& command_line() const { return command_line_; }
  const std::string& program() const { return program_; }
  std::string usage() const;
  // Every declared (experiment) option with its value, given or default, in declaration
  // order: the metadata records them all, so that any knob that changes a timing is on file.
  std::vector<std::pair<std::string, std::string>> declared_values() const;

 private:
  struct Extra {
    std::string help;
    std::string value;     // the default's text until given, then the given text
    bool is_flag = false;  // untyped flag: "1" when given
    bool is_bool = false;  // typed bool: may stand alone, or take 0/1
    bool given = false;
    std::function<void(const std::string&)> store;  // typed options: parse and store the value
  };
  void declare(const std::string& name, Extra extra);
  std::string program_, description_, command_line_;
  bool takes_sources_;
  std::map<std::string, Extra> extras_;
  std::vector<std::string> extra_order_;
};

// Helpers also used by tools that parse their own arguments.
std::int64_t parse_int(const std::string& text, const std::string& what);
double parse_double(const std::string& text, const std::string& what);
std::vector<std::string> split(const std::string& text, char sep);

}  // namespace gs
