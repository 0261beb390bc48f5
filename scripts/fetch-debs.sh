#!/usr/bin/env bash
# Downloads the Debian packages that give a machine without network access
# (the GPU machine) MPI, Boost.MPI, the Parallel BGL and CombBLAS: Open MPI
# with its runtime libraries, Boost 1.74's headers with its MPI,
# serialization and graph_parallel libraries, and CombBLAS 1.6.2. Nothing of the compiler or the C library: the
# target machine has its own. scripts/gpu-machine.sh unpacks them (dpkg -x,
# no installation) into a prefix and builds the whole suite against it.
#
#   scripts/fetch-debs.sh [DIR]      # default DIR: .debs (ignored by git)
#
# Run on Debian 12 (bookworm), whose package names and versions these are,
# after `apt-get update`. Carry the folder to the device: carry [".debs"].
set -euo pipefail
cd "$(dirname "$0")/.."
DIR=${1:-.debs}

# The one list. Found from the shared libraries that the programs and MCA
# components of the first group need (ldd), less what any system with a C++
# compiler has (libc6, libgcc-s1, libstdc++6, libatomic1, zlib1g, libudev1, libuuid1).
PACKAGES=(
  # Open MPI: launcher, library and its components, headers and compiler wrappers
  openmpi-bin openmpi-common libopenmpi3 libopenmpi-dev
  # what Open MPI, PMIx and the fabric components load
  libpmix2 libhwloc15 libevent-core-2.1-7 libevent-pthreads-2.1-7 libmunge2 libnuma1
  libfabric1 libucx0 libibverbs1 ibverbs-providers librdmacm1 libnl-3-200 libnl-route-3-200
  libpsm-infinipath1 libpsm2-2
  # Boost 1.74: all headers (the Parallel BGL's among them) and the compiled parts PBGL needs
  libboost1.74-dev
  libboost-mpi1.74.0 libboost-mpi1.74-dev
  libboost-serialization1.74.0 libboost-serialization1.74-dev
  libboost-graph-parallel1.74.0 libboost-graph-parallel1.74-dev
  # CombBLAS (combblas_bfs): headers and libCombBLAS.so link; the library needs only Open MPI's (above)
  libcombblas-dev libcombblas1.16.0
)

if ! grep -q '^VERSION_CODENAME=bookworm' /etc/os-release 2>/dev/null; then
  echo "fetch-debs.sh: warning: not Debian 12 (bookworm); the names above are bookworm's and the" \
       "packages must match what scripts/gpu-machine.sh expects (Open MPI 4.1, Boost 1.74, CombBLAS 1.6.2)" >&2
fi
missing=()
for p in "${PACKAGES[@]}"; do
  policy=$(apt-cache policy "$p" 2>/dev/null || true)  # (not piped into grep -q: pipefail and SIGPIPE)
  [[ "$policy" == *"Candidate: "[!\(]* ]] || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "fetch-debs.sh: no candidate for: ${missing[*]} (run apt-get update first)" >&2
  exit 1
fi

mkdir -p "$DIR"
rm -f "$DIR"/*.deb
(cd "$DIR" && apt-get download "${PACKAGES[@]}")
{
  echo "# $(date -u +%Y-%m-%dT%H:%M:%SZ) scripts/fetch-debs.sh on $(grep -m1 '^PRETTY_NAME=' /etc/os-release | cut -d= -f2)"
  # shellcheck disable=SC2016  # dpkg-deb expands ${Package}, not the shell
  for d in "$DIR"/*.deb; do dpkg-deb --showformat='${Package} ${Version}\n' -W "$d"; done
} > "$DIR/MANIFEST"
echo "fetch-debs.sh: ${#PACKAGES[@]} packages, $(du -sh "$DIR" | cut -f1) in $DIR (list in $DIR/MANIFEST)"
