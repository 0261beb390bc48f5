#include "algorithms/distributed/pbgl_delta_stepping.hpp"

// pbgl_graph.hpp first: it includes boost/graph/use_mpi.hpp, which every PBGL header needs.
#include "algorithms/distributed/pbgl_graph.hpp"

#include <boost/graph/distributed/delta_stepping_shortest_paths.hpp>
#include <boost/property_map/property_map.hpp>
#include <cmath>
#include <limits>

#include "common/answer.hpp"
#include "common/results.hpp"

namespace gs::dist {
namespace {

// PBGL's get/put for distributed property maps live beside the maps (found by ADL).
using boost::get;
using boost::put;

// vertex_rank holds the certificate's "has a tight incoming arc" flags.
using Graph = detail::DistributedGraph<
    boost::directedS,
    boost::property<boost::vertex_distance_t, float, boost::property<boost::vertex_rank_t, std::uint8_t>>,
    boost::property<boost::edge_weight_t, float>>;

constexpr float kPbglInfinity = std::numeric_limits<float>::max();  // PBGL's "no path yet"

}  // namespace

struct PbglDeltaStepping::Impl {
  mpi::communicator comm;
  vid_t n = 0;
  double build_seconds = 0;
  // For default_delta: arcs, their weight sum and smallest positive weight, over all ranks.
  std::uint64_t arcs = 0;
  double weight_sum = 0, min_positive = 0;
  std::unique_ptr<Graph> g;
};

std::string SsspRun::answer() const { return sssp_answer(reached, distsum); }

PbglDeltaStepping::PbglDeltaStepping(const mpi::communicator& comm, const LocalEdges<float>& edges) : impl_(new Impl) {
  impl_->comm = comm;
  impl_->n = edges.n;
  double sum = 0, min_pos = std::numeric_limits<double>::infinity();
  agree(comm, [&] {
    if (!edges.edges.weighted() && edges.edges.size() > 0)
      throw InputError("pbgl_delta_stepping: the graph has no weights");
    for (float w : edges.edges.w) {
      if (!(w >= 0) || !std::isfinite(w))
        throw InputError("pbgl_delta_stepping: weight " + fmt_number(w) + " (weights must be finite and >= 0)");
      sum += w;
      if (w > 0) min_pos = std::min(min_pos, double(w));
    }
  });
  const std::uint64_t copies = edges.directed ? 1 : 2;
  impl_->arcs = mpi::all_reduce(comm, std::uint64_t(edges.edges.size()) * copies, std::plus<std::uint64_t>());
  impl_->weight_sum = mpi::all_reduce(comm, sum * double(copies), std::plus<double>());
  impl_->min_positive = mpi::all_reduce(comm, min_pos, mpi::minimum<double>());
  comm.barrier();
  const double t0 = wall_seconds();
  impl_->g = detail::build_graph<Graph>(comm, edges, /*reverse_too=*/!edges.directed);
  comm.barrier();
  impl_->build_seconds = slowest(comm, wall_seconds() - t0);
}

PbglDeltaStepping::~PbglDeltaStepping() = default;

vid_t PbglDeltaStepping::num_vertices() const { return impl_->n; }
double PbglDeltaStepping::build_seconds() const { return impl_->build_seconds; }

float PbglDeltaStepping::default_delta(double factor) const {
  if (impl_->arcs == 0 || impl_->n == 0) return 1.0f;
  const double mean_w = impl_->weight_sum / double(impl_->arcs), mean_deg = double(impl_->arcs) / double(impl_->n);
  double delta = factor * mean_w / std::max(1.0, mean_deg);
  if (std::isfinite(impl_->min_positive)) delta = std::max(delta, impl_->min_positive);
  return delta > 0 ? float(delta) : 1.0f;
}

SsspRun PbglDeltaStepping::run(vid_t source, float delta) {
  const mpi::communicator& comm = impl_->comm;
  agree(comm, [&] {
    if (source >= impl_->n)
      throw InputError("pbgl_delta_stepping: source " + std::to_string(source) +
                       " is not a vertex (n = " + std::to_string(impl_->n) + ")");
  });
  if (!(delta > 0)) delta = default_delta();
  Graph& g = *impl_->g;
  auto dist = get(boost::vertex_distance, g);
  // Remote distances cached by an earlier run would hold back relaxations.
  dist.clear();

  comm.barrier();
  const double t0 = wall_seconds();
  boost::graph::distributed::delta_stepping_shortest_paths(g, boost::vertex(source, g), boost::dummy_property_map(),
                                                           dist, get(boost::edge_weight, g), delta);
  comm.barrier();

  SsspRun r;
  r.seconds = slowest(comm, wall_seconds() - t0);
  r.source = source;
  r.delta = delta;
  r.block = vertex_block(impl_->n, comm.rank(), comm.size());
  r.dist.resize(r.block.count);
  std::uint64_t reached = 0;
  double distsum = 0;
  BGL_FORALL_VERTICES(v, g, Graph) {
    const float d = get(dist, v);
    r.dist[v.local] = d == kPbglInfinity ? std::numeric_limits<float>::infinity() : d;
    if (d != kPbglInfinity) ++reached, distsum += double(d);
  }
  r.reached = mpi::all_reduce(comm, reached, std::plus<std::uint64_t>());
  r.distsum = mpi::all_reduce(comm, distsum, std::plus<double>());
  return r;
}

void PbglDeltaStepping::certify(const SsspRun& run, double rel_tol) {
  const mpi::communicator& comm = impl_->comm;
  Graph& g = *impl_->g;
  agree(comm, [&] {
    if (run.dist.size() != run.block.count || run.block.count != boost::num_vertices(g))
      throw VerificationError("pbgl_delta_stepping: the run's distance array does not match this rank's vertices");
  });
  // The distances checked are the run's, as its caller received them: each
  // rank writes its own into the graph's map, and PBGL fetches the owners'
  // values of every owned arc's head into ghost cells (request + synchronize).
  auto dist = get(boost::vertex_distance, g);
  BGL_FORALL_VERTICES(v, g, Graph) {
    const float d = run.dist[v.local];
    put(dist, v, std::isinf(d) && d > 0 ? kPbglInfinity : d);
  }
  dist.set_max_ghost_cells(0);
  dist.clear();
  BGL_FORALL_VERTICES(u, g, Graph) { BGL_FORALL_OUTEDGES(u, e, g, Graph) request(dist, boost::target(e, g)); }
  boost::parallel::synchronize(dist);
  auto tight = get(boost::vertex_rank, g);
  tight.set_max_ghost_cells(0);
  tight.clear();
  BGL_FORALL_VERTICES(v, g, Graph) put(tight, v, std::uint8_t(0));
  const auto weight = get(boost::edge_weight, g);
  const auto str = [](std::uint64_t x) { return std::to_string(x); };
  const auto finite = [](float d) { return d != kPbglInfinity; };

  std::string problem;
  auto fail = [&](const std::string& what) {
    if (problem.empty()) problem = what;
  };
  // Relaxed arcs, and the tight ones: a tight arc marks its head at the head's owner.
  BGL_FORALL_VERTICES(u, g, Graph) {
    if (!problem.empty()) break;
    const float du = get(dist, u);
    if (std::isnan(du)) fail("vertex " + str(detail::global_id(g, u)) + " has distance NaN");
    if (!finite(du)) continue;
    BGL_FORALL_OUTEDGES(u, e, g, Graph) {
      const auto v = boost::target(e, g);
      const float dv = get(dist, v);
      const double via = double(du) + double(get(weight, e));
      const double tol = rel_tol * std::max(1.0, via);
      if (!finite(dv) || double(dv) > via + tol) {
        fail("arc (" + str(detail::global_id(g, u)) + "," + str(detail::global_id(g, v)) +
             ") can still be relaxed: " + (finite(dv) ? fmt_number(dv) : std::string("inf")) + " > " + fmt_number(via));
        break;
      }
      if (std::fabs(double(dv) - via) <= tol) put(tight, v, std::uint8_t(1));
    }
  }
  // Delivers the marks sent to other ranks.
  boost::graph::distributed::synchronize(g.process_group());
  std::uint64_t reached = 0;
  double distsum = 0;
  BGL_FORALL_VERTICES(v, g, Graph) {
    if (!problem.empty()) break;
    const vid_t gv = detail::global_id(g, v);
    const float dv = get(dist, v);
    if (gv == run.source && dv != 0) fail("the source " + str(gv) + " has distance " + fmt_number(dv) + ", not 0");
    if (!finite(dv)) continue;
    ++reached, distsum += double(dv);
    if (gv != run.source && get(tight, v) == 0)
      fail("vertex " + str(gv) + " at distance " + fmt_number(dv) + " has no tight incoming arc");
  }
  const std::string who = "pbgl_delta_stepping: shortest paths from " + str(run.source);
  agree_verified(comm, who, problem);
  reached = mpi::all_reduce(comm, reached, std::plus<std::uint64_t>());
  distsum = mpi::all_reduce(comm, distsum, std::plus<double>());
  std::string sums;
  if (reached != run.reached || distsum != run.distsum)
    sums = "the owned distances sum to " + sssp_answer(reached, distsum) + ", the run reports " + run.answer();
  agree_verified(comm, who, sums);
}

std::vector<float> gather_distances(const mpi::communicator& comm, const SsspRun& run) {
  return gather_to_root(comm, run.dist);
}

}  // namespace gs::dist
