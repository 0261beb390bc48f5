// The one loop that runs a piece's programs on one graph: admission before the
// graph is allocated, then each program in the table's order, on each of its
// thread counts: prepare, every query's warm-ups and trials (each answer
// verified before its row is written), release before the next one prepares;
// or, with LoopRules::queries_outer, each query in turn on every program held
// prepared (one reference per source serves them all).
//
//   harness::Lineup<MstProgram> lineup(s, source, program_table(), config, kColumns);
//   lineup.admit(id.name, size, graph_bytes(size), "CSR, verifier");  // before allocating
//   ... build the graph and the verifier ...
//   harness::run_programs(lineup, id, g, [&](const Forest& f, harness::NoQuery, const std::string& name) {
//     return verifier.check(f, name).answer();  // throws VerificationError on a wrong answer
//   });
//
// A verifier may instead see each whole outcome (CheckOutcome): it then returns
// the answer's summary with columns derived from checking it (a traversal's
// component and TEPS), and learns which trial it checks (-1: a warm-up).
#pragma once

#include <algorithm>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "common/errors.hpp"
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
  // Untimed, before every warm-up and trial: restores an input that programs change in place.
  std::function<void()> before_trial;
  // Queries outermost: each program is prepared once per graph (for its first thread
  // count) and held until the last query, so that what the verifier builds for a
  // query (a reference) serves every program. Default: programs outermost, each
  // released before the next prepares.
  bool queries_outer = false;
  // The queries of a program and thread count in one series of trials: its
  // warm-ups on the first query, then trials() timed trials of each query in
  // turn, numbered on across them (rows trial 0 .. queries x trials - 1; the
  // piece's max_trials caps the whole series). Default: each query its own
  // warm-ups and trials, numbered from 0.
  bool one_series = false;
};

// The answer's summary for the answer column; throws VerificationError when it is wrong.
template <class P>
using Verifier =
    std::function<std::string(const typename P::Answer&, const typename P::Query&, const std::string& program)>;

// What checking a whole outcome gives: the answer column and columns derived from it.
struct Checked {
  std::string answer;
  ColumnValues columns;
};
// Checks one run's outcome (trial -1: a warm-up); throws VerificationError when it is wrong.
template <class P>
using CheckOutcome = std::function<Checked(const Outcome<typename P::Answer>&, const typename P::Query&,
                                           const std::string& program, int trial)>;

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
    refused_.assign(programs_.size(), false);
  }

  // Refuses (exit 3) before the graph is allocated: on the host the graph's
  // `graph_bytes` (what `contents` lists) and the largest program's own bytes,
  // as the programs run one after another; on the device each program's bytes.
  void admit(const std::string& graph, const GraphSize& size, std::uint64_t graph_bytes,
             const std::string& contents) const {
    admit_host(graph, size, graph_bytes, contents);
    for (std::size_t i = 0; i < programs_.size(); ++i)
      if (const std::uint64_t bytes = programs_[i]->device_bytes(size))
        session_.admit_device(bytes, info(i).name + " on " + graph);
  }
  // The same, but a program whose device bytes do not fit sits out this graph (said
  // on stderr) while the others run on it; false when none is left to run.
  bool admit_each_device(const std::string& graph, const GraphSize& size, std::uint64_t graph_bytes,
                         const std::string& contents) {
    admit_host(graph, size, graph_bytes, contents);
    bool any = false;
    for (std::size_t i = 0; i < programs_.size(); ++i) {
      refused_[i] = false;
      if (const std::uint64_t bytes = programs_[i]->device_bytes(size)) try {
          session_.admit_device(bytes, info(i).name + " on " + graph);
        } catch (const ResourceError& e) {
          session_.progress().note(session_.piece().name + ": " + info(i).name + " refused on " + graph + ": " +
                                   e.what());
          refused_[i] = true;
        }
      any = any || !refused_[i];
    }
    return any;
  }
  // Whether program i was refused on the graph admit_each_device admitted.
  bool refused(std::size_t i) const { return refused_[i]; }

  Session& session() const { return session_; }
  bool generated() const { return generated_; }
  const std::vector<Column>& columns() const { return columns_; }
  const LoopRules<typename P::Query>& rules() const { return rules_; }
  std::size_t size() const { return programs_.size(); }
  const ProgramInfo& info(std::size_t i) const { return session_.programs()[i]; }
  P& program(std::size_t i) const { return *programs_[i]; }

 private:
  void admit_host(const std::string& graph, const GraphSize& size, std::uint64_t graph_bytes,
                  const std::string& contents) const {
    std::uint64_t own = 0;
    for (const auto& p : programs_) own = std::max(own, p->host_bytes(size));
    session_.admit_host(graph_bytes + own, graph + " (" + contents + ")");
  }

  Session& session_;
  bool generated_;
  std::vector<Column> columns_;
  LoopRules<typename P::Query> rules_;
  std::vector<std::unique_ptr<P>> programs_;
  std::vector<bool> refused_;  // by admit_each_device
};

