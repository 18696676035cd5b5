//! Random float launch programs shaped like the GPU code the CPU backend's and the
//! derivative pipeline's optimisations target. A program has one *domain* (1-D: `n`
//! elements; 2-D: `nx` x `ny` with a row pitch), float *fields* over the domain, integer
//! index buffers (gathers, scatters, CSR matrices), and one to three launches, each of a
//! kernel built from one of these families:
//! * `map1d`: `if (i < n) out[i] = e(in[i + k], ...)` with stencil offsets `|k| <= 2`
//!   under interior guards, `i == 0 || i == n-1` boundary branches, clamped indices,
//!   `if (i + 2 < n)` padding, early returns or a grid-stride loop; in place or
//!   `out[i] += e`;
//! * `map2d`: `if (col < nx && row < ny)` with `col == 0 || row == ny-1`-style boundary
//!   branches and reads at `idx +- 1`, `idx +- pitch` (diagonals too);
//! * `shared`: a block's elements staged in shared memory, a barrier, then neighbours or
//!   mirrored elements read from the tile (and optionally a second staged phase);
//! * `reduce`: a shared-memory tree reduction (`s = blockDim/2; s > 0; s >>= 1`, add or
//!   max), one partial per block or an `atomicAdd` into one element;
//! * `counted`: a counted loop (`K` a parameter or a constant): a mat-vec row or a
//!   window over the field;
//! * `csr`: a data-dependent loop over a CSR row (`row_ptr`, `col_idx` integer buffers);
//! * `scatter`: `atomicAdd(&out[idx[i]], e)` (or into `out[i/2]`, `out[0]`);
//! * `gather`: `out[i] = e(in[idx[i]], ...)`;
//! * `tiled`: a mat-vec with the vector staged through shared memory tile by tile
//!   (barriers in a counted loop);
//! * `reduce` also has warp-shuffle variants (`__shfl_down_sync`, unrolled or looped).
//!
//! `e` is a random expression of add/sub/mul/fma/min/max, divisions by `c + x*x`,
//! `sqrt(c + x*x)`, `exp(c x)`, negation, scaling and compare-selects. Launch sizes are
//! ragged (`grid * block > n`, widths not multiples of the block). Later launches read
//! what earlier ones wrote, overwrite earlier inputs (ping-pong, sometimes relaunching the
//! same kernel with its buffers swapped) or update in place. Every generated program is
//! race-free and in bounds by construction (the tests treat an interpreter error as a
//! generator bug); only float atomics make results depend on the order of threads.

use super::{Kb, Rng};
use frontend::ir::AddrSpace;
use frontend::ir::{
    BinaryOp, Flavor, FloatPredicate, Global, GlobalId, IntPredicate, Module, SpecialReg, Type,
    UnaryOp, Value,
};

/// Element type of a buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Elem {
    F32,
    F64,
    I32,
}

impl Elem {
    pub fn ty(self) -> Type {
        match self {
            Elem::F32 => Type::F32,
            Elem::F64 => Type::F64,
            Elem::I32 => Type::I32,
        }
    }
    pub fn bytes(self) -> u32 {
        match self {
            Elem::F64 => 8,
            _ => 4,
        }
    }
    /// The spec's dtype name.
    pub fn name(self) -> &'static str {
        match self {
            Elem::F32 => "f32",
            Elem::F64 => "f64",
            Elem::I32 => "i32",
        }
    }
    pub fn is_float(self) -> bool {
        self != Elem::I32
    }
}

/// A device buffer and its initial contents (little-endian elements).
#[derive(Clone, Debug)]
pub struct Buffer {
    pub name: String,
    pub elem: Elem,
    pub len: usize,
    pub data: Vec<u8>,
}

/// A launch argument.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Arg {
    I32(i32),
    /// A float scalar (exactly representable in `f32`), typed by the kernel.
    Float(f64),
    /// A buffer's base pointer (index into [`Program::buffers`]).
    Buf(usize),
}

#[derive(Clone, Debug)]
pub struct Launch {
    pub kernel: String,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub args: Vec<Arg>,
}

/// A generated launch program.
pub struct Program {
    pub seed: u64,
    pub module: Module,
    pub buffers: Vec<Buffer>,
    pub launches: Vec<Launch>,
    /// Per buffer: some launch updates it with float atomic adds, or computes it from
    /// such a buffer, so its final value depends on the order in which threads run
    /// (rounding only).
    pub atomic_float: Vec<bool>,
    /// The family of each launch (`map1d`, `map2d`, ...), with variant notes.
    pub shapes: Vec<String>,
}

impl Program {
    /// The launch spec (TOML, as `raise` reads it).
    pub fn spec_toml(&self) -> String {
        let mut s = format!("# random float program, seed {}\n", self.seed);
        for b in &self.buffers {
            s.push_str(&format!(
                "[buffers.{}]\ndtype = \"{}\"\nshape = [{}]\n\n",
                b.name,
                b.elem.name(),
                b.len
            ));
        }
        for l in &self.launches {
            let args: Vec<String> = l
                .args
                .iter()
                .map(|a| match *a {
                    Arg::I32(v) => v.to_string(),
                    Arg::Float(v) => format!("{v:?}"),
                    Arg::Buf(i) => format!("\"{}\"", self.buffers[i].name),
                })
                .collect();
            s.push_str(&format!(
                "[[launch]]\nkernel = \"{}\"\ngrid = {:?}\nblock = {:?}\nargs = [{}]\n\n",
                l.kernel,
                l.grid,
                l.block,
                args.join(", ")
            ));
        }
        s
    }

    /// The spec and the module's kernel IR (for failure reports).
    pub fn describe(&self) -> String {
        format!(
            "seed {}: {}\n{}\n{}",
            self.seed,
            self.shapes.join(" ; "),
            self.spec_toml(),
            frontend::ir::print::print_module(&self.module)
        )
    }

    /// The launch's parameter values given each buffer's base pointer (`i32` scalars
    /// zero-extended, float scalars as the bits of the kernel's parameter type).
    pub fn params(&self, launch: &Launch, bases: &[u64]) -> Vec<u64> {
        let f = self
            .module
            .functions
            .iter()
            .find(|f| f.name == launch.kernel)
            .expect("launch of a generated kernel");
        launch
            .args
            .iter()
            .enumerate()
            .map(|(i, a)| match *a {
                Arg::I32(v) => u64::from(v as u32),
                Arg::Float(v) => match f.value_type(f.params[i]) {
                    Type::F64 => v.to_bits(),
                    _ => u64::from((v as f32).to_bits()),
                },
                Arg::Buf(b) => bases[b],
            })
            .collect()
    }
}

/// The domain of a program.
#[derive(Clone, Copy, Debug)]
enum Domain {
    D1 { n: i32 },
    D2 { nx: i32, ny: i32, pitch: i32 },
}

impl Domain {
    fn len(self) -> usize {
        match self {
            Domain::D1 { n } => n as usize,
            Domain::D2 { ny, pitch, .. } => (ny * pitch) as usize,
        }
    }
}

/// A kernel generated for one launch, kept for relaunching with its buffers swapped.
#[derive(Clone)]
struct Made {
    launch: Launch,
    /// Argument positions of one field read and the field written, when the kernel can be
    /// relaunched with them exchanged (ping-pong).
    swap: Option<(usize, usize)>,
    shape: String,
}

/// Float constants the expressions use (exact in `f32`).
const CONSTS: &[f64] = &[0.5, 0.25, 1.5, -2.0, 3.0, 0.125, -0.75, 2.0];

struct G {
    rng: Rng,
    module: Module,
    fe: Elem,
    dom: Domain,
    buffers: Vec<Buffer>,
    /// Domain-sized float buffers.
    fields: Vec<usize>,
    /// Fields written by the launches so far (most recent last).
    written: Vec<usize>,
    atomic_float: Vec<bool>,
    kernels: u32,
}

