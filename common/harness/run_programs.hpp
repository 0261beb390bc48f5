// The one loop that runs a piece's programs on one graph: admission before the
// graph is allocated, then each program in the table's order, on each of its
// thread counts: prepare, every query's warm-ups and trials (each answer
// verified before its row is written), release before the next one prepares.
//
//   harness::Lineup<MstProgram> lineup(s, source, program_table(), config, kColumns);
//   lineup.admit(id.name, size, graph_bytes(size), "CSR, verifier");  // before allocating
//   ... build the graph and the verifier ...
//   harness::run_programs(lineup, id, g, [&](const Forest& f, harness::NoQuery, const std::string& name) {
//     return verifier.check(f, name).answer();  // throws VerificationError on a wrong answer
//   });
#pragma once

#include <algorithm>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "common/harness/graph_source.hpp"
#include "common/harness/program.hpp"
#include "common/harness/program_table.hpp"
#include "common/harness/session.hpp"

namespace gs::harness {

// What an experiment may change in the loop; a rule left empty keeps the default.
template <class Query>
struct LoopRules {
  // A program's thread counts in this piece (default: Session::threads_for).
  std::function<std::vector<int>(const ProgramInfo&)> threads;
  // Its timed trials (0, the default: --trials), within the piece's caps.
  std::function<int(const ProgramInfo&)> trials;
  // The columns a query adds to its rows (its source).
  std::function<ColumnValues(const Query&)> query_columns;
};

// The answer's summary for the answer column; throws VerificationError when it is wrong.
template <class P>
using Verifier =
    std::function<std::string(const typename P::Answer&, const typename P::Query&, const std::string& program)>;

// The session's programs of this piece for the graph of `source`, made in order
// (nothing of the graph's size is allocated by making them), with the
// experiment's columns.
template <class P>
class Lineup {
 public:
  template <class Config>
  Lineup(Session& s, const GraphSource& source, const ProgramTable<P, Config>& table, const Config& config,
         const std::vector<Column>& columns, LoopRules<typename P::Query> rules = {})
      : session_(s), generated_(source.is_generated()), columns_(columns), rules_(std::move(rules)) {
    for (const ProgramInfo& info : s.programs()) programs_.push_back(table.make(info.name, config));
  }

  // Refuses (exit 3) before the graph is allocated: on the host the graph's
  // `graph_bytes` (what `contents` lists) and the largest program's own bytes,
  // as the programs run one after another; on the device each program's bytes.
  void admit(const std::string& graph, const GraphSize& size, std::uint64_t graph_bytes,
             const std::string& contents) const {
    std::uint64_t own = 0;
    for (const auto& p : programs_) own = std::max(own, p->host_bytes(size));
    session_.admit_host(graph_bytes + own, graph + " (" + contents + ")");
    for (std::size_t i = 0; i < programs_.size(); ++i)
      if (const std::uint64_t bytes = programs_[i]->device_bytes(size))
        session_.admit_device(bytes, info(i).name + " on " + graph);
  }

  Session& session() const { return session_; }
  bool generated() const { return generated_; }
  const std::vector<Column>& columns() const { return columns_; }
  const LoopRules<typename P::Query>& rules() const { return rules_; }
  std::size_t size() const { return programs_.size(); }
  const ProgramInfo& info(std::size_t i) const { return session_.programs()[i]; }
  P& program(std::size_t i) const { return *programs_[i]; }

 private:
  Session& session_;
  bool generated_;
  std::vector<Column> columns_;
  LoopRules<typename P::Query> rules_;
  std::vector<std::unique_ptr<P>> programs_;
};

namespace detail {
inline void put_columns(const std::vector<Column>& columns, const ColumnValues& values,
                        std::map<std::string, std::string>& extra) {
  for (const auto& [name, value] : values) extra[name] = format_column(columns, name, value);
}
}  // namespace detail

// Every program of `lineup` on `g` (graph `id`), each query in turn.
template <class P>
void run_programs(Lineup<P>& lineup, const GraphId& id, const typename P::Graph& g,
                  const std::vector<typename P::Query>& queries, const Verifier<P>& verify) {
  Session& s = lineup.session();
  const LoopRules<typename P::Query>& rules = lineup.rules();
  for (std::size_t i = 0; i < lineup.size(); ++i) {
    const ProgramInfo& info = lineup.info(i);
    P& program = lineup.program(i);
    if (const std::uint64_t cap = program.max_generated_n(s.paper_scale()); lineup.generated() && id.n > cap) {
      s.progress().note(id.name + " " + info.name + ": not run above n=" + std::to_string(cap) +
                        " at this scale (see --help)");
      continue;
    }
    const int trials = rules.trials ? rules.trials(info) : 0;
    for (int threads : rules.threads ? rules.threads(info) : s.threads_for(info)) {
      const Prepared prepared = program.prepare(g, threads);
      if (!prepared.refusal.empty()) {
        s.skip_on_graph(info.name, id.name, prepared.refusal);
        program.release();
        break;
      }
      if (prepared.device_bytes > 0) s.admit_device(prepared.device_bytes, info.name + " on " + id.name);
      ResultRow row = s.row(id, info, threads);
      detail::put_columns(lineup.columns(), prepared.columns, row.extra);
      for (const typename P::Query& query : queries) {
        ResultRow query_row = row;
        if (rules.query_columns) detail::put_columns(lineup.columns(), rules.query_columns(query), query_row.extra);
        auto trial = [&](int) {
          Outcome<typename P::Answer> r = program.run(g, query, threads);
          TrialOutcome t;
          t.seconds = r.seconds;
          t.answer = verify(r.answer, query, info.name);
          detail::put_columns(lineup.columns(), r.phases, t.extra);
          return t;
        };
        s.trials(query_row, trial, trials);
      }
      program.release();
    }
  }
}

// The same for programs that answer one question per graph.
template <class P>
void run_programs(Lineup<P>& lineup, const GraphId& id, const typename P::Graph& g, const Verifier<P>& verify) {
  run_programs(lineup, id, g, std::vector<typename P::Query>{typename P::Query{}}, verify);
}

}  // namespace gs::harness
