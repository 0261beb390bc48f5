// Host side of the OpenCL two-kernel SSSP: the paper's runDijkstra. Per source
// it enqueues the initialisation kernel, then phase 1 and phase 2 until the
// mask is empty. As in the CUDA version, phase 2 raises a device flag when it
// sets any mask and the host reads that word back each round, rather than the
// whole mask array (the same test for 4 bytes instead of n).
// Times are host wall-clock around blocking OpenCL calls (the read-back of
// each round synchronises), so they include the enqueue overheads the paper's
// OpenCL program paid too.
#include "algorithms/sssp/two_kernel_opencl.hpp"

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <stdexcept>
#include <string>

#include "algorithms/sssp/sssp_input.hpp"
#include "algorithms/sssp/two_kernel_cl_source.hpp"  // generated: kTwoKernelClSource
#include "common/errors.hpp"
#include "common/memory.hpp"
#include "common/opencl_drivers.hpp"
#include "common/timer.hpp"

namespace gs::sssp {

namespace {

void cl_check(cl_int err, const char* what) {
  if (err == CL_SUCCESS) return;
  const std::string msg = std::string("OpenCL: ") + what + " failed with error " + std::to_string(err);
  if (err == CL_MEM_OBJECT_ALLOCATION_FAILURE || err == CL_OUT_OF_RESOURCES || err == CL_OUT_OF_HOST_MEMORY ||
      err == CL_INVALID_BUFFER_SIZE)
    throw ResourceError(msg + " (out of device memory)");
  throw std::runtime_error(msg);
}
#define CL_CALL(call) cl_check((call), #call)

std::string device_string(cl_device_id d, cl_device_info what) {
  std::size_t size = 0;
  CL_CALL(clGetDeviceInfo(d, what, 0, nullptr, &size));
  std::string s(size, '\0');
  CL_CALL(clGetDeviceInfo(d, what, size, s.data(), nullptr));
  while (!s.empty() && s.back() == '\0') s.pop_back();
  return s;
}

std::string platform_name(cl_platform_id p) {
  std::size_t size = 0;
  CL_CALL(clGetPlatformInfo(p, CL_PLATFORM_NAME, 0, nullptr, &size));
  std::string s(size, '\0');
  CL_CALL(clGetPlatformInfo(p, CL_PLATFORM_NAME, size, s.data(), nullptr));
  while (!s.empty() && s.back() == '\0') s.pop_back();
  return s;
}

struct Found {
  cl_platform_id platform = nullptr;
  cl_device_id device = nullptr;
};

// The first device of the kind over all platforms ("any": a GPU first).
Found find_device(OpenClDeviceKind kind, std::string* why) {
  const OpenClDrivers& drivers = opencl_drivers();  // before the loader's first call
  cl_uint np = 0;
  if (clGetPlatformIDs(0, nullptr, &np) != CL_SUCCESS || np == 0) {
    if (why) *why = "no OpenCL platform (install an ICD such as pocl-opencl-icd, or NVIDIA's driver)";
    return {};
  }
  std::vector<cl_platform_id> platforms(np);
  clGetPlatformIDs(np, platforms.data(), nullptr);
  auto first_of = [&](cl_device_type type) -> Found {
    for (cl_platform_id p : platforms) {
      cl_uint nd = 0;
      if (clGetDeviceIDs(p, type, 0, nullptr, &nd) != CL_SUCCESS || nd == 0) continue;
      std::vector<cl_device_id> devices(nd);
      if (clGetDeviceIDs(p, type, nd, devices.data(), nullptr) == CL_SUCCESS) return {p, devices[0]};
    }
    return {};
  };
  Found f;
  if (kind == OpenClDeviceKind::gpu || kind == OpenClDeviceKind::any) f = first_of(CL_DEVICE_TYPE_GPU);
  if (!f.device && kind == OpenClDeviceKind::cpu) f = first_of(CL_DEVICE_TYPE_CPU);
  if (!f.device && kind == OpenClDeviceKind::any) f = first_of(CL_DEVICE_TYPE_ALL);
  if (!f.device && why)
    *why = std::string("no OpenCL ") + to_string(kind) + " device on " + std::to_string(np) +
           " platform(s) of the drivers " + drivers.describe();
  return f;
}

// Owns one OpenCL object; `release` is its clRelease* function.
template <class T, cl_int (*release)(T)>
struct ClHandle {
  T h = nullptr;
  ClHandle() = default;
  ClHandle(const ClHandle&) = delete;
  ClHandle& operator=(const ClHandle&) = delete;
  ~ClHandle() { reset(nullptr); }
  void reset(T x) {
    if (h) release(h);
    h = x;
  }
  operator T() const { return h; }
};

}  // namespace

bool opencl_device_available(OpenClDeviceKind kind, std::string* why) {
  return find_device(kind, why).device != nullptr;
}

struct TwoKernelOpenCl::State {
  cl_device_id device = nullptr;
  std::string name;
  bool is_gpu = false;
  std::size_t local_size = 0;  // 0: let the runtime choose (CPU devices)
  cl_ulong global_mem = 0, max_alloc = 0;
  cl_uint compute_units = 0;
  ClHandle<cl_context, clReleaseContext> context;
  ClHandle<cl_command_queue, clReleaseCommandQueue> queue;
  ClHandle<cl_program, clReleaseProgram> program;
  ClHandle<cl_kernel, clReleaseKernel> init, phase1, phase2;
  ClHandle<cl_mem, clReleaseMemObject> vertex_array, edge_array, weight_array, cost, updating_cost, mask, any_mask;
  cl_uint n = 0;
  double build_s = 0, upload_s = 0;