/// Generate the program of `seed`.
pub fn generate(seed: u64) -> Program {
    let mut rng = Rng::seeded(seed ^ 0xF10A7);
    let fe = if rng.chance(1, 5) {
        Elem::F64
    } else {
        Elem::F32
    };
    let dom = if rng.chance(2, 5) {
        // small, wide (a few long rows), tall (enough block rows for row-major grids)
        let kind = rng.weighted(&[4, 2, 2]);
        let nx = match kind {
            0 if rng.chance(1, 6) => rng.range(1, 8),
            0 => rng.range(9, 64),
            1 => rng.range(130, 260),
            _ => rng.range(40, 200),
        } as i32;
        let ny = match kind {
            0 => rng.range(1, 24),
            1 => rng.range(1, 6),
            _ => rng.range(32, 64),
        } as i32;
        let pitch = if rng.chance(1, 3) {
            nx + rng.range(1, 5) as i32
        } else {
            nx
        };
        Domain::D2 { nx, ny, pitch }
    } else {
        let n = match rng.weighted(&[1, 6, 3]) {
            0 => rng.range(1, 8),
            1 => rng.range(9, 300),
            _ => rng.range(300, 1500),
        } as i32;
        Domain::D1 { n }
    };
    let mut g = G {
        rng,
        module: Module::new(format!("random-float-{seed}"), Flavor::ClangCuda),
        fe,
        dom,
        buffers: Vec::new(),
        fields: Vec::new(),
        written: Vec::new(),
        atomic_float: Vec::new(),
        kernels: 0,
    };
    // Two to four fields to start with.
    let nf = g.rng.range(2, 4);
    for _ in 0..nf {
        g.new_field();
    }
    let launches = 1 + g.rng.weighted(&[4, 4, 2]);
    let mut made: Vec<Made> = Vec::new();
    for _ in 0..launches {
        // Relaunch an earlier kernel with its fields swapped (ping-pong).
        if let Some(prev) = made.last().filter(|m| m.swap.is_some()) {
            if g.rng.chance(1, 4) {
                let mut m = prev.clone();
                if let Some((a, b)) = m.swap {
                    m.launch.args.swap(a, b);
                    if let Arg::Buf(o) = m.launch.args[b] {
                        g.written.push(o);
                    }
                }
                m.shape = format!("{} (relaunched, swapped)", m.shape);
                made.push(m);
                continue;
            }
        }
        let m = g.launch();
        made.push(m);
    }
    let n = g.buffers.len();
    g.atomic_float.resize(n, false);
    // What a launch computes from an order-dependent buffer is order-dependent too
    // (conservatively: every float buffer the launch names).
    for m in &made {
        let names = |a: &Arg| match *a {
            Arg::Buf(b) => Some(b),
            _ => None,
        };
        if m.launch
            .args
            .iter()
            .filter_map(names)
            .any(|b| g.atomic_float[b])
        {
            for b in m.launch.args.iter().filter_map(names) {
                g.atomic_float[b] |= g.buffers[b].elem.is_float();
            }
        }
    }
    Program {
        seed,
        module: g.module,
        buffers: g.buffers,
        launches: made.iter().map(|m| m.launch.clone()).collect(),
        atomic_float: g.atomic_float,
        shapes: made.into_iter().map(|m| m.shape).collect(),
    }
}

/// Which family a launch uses.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Family {
    Map1d,
    Map2d,
    Shared,
    Reduce,
    Counted,
    Csr,
    Scatter,
    Gather,
    Tiled,
}

impl G {
    fn t(&self) -> Type {
        self.fe.ty()
    }
    fn size(&self) -> u32 {
        self.fe.bytes()
    }
    fn add_buffer(&mut self, prefix: &str, elem: Elem, len: usize, data: Vec<u8>) -> usize {
        let i = self.buffers.len();
        self.buffers.push(Buffer {
            name: format!("{prefix}{i}"),
            elem,
            len,
            data,
        });
        i
    }
    fn float_data(&mut self, len: usize) -> Vec<u8> {
        let mut out = Vec::with_capacity(len * self.size() as usize);
        for _ in 0..len {
            let v = self.rng.unit();
            match self.fe {
                Elem::F64 => out.extend_from_slice(&v.to_le_bytes()),
                _ => out.extend_from_slice(&(v as f32).to_le_bytes()),
            }
        }
        out
    }
    fn new_field(&mut self) -> usize {
        let len = self.dom.len();
        let data = self.float_data(len);
        let i = self.add_buffer("f", self.fe, len, data);
        self.fields.push(i);
        i
    }
    fn new_floats(&mut self, prefix: &str, len: usize) -> usize {
        let data = self.float_data(len);
        self.add_buffer(prefix, self.fe, len, data)
    }
    fn new_ints(&mut self, prefix: &str, vals: &[i32]) -> usize {
        let data = vals.iter().flat_map(|v| v.to_le_bytes()).collect();
        self.add_buffer(prefix, Elem::I32, vals.len(), data)
    }
    /// Random indices in `0..m`.
    fn new_index(&mut self, len: usize, m: usize) -> usize {
        let vals: Vec<i32> = if self.rng.chance(1, 3) {
            // A permutation-like map (few collisions).
            let shift = self.rng.range(0, m as i64 - 1) as usize;
            (0..len).map(|i| ((i * 7 + shift) % m) as i32).collect()
        } else {
            (0..len).map(|_| self.rng.below(m as u64) as i32).collect()
        };
        self.new_ints("idx", &vals)
    }
    /// A field to read: mostly what the last launches wrote.
    fn pick_input(&mut self, avoid: &[usize]) -> usize {
        let recent: Vec<usize> = self
            .written
            .iter()
            .rev()
            .copied()
            .filter(|f| !avoid.contains(f))
            .collect();
        if !recent.is_empty() && self.rng.chance(2, 3) {
            return recent[self.rng.below(recent.len().min(2) as u64) as usize];
        }
        let all: Vec<usize> = self
            .fields
            .iter()
            .copied()
            .filter(|f| !avoid.contains(f))
            .collect();
        if all.is_empty() {
            return self.new_field();
        }
        all[self.rng.below(all.len() as u64) as usize]
    }
    /// The field a launch writes: a new one, or (a ping-pong) an existing field the
    /// launch does not read.
    fn pick_output(&mut self, reads: &[usize]) -> usize {
        let others: Vec<usize> = self
            .fields
            .iter()
            .copied()
            .filter(|f| !reads.contains(f))
            .collect();
        let o = if !others.is_empty() && self.rng.chance(1, 2) {
            others[self.rng.below(others.len() as u64) as usize]
        } else {
            self.new_field()
        };
        self.written.push(o);
        o
    }
    fn kernel_name(&mut self) -> String {
        self.kernels += 1;
        format!("k{}", self.kernels)
    }
    fn fconst(&mut self, b: &mut Kb) -> Value {
        let c = self.rng.pick(CONSTS);
        b.cf(self.t(), c)
    }
    fn scalar(&mut self) -> f64 {
        let k = self.rng.range(1, 16) as f64 / 8.0;
        if self.rng.chance(1, 3) {
            -k
        } else {
            k
        }
    }

    /// A random float expression over `leaves` (nonempty).
    fn expr(&mut self, b: &mut Kb, leaves: &[Value], depth: u32) -> Value {
        if depth == 0 || self.rng.chance(1, 4) {
            if self.rng.chance(1, 12) {
                return self.fconst(b);
            }
            return self.rng.pick(leaves);
        }
        let d = depth - 1;
        match self.rng.weighted(&[6, 4, 6, 6, 2, 2, 2, 2, 2, 1, 2, 1]) {
            0..=2 => {
                let op =
                    [BinaryOp::FAdd, BinaryOp::FSub, BinaryOp::FMul][self.rng.below(3) as usize];
                let x = self.expr(b, leaves, d);
                let y = self.expr(b, leaves, d);
                b.bin(op, x, y)
            }
            3 => {
                let x = self.expr(b, leaves, d);
                let y = self.expr(b, leaves, d);
                let z = self.expr(b, leaves, d);
                b.fma(x, y, z)
            }
            4 | 5 => {
                let op = if self.rng.chance(1, 2) {
                    BinaryOp::FMin
                } else {
                    BinaryOp::FMax
                };
                let x = self.expr(b, leaves, d);
                let y = self.expr(b, leaves, d);
                b.bin(op, x, y)
            }
            6 => {
                // x / (c + y*y)
                let x = self.expr(b, leaves, d);
                let y = self.expr(b, leaves, d);
                let c = [0.5, 1.0, 2.0][self.rng.below(3) as usize];
                let c = b.cf(self.t(), c);
                let den = b.fma(y, y, c);
                b.bin(BinaryOp::FDiv, x, den)
            }
            7 => {
                // sqrt(c + y*y)
                let y = self.expr(b, leaves, d);
                let c = [0.25, 1.0][self.rng.below(2) as usize];
                let c = b.cf(self.t(), c);
                let s = b.fma(y, y, c);
                b.un(UnaryOp::Sqrt, s)
            }
            8 => {
                // exp(c y)
                let y = self.expr(b, leaves, d);
                let c = [0.5, -0.5, 0.25, -1.0][self.rng.below(4) as usize];
                let c = b.cf(self.t(), c);
                let a = b.bin(BinaryOp::FMul, c, y);
                b.un(UnaryOp::Exp, a)
            }
            9 => {
                let y = self.expr(b, leaves, d);
                b.un(UnaryOp::FNeg, y)
            }
            10 => {
                let c = self.fconst(b);
                let y = self.expr(b, leaves, d);
                b.bin(BinaryOp::FMul, c, y)
            }
            _ => {
                let x = self.expr(b, leaves, d);
                let y = self.expr(b, leaves, d);
                let p = self.rng.pick(&[
                    FloatPredicate::Olt,
                    FloatPredicate::Ogt,
                    FloatPredicate::Ule,
                ]);
                let c = b.fcmp(p, x, y);
                let u = self.expr(b, leaves, d);
                let v = self.expr(b, leaves, d);
                b.select(c, u, v)
            }
        }
    }

