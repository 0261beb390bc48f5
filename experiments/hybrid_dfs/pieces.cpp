// The pieces of experiment hybrid_dfs at each scale: which programs run on which
// graphs, and how long each piece takes on the reference machine.
#include <bit>
#include <string>
#include <vector>

#include "experiments/hybrid_dfs/config.hpp"

namespace gs::hybrid_dfs {

using harness::GraphSize;
using harness::Piece;
using harness::Role;

// fig5b's edge counts, as doublings of the main graph's M: one piece per size, so that the
// largest (generation and CSR alone take minutes) fits one command of a time-limited machine.
constexpr int kFig5bDoublings = 3;

std::vector<Piece> pieces(const Config&, const CommonOptions& opt) {
  const bool paper = opt.scale == Scale::paper;
  const GraphSize main_graph = paper ? GraphSize{1ull << 25, 1ull << 28} : GraphSize{1ull << 16, 1ull << 19};
  std::vector<GraphSize> by_n;
  for (int s = paper ? 20 : 13; s <= (paper ? 26 : 18); ++s) by_n.push_back({1ull << s, 8ull << s});
  using namespace traversal::name;
  const std::vector<std::string> cpu = {stack_omp, read_omp, hybrid_omp, dobfs_omp};
  const std::vector<std::string> gpu = {read_gpu, hybrid_cpu_gpu, dobfs_gpu, hybrid_omp, dobfs_omp};
  std::vector<std::string> single_process;  // every program on one device: not the distributed or multi-GPU ones
  for (const harness::ProgramInfo& info : traversals().infos())
    if (info.device != harness::Device::mpi && info.name != dobfs_mgpu) single_process.push_back(info.name);
  const std::vector<std::string> sizes = {stack_omp, hybrid_omp, dobfs_omp, read_gpu, hybrid_cpu_gpu, dobfs_gpu};
  // Paper-scale estimates: the pieces' measured wall times on the reference machine (NOTES.md).
  std::vector<Piece> out = {
      {.name = "table1",
       .role = Role::main,
       .est_seconds = paper ? 30.0 : 5.0,
       .programs = read_benchmarks().names(),
       .kind = kReadBandwidth},
      {.name = "fig3",
       .role = Role::thread_sweep,
       .est_seconds = paper ? 360.0 : 20.0,
       .programs = cpu,
       .graphs = {main_graph},
       .thread_sweep = true,
       .kind = kRmat},
      // BGL's sequential BFS on fig3's graph, a piece of its own so that fig3 fits one command.
      {.name = "fig3-bgl",
       .role = Role::thread_sweep,
       .est_seconds = paper ? 130.0 : 5.0,
       .programs = {bgl_bfs},
       .graphs = {main_graph},
       .kind = kRmat},
      {.name = "fig4",
       .role = Role::main,
       .est_seconds = paper ? 90.0 : 10.0,
       .programs = gpu,
       .graphs = {main_graph},
       .kind = kRmat},
      {.name = "fig5a",
       .role = Role::size_sweep,
       .est_seconds = paper ? 150.0 : 20.0,
       .programs = sizes,
       .graphs = by_n,
       .kind = kRmat},
  };
  for (int k = 0; k <= kFig5bDoublings; ++k) {
    const GraphSize size{main_graph.n, main_graph.m << k};
    out.push_back({.name = "fig5b-m2e" + std::to_string(std::countr_zero(size.m)),
                   .role = Role::size_sweep,
                   .est_seconds = paper ? 15.0 + 1.6e-7 * double(size.m) : 5.0,
                   .programs = sizes,
                   .graphs = {size},
                   .kind = kRmatEachSize});
  }
  // Road-like graphs beside RMAT: a grid's diameter (2 x side hops) gives thousands of small
  // levels where RMAT has a handful of huge ones (docs/PROTOCOL.md).
  const std::vector<GraphSize> roads =
      paper ? std::vector{grid_size(2048), grid_size(4096)} : std::vector{grid_size(256), grid_size(512)};
  out.push_back({.name = "road",
                 .role = Role::extension,
                 .est_seconds = paper ? 240.0 : 15.0,
                 .programs = single_process,
                 .graphs = roads,
                 .kind = kGrid});
  // dobfs_mgpu over the GPUs of one host beside dobfs_gpu on one of them: strong scaling on
  // N = 2^26 and 2^27 (16 edges per vertex), weak scaling with 2^29 edges per GPU (G = 1, 2, 4 on
  // the three graphs in turn; quick: 2^20). Five roots each: verifying a 2^31-edge traversal
  // takes seconds, and the whole piece must fit one command.
  std::vector<GraphSize> multi_gpu;
  for (int s = paper ? 25 : 16; s <= (paper ? 27 : 18); ++s) multi_gpu.push_back({1ull << s, 16ull << s});
  double multi_gpu_edges = 0;
  for (const GraphSize& size : multi_gpu) multi_gpu_edges += double(size.m);
  out.push_back({.name = "multi-gpu",
                 .role = Role::extension,
                 .est_seconds = paper ? 60.0 + 1.6e-7 * multi_gpu_edges : 15.0,
                 .programs = {dobfs_gpu, dobfs_mgpu},
                 .graphs = multi_gpu,
                 .kind = kRmatEachSize,
                 .max_trials = 5,
                 .min_gpus = 2});
  // The top of the weak-scaling series that fills the GPUs: N = 2^28, M = 2^32, dobfs_mgpu
  // alone on every GPU of the host (its largest GPU count): 2^30 edges per GPU at G = 4 and
  // 2^31 at G = 2, whose lower points are multi-gpu's graphs (quick: N = 2^19, M = 2^23). A
  // piece of its own: generating and loading it alone takes minutes.
  out.push_back({.name = "multi-gpu-large",
                 .role = Role::extension,
                 .est_seconds = paper ? 480.0 : 10.0,
                 .programs = {dobfs_mgpu},
                 .graphs = {paper ? GraphSize{1ull << 28, 1ull << 32} : GraphSize{1ull << 19, 1ull << 23}},
                 .kind = kRmatMostGpus,
                 .max_trials = 5,
                 .min_gpus = 2});
  // PBGL's traversals at the main graph's size would take minutes each at P = 2..16
  // (NOTES.md): at paper scale the piece runs on fig5a's N = 2^22, M = 2^25 graph (the
  // same graph; its single-node programs run there), three roots, no warm-up, so that
  // each P fits one command. Both engines run at every P each supports (CombBLAS: squares).
  out.push_back({.name = "scale-out",
                 .role = Role::scale_out,
                 .est_seconds = paper ? 240.0 : 20.0,
                 .programs = {pbgl_bfs, combblas_bfs},
                 .graphs = {paper ? GraphSize{1ull << 22, 1ull << 25} : main_graph},
                 .kind = harness::kMpiKind,
                 .max_trials = paper ? 3 : 0,
                 .max_warmups = paper ? 0 : -1});
  return out;
}

}  // namespace gs::hybrid_dfs
