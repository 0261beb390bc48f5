// The processes one run of an experiment is made of: one process (every build
// without MPI, and a build with MPI started without an MPI launcher), or the
// ranks of an MPI job (an executable built with MPI and the Parallel BGL,
// started by mpirun). The driver asks the world who writes (rank 0), which
// programs can run (the Device::mpi ones need MPI; on more than one rank only
// they run) and how errors end the run: agree() makes an error seen by any
// rank the error of every rank, so that all ranks exit with the same code and
// rank 0 alone prints it. No MPI header is needed here: the MPI world is
// in gs_harness_mpi (mpi_world.cpp, built only with MPI and the Parallel BGL)
// and chosen by run_experiment in executables compiled with GS_HAVE_MPI.
#pragma once

#include <functional>
#include <string>

namespace gs::harness {

class World {
 public:
  virtual ~World() = default;
  virtual int rank() const = 0;
  virtual int size() const = 0;
  // Ranks on this rank's host (the world's size on one machine).
  virtual int ranks_here() const = 0;
  // The distinct host names of the ranks, comma-separated (results metadata "hosts").
  virtual const std::string& hosts() const = 0;
  // The most ranks on one host (results metadata "ranks_per_host").
  virtual int ranks_per_host() const = 0;
  // Whether some host runs more ranks than it has cores (mpirun --oversubscribe):
  // the ranks then share cores and their times mean little (metadata "oversubscribed").
  virtual bool oversubscribed() const = 0;
  // Whether Device::mpi programs can run: built with MPI and the Parallel BGL.
  virtual bool distributed() const = 0;
  // Makes sure MPI runs before the first distributed program: started alone,
  // a build with MPI starts it only here (a singleton), so that runs without
  // distributed programs never depend on the MPI runtime. No-op otherwise.
  virtual void start_mpi() = 0;
  // Runs `local` (no collective calls inside) and agrees with every rank on
  // its outcome: when any rank threw, every rank throws the lowest failing
  // rank's error. Collective.
  virtual void agree(const std::function<void()>& local) const = 0;
};

// This machine's host name.
std::string this_host();

// The MPI job that started this process, as the launcher's environment
// describes it (Open MPI's OMPI_COMM_WORLD_SIZE/RANK, MPICH's PMI_SIZE/RANK,
// PMIx's PMIX_RANK, which gives no size: size 0 = unknown).
struct LaunchedRanks {
  bool launched = false;  // started by mpirun/mpiexec/srun
  int rank = 0;
  int size = 1;
};
LaunchedRanks launched_ranks();

// Where the environment names a folder (GS_RANK_STATUS_DIR), writes `code`
// to FOLDER/rank-R: the tests check that every rank, not only the one the
// launcher reports, ended with the expected code.
void write_rank_status(int rank, int code);

// main() of an experiment in one process: runs body with the single-process
// world and maps the suite's errors to its exit codes (gs::run_main). An
// executable without distributed programs started by an MPI launcher on more
// than one rank refuses on every rank (exit 2, one message from rank 0, no
// files): its ranks would each run everything and race on the output files.
int run_single(const char* program, const std::function<int(World&)>& body);
// main() of an experiment built with MPI (defined by gs_distributed): under an
// MPI launcher, MPI starts at once, ranks other than 0 print nothing (their
// stdout and stderr go to /dev/null, except an error only they saw), and every
// rank exits with the same code; started alone, the world is one process that
// starts MPI only when a distributed program runs. Either way MPI is finalised
// before it returns, not by static destructors at exit.
int run_mpi(const char* program, int argc, char** argv, const std::function<int(World&)>& body);

}  // namespace gs::harness