  cl_mem buffer(std::size_t bytes, cl_mem_flags flags) {
    cl_int err = CL_SUCCESS;
    cl_mem m = clCreateBuffer(context, flags, bytes ? bytes : 1, nullptr, &err);
    cl_check(err, "clCreateBuffer");
    return m;
  }
  void launch(cl_kernel k) {
    const std::size_t group = local_size ? local_size : 64;
    const std::size_t global = (std::size_t(n) + group - 1) / group * group;
    CL_CALL(
        clEnqueueNDRangeKernel(queue, k, 1, nullptr, &global, local_size ? &local_size : nullptr, 0, nullptr, nullptr));
  }
};

TwoKernelOpenCl::TwoKernelOpenCl(OpenClDeviceKind kind) : s_(std::make_unique<State>()) {
  State& s = *s_;
  std::string why;
  const Found f = find_device(kind, &why);
  if (!f.device) throw ResourceError("two_kernel_opencl: " + why);
  s.device = f.device;
  cl_device_type type = 0;
  CL_CALL(clGetDeviceInfo(s.device, CL_DEVICE_TYPE, sizeof type, &type, nullptr));
  s.is_gpu = (type & CL_DEVICE_TYPE_GPU) != 0;
  s.name = device_string(s.device, CL_DEVICE_NAME) + " (" + platform_name(f.platform) + ")";
  CL_CALL(clGetDeviceInfo(s.device, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof s.global_mem, &s.global_mem, nullptr));
  CL_CALL(clGetDeviceInfo(s.device, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof s.max_alloc, &s.max_alloc, nullptr));
  CL_CALL(clGetDeviceInfo(s.device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof s.compute_units, &s.compute_units, nullptr));
  if (s.is_gpu) {
    std::size_t max_group = 0;
    CL_CALL(clGetDeviceInfo(s.device, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof max_group, &max_group, nullptr));
    s.local_size = std::min<std::size_t>(256, max_group);
  }

  WallTimer t;
  cl_int err = CL_SUCCESS;
  s.context.reset(clCreateContext(nullptr, 1, &s.device, nullptr, nullptr, &err));
  cl_check(err, "clCreateContext");
  s.queue.reset(clCreateCommandQueue(s.context, s.device, 0, &err));
  cl_check(err, "clCreateCommandQueue");
  const char* src = kTwoKernelClSource;
  s.program.reset(clCreateProgramWithSource(s.context, 1, &src, nullptr, &err));
  cl_check(err, "clCreateProgramWithSource");
  if (clBuildProgram(s.program, 1, &s.device, "", nullptr, nullptr) != CL_SUCCESS) {
    std::size_t size = 0;
    clGetProgramBuildInfo(s.program, s.device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size);
    std::string log(size, '\0');
    clGetProgramBuildInfo(s.program, s.device, CL_PROGRAM_BUILD_LOG, size, log.data(), nullptr);
    throw std::runtime_error("two_kernel_opencl: building two_kernel.cl for " + s.name + " failed:\n" + log);
  }
  s.init.reset(clCreateKernel(s.program, "init_mask_and_costs", &err));
  cl_check(err, "clCreateKernel(init_mask_and_costs)");
  s.phase1.reset(clCreateKernel(s.program, "relax_phase1", &err));
  cl_check(err, "clCreateKernel(relax_phase1)");
  s.phase2.reset(clCreateKernel(s.program, "update_phase2", &err));
  cl_check(err, "clCreateKernel(update_phase2)");
  s.build_s = t.seconds();
}

TwoKernelOpenCl::~TwoKernelOpenCl() = default;
std::string TwoKernelOpenCl::device_name() const { return s_->name; }
bool TwoKernelOpenCl::device_is_gpu() const { return s_->is_gpu; }
unsigned TwoKernelOpenCl::compute_units() const { return s_->compute_units; }
double TwoKernelOpenCl::build_seconds() const { return s_->build_s; }
double TwoKernelOpenCl::upload_seconds() const { return s_->upload_s; }

void TwoKernelOpenCl::load(const Csr<float>& g) {
  require_nonnegative_weights(g, "two_kernel_opencl");
  State& s = *s_;
  const std::uint64_t n = g.n, m = g.num_arcs();
  const std::uint64_t largest = std::max<std::uint64_t>((n + 1) * sizeof(cl_ulong), m * sizeof(cl_uint));
  const std::uint64_t total =
      (n + 1) * sizeof(cl_ulong) + m * (sizeof(cl_uint) + sizeof(float)) + n * (2 * sizeof(float) + 1);
  if (largest > s.max_alloc || total > s.global_mem)
    throw ResourceError("two_kernel_opencl: the graph needs " + format_bytes(total) + " (largest array " +
                        format_bytes(largest) + ") on " + s.name + ", which has " + format_bytes(s.global_mem) +
                        " (largest allocation " + format_bytes(s.max_alloc) + ")");
  if (!s.is_gpu) require_host_memory(total, "two_kernel_opencl buffers on the CPU device");
  s.n = cl_uint(n);
  static_assert(sizeof(cl_ulong) == sizeof(eid_t) && sizeof(cl_uint) == sizeof(vid_t));
  s.vertex_array.reset(s.buffer((n + 1) * sizeof(cl_ulong), CL_MEM_READ_ONLY));
  s.edge_array.reset(s.buffer(m * sizeof(cl_uint), CL_MEM_READ_ONLY));
  s.weight_array.reset(s.buffer(m * sizeof(float), CL_MEM_READ_ONLY));
  s.cost.reset(s.buffer(n * sizeof(float), CL_MEM_READ_WRITE));
  s.updating_cost.reset(s.buffer(n * sizeof(cl_int), CL_MEM_READ_WRITE));
  s.mask.reset(s.buffer(n, CL_MEM_READ_WRITE));
  s.any_mask.reset(s.buffer(sizeof(cl_int), CL_MEM_READ_WRITE));
  WallTimer t;
  CL_CALL(clEnqueueWriteBuffer(s.queue, s.vertex_array, CL_FALSE, 0, (n + 1) * sizeof(cl_ulong), g.offsets.data(), 0,
                               nullptr, nullptr));
  if (m) {
    CL_CALL(clEnqueueWriteBuffer(s.queue, s.edge_array, CL_FALSE, 0, m * sizeof(cl_uint), g.adj.data(), 0, nullptr,
                                 nullptr));
    CL_CALL(
        clEnqueueWriteBuffer(s.queue, s.weight_array, CL_FALSE, 0, m * sizeof(float), g.w.data(), 0, nullptr, nullptr));
  }
  CL_CALL(clFinish(s.queue));
  s.upload_s = t.seconds();

  cl_mem cost = s.cost, ucost = s.updating_cost, mask = s.mask, any = s.any_mask;
  cl_mem va = s.vertex_array, ea = s.edge_array, wa = s.weight_array;
  const cl_uint nn = s.n;
  CL_CALL(clSetKernelArg(s.init, 0, sizeof nn, &nn));
  CL_CALL(clSetKernelArg(s.init, 2, sizeof(cl_mem), &cost));
  CL_CALL(clSetKernelArg(s.init, 3, sizeof(cl_mem), &ucost));
  CL_CALL(clSetKernelArg(s.init, 4, sizeof(cl_mem), &mask));
  CL_CALL(clSetKernelArg(s.phase1, 0, sizeof nn, &nn));
  CL_CALL(clSetKernelArg(s.phase1, 1, sizeof(cl_mem), &va));
  CL_CALL(clSetKernelArg(s.phase1, 2, sizeof(cl_mem), &ea));
  CL_CALL(clSetKernelArg(s.phase1, 3, sizeof(cl_mem), &wa));
  CL_CALL(clSetKernelArg(s.phase1, 4, sizeof(cl_mem), &cost));
  CL_CALL(clSetKernelArg(s.phase1, 5, sizeof(cl_mem), &ucost));
  CL_CALL(clSetKernelArg(s.phase1, 6, sizeof(cl_mem), &mask));
  CL_CALL(clSetKernelArg(s.phase2, 0, sizeof nn, &nn));
  CL_CALL(clSetKernelArg(s.phase2, 1, sizeof(cl_mem), &cost));
  CL_CALL(clSetKernelArg(s.phase2, 2, sizeof(cl_mem), &ucost));
  CL_CALL(clSetKernelArg(s.phase2, 3, sizeof(cl_mem), &mask));
  CL_CALL(clSetKernelArg(s.phase2, 4, sizeof(cl_mem), &any));
}

std::vector<SsspRun> TwoKernelOpenCl::run(const std::vector<vid_t>& sources) {
  State& s = *s_;
  if (!s.cost) throw std::logic_error("two_kernel_opencl: run() before load()");
  std::vector<SsspRun> out;
  out.reserve(sources.size());
  const cl_int zero = 0;
  for (const vid_t source : sources) {
    if (source >= s.n)
      throw InputError("two_kernel_opencl: source " + std::to_string(source) +
                       " is not a vertex (n = " + std::to_string(s.n) + ")");
    SsspRun r;
    WallTimer t;
    const cl_uint src = source;
    CL_CALL(clSetKernelArg(s.init, 1, sizeof src, &src));
    s.launch(s.init);
    cl_int any = 0;
    do {
      CL_CALL(clEnqueueWriteBuffer(s.queue, s.any_mask, CL_FALSE, 0, sizeof zero, &zero, 0, nullptr, nullptr));
      s.launch(s.phase1);
      s.launch(s.phase2);
      ++r.iterations;
      CL_CALL(clEnqueueReadBuffer(s.queue, s.any_mask, CL_TRUE, 0, sizeof any, &any, 0, nullptr, nullptr));
    } while (any != 0);
    r.kernel_s = t.seconds();
    r.dist.resize(s.n);
    t.restart();
    CL_CALL(clEnqueueReadBuffer(s.queue, s.cost, CL_TRUE, 0, std::size_t(s.n) * sizeof(float), r.dist.data(), 0,
                                nullptr, nullptr));
    r.d2h_s = t.seconds();
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace gs::sssp
