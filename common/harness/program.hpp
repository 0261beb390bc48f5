// What a program is to the harness: admission for a graph, an untimed
// prepare, timed runs that return the answer and its phases, and a release.
// The experiment's verifier checks each answer in run_programs (lineup.hpp);
// the program table (program_table.hpp) names each program, says where it runs
// and whether it is threaded, and makes it.
//
// A program's phases and per-graph values are typed columns that the
// experiment declares once (name and unit); a column a row does not set is
// absent, an empty CSV cell, never a sentinel such as -1.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <variant>
#include <vector>

#include "common/harness/piece.hpp"

namespace gs::harness {

// How a column's values are written: seconds, counts and other numbers (a
// width, a ratio) as numbers, text as given.
enum class Unit { seconds, count, number, text };

struct Column {
  std::string name;
  Unit unit = Unit::seconds;
};

// The names, in order: the Experiment's columns.
std::vector<std::string> column_names(const std::vector<Column>& columns);

// Column values by name: seconds and counts as double, text as string.
using ColumnValues = std::map<std::string, std::variant<double, std::string>>;

// `value` written as its declared column says; a column that is not declared,
// or a value of the wrong kind for it, is a logic_error.
std::string format_column(const std::vector<Column>& columns, const std::string& name,
                          const std::variant<double, std::string>& value);

// The query of a program that answers one question per graph (an MST).
struct NoQuery {};

// What prepare found out about the graph.
struct Prepared {
  std::string refusal;             // why it does not run on this graph ("" = it runs): skipped with the reason
  std::uint64_t device_bytes = 0;  // device bytes known only once prepared, admitted before the first run
  ColumnValues columns;            // in every row of this graph and thread count (setup_s, storage)
  // Where its rows differ from the program table, known once prepared (an OpenCL
  // runtime's device): the device they name ("" = the table's) and their thread
  // count (0 = the harness's), which run() is then given.
  std::string device;
  int threads = 0;
  std::string note;  // said on stderr once prepared ("" = nothing): what the runtime chose
};

template <class Answer>
struct Outcome {
  double seconds = 0;  // the timed region (the experiment's seconds_definition)
  Answer answer;       // what the verifier checks
  ColumnValues phases;
};

// run_programs calls, per graph: host_bytes and device_bytes before the graph is
// allocated, max_generated_n; then per thread count prepare, run per query and
// trial, release.
template <class GraphT, class AnswerT, class QueryT = NoQuery>
class Program {
 public:
  using Graph = GraphT;
  using Answer = AnswerT;
  using Query = QueryT;

  virtual ~Program() = default;
  // Memory beyond the graph itself for a graph of this size (admission); 0: none.
  virtual std::uint64_t host_bytes(const GraphSize&) const { return 0; }
  virtual std::uint64_t device_bytes(const GraphSize&) const { return 0; }
  // The largest generated graph (n) it runs on at this scale: past it one run takes
  // minutes, and it sits out the piece's larger sizes with a note. An --input graph runs.
  virtual std::uint64_t max_generated_n(bool /*paper_scale*/) const { return UINT64_MAX; }
  // Untimed: workspaces, a library's own graph, a copy without isolated vertices.
  virtual Prepared prepare(const Graph&, int /*threads*/) { return {}; }
  virtual Outcome<Answer> run(const Graph& g, const Query& q, int threads) = 0;
  // What prepare allocated, before the next program prepares.
  virtual void release() {}
};

}  // namespace gs::harness