    /// Load element `idx + off` of `base`: the index added in `i32` (then extended), or
    /// the constant folded into the address (as clang -O2 folds `&a[i + k]`).
    fn load_at(&mut self, b: &mut Kb, base: Value, idx: Value, off: i32, signed: bool) -> Value {
        let t = self.t();
        let size = self.size();
        let p = if off != 0 && self.rng.chance(1, 2) {
            let c = b.c32(off);
            let i = b.bin(BinaryOp::Add, idx, c);
            b.elem(base, i, size, true)
        } else {
            let p = b.elem(base, idx, size, signed);
            b.ptr_off(p, i64::from(off) * i64::from(size))
        };
        b.load(t, p)
    }

    /// Pick a family for the next launch and build it.
    fn launch(&mut self) -> Made {
        let is2d = matches!(self.dom, Domain::D2 { .. });
        let w: &[u64] = if is2d {
            // map1d map2d shared reduce counted csr scatter gather tiled
            &[2, 9, 1, 1, 1, 1, 1, 1, 1]
        } else {
            &[8, 0, 3, 3, 2, 2, 2, 2, 2]
        };
        let fam = [
            Family::Map1d,
            Family::Map2d,
            Family::Shared,
            Family::Reduce,
            Family::Counted,
            Family::Csr,
            Family::Scatter,
            Family::Gather,
            Family::Tiled,
        ][self.rng.weighted(w)];
        match fam {
            Family::Map1d => self.map1d(),
            Family::Map2d => self.map2d(),
            Family::Shared => self.shared(),
            Family::Reduce => self.reduce(),
            Family::Counted => self.counted(),
            Family::Csr => self.csr(),
            Family::Scatter => self.scatter(),
            Family::Gather => self.gather(),
            Family::Tiled => self.tiled(),
        }
    }

    /// A finished 1-D kernel of `n` threads (blocks from [`Self::config1d`], no power of
    /// two, no stride) as a launch of `name` with `args`.
    fn finish_1d(
        &mut self,
        b: Kb,
        n: i32,
        name: String,
        args: Vec<Arg>,
        swap: Option<(usize, usize)>,
        shape: String,
    ) -> Made {
        let (grid, block) = self.config1d(n, false, false);
        self.module.functions.push(b.finish());
        Made {
            launch: Launch {
                kernel: name,
                grid,
                block,
                args,
            },
            swap,
            shape,
        }
    }

    /// A 1-D launch over `n` threads (or fewer, for grid-stride loops): block size and
    /// ragged grid.
    fn config1d(&mut self, n: i32, pow2: bool, stride: bool) -> ([u32; 3], [u32; 3]) {
        let bs: u32 = if pow2 {
            self.rng.pick(&[32, 64, 128, 256, 16])
        } else {
            self.rng.pick(&[32, 64, 128, 256, 96, 48, 100, 33])
        };
        let mut grid = (n as u32).div_ceil(bs).max(1);
        if stride {
            grid = grid.div_ceil(self.rng.range(1, 3) as u32).max(1);
        } else if self.rng.chance(1, 5) {
            grid += 1;
        }
        ([grid, 1, 1], [bs, 1, 1])
    }

    fn total(&self) -> i32 {
        self.dom.len() as i32
    }

