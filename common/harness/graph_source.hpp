// What one run_graph call works on, resolved by the driver: a graph the
// experiment generates at one of its piece's sizes, the --input file, or
// nothing (a piece without graphs, such as a bandwidth micro-benchmark).
// Experiments read a file through read_input(session, source, ...), never
// from the command line themselves.
#pragma once

#include <stdexcept>
#include <string>

#include "common/harness/piece.hpp"

namespace gs::harness {

class GraphSource {
 public:
  static GraphSource generated(const GraphSize& size) { return GraphSource(Kind::generated, size, {}, {}); }
  // `relabel`: --relabel's auto | yes | no for this file.
  static GraphSource file(std::string path, std::string relabel) {
    return GraphSource(Kind::file, {}, std::move(path), std::move(relabel));
  }
  static GraphSource none() { return GraphSource(Kind::none, {}, {}, {}); }

  bool is_generated() const { return kind_ == Kind::generated; }
  bool is_file() const { return kind_ == Kind::file; }
  // The size to generate; null for a file or nothing.
  const GraphSize* size() const { return kind_ == Kind::generated ? &size_ : nullptr; }
  const std::string& path() const {
    if (kind_ != Kind::file) throw std::logic_error("GraphSource::path: not a file");
    return path_;
  }
  const std::string& relabel() const { return relabel_; }
  // The same file read with its own ids (a comparison with programs that keep them).
  GraphSource with_file_ids() const { return GraphSource(kind_, size_, path_, kind_ == Kind::file ? "no" : ""); }

 private:
  enum class Kind { generated, file, none };
  GraphSource(Kind kind, GraphSize size, std::string path, std::string relabel)
      : kind_(kind), size_(size), path_(std::move(path)), relabel_(std::move(relabel)) {}
  Kind kind_;
  GraphSize size_;
  std::string path_;
  std::string relabel_;
};

}  // namespace gs::harness
