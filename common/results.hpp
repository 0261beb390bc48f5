// Results CSV + metadata JSON (docs/DESIGN.md, "Results contract").
//
// One CSV per experiment run (or per piece of a run, named by --tag), one row
// per (graph, algorithm, trial). Rows go to "<name>.csv.partial" and the file
// is renamed to "<name>.csv" only by finish(), after the metadata JSON is
// written: an interrupted run never leaves a CSV that looks complete. A run
// that ends by an exception keeps its rows as "<name>.csv.failed" for
// inspection; the pipeline reads only "*.csv" with a matching "*.json".
#pragma once

#include <cstdint>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "common/cli.hpp"

namespace gs {

struct ResultRow {
  std::string graph;      // a name for the input: "gtgraph-random-n4096" or the file name
  std::string generator;  // generator name, or "file"
  std::uint64_t n = 0;
  std::uint64_t m = 0;  // undirected edges, or arcs for directed graphs
  std::uint64_t seed = 0;
  std::string algorithm;
  int threads = 1;
  std::string device = "cpu";  // cpu | gpu | cpu+gpu
  int trial = 0;
  double seconds = 0;
  std::string answer;  // key=value;key=value (answer.hpp)
  bool verified = false;
  std::string piece;                         // the piece that produced the row ("input" for --input runs)
  std::string role;                          // what the row is for: main, thread-sweep, size-sweep, extension, input
  std::map<std::string, std::string> extra;  // declared extra columns: phases, source, ...
};

class ResultsWriter {
 public:
  // `extra_columns` follow the fixed columns in this order; rows may leave them empty.
  // `writes` false: the same calls, no files (the ranks other than 0 of an MPI job).
  ResultsWriter(const CommonOptions& opt, const Cli& cli, const std::string& experiment,
                std::vector<std::string> extra_columns, bool writes = true);
  ~ResultsWriter();
  ResultsWriter(const ResultsWriter&) = delete;
  ResultsWriter& operator=(const ResultsWriter&) = delete;

  void add(const ResultRow& row);
  // Extra metadata (measured bandwidths, thresholds, ...). Numbers are written unquoted.
  void set_meta(const std::string& key, const std::string& value);
  void set_meta(const std::string& key, double value);
  // Writes the metadata JSON and renames both files into place.
  void finish();

  const std::string& csv_path() const { return csv_path_; }
  // One id per invocation, in every row's run_id column and in the metadata.
  const std::string& run_id() const { return run_id_; }
  std::size_t rows() const { return rows_; }

 private:
  std::string experiment_, csv_path_, json_path_, partial_path_, run_id_;
  std::vector<std::string> extra_columns_;
  std::ofstream out_;
  std::map<std::string, std::string> meta_;  // key -> JSON literal
  std::size_t rows_ = 0;
  bool finished_ = false;
  bool writes_ = true;
};

std::string csv_escape(const std::string& s);
// A fresh run id: UTC time to the second, then random hex (two runs in one second differ).
std::string new_run_id();
std::string json_escape(const std::string& s);
// Number formatting used by every CSV writer: %.9g (seconds) and %.12g (answers).
std::string fmt_seconds(double s);
std::string fmt_number(double x);

}  // namespace gs