    /// `map1d` (see the module doc).
    fn map1d(&mut self) -> Made {
        let n = self.total();
        let t = self.t();
        let name = self.kernel_name();
        let mut b = Kb::kernel(&name);
        let mut args = Vec::new();
        let np = b.param(Type::I32, "n");
        args.push(Arg::I32(n));
        let alpha = if self.rng.chance(1, 3) {
            let v = self.scalar();
            args.push(Arg::Float(v));
            Some(b.param(t, "alpha"))
        } else {
            None
        };
        // Inputs, then the output (in place: the output is also input 0, read at offset 0
        // only).
        let nin = self.rng.range(1, 3) as usize;
        let mut ins = Vec::new();
        for _ in 0..nin {
            let f = self.pick_input(&ins);
            ins.push(f);
        }
        let inplace = self.rng.chance(1, 6);
        let rmw = !inplace && self.rng.chance(1, 6);
        let out = if inplace {
            ins[0]
        } else {
            self.pick_output(&ins)
        };
        if inplace {
            self.written.push(out);
        }
        let mut in_params = Vec::new();
        for (k, &f) in ins.iter().enumerate() {
            in_params.push(b.param(Type::Ptr(AddrSpace::Generic), &format!("in{k}")));
            args.push(Arg::Buf(f));
        }
        let outp = if inplace {
            in_params[0]
        } else {
            args.push(Arg::Buf(out));
            b.param(Type::Ptr(AddrSpace::Generic), "out")
        };
        // Guard style.
        let style = self.rng.weighted(&[3, 2, 3, 2, 1, 1, 1]);
        let r: i32 = match style {
            0 | 4 | 6 => 0,
            5 => self.rng.range(1, 2) as i32,
            _ => self.rng.range(1, 2) as i32,
        };
        let unsigned = style == 0 && self.rng.chance(1, 3);
        let depth = self.rng.range(1, 3) as u32;
        let boundary_kind = self.rng.below(3);
        let store_in_join = self.rng.chance(1, 2);
        let mut shape = format!("map1d style {style} r {r} ins {nin}");
        if inplace {
            shape.push_str(" inplace");
        }
        if rmw {
            shape.push_str(" rmw");
        }
        if alpha.is_some() {
            shape.push_str(" alpha");
        }
        // The leaves at element `i`: each input at offsets in -r..=r (forward offsets only
        // for style 5), the in-place input at 0 only; `clamp` clamps each index to
        // [0, n-1].
        let offsets = |g: &mut G| -> Vec<(usize, i32)> {
            let mut v = Vec::new();
            for k in 0..nin {
                let cnt = g.rng.range(1, 3);
                for _ in 0..cnt {
                    let o = if inplace && k == 0 {
                        0
                    } else if style == 5 {
                        g.rng.range(0, i64::from(r)) as i32
                    } else {
                        g.rng.range(-i64::from(r), i64::from(r)) as i32
                    };
                    if !v.contains(&(k, o)) {
                        v.push((k, o));
                    }
                }
            }
            v
        };
        let leaves_at = |g: &mut G, b: &mut Kb, i: Value, clamp: bool, signed: bool| {
            let offs = offsets(g);
            let mut leaves = Vec::new();
            for (k, o) in offs {
                let v = if clamp && o != 0 {
                    let c = b.c32(o);
                    let j = b.bin(BinaryOp::Add, i, c);
                    let zero = b.c32(0);
                    let one = b.c32(1);
                    let hi = b.bin(BinaryOp::Sub, np, one);
                    let j = b.bin(BinaryOp::SMax, j, zero);
                    let j = b.bin(BinaryOp::SMin, j, hi);
                    let p = b.elem(in_params[k], j, g.size(), true);
                    b.load(t, p)
                } else {
                    g.load_at(b, in_params[k], i, o, signed)
                };
                leaves.push(v);
            }
            if let Some(a) = alpha {
                leaves.push(a);
            }
            leaves
        };
        // The value stored at `i` (`out[i] += e` for rmw).
        let finish = |g: &mut G, b: &mut Kb, i: Value, v: Value, signed: bool| {
            let p = b.elem(outp, i, g.size(), signed);
            let v = if rmw {
                let old = b.load(t, p);
                b.bin(BinaryOp::FAdd, old, v)
            } else {
                v
            };
            b.store(p, v);
        };
        let i = b.global_id(0);
        match style {
            // if (i < n) out[i] = e   (r = 0), or clamped (3)
            0 | 3 => {
                let p = if unsigned {
                    IntPredicate::Ult
                } else {
                    IntPredicate::Slt
                };
                let c = b.icmp(p, i, np);
                b.if_then(c, |b| {
                    let leaves = leaves_at(self, b, i, style == 3, !unsigned);
                    let v = self.expr(b, &leaves, depth);
                    finish(self, b, i, v, !unsigned);
                });
            }
            // Interior only: if (i >= r && i < n - r)
            1 => {
                let rc = b.c32(r);
                let lo = b.icmp(IntPredicate::Sge, i, rc);
                let nr = b.bin(BinaryOp::Sub, np, rc);
                let hi = b.icmp(IntPredicate::Slt, i, nr);
                let c = b.bin(BinaryOp::And, lo, hi);
                b.if_then(c, |b| {
                    let leaves = leaves_at(self, b, i, false, true);
                    let v = self.expr(b, &leaves, depth);
                    finish(self, b, i, v, true);
                });
            }
            // if (i < n) { if (i < r || i >= n - r) boundary else stencil }
            2 => {
                let c = b.icmp(IntPredicate::Slt, i, np);
                b.if_then(c, |b| {
                    let one = b.c32(1);
                    let nm1 = b.bin(BinaryOp::Sub, np, one);
                    let edge = if r == 1 {
                        let zero = b.c32(0);
                        let e1 = b.icmp(IntPredicate::Eq, i, zero);
                        let e2 = b.icmp(IntPredicate::Eq, i, nm1);
                        b.bin(BinaryOp::Or, e1, e2)
                    } else {
                        let rc = b.c32(r);
                        let e1 = b.icmp(IntPredicate::Slt, i, rc);
                        let nr = b.bin(BinaryOp::Sub, np, rc);
                        let e2 = b.icmp(IntPredicate::Sge, i, nr);
                        b.bin(BinaryOp::Or, e1, e2)
                    };
                    let boundary = |g: &mut G, b: &mut Kb| -> Value {
                        match boundary_kind {
                            0 => g.load_at(b, in_params[0], i, 0, true),
                            1 => g.fconst(b),
                            _ => {
                                let x = g.load_at(b, in_params[0], i, 0, true);
                                let mut leaves = vec![x];
                                leaves.extend(alpha);
                                g.expr(b, &leaves, 1)
                            }
                        }
                    };
                    if store_in_join {
                        let frame = b.begin_if(edge, &[t]);
                        let bv = boundary(self, b);
                        b.begin_else(&frame, vec![bv]);
                        let leaves = leaves_at(self, b, i, false, true);
                        let sv = self.expr(b, &leaves, depth);
                        let v = b.end_if(frame, vec![sv]);
                        finish(self, b, i, v[0], true);
                    } else {
                        let frame = b.begin_if(edge, &[]);
                        let v = boundary(self, b);
                        finish(self, b, i, v, true);
                        b.begin_else(&frame, vec![]);
                        let leaves = leaves_at(self, b, i, false, true);
                        let v = self.expr(b, &leaves, depth);
                        finish(self, b, i, v, true);
                        b.end_if(frame, vec![]);
                    }
                });
            }
            // Early return: if (i >= n) return; out[i] = e
            4 => {
                let c = b.icmp(IntPredicate::Sge, i, np);
                b.return_if(c);
                let leaves = leaves_at(self, &mut b, i, false, true);
                let v = self.expr(&mut b, &leaves, depth);
                finish(self, &mut b, i, v, true);
            }
            // Padded: if (i + r < n) reads i..=i+r
            5 => {
                let rc = b.c32(r);
                let ir = b.bin(BinaryOp::Add, i, rc);
                let c = b.icmp(IntPredicate::Slt, ir, np);
                b.if_then(c, |b| {
                    let leaves = leaves_at(self, b, i, false, true);
                    let v = self.expr(b, &leaves, depth);
                    finish(self, b, i, v, true);
                });
            }
            // Grid-stride loop: for (j = i; j < n; j += ntid * nctaid)
            _ => {
                let nt = b.special(SpecialReg::NtidX);
                let nc = b.special(SpecialReg::NctaidX);
                let stride = b.bin(BinaryOp::Mul, nt, nc);
                b.while_(
                    &[i],
                    |b, v| b.icmp(IntPredicate::Slt, v[0], np),
                    |b, v| {
                        let j = v[0];
                        let leaves = leaves_at(self, b, j, false, true);
                        let e = self.expr(b, &leaves, depth);
                        finish(self, b, j, e, true);
                        vec![b.bin(BinaryOp::Add, j, stride)]
                    },
                );
            }
        }
        let (grid, block) = self.config1d(n, false, style == 6);
        self.module.functions.push(b.finish());
        let swap = if nin == 1 && !inplace && !rmw {
            Some((args.len() - 2, args.len() - 1))
        } else {
            None
        };
        Made {
            launch: Launch {
                kernel: name,
                grid,
                block,
                args,
            },
            swap,
            shape,
        }
    }

