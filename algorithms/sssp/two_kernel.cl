// Paper E's two-kernel SSSP (Harish & Narayanan 2007) as OpenCL C 1.2 kernels.
// Embedded into the host program at build time (see CMakeLists.txt).
//
// Distances are non-negative floats; their bit patterns, read as ints, order
// like the values (+infinity included), so the relaxation's atomic minimum is
// the core atomic_min on ints. The original stores the new cost with a plain
// write, which can lose the smaller of two concurrent relaxations.

__kernel void init_mask_and_costs(uint n, uint source, __global float* cost, __global int* updating_cost,
                                  __global uchar* mask) {
  const uint v = get_global_id(0);
  if (v >= n) return;
  const float c = v == source ? 0.0f : INFINITY;
  cost[v] = c;
  updating_cost[v] = as_int(c);
  mask[v] = v == source;
}

// Phase 1: every masked vertex clears its mask and relaxes its out-arcs.
__kernel void relax_phase1(uint n, __global const ulong* vertex_array, __global const uint* edge_array,
                           __global const float* weight_array, __global const float* cost,
                           __global int* updating_cost, __global uchar* mask) {
  const uint u = get_global_id(0);
  if (u >= n || !mask[u]) return;
  mask[u] = 0;
  const float du = cost[u];
  const ulong end = vertex_array[u + 1];
  for (ulong e = vertex_array[u]; e < end; ++e)
    atomic_min(updating_cost + edge_array[e], as_int(du + weight_array[e]));
}

// Phase 2: a vertex whose updating cost dropped below its cost takes it and is
// masked for the next round; any_mask tells the host that a mask is set.
__kernel void update_phase2(uint n, __global float* cost, __global int* updating_cost, __global uchar* mask,
                            __global int* any_mask) {
  const uint v = get_global_id(0);
  if (v >= n) return;
  const float uc = as_float(updating_cost[v]);
  if (uc < cost[v]) {
    cost[v] = uc;
    mask[v] = 1;
    *any_mask = 1;
  }
  updating_cost[v] = as_int(cost[v]);
}
