# The suite's front door. `make test` and `make reproduce` work on a fresh
# machine: both first check (and as root install) the dependencies.
#
#   make test                     build and run every test (GPU tests skip without a GPU)
#   make reproduce SCALE=quick    run every experiment, then figures and the report
#   make exp-<name>               run one experiment (prim_gpu, sollin_multicore, ...); its pieces
#                                 complete from an earlier run are kept (FORCE=1 reruns them;
#                                 PIECES=a,b runs only those pieces)
#   make figures RESULTS=DIR      redraw figures, tables, the report and the artifact appendix from existing results only
#   make paper RESULTS=DIR        rebuild only the report from existing results
#   make artifact RESULTS=DIR     the artifact appendix (docs/ARTIFACT.md for the reference) from the results
#   (make reproduce BUDGET=S: stop before a piece that would not fit S seconds; rerun to continue;
#    SKIP_KINDS=mpi: leave out the MPI scale-out pieces, which are beyond the papers)
#   make compare RESULTS=DIR      compare results with the reference, claim by claim and point by point
#                                 (REFERENCE=DIR, default the committed reference of the same scale:
#                                 results/reference/<machine> or <machine>-quick, the machine named
#                                 in paper/outputs.py; STRICT=1: exit 1 on a difference)
#   (RESULTS=the committed reference writes the committed paper/figures, paper/tables and
#   paper/REPORT.md; any other RESULTS, e.g. the default results/local/quick, writes RESULTS/paper/)
#   make lint                     format check (black, clang-format) and lint (pyflakes); CI runs it
#   make build | clean | deps
#
# Variables: PRESET=default|cpu-only|debug  SCALE=quick|paper  RESULTS=DIR  JOBS=N
#            WERROR=ON (warnings in the suite's own code fail the build; CI sets it)

PRESET  ?= default
SCALE   ?= quick
JOBS    ?= $(shell nproc 2>/dev/null || echo 2)
WERROR  ?= OFF
BUILD   := build/$(PRESET)
RESULTS ?= results/local/$(SCALE)
# The experiments, in paper order: experiments/list.txt is the one list.
EXPERIMENTS := $(shell cat experiments/list.txt)
PYTHON   = $(shell scripts/find-python.sh)

.PHONY: all deps build test lint format reproduce figures paper artifact compare clean programs-json $(addprefix exp-,$(EXPERIMENTS))

all: build

deps:
	@scripts/deps.sh

build: deps
	cmake --preset $(PRESET) -DGS_WERROR=$(WERROR)
	cmake --build --preset $(PRESET) -j $(JOBS)

test: build
	ctest --preset $(PRESET) -j $(JOBS)
	@if [ -d tests/paper ]; then $(PYTHON) -m unittest discover -s tests/paper -t . -v; fi

# paper/programs.json: what each experiment's executable registers (names,
# labels, families), read by the figures; the ctest paper_programs_current
# fails until this is rerun after a program is added or renamed.
programs-json: build
	$(PYTHON) -m paper.programs --bin $(BUILD)/bin

# The Python code: black at the suite's line length (format it with
# `make format`), pyflakes for unused names and undefined ones.
PY_SOURCES   := paper tests/paper $(wildcard scripts/*.py)
BLACK_ARGS   := --line-length 120 --quiet
# The C++ and CUDA code: clang-format with the repository's .clang-format.
CXX_SOURCES   = $(shell git ls-files '*.cpp' '*.hpp' '*.cu' '*.cuh' '*.h' 2>/dev/null)
CLANG_FORMAT ?= clang-format
lint: deps
	$(PYTHON) -m black --check --diff $(BLACK_ARGS) $(PY_SOURCES)
	$(PYTHON) -m pyflakes $(PY_SOURCES)
	$(CLANG_FORMAT) --dry-run --Werror $(CXX_SOURCES)

format: deps
	$(PYTHON) -m black $(BLACK_ARGS) $(PY_SOURCES)
	$(CLANG_FORMAT) -i $(CXX_SOURCES)

reproduce: build
	$(PYTHON) scripts/reproduce.py --build $(BUILD) --scale $(SCALE) --results $(RESULTS) $(if $(BUDGET),--budget $(BUDGET)) $(if $(FORCE),--force) $(if $(SKIP_KINDS),--skip-kinds $(SKIP_KINDS))

$(addprefix exp-,$(EXPERIMENTS)): exp-%: build
	$(PYTHON) scripts/reproduce.py --build $(BUILD) --scale $(SCALE) --results $(RESULTS) --only $* --no-figures $(if $(PIECES),--pieces $(PIECES)) $(if $(FORCE),--force)

figures:
	$(PYTHON) -m paper.figures --results $(RESULTS)
	$(PYTHON) -m paper.report --results $(RESULTS)
	$(PYTHON) -m paper.artifact --results $(RESULTS)

paper:
	$(PYTHON) -m paper.report --results $(RESULTS)

artifact:
	$(PYTHON) -m paper.artifact --results $(RESULTS)

# REFERENCE unset: the committed reference of the results' scale (paper.compare says which).
compare:
	$(PYTHON) -m paper.compare --results $(RESULTS) $(if $(REFERENCE),--reference $(REFERENCE)) $(if $(STRICT),--strict)

clean:
	rm -rf build

# Hardening. test-hardening: the debug preset (ASan + UBSan, CPU only)
# builds only what the io tests and tests/hardening need, then runs them (crash
# safety is about signals, not memory: it runs in `make test` only).
# fuzz: libFuzzer targets per reader, FUZZ_SECONDS each (clang only; skips
# without it). gpu-sanitize: compute-sanitizer over every CUDA program (skips
# without a GPU).
FUZZ_SECONDS ?= 30
IO_TESTS := $(shell sed -n 's/.*NAME *\([A-Za-z0-9_]*\).*/\1/p' tests/io/CMakeLists.txt 2>/dev/null)
HARDENING_TARGETS := gen $(EXPERIMENTS) $(IO_TESTS)

.PHONY: test-hardening fuzz gpu-sanitize

test-hardening: deps
	cmake --preset debug -DGS_WERROR=$(WERROR)
	cmake --build --preset debug -j $(JOBS) --target $(HARDENING_TARGETS)
	ctest --preset debug -j $(JOBS) -R '^(test_io_|hardening_)' -E crash_safety

fuzz:
	FUZZ_SECONDS=$(FUZZ_SECONDS) JOBS=$(JOBS) fuzz/run.sh

gpu-sanitize:
	JOBS=$(JOBS) scripts/gpu-sanitize.sh