    /// `map2d` (see the module doc).
    fn map2d(&mut self) -> Made {
        let Domain::D2 { nx, ny, pitch } = self.dom else {
            return self.map1d();
        };
        let t = self.t();
        let size = self.size();
        let name = self.kernel_name();
        let mut b = Kb::kernel(&name);
        let mut args = Vec::new();
        let nxp = b.param(Type::I32, "nx");
        let nyp = b.param(Type::I32, "ny");
        args.push(Arg::I32(nx));
        args.push(Arg::I32(ny));
        let pitchp = if pitch != nx || self.rng.chance(1, 3) {
            args.push(Arg::I32(pitch));
            b.param(Type::I32, "pitch")
        } else {
            nxp
        };
        let alpha = if self.rng.chance(1, 3) {
            let v = self.scalar();
            args.push(Arg::Float(v));
            Some(b.param(t, "alpha"))
        } else {
            None
        };
        let nin = self.rng.range(1, 2) as usize;
        let mut ins = Vec::new();
        for _ in 0..nin {
            let f = self.pick_input(&ins);
            ins.push(f);
        }
        let inplace = self.rng.chance(1, 8);
        let out = if inplace {
            ins[0]
        } else {
            self.pick_output(&ins)
        };
        if inplace {
            self.written.push(out);
        }
        let mut in_params = Vec::new();
        for (k, &f) in ins.iter().enumerate() {
            in_params.push(b.param(Type::Ptr(AddrSpace::Generic), &format!("in{k}")));
            args.push(Arg::Buf(f));
        }
        let outp = if inplace {
            in_params[0]
        } else {
            args.push(Arg::Buf(out));
            b.param(Type::Ptr(AddrSpace::Generic), "out")
        };
        // Stencil offsets (dx, dy).
        const OFFS: &[(i32, i32)] = &[
            (0, 0),
            (-1, 0),
            (1, 0),
            (0, -1),
            (0, 1),
            (-1, -1),
            (1, 1),
            (2, 0),
            (0, -2),
            (1, -1),
        ];
        let mut offs: Vec<(usize, (i32, i32))> = Vec::new();
        for k in 0..nin {
            let cnt = self.rng.range(1, 5);
            for _ in 0..cnt {
                let o = if inplace && k == 0 {
                    (0, 0)
                } else if self.rng.chance(1, 3) {
                    self.rng.pick(OFFS)
                } else {
                    self.rng.pick(&OFFS[..5])
                };
                if !offs.contains(&(k, o)) {
                    offs.push((k, o));
                }
            }
        }
        let (mut xl, mut xh, mut yl, mut yh) = (0, 0, 0, 0);
        for &(_, (dx, dy)) in &offs {
            xl = xl.max(-dx);
            xh = xh.max(dx);
            yl = yl.max(-dy);
            yh = yh.max(dy);
        }
        // Extra boundary sides sometimes (a stencil with a wider frame than it needs).
        if self.rng.chance(1, 4) {
            xl = xl.max(1);
            yh = yh.max(1);
        }
        let guard_nested = self.rng.chance(1, 3);
        let interior_only = self.rng.chance(1, 4);
        let boundary_kind = self.rng.below(3);
        let depth = self.rng.range(1, 3) as u32;
        let store_in_join = self.rng.chance(1, 2);
        let shape = format!(
            "map2d offs {:?} frame ({xl},{xh},{yl},{yh}) {}{}{}",
            offs.iter().map(|o| o.1).collect::<Vec<_>>(),
            if interior_only {
                "interior"
            } else {
                "boundary"
            },
            if inplace { " inplace" } else { "" },
            if pitch != nx { " pitched" } else { "" }
        );
        let col = b.global_id(0);
        let row = b.global_id(1);
        let body = |g: &mut G, b: &mut Kb| {
            let rp = b.bin(BinaryOp::Mul, row, pitchp);
            let idx = b.bin(BinaryOp::Add, rp, col);
            // The frame: col < xl || col >= nx - xh || row < yl || row >= ny - yh, with
            // `== 0` / `== n - 1` for width-1 sides (as written by hand).
            let mut sides = Vec::new();
            let side = |b: &mut Kb, v: Value, lo: bool, w: i32, n: Value| -> Value {
                if lo {
                    if w == 1 {
                        let z = b.c32(0);
                        b.icmp(IntPredicate::Eq, v, z)
                    } else {
                        let c = b.c32(w);
                        b.icmp(IntPredicate::Slt, v, c)
                    }
                } else {
                    let c = b.c32(w);
                    let nw = b.bin(BinaryOp::Sub, n, c);
                    if w == 1 {
                        b.icmp(IntPredicate::Eq, v, nw)
                    } else {
                        b.icmp(IntPredicate::Sge, v, nw)
                    }
                }
            };
            if xl > 0 {
                sides.push(side(b, col, true, xl, nxp));
            }
            if yl > 0 {
                sides.push(side(b, row, true, yl, nyp));
            }
            if xh > 0 {
                sides.push(side(b, col, false, xh, nxp));
            }
            if yh > 0 {
                sides.push(side(b, row, false, yh, nyp));
            }
            let stencil = |g: &mut G, b: &mut Kb| -> Value {
                let mut leaves = Vec::new();
                for &(k, (dx, dy)) in &offs {
                    let base = in_params[k];
                    let v = if dy == 0 {
                        g.load_at(b, base, idx, dx, true)
                    } else {
                        // idx +- pitch (times |dy|), then dx folded into the address.
                        let mut j = idx;
                        for _ in 0..dy.abs() {
                            let op = if dy < 0 { BinaryOp::Sub } else { BinaryOp::Add };
                            j = b.bin(op, j, pitchp);
                        }
                        g.load_at(b, base, j, dx, true)
                    };
                    leaves.push(v);
                }
                leaves.extend(alpha);
                g.expr(b, &leaves, depth)
            };
            let store = |b: &mut Kb, v: Value| {
                let p = b.elem(outp, idx, size, true);
                b.store(p, v);
            };
            if sides.is_empty() {
                let v = stencil(g, b);
                store(b, v);
                return;
            }
            let mut edge = sides[0];
            for &s in &sides[1..] {
                edge = b.bin(BinaryOp::Or, edge, s);
            }
            if interior_only {
                let t1 = b.cbool(true);
                let inside = b.bin(BinaryOp::Xor, edge, t1);
                b.if_then(inside, |b| {
                    let v = stencil(g, b);
                    store(b, v);
                });
                return;
            }
            let boundary = |g: &mut G, b: &mut Kb| -> Value {
                match boundary_kind {
                    0 => g.load_at(b, in_params[0], idx, 0, true),
                    1 => g.fconst(b),
                    _ => {
                        let x = g.load_at(b, in_params[0], idx, 0, true);
                        let mut leaves = vec![x];
                        leaves.extend(alpha);
                        g.expr(b, &leaves, 1)
                    }
                }
            };
            if store_in_join {
                let frame = b.begin_if(edge, &[t]);
                let bv = boundary(g, b);
                b.begin_else(&frame, vec![bv]);
                let sv = stencil(g, b);
                let v = b.end_if(frame, vec![sv]);
                store(b, v[0]);
            } else {
                let frame = b.begin_if(edge, &[]);
                let v = boundary(g, b);
                store(b, v);
                b.begin_else(&frame, vec![]);
                let v = stencil(g, b);
                store(b, v);
                b.end_if(frame, vec![]);
            }
        };
        let cx = b.icmp(IntPredicate::Slt, col, nxp);
        if guard_nested {
            b.if_then(cx, |b| {
                let cy = b.icmp(IntPredicate::Slt, row, nyp);
                b.if_then(cy, |b| body(self, b));
            });
        } else {
            let cy = b.icmp(IntPredicate::Slt, row, nyp);
            let c = b.bin(BinaryOp::And, cx, cy);
            b.if_then(c, |b| body(self, b));
        }
        let (bx, by) = if ny >= 32 && self.rng.chance(2, 3) {
            self.rng
                .pick(&[(16u32, 2u32), (32, 2), (64, 2), (8, 2), (128, 2)])
        } else {
            self.rng.pick(&[
                (8u32, 8u32),
                (16, 4),
                (32, 2),
                (4, 16),
                (16, 16),
                (32, 8),
                (7, 3),
                (64, 1),
                (128, 1),
            ])
        };
        let mut grid = [(nx as u32).div_ceil(bx), (ny as u32).div_ceil(by), 1];
        if self.rng.chance(1, 5) {
            grid[self.rng.below(2) as usize] += 1;
        }
        self.module.functions.push(b.finish());
        let swap = if nin == 1 && !inplace {
            Some((args.len() - 2, args.len() - 1))
        } else {
            None
        };
        Made {
            launch: Launch {
                kernel: name,
                grid,
                block: [bx, by, 1],
                args,
            },
            swap,
            shape,
        }
    }

    fn shared_global(&mut self, elems: u32) -> GlobalId {
        let id = GlobalId(self.module.globals.len() as u32);
        self.module.globals.push(Global {
            name: format!("tile{}", id.0),
            space: AddrSpace::Shared,
            bytes: u64::from(elems * self.size()),
            align: u64::from(self.size()),
            init: None,
            dynamic_shared: false,
        });
        id
    }