namespace detail {
inline void put_columns(const std::vector<Column>& columns, const ColumnValues& values,
                        std::map<std::string, std::string>& extra) {
  for (const auto& [name, value] : values) extra[name] = format_column(columns, name, value);
}

// Whether program i sits out this generated graph (said with a note).
template <class P>
bool sits_out(const Lineup<P>& lineup, std::size_t i, const GraphId& id) {
  if (lineup.refused(i)) return true;
  Session& s = lineup.session();
  const std::uint64_t cap = lineup.program(i).max_generated_n(s.paper_scale());
  if (!lineup.generated() || id.n <= cap) return false;
  s.progress().note(id.name + " " + lineup.info(i).name + ": not run above n=" + std::to_string(cap) +
                    " at this scale (see --help)");
  return true;
}

// Prepares program i; false, with the program released and skipped, where it refuses the graph.
template <class P>
bool prepare(const Lineup<P>& lineup, std::size_t i, const GraphId& id, const typename P::Graph& g, int threads,
             Prepared& prepared) {
  Session& s = lineup.session();
  const std::string& name = lineup.info(i).name;
  prepared = lineup.program(i).prepare(g, threads);
  if (!prepared.refusal.empty()) {
    s.skip_on_graph(name, id.name, prepared.refusal);
    lineup.program(i).release();
    return false;
  }
  if (!prepared.note.empty()) s.progress().note(name + " " + prepared.note);
  if (prepared.device_bytes > 0) s.admit_device(prepared.device_bytes, name + " on " + id.name);
  return true;
}

// Program i's warm-ups and trials on `queries` (their first: as one query; with
// LoopRules::one_series: all of them), each answer verified before its row is written.
template <class P>
void run_queries(const Lineup<P>& lineup, std::size_t i, const GraphId& id, const typename P::Graph& g, int threads,
                 const Prepared& prepared, const std::vector<typename P::Query>& queries,
                 const CheckOutcome<P>& check) {
  Session& s = lineup.session();
  const LoopRules<typename P::Query>& rules = lineup.rules();
  const ProgramInfo& info = lineup.info(i);
  ResultRow row = s.row(id, info, threads);
  if (!prepared.device.empty()) row.device = prepared.device;
  if (prepared.threads > 0) row.threads = prepared.threads;
  put_columns(lineup.columns(), prepared.columns, row.extra);
  const int per_query = rules.trials ? rules.trials(info) : 0;
  const int each = per_query > 0 ? per_query : s.opt().trials;
  auto trial = [&](int k) {
    const typename P::Query& query = queries[k < 0 ? 0 : std::size_t(k / each)];
    if (rules.before_trial) rules.before_trial();
    const Outcome<typename P::Answer> r = lineup.program(i).run(g, query, row.threads);
    Checked checked = check(r, query, info.name, k);
    TrialOutcome t;
    t.seconds = r.seconds;
    t.answer = std::move(checked.answer);
    // The query's columns in each trial's outcome: the progress line names its sources.
    if (rules.query_columns) put_columns(lineup.columns(), rules.query_columns(query), t.extra);
    put_columns(lineup.columns(), r.phases, t.extra);
    put_columns(lineup.columns(), checked.columns, t.extra);
    return t;
  };
  s.trials(row, trial, int(queries.size()) * each);
}

// One query, or (LoopRules::one_series) every query in one series.
template <class P>
void run_query(const Lineup<P>& lineup, std::size_t i, const GraphId& id, const typename P::Graph& g, int threads,
               const Prepared& prepared, const typename P::Query& query, const CheckOutcome<P>& check) {
  run_queries(lineup, i, id, g, threads, prepared, std::vector<typename P::Query>{query}, check);
}

template <class P>
std::vector<int> thread_counts(const Lineup<P>& lineup, std::size_t i) {
  const ProgramInfo& info = lineup.info(i);
  return lineup.rules().threads ? lineup.rules().threads(info) : lineup.session().threads_for(info);
}

// Programs outermost: each prepared per thread count and released before the next prepares.
template <class P>
void programs_outer(Lineup<P>& lineup, const GraphId& id, const typename P::Graph& g,
                    const std::vector<typename P::Query>& queries, const CheckOutcome<P>& verify) {
  for (std::size_t i = 0; i < lineup.size(); ++i) {
    if (sits_out(lineup, i, id)) continue;
    for (int threads : thread_counts(lineup, i)) {
      Prepared prepared;
      if (!prepare(lineup, i, id, g, threads, prepared)) break;
      if (lineup.rules().one_series) run_queries(lineup, i, id, g, threads, prepared, queries, verify);
      else
        for (const typename P::Query& query : queries) run_query(lineup, i, id, g, threads, prepared, query, verify);
      lineup.program(i).release();
    }
  }
}

// Queries outermost: every program prepared once and held through every query.
template <class P>
void queries_outer(Lineup<P>& lineup, const GraphId& id, const typename P::Graph& g,
                   const std::vector<typename P::Query>& queries, const CheckOutcome<P>& verify) {
  struct Held {
    std::size_t i;
    std::vector<int> threads;
    Prepared prepared;
  };
  std::vector<Held> held;
  for (std::size_t i = 0; i < lineup.size(); ++i) {
    if (sits_out(lineup, i, id)) continue;
    Held h{i, thread_counts(lineup, i), {}};
    if (!h.threads.empty() && prepare(lineup, i, id, g, h.threads.front(), h.prepared)) held.push_back(std::move(h));
  }
  for (const typename P::Query& query : queries)
    for (const Held& h : held)
      for (int threads : h.threads) run_query(lineup, h.i, id, g, threads, h.prepared, query, verify);
  for (const Held& h : held) lineup.program(h.i).release();
}
}  // namespace detail

