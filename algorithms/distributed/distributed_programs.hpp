// The distributed programs (Device::mpi) as harness::Programs on a rank's share
// (share_source.hpp), run by harness::run_programs on every rank of the MPI
// job, collective in every call: prepare builds the library's own graph from
// the share (untimed), run times one search or forest (barrier to barrier, the
// same on every rank) and certifies it on every rank before the experiment's
// verifier sees it. Their entries (the families' names) make the scale-out
// table: ProgramTable<dist::SsspProgram, Config> table(dist::sssp_programs()).
// The families' own entries (sssp_programs, kruskal_programs,
// traversal_programs) describe them for --list-algorithms with a null factory:
// their Program types are over the single-process graph, and these are built
// only where MPI and the Parallel BGL are (gs_scale_out).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "algorithms/distributed/distributed_bfs.hpp"
#include "algorithms/distributed/pbgl_boruvka.hpp"
#include "algorithms/distributed/pbgl_delta_stepping.hpp"
#include "algorithms/distributed/share_source.hpp"
#include "algorithms/mst/kruskal/kruskal_programs.hpp"
#include "algorithms/sssp/sssp_programs.hpp"
#include "algorithms/traversal/traversal_programs.hpp"
#include "common/harness/program.hpp"
#include "common/harness/program_table.hpp"
#include "common/results.hpp"

namespace gs::dist {

// From a source: the distances (SsspRun), with the phase delta (text: the bucket width).
using SsspProgram = harness::Program<Share<float>, SsspRun, vid_t>;
// The minimum spanning forest (MsfRun); prepared with generate_s (the slowest
// rank's share) and build_s (PBGL's graph) in every row.
using MsfProgram = harness::Program<Share<std::uint32_t>, MsfRun>;
// Breadth-first search from a root (BfsRun, certified by the experiment's
// verifier with one BfsCertificate for every engine); prepared with setup_s
// (the engine's graph) in every row.
using BfsProgram = harness::Program<Share<std::uint32_t>, BfsRun, vid_t>;

class PbglDeltaSteppingProgram : public SsspProgram {
 public:
  harness::Prepared prepare(const Share<float>& g, int) override {
    sssp_ = std::make_unique<PbglDeltaStepping>(g.comm, g.local);
    return {};
  }
  harness::Outcome<SsspRun> run(const Share<float>&, const vid_t& source, int) override {
    harness::Outcome<SsspRun> o;
    o.answer = sssp_->run(source);
    sssp_->certify(o.answer);
    o.seconds = o.answer.seconds;
    o.phases["delta"] = fmt_number(o.answer.delta);
    return o;
  }
  void release() override { sssp_.reset(); }

 private:
  std::unique_ptr<PbglDeltaStepping> sssp_;
};

class PbglBoruvkaProgram : public MsfProgram {
 public:
  harness::Prepared prepare(const Share<std::uint32_t>& g, int) override {
    harness::Prepared p;
    p.columns["generate_s"] = slowest(g.comm, g.seconds);
    msf_ = std::make_unique<PbglBoruvka>(g.comm, g.local);
    p.columns["build_s"] = msf_->build_seconds();
    return p;
  }
  harness::Outcome<MsfRun> run(const Share<std::uint32_t>&, const harness::NoQuery&, int) override {
    harness::Outcome<MsfRun> o;
    o.answer = msf_->run();
    msf_->certify(o.answer);
    o.seconds = o.answer.seconds;
    return o;
  }
  void release() override { msf_.reset(); }

 private:
  std::unique_ptr<PbglBoruvka> msf_;
};

// The search programs' options: what the experiment does with each engine once
// it is built, before its trials (draws the roots on its component).
struct BfsOptions {
  std::function<void(DistributedBfs&)> built;
};

class DistributedBfsProgram : public BfsProgram {
 public:
  DistributedBfsProgram(BfsEngine engine, const BfsOptions& o) : engine_(engine), options_(o) {}
  harness::Prepared prepare(const Share<std::uint32_t>& g, int) override {
    harness::Prepared p;
    bfs_ = make_bfs(engine_, g.comm, g.local);
    p.columns["setup_s"] = bfs_->build_seconds();
    p.note = "built its graph on " + std::to_string(g.comm.size()) + " rank(s)";
    if (options_.built) options_.built(*bfs_);
    return p;
  }
  harness::Outcome<BfsRun> run(const Share<std::uint32_t>&, const vid_t& root, int) override {
    harness::Outcome<BfsRun> o;
    o.answer = bfs_->run(root);
    o.seconds = o.answer.seconds;
    return o;
  }
  void release() override { bfs_.reset(); }

 private:
  BfsEngine engine_;
  BfsOptions options_;
  std::unique_ptr<DistributedBfs> bfs_;
};

inline harness::ProgramEntries<SsspProgram> sssp_programs() {
  return {{{.name = sssp::kPbglDeltaStepping, .device = harness::Device::mpi},
           [](const harness::NoOptions&) { return std::make_unique<PbglDeltaSteppingProgram>(); }}};
}
inline harness::ProgramEntries<MsfProgram> msf_programs() {
  return {{{.name = mst::kPbglBoruvka, .device = harness::Device::mpi},
           [](const harness::NoOptions&) { return std::make_unique<PbglBoruvkaProgram>(); }}};
}

inline harness::ProgramEntries<BfsProgram, BfsOptions> bfs_programs() {
  return {{{.name = traversal::name::pbgl_bfs, .device = harness::Device::mpi},
           [](const BfsOptions& o) { return std::make_unique<DistributedBfsProgram>(BfsEngine::pbgl, o); }},
          {{.name = traversal::name::combblas_bfs, .device = harness::Device::mpi},
           [](const BfsOptions& o) { return std::make_unique<DistributedBfsProgram>(BfsEngine::combblas, o); }}};
}

}  // namespace gs::dist