    /// `shared` (see the module doc).
    fn shared(&mut self) -> Made {
        let n = self.total();
        let t = self.t();
        let size = self.size();
        let name = self.kernel_name();
        let (grid, block) = self.config1d(n, false, false);
        let bs = block[0];
        let tile = self.shared_global(bs);
        let two_phase = self.rng.chance(1, 3);
        let tile2 = if two_phase {
            Some(self.shared_global(bs))
        } else {
            None
        };
        let mut b = Kb::kernel(&name);
        let mut args = Vec::new();
        let np = b.param(Type::I32, "n");
        args.push(Arg::I32(n));
        let inp = self.pick_input(&[]);
        let out = self.pick_output(&[inp]);
        let in_p = b.param(Type::Ptr(AddrSpace::Generic), "in");
        let out_p = b.param(Type::Ptr(AddrSpace::Generic), "out");
        args.push(Arg::Buf(inp));
        args.push(Arg::Buf(out));
        let const_ntid = self.rng.chance(1, 2);
        let variant = self.rng.below(3);
        let depth = self.rng.range(1, 2) as u32;
        let shape = format!("shared variant {variant} two_phase {two_phase} block {bs}");
        let tid = b.special(SpecialReg::TidX);
        let i = b.global_id(0);
        let ntid = if const_ntid {
            b.c32(bs as i32)
        } else {
            b.special(SpecialReg::NtidX)
        };
        // v = i < n ? e(in[i]) : 0
        let c = b.icmp(IntPredicate::Slt, i, np);
        let zero = b.cf(t, 0.0);
        let v = b.if_or(c, vec![zero], |b| {
            let x = self.load_at(b, in_p, i, 0, true);
            if self.rng.chance(1, 2) {
                vec![self.expr(b, &[x], 1)]
            } else {
                vec![x]
            }
        });
        let base = b.shared_base(tile);
        let mine = b.elem(base, tid, size, false);
        b.store(mine, v[0]);
        b.barrier();
        // Reads from the tile.
        let one = b.c32(1);
        let read = |g: &mut G, b: &mut Kb, base: Value| -> Vec<Value> {
            let a = {
                let p = b.elem(base, tid, size, false);
                b.load(t, p)
            };
            match variant {
                0 => {
                    // neighbour: tid + 1 < ntid ? tile[tid + 1] : tile[tid]
                    let n1 = b.bin(BinaryOp::Add, tid, one);
                    let c = b.icmp(IntPredicate::Slt, n1, ntid);
                    let j = b.select(c, n1, tid);
                    let p = b.elem(base, j, size, false);
                    let x = b.load(t, p);
                    if g.rng.chance(1, 2) {
                        // and tid - 1 (tile[tid] at 0)
                        let z = b.c32(0);
                        let c2 = b.icmp(IntPredicate::Sgt, tid, z);
                        let m1 = b.bin(BinaryOp::Sub, tid, one);
                        let j2 = b.select(c2, m1, tid);
                        let p2 = b.elem(base, j2, size, false);
                        let y = b.load(t, p2);
                        vec![a, x, y]
                    } else {
                        vec![a, x]
                    }
                }
                1 => {
                    // mirrored: tile[ntid - 1 - tid]
                    let m = b.bin(BinaryOp::Sub, ntid, one);
                    let j = b.bin(BinaryOp::Sub, m, tid);
                    let p = b.elem(base, j, size, false);
                    vec![a, b.load(t, p)]
                }
                _ => {
                    // rotated: tile[(tid + 1) % ntid]
                    let n1 = b.bin(BinaryOp::Add, tid, one);
                    let j = b.bin(BinaryOp::URem, n1, ntid);
                    let p = b.elem(base, j, size, false);
                    vec![a, b.load(t, p)]
                }
            }
        };
        let leaves = read(self, &mut b, base);
        let w = self.expr(&mut b, &leaves, depth);
        let result = if let Some(t2) = tile2 {
            let base2 = b.shared_base(t2);
            let p = b.elem(base2, tid, size, false);
            b.store(p, w);
            b.barrier();
            let leaves = read(self, &mut b, base2);
            self.expr(&mut b, &leaves, 1)
        } else {
            w
        };
        let c = b.icmp(IntPredicate::Slt, i, np);
        b.if_then(c, |b| {
            let p = b.elem(out_p, i, size, true);
            b.store(p, result);
        });
        self.module.functions.push(b.finish());
        Made {
            launch: Launch {
                kernel: name,
                grid,
                block,
                args,
            },
            swap: Some((1, 2)),
            shape,
        }
    }

    /// `reduce` (see the module doc).
    fn reduce(&mut self) -> Made {
        let n = self.total();
        let t = self.t();
        let size = self.size();
        let name = self.kernel_name();
        let (grid, mut block) = self.config1d(n, true, false);
        // Warp-shuffle reductions (f32: shuffles move 32-bit values) need whole warps.
        let warp = self.fe == Elem::F32 && self.rng.chance(1, 3);
        if warp {
            block[0] = block[0].max(32);
        }
        let grid = if warp {
            [(n as u32).div_ceil(block[0]).max(1), 1, 1]
        } else {
            grid
        };
        let bs = block[0];
        let warp_loop = warp && self.rng.chance(1, 2);
        let atomic = self.rng.chance(1, 3);
        let max = !atomic && self.rng.chance(1, 4);
        let two = self.rng.chance(1, 3);
        let const_ntid = self.rng.chance(1, 2);
        let mut b = Kb::kernel(&name);
        let mut args = Vec::new();
        let np = b.param(Type::I32, "n");
        args.push(Arg::I32(n));
        let in1 = self.pick_input(&[]);
        let in2 = if two {
            Some(self.pick_input(&[in1]))
        } else {
            None
        };
        let in1p = b.param(Type::Ptr(AddrSpace::Generic), "in");
        args.push(Arg::Buf(in1));
        let in2p = in2.map(|f| {
            args.push(Arg::Buf(f));
            b.param(Type::Ptr(AddrSpace::Generic), "in2")
        });
        let out_len = if atomic {
            self.rng.range(1, 3) as usize
        } else if warp {
            (grid[0] * bs / 32) as usize + self.rng.range(0, 2) as usize
        } else {
            grid[0] as usize + self.rng.range(0, 2) as usize
        };
        let out = self.new_floats("r", out_len);
        if atomic {
            self.atomic_float.resize(self.buffers.len(), false);
            self.atomic_float[out] = true;
        }
        let outp = b.param(Type::Ptr(AddrSpace::Generic), "out");
        args.push(Arg::Buf(out));
        let shape = format!(
            "reduce {}{} block {bs}{}{}",
            if max { "max" } else { "add" },
            match (warp, warp_loop) {
                (false, _) => "",
                (true, false) => " warp-shuffle",
                (true, true) => " warp-shuffle loop",
            },
            if atomic { " atomic" } else { " partials" },
            if two { " two inputs" } else { "" }
        );
        let tid = b.special(SpecialReg::TidX);
        let ctaid = b.special(SpecialReg::CtaidX);
        let i = b.global_id(0);
        let c = b.icmp(IntPredicate::Ult, i, np);
        let zero = b.cf(t, 0.0);
        let v = b.if_or(c, vec![zero], |b| {
            let x = self.load_at(b, in1p, i, 0, false);
            let mut leaves = vec![x];
            if let Some(p) = in2p {
                leaves.push(self.load_at(b, p, i, 0, false));
            }
            vec![self.expr(b, &leaves, 2)]
        });
        if warp {
            self.warp_tail(&mut b, v[0], tid, i, outp, atomic, out_len, max, warp_loop);
            self.module.functions.push(b.finish());
            return Made {
                launch: Launch {
                    kernel: name,
                    grid,
                    block,
                    args,
                },
                swap: None,
                shape,
            };
        }
        let tile = self.shared_global(bs);
        let base = b.shared_base(tile);
        let mine = b.elem(base, tid, size, false);
        b.store(mine, v[0]);
        b.barrier();
        let ntid = if const_ntid {
            b.c32(bs as i32)
        } else {
            b.special(SpecialReg::NtidX)
        };
        let one = b.c32(1);
        let s0 = b.bin(BinaryOp::LShr, ntid, one);
        b.while_(
            &[s0],
            |b, s| {
                let z = b.c32(0);
                b.icmp(IntPredicate::Ugt, s[0], z)
            },
            |b, s| {
                let s = s[0];
                let c = b.icmp(IntPredicate::Ult, tid, s);
                b.if_then(c, |b| {
                    let j = b.bin(BinaryOp::Add, tid, s);
                    let p = b.elem(base, j, size, false);
                    let x = b.load(t, p);
                    let y = b.load(t, mine);
                    let op = if max { BinaryOp::FMax } else { BinaryOp::FAdd };
                    let r = b.bin(op, y, x);
                    b.store(mine, r);
                });
                b.barrier();
                vec![b.bin(BinaryOp::LShr, s, one)]
            },
        );
        let z = b.c32(0);
        let c0 = b.icmp(IntPredicate::Eq, tid, z);
        b.if_then(c0, |b| {
            let r = b.load(t, base);
            if atomic {
                let k = self.rng.range(0, out_len as i64 - 1) as i32;
                let kc = b.c32(k);
                let p = b.elem(outp, kc, size, false);
                b.atomic_add(p, r);
            } else {
                let r = if self.rng.chance(1, 2) {
                    self.expr(b, &[r], 1)
                } else {
                    r
                };
                let p = b.elem(outp, ctaid, size, false);
                b.store(p, r);
            }
        });
        self.module.functions.push(b.finish());
        Made {
            launch: Launch {
                kernel: name,
                grid,
                block,
                args,
            },
            swap: None,
            shape,
        }
    }

