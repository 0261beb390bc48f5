#include "common/harness/mpi_agree.hpp"

#include <mpi.h>

#include <boost/mpi/collectives/all_reduce.hpp>
#include <boost/mpi/collectives/broadcast.hpp>
#include <boost/mpi/environment.hpp>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <new>

#include "common/harness/world.hpp"

namespace gs::dist {
namespace {

// Set just before an agreed error is thrown on every rank, so that run_main
// knows that all ranks are ending together (and only rank 0 need speak).
bool g_agreed = false;

[[noreturn]] void throw_agreed(int code, const std::string& message) {
  g_agreed = true;
  switch (code) {
    case kExitBadInput:
      throw InputError(message);
    case kExitNoResources:
      throw ResourceError(message);
    default:
      throw VerificationError(message);
  }
}

// Every rank's (code, message) -> the lowest failing rank's, on every rank.
void settle(const mpi::communicator& comm, int code, std::string message) {
  const int mine = code != 0 ? comm.rank() : INT_MAX;
  const int first = mpi::all_reduce(comm, mine, mpi::minimum<int>());
  if (first == INT_MAX) return;
  mpi::broadcast(comm, code, first);
  mpi::broadcast(comm, message, first);
  throw_agreed(code, message);
}

}  // namespace

void agree(const mpi::communicator& comm, const std::function<void()>& local) {
  int code = 0;
  std::string message;
  try {
    local();
  } catch (const InputError& e) {
    code = kExitBadInput, message = e.what();
  } catch (const ResourceError& e) {
    code = kExitNoResources, message = e.what();
  } catch (const VerificationError& e) {
    code = kExitVerificationFailed, message = e.what();
  } catch (const std::bad_alloc& e) {
    code = kExitNoResources, message = std::string("an allocation failed (") + e.what() + ")";
  } catch (const std::exception& e) {
    code = kExitVerificationFailed, message = std::string("internal error: ") + e.what();
  }
  settle(comm, code, message);
}

void agree_verified(const mpi::communicator& comm, const std::string& who, const std::string& problem) {
  settle(comm, problem.empty() ? 0 : int(kExitVerificationFailed),
         who + ": " + problem + " (rank " + std::to_string(comm.rank()) + ")");
}

int run_main(int argc, char** argv, const char* program, const std::function<int(const mpi::communicator&)>& body) {
  mpi::environment env(argc, argv);
  mpi::communicator world;
  int code = 0;
  std::string line;
  try {
    code = body(world);
    write_rank_status(world, code);
    return code;
  } catch (const InputError& e) {
    code = kExitBadInput, line = std::string("error: ") + e.what();
  } catch (const ResourceError& e) {
    code = kExitNoResources, line = std::string("not enough resources: ") + e.what();
  } catch (const VerificationError& e) {
    code = kExitVerificationFailed, line = std::string("VERIFICATION FAILED: ") + e.what();
  } catch (const std::bad_alloc& e) {
    code = kExitNoResources, line = std::string("not enough resources: an allocation failed (") + e.what() + ")";
  } catch (const std::exception& e) {
    code = kExitVerificationFailed, line = std::string("internal error: ") + e.what();
  }
  write_rank_status(world, code);
  // With one rank every error is agreed: nobody waits for it.
  if (g_agreed || world.size() == 1) {
    if (world.rank() == 0) std::fprintf(stderr, "%s: %s\n", program, line.c_str());
    // Every rank is here: leave together, so that the launcher, which may kill
    // the others once one rank ends with an error, finds them all done.
    world.barrier();
    return code;
  }
  std::fprintf(stderr, "%s: rank %d: %s\n", program, world.rank(), line.c_str());
  std::fflush(stderr);
  world.abort(code);
  return code;  // not reached: abort ends the process
}

void write_rank_status(const mpi::communicator& world, int code) { harness::write_rank_status(world.rank(), code); }

double wall_seconds() { return MPI_Wtime(); }

double slowest(const mpi::communicator& comm, double seconds) {
  return mpi::all_reduce(comm, seconds, mpi::maximum<double>());
}

}  // namespace gs::dist