// Every program of `lineup` on `g` (graph `id`), each query in turn, each outcome checked whole.
// `queries` is read only once a program has prepared: a distributed program may
// draw them when it first prepares (hybrid_dfs's scale-out roots).
template <class P>
void run_programs(Lineup<P>& lineup, const GraphId& id, const typename P::Graph& g,
                  const std::vector<typename P::Query>& queries, const CheckOutcome<P>& check) {
  if (lineup.rules().queries_outer) detail::queries_outer(lineup, id, g, queries, check);
  else detail::programs_outer(lineup, id, g, queries, check);
}

// The same with a verifier of answers.
template <class P>
void run_programs(Lineup<P>& lineup, const GraphId& id, const typename P::Graph& g,
                  const std::vector<typename P::Query>& queries, const Verifier<P>& verify) {
  run_programs(lineup, id, g, queries,
               CheckOutcome<P>([&verify](const Outcome<typename P::Answer>& r, const typename P::Query& q,
                                         const std::string& program, int) {
                 return Checked{verify(r.answer, q, program), {}};
               }));
}

// The same for programs that answer one question per graph.
template <class P>
void run_programs(Lineup<P>& lineup, const GraphId& id, const typename P::Graph& g, const Verifier<P>& verify) {
  run_programs(lineup, id, g, std::vector<typename P::Query>{typename P::Query{}}, verify);
}
template <class P>
void run_programs(Lineup<P>& lineup, const GraphId& id, const typename P::Graph& g, const CheckOutcome<P>& check) {
  run_programs(lineup, id, g, std::vector<typename P::Query>{typename P::Query{}}, check);
}

}  // namespace gs::harness