    /// `counted` (see the module doc).
    fn counted(&mut self) -> Made {
        let n = self.total();
        let t = self.t();
        let size = self.size();
        let name = self.kernel_name();
        let k = self.rng.range(1, 8) as i32;
        let matvec = self.rng.chance(1, 2);
        let k_param = self.rng.chance(1, 2);
        let rotated = self.rng.chance(1, 2);
        let acc_init_out = self.rng.chance(1, 4);
        let mut b = Kb::kernel(&name);
        let mut args = Vec::new();
        let np = b.param(Type::I32, "n");
        args.push(Arg::I32(n));
        let kp = if k_param {
            args.push(Arg::I32(k));
            Some(b.param(Type::I32, "k"))
        } else {
            None
        };
        // matvec: a (n x k matrix, row-major), x (k); window: in (field), w (k weights).
        let (src, src_len_note) = if matvec {
            (self.new_floats("a", n as usize * k as usize), "matvec")
        } else {
            (self.pick_input(&[]), "window")
        };
        let w = self.new_floats("w", k as usize);
        let reads = [src, w];
        let out = self.pick_output(&reads);
        let src_p = b.param(Type::Ptr(AddrSpace::Generic), "src");
        let w_p = b.param(Type::Ptr(AddrSpace::Generic), "w");
        let out_p = b.param(Type::Ptr(AddrSpace::Generic), "out");
        args.push(Arg::Buf(src));
        args.push(Arg::Buf(w));
        args.push(Arg::Buf(out));
        let shape = format!(
            "counted {src_len_note} k {k}{}{}",
            if k_param { " param" } else { " const" },
            if rotated { " rotated" } else { "" }
        );
        let i = b.global_id(0);
        let c = b.icmp(IntPredicate::Slt, i, np);
        b.if_then(c, |b| {
            let kv = match kp {
                Some(p) => p,
                None => b.c32(k),
            };
            let init = if acc_init_out {
                let p = b.elem(out_p, i, size, true);
                b.load(t, p)
            } else {
                b.cf(t, 0.0)
            };
            let zero = b.c32(0);
            let second = self.rng.chance(1, 3);
            let mut inits = vec![init];
            if second {
                inits.push(b.cf(t, -4.0));
            }
            let depth = self.rng.range(0, 2) as u32;
            let accs = b.for_(zero, kv, 1, &inits, rotated, |b, kk, acc| {
                let wv = {
                    let p = b.elem(w_p, kk, size, true);
                    b.load(t, p)
                };
                let x = if matvec {
                    let row = b.bin(BinaryOp::Mul, i, kv);
                    let j = b.bin(BinaryOp::Add, row, kk);
                    let p = b.elem(src_p, j, size, true);
                    b.load(t, p)
                } else {
                    // in[(i + kk) % n]
                    let j = b.bin(BinaryOp::Add, i, kk);
                    let j = b.bin(BinaryOp::SRem, j, np);
                    let p = b.elem(src_p, j, size, true);
                    b.load(t, p)
                };
                let term = if depth == 0 {
                    x
                } else {
                    self.expr(b, &[x, wv], depth)
                };
                let mut next = vec![b.fma(term, wv, acc[0])];
                if second {
                    next.push(b.bin(BinaryOp::FMax, acc[1], x));
                }
                next
            });
            let r = if accs.len() == 2 {
                b.bin(BinaryOp::FAdd, accs[0], accs[1])
            } else {
                accs[0]
            };
            let r = if self.rng.chance(1, 2) {
                self.expr(b, &[r], 1)
            } else {
                r
            };
            let p = b.elem(out_p, i, size, true);
            b.store(p, r);
        });
        self.finish_1d(b, n, name, args, None, shape)
    }

    /// `csr` (see the module doc): `y = A x` over the domain's elements as rows and
    /// columns.
    fn csr(&mut self) -> Made {
        let n = self.total();
        let t = self.t();
        let size = self.size();
        let name = self.kernel_name();
        let mut row_ptr = vec![0i32];
        let mut cols = Vec::new();
        for _ in 0..n {
            let len = if self.rng.chance(1, 5) {
                0
            } else {
                self.rng.range(1, 5)
            };
            for _ in 0..len {
                cols.push(self.rng.below(n as u64) as i32);
            }
            row_ptr.push(cols.len() as i32);
        }
        let nnz = cols.len().max(1);
        if cols.is_empty() {
            cols.push(0);
        }
        let rp = self.new_ints("rowptr", &row_ptr);
        let ci = self.new_ints("col", &cols);
        let vals = self.new_floats("vals", nnz);
        let x = self.pick_input(&[]);
        let y = self.pick_output(&[x]);
        let mut b = Kb::kernel(&name);
        let np = b.param(Type::I32, "n");
        let rpp = b.param(Type::Ptr(AddrSpace::Generic), "row_ptr");
        let cip = b.param(Type::Ptr(AddrSpace::Generic), "col_idx");
        let vp = b.param(Type::Ptr(AddrSpace::Generic), "vals");
        let xp = b.param(Type::Ptr(AddrSpace::Generic), "x");
        let yp = b.param(Type::Ptr(AddrSpace::Generic), "y");
        let args = vec![
            Arg::I32(n),
            Arg::Buf(rp),
            Arg::Buf(ci),
            Arg::Buf(vals),
            Arg::Buf(x),
            Arg::Buf(y),
        ];
        let rotated = self.rng.chance(1, 2);
        let depth = self.rng.range(0, 2) as u32;
        let shape = format!("csr nnz {nnz}{}", if rotated { " rotated" } else { "" });
        let i = b.global_id(0);
        let c = b.icmp(IntPredicate::Slt, i, np);
        b.if_then(c, |b| {
            let p0 = b.elem(rpp, i, 4, true);
            let lo = b.load(Type::I32, p0);
            let p1 = b.ptr_off(p0, 4);
            let hi = b.load(Type::I32, p1);
            let zero = b.cf(t, 0.0);
            let acc = b.for_(lo, hi, 1, &[zero], rotated, |b, j, acc| {
                let pv = b.elem(vp, j, size, true);
                let v = b.load(t, pv);
                let pc = b.elem(cip, j, 4, true);
                let col = b.load(Type::I32, pc);
                let px = b.elem(xp, col, size, true);
                let xv = b.load(t, px);
                if depth == 0 {
                    vec![b.fma(v, xv, acc[0])]
                } else {
                    let e = self.expr(b, &[v, xv], depth);
                    vec![b.bin(BinaryOp::FAdd, acc[0], e)]
                }
            });
            let r = if self.rng.chance(1, 3) {
                self.expr(b, &[acc[0]], 1)
            } else {
                acc[0]
            };
            let p = b.elem(yp, i, size, true);
            b.store(p, r);
        });
        self.finish_1d(b, n, name, args, Some((4, 5)), shape)
    }

    /// `scatter` (see the module doc).
    fn scatter(&mut self) -> Made {
        let n = self.total();
        let size = self.size();
        let name = self.kernel_name();
        let target = self.rng.below(3);
        let inp = self.pick_input(&[]);
        let (out, idx) = match target {
            0 => {
                let o = self.pick_output(&[inp]);
                let idx = self.new_index(n as usize, n as usize);
                (o, Some(idx))
            }
            1 => (self.pick_output(&[inp]), None),
            _ => (self.new_floats("s", 2), None),
        };
        self.atomic_float.resize(self.buffers.len(), false);
        self.atomic_float[out] = true;
        let mut b = Kb::kernel(&name);
        let mut args = vec![Arg::I32(n)];
        let np = b.param(Type::I32, "n");
        let idxp = idx.map(|ix| {
            args.push(Arg::Buf(ix));
            b.param(Type::Ptr(AddrSpace::Generic), "idx")
        });
        let inp_p = b.param(Type::Ptr(AddrSpace::Generic), "in");
        let outp = b.param(Type::Ptr(AddrSpace::Generic), "out");
        args.push(Arg::Buf(inp));
        args.push(Arg::Buf(out));
        let depth = self.rng.range(0, 2) as u32;
        let shape = format!(
            "scatter {}",
            ["out[idx[i]]", "out[i/2]", "out[i%2] (small)"][target as usize]
        );
        let i = b.global_id(0);
        let c = b.icmp(IntPredicate::Slt, i, np);
        b.if_then(c, |b| {
            let x = self.load_at(b, inp_p, i, 0, true);
            let v = if depth == 0 {
                x
            } else {
                self.expr(b, &[x], depth)
            };
            let j = match idxp {
                Some(ix) => {
                    let p = b.elem(ix, i, 4, true);
                    b.load(Type::I32, p)
                }
                None => {
                    let two = b.c32(2);
                    let op = if target == 1 {
                        BinaryOp::SDiv
                    } else {
                        BinaryOp::SRem
                    };
                    b.bin(op, i, two)
                }
            };
            let p = b.elem(outp, j, size, true);
            b.atomic_add(p, v);
        });
        self.finish_1d(b, n, name, args, None, shape)
    }

