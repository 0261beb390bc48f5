"""The host characterisation of a results directory: what each run measured
of its machine (``host_*`` metadata, common/host_profile.hpp), and where a
run predates that, the bandwidths hybrid_dfs's Table 1 and sollin_multicore's
floor measured in the same directory.  ``paper.compare`` divides one side's
by the other's to predict how far the machines alone move a number.

Resources are rates (bigger is faster), named as in ``paper.bounds``:

    cpu_seq@T, cpu_rand@T   CPU read bandwidth, sequential / random, at T threads (T = "max": the run's threads)
    cpu_latency             one thread's dependent reads per second (1 / latency)
    gpu_seq, gpu_rand       GPU read bandwidth
"""

import statistics

from paper import results

HOST_PROFILE = "host profile"
TABLE1 = "Table 1"
SOLLIN_FLOOR = "sollin_multicore's bandwidth floor"
# Where a measurement comes from, in order of preference when both sides have it:
# the host profile (the same method in every run); Table 1 and the Sollin floor
# (runs that predate it) only from arrays beyond the caches, i.e. at paper scale.
SOURCES = (HOST_PROFILE, TABLE1, SOLLIN_FLOOR)
BEYOND_CACHES = 512 << 20
# A resource neither side measured falls back to one both did, said in the text.
PROXIES = {"cpu_latency": "cpu_rand@1", "cpu_rand@1": "cpu_rand@max", "cpu_seq@1": "cpu_seq@max"}
NAMES = {
    "cpu_seq": "CPU sequential read bandwidth",
    "cpu_rand": "CPU random read bandwidth",
    "cpu_latency": "one-thread dependent-read rate",
    "gpu_seq": "GPU sequential read bandwidth",
    "gpu_rand": "GPU random read bandwidth",
}


def _proxy(resource):
    """The resource that stands in for one neither side measured: PROXIES, and
    a bandwidth at T threads for the one at the run's threads."""
    if resource in PROXIES:
        return PROXIES[resource]
    base, _, threads = resource.partition("@")
    if threads and threads not in ("max", "1"):
        return base + "@max"
    return None


def describe(resource):
    base, _, threads = resource.partition("@")
    name = NAMES.get(base, base)
    if threads == "max":
        return name + " (all threads)"
    return name + (" (%s thread%s)" % (threads, "" if threads == "1" else "s") if threads else "")


def _num(v):
    return v if isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0 else None


def characterise(results_dir):
    """{resource: {source: value}}: the median over the directory's runs of each measurement."""
    found = {}

    def add(resource, source, value):
        if _num(value):
            found.setdefault(resource, {}).setdefault(source, []).append(float(value))

    for name, meta in results.metadata_files(results_dir):
        most = meta.get("threads")
        for key, v in meta.items():
            for prefix, res in (("host_cpu_seq_read_gbs_t", "cpu_seq"), ("host_cpu_rand_read_gbs_t", "cpu_rand")):
                if key.startswith(prefix):
                    t = key[len(prefix) :]
                    add("%s@%s" % (res, t), HOST_PROFILE, v)
                    if _num(most) and t == str(int(most)):
                        add(res + "@max", HOST_PROFILE, v)
            floor_ok = name.startswith("sollin_multicore-") and (
                _num(meta.get("read_bandwidth_buffer_bytes")) or 0
            ) >= (BEYOND_CACHES)
            if key == "read_bandwidth_gbs" and floor_ok:
                add("cpu_seq@max", SOLLIN_FLOOR, v)
            if key.startswith("read_bandwidth_gbs_t") and floor_ok:
                t = key[len("read_bandwidth_gbs_t") :]
                add("cpu_seq@" + t, SOLLIN_FLOOR, v)
        if _num(meta.get("host_cpu_dependent_read_ns")):
            add("cpu_latency", HOST_PROFILE, 1e9 / meta["host_cpu_dependent_read_ns"])
        add("gpu_seq", HOST_PROFILE, meta.get("host_gpu_seq_read_gbs"))
        add("gpu_rand", HOST_PROFILE, meta.get("host_gpu_rand_read_gbs"))
        if name.startswith("hybrid_dfs-table1") and meta.get("scale") == "paper":  # quick: a 64 MiB array
            for key, res in (
                ("bw_seq_cpu_gbs", "cpu_seq@max"),
                ("bw_rand_cpu_gbs", "cpu_rand@max"),
                ("bw_seq_gpu_gbs", "gpu_seq"),
                ("bw_rand_gpu_gbs", "gpu_rand"),
            ):
                add(res, TABLE1, meta.get(key))
    return {r: {s: statistics.median(v) for s, v in by.items()} for r, by in found.items()}


class Ratio:
    """here / reference of one resource: ``value``, and ``text`` saying what was
    divided by what (and any proxy or mixed sources); value None when unknown."""

    def __init__(self, resource, value, text, source=""):
        self.resource, self.value, self.text, self.source = resource, value, text, source


def ratio(resource, here, reference):
    """The Ratio of ``resource`` between two characterisations."""
    tried = [resource]
    while not (tried[-1] in here and tried[-1] in reference):
        nxt = _proxy(tried[-1])
        if nxt is None:
            break
        tried.append(nxt)
    used = tried[-1]
    h, r = here.get(used, {}), reference.get(used, {})
    if not h or not r:
        side = "either run" if not h and not r else ("this run" if not h else "the reference")
        return Ratio(resource, None, "%s: not measured in %s" % (describe(resource), side))
    both = [s for s in SOURCES if s in h and s in r]
    if both:
        hs = rs = both[0]
        source = "both from %s" % hs
    else:
        hs, rs = [s for s in SOURCES if s in h][0], [s for s in SOURCES if s in r][0]
        source = "here from %s, the reference from %s" % (hs, rs)
    value = h[hs] / r[rs]
    proxy = " (%s unmeasured: %s stands in)" % (describe(resource), describe(used)) if used != resource else ""
    return Ratio(resource, value, "%s %.2fx the reference's (%s)%s" % (describe(used), value, source, proxy), source)