    /// `gather` (see the module doc).
    fn gather(&mut self) -> Made {
        let n = self.total();
        let t = self.t();
        let size = self.size();
        let name = self.kernel_name();
        let in1 = self.pick_input(&[]);
        let in2 = self.pick_input(&[in1]);
        let out = self.pick_output(&[in1, in2]);
        let idx = self.new_index(n as usize, n as usize);
        let mut b = Kb::kernel(&name);
        let np = b.param(Type::I32, "n");
        let ixp = b.param(Type::Ptr(AddrSpace::Generic), "idx");
        let p1 = b.param(Type::Ptr(AddrSpace::Generic), "in1");
        let p2 = b.param(Type::Ptr(AddrSpace::Generic), "in2");
        let po = b.param(Type::Ptr(AddrSpace::Generic), "out");
        let args = vec![
            Arg::I32(n),
            Arg::Buf(idx),
            Arg::Buf(in1),
            Arg::Buf(in2),
            Arg::Buf(out),
        ];
        let depth = self.rng.range(1, 3) as u32;
        let i = b.global_id(0);
        let c = b.icmp(IntPredicate::Slt, i, np);
        b.if_then(c, |b| {
            let pi = b.elem(ixp, i, 4, true);
            let j = b.load(Type::I32, pi);
            let pj = b.elem(p1, j, size, true);
            let a = b.load(t, pj);
            let c2 = self.load_at(b, p2, i, 0, true);
            let v = self.expr(b, &[a, c2], depth);
            let p = b.elem(po, i, size, true);
            b.store(p, v);
        });
        self.finish_1d(b, n, name, args, None, "gather in[idx[i]]".into())
    }

    /// The end of a warp-shuffle reduction: `v += __shfl_down_sync(~0, v, o)` for
    /// `o = 16, 8, 4, 2, 1` (unrolled, or a `while (o > 0)` loop), then lane 0 of each
    /// warp stores its warp's sum at `out[i / 32]` or adds it atomically into one element.
    #[allow(clippy::too_many_arguments)]
    fn warp_tail(
        &mut self,
        b: &mut Kb,
        v: Value,
        tid: Value,
        i: Value,
        outp: Value,
        atomic: bool,
        out_len: usize,
        max: bool,
        looped: bool,
    ) {
        let size = self.size();
        let op = if max { BinaryOp::FMax } else { BinaryOp::FAdd };
        let mask = b.c32(-1);
        let clamp = b.c32(31);
        let shfl = |b: &mut Kb, v: Value, o: Value| {
            let ty = b.f.value_type(v);
            b.op(
                frontend::ir::Op::Shuffle {
                    mode: frontend::ir::ShuffleMode::Down,
                    mask,
                    value: v,
                    lane: o,
                    clamp,
                },
                ty,
            )
        };
        let r = if !looped {
            let mut v = v;
            for o in [16, 8, 4, 2, 1] {
                let oc = b.c32(o);
                let x = shfl(b, v, oc);
                v = b.bin(op, v, x);
            }
            v
        } else {
            let o0 = b.c32(16);
            let r = b.while_(
                &[o0, v],
                |b, s| {
                    let z = b.c32(0);
                    b.icmp(IntPredicate::Sgt, s[0], z)
                },
                |b, s| {
                    let x = shfl(b, s[1], s[0]);
                    let nv = b.bin(op, s[1], x);
                    let one = b.c32(1);
                    let no = b.bin(BinaryOp::AShr, s[0], one);
                    vec![no, nv]
                },
            );
            r[1]
        };
        let lane = b.bin(BinaryOp::And, tid, clamp);
        let z = b.c32(0);
        let first = b.icmp(IntPredicate::Eq, lane, z);
        b.if_then(first, |b| {
            if atomic {
                let k = self.rng.range(0, out_len as i64 - 1) as i32;
                let kc = b.c32(k);
                let p = b.elem(outp, kc, size, false);
                b.atomic_add(p, r);
            } else {
                let w = b.c32(32);
                let wi = b.bin(BinaryOp::SDiv, i, w);
                let p = b.elem(outp, wi, size, true);
                b.store(p, r);
            }
        });
    }

    /// `tiled`: `y = e(A x)` with `x` staged through shared memory one block-sized tile at
    /// a time (`for (c = 0; c < m; c += B) { tile[t] = x[c + t]; sync; for k < B: acc +=
    /// A[i][c + k] tile[k]; sync }`), as a tiled mat-vec: barriers inside a uniform
    /// counted loop, an inner loop in a divergent branch.
    fn tiled(&mut self) -> Made {
        let n = self.total();
        let t = self.t();
        let size = self.size();
        let name = self.kernel_name();
        let (grid, block) = self.config1d(n, false, false);
        let bs = block[0];
        let m = (self.rng.range(4, 100) as i32).min((200_000 / n.max(1)).max(1));
        let a = self.new_floats("a", n as usize * m as usize);
        let x = self.new_floats("x", m as usize);
        let y = self.pick_output(&[]);
        let tile = self.shared_global(bs);
        let rotated = self.rng.chance(1, 2);
        let const_b = self.rng.chance(1, 2);
        let mut b = Kb::kernel(&name);
        let np = b.param(Type::I32, "n");
        let mp = b.param(Type::I32, "m");
        let ap = b.param(Type::Ptr(AddrSpace::Generic), "a");
        let xp = b.param(Type::Ptr(AddrSpace::Generic), "x");
        let yp = b.param(Type::Ptr(AddrSpace::Generic), "y");
        let args = vec![
            Arg::I32(n),
            Arg::I32(m),
            Arg::Buf(a),
            Arg::Buf(x),
            Arg::Buf(y),
        ];
        let shape = format!(
            "tiled m {m} block {bs}{}",
            if rotated { " rotated" } else { "" }
        );
        let tid = b.special(SpecialReg::TidX);
        let i = b.global_id(0);
        let bsv = if const_b {
            b.c32(bs as i32)
        } else {
            b.special(SpecialReg::NtidX)
        };
        let zero = b.c32(0);
        let fz = b.cf(t, 0.0);
        let base = b.shared_base(tile);
        let mine = b.elem(base, tid, size, false);
        let acc = b.for_(zero, mp, bs as i32, &[fz], rotated, |b, c, acc| {
            let j = b.bin(BinaryOp::Add, c, tid);
            let inside = b.icmp(IntPredicate::Slt, j, mp);
            let fz = b.cf(t, 0.0);
            let xv = b.if_or(inside, vec![fz], |b| {
                let p = b.elem(xp, j, size, true);
                vec![b.load(t, p)]
            });
            b.store(mine, xv[0]);
            b.barrier();
            let row = b.icmp(IntPredicate::Slt, i, np);
            let acc2 = b.if_or(row, vec![acc[0]], |b| {
                let z = b.c32(0);
                b.for_(z, bsv, 1, &[acc[0]], false, |b, k, a2| {
                    let ck = b.bin(BinaryOp::Add, c, k);
                    let ok = b.icmp(IntPredicate::Slt, ck, mp);
                    b.if_or(ok, vec![a2[0]], |b| {
                        let im = b.bin(BinaryOp::Mul, i, mp);
                        let e = b.bin(BinaryOp::Add, im, ck);
                        let pa = b.elem(ap, e, size, true);
                        let av = b.load(t, pa);
                        let pt = b.elem(base, k, size, false);
                        let tv = b.load(t, pt);
                        vec![b.fma(av, tv, a2[0])]
                    })
                })
            });
            b.barrier();
            acc2
        });
        let row = b.icmp(IntPredicate::Slt, i, np);
        b.if_then(row, |b| {
            let r = if self.rng.chance(1, 2) {
                self.expr(b, &[acc[0]], 1)
            } else {
                acc[0]
            };
            let p = b.elem(yp, i, size, true);
            b.store(p, r);
        });
        self.module.functions.push(b.finish());
        Made {
            launch: Launch {
                kernel: name,
                grid,
                block,
                args,
            },
            swap: None,
            shape,
        }
    }
}
