//! Run-time bounds checks on data-dependent accesses (the JIT path only).
//!
//! What it rewrites: a load, store, atomic or compare-and-swap through a kernel pointer
//! parameter whose byte offset is *data-dependent* (computed from a value loaded from
//! memory, or controlled by one: `x[col[j]]`, or `vals[j]` with `j` running between two
//! loaded `row_ptr` entries) is emitted under `scf.if` on `offset + width <= size`, where
//! `size` is the byte size of the buffer the launch binds that parameter to, passed at run
//! time in an extra trailing function argument (an `i64` per parameter, loaded once at
//! function entry; the check is one unsigned compare against `size - width + 1`, which a
//! negative offset fails too). Data-dependent accesses to a block's shared or a thread's
//! local allocation (a shared-memory histogram's bins) are checked the same way against
//! the allocation's size, a constant of the launch. A failing access is skipped (a load or atomic yields 0) and the error
//! word gets `ERR_OOB_BASE + site` (compare-and-swap from 0, so the first error written
//! is kept); the caller ([`super::CompiledKernel::run_sized`]) turns it into an
//! `out-of-bounds` diagnostic naming the kernel, the access and its source line.
//!
//! Why it is legal: an in-bounds access runs exactly the code it ran before (the check
//! only adds a branch around it), so in-bounds results are bit-for-bit unchanged; an
//! out-of-bounds access is undefined behaviour on the GPU and here, and the run is
//! reported as failed instead of returning values.
//!
//! What is not checked, and why that is acceptable: accesses whose offsets are not
//! data-dependent (affine in thread and block ids, launch constants, scalar arguments,
//! loop counters with launch-constant bounds) are the same for every input data: they are
//! fixed by the program and the spec (which the driver validates: buffer sizes and
//! dtypes against the inputs), not by the values in the buffers, so bad input data alone
//! cannot move them (`--target interp` reports a program whose own indexing is out of
//! bounds); the driver does not prove them in bounds. Also unchecked: data-dependent
//! accesses through pointers not derived from one parameter (a pointer loaded from
//! memory, a select between parameters), and `memcpy`/`memset`. The object file
//! (`--emit cpu-object`) is unchecked: its C ABI passes no buffer sizes (as on CUDA).
//! `RAISE_CPU_CHECK_INDIRECT=0` turns the checks off (for A/B measurements).

use std::collections::{BTreeSet, HashMap};

use frontend::Diagnostic;
use parallel_ir::ir::{Addr, Kernel, MemRoot, OpData, OpId, OpKind, Region, Type, Value, ValueDef};

use super::emit::{mty, Emitter, ERR_OOB_BASE};

/// Whether run-time checks are on for compiled launches (`RAISE_CPU_CHECK_INDIRECT=0`
/// turns them off).
pub fn enabled() -> bool {
    std::env::var("RAISE_CPU_CHECK_INDIRECT").map_or(true, |v| v != "0")
}

/// One checked access.
#[derive(Clone, Debug)]
pub(super) struct Site {
    /// The parameter whose buffer bounds the access.
    param: u32,
    /// A block's shared or a thread's local allocation instead (its size is a constant
    /// of the launch).
    memory: Option<MemRoot>,
    /// The byte offset value (a root access), or the pointer (a dynamic one).
    offset: Value,
    dynamic: bool,
    bytes: u64,
    /// How the diagnostic names the access.
    pub(super) what: String,
}

/// The checks of one emitted kernel.
#[derive(Default)]
pub(super) struct State {
    pub(super) sites: Vec<Site>,
    site_of: HashMap<OpId, usize>,
    /// Parameters whose sizes the function loads at entry, with the access widths
    /// checked against them.
    pub(super) params: BTreeSet<(u32, u64)>,
    /// Emitting the guarded op itself.
    guarding: bool,
}

/// Values that depend on memory contents: results of loads and atomics, everything
/// computed from them, and values whose loop trip count or branch depends on them
/// (a `For` with a data-dependent bound, a `While` with a data-dependent condition, an
/// `If` on a data-dependent condition). A fixed point over the kernel's ops.
pub(super) fn data_dependent(k: &Kernel) -> Vec<bool> {
    let mut t = vec![false; k.values.len()];
    let term_operands = |r: &Region| -> Vec<Value> {
        r.ops
            .last()
            .map(|&o| match &k.op(o).kind {
                OpKind::Yield(v) => v.clone(),
                OpKind::Condition { args, .. } => args.clone(),
                _ => Vec::new(),
            })
            .unwrap_or_default()
    };
    let cond_of = |r: &Region| -> Option<Value> {
        r.ops.last().and_then(|&o| match &k.op(o).kind {
            OpKind::Condition { cond, .. } => Some(*cond),
            _ => None,
        })
    };
    loop {
        let mut changed = false;
        let mut mark = |t: &mut Vec<bool>, v: Value| {
            if let Some(s) = t.get_mut(v.index()) {
                if !*s {
                    *s = true;
                    changed = true;
                }
            }
        };
        for op in &k.ops {
            let is = |t: &Vec<bool>, v: Value| t.get(v.index()).copied().unwrap_or(true);
            match &op.kind {
                OpKind::Load { .. } | OpKind::Atomic { .. } | OpKind::AtomicCas { .. } => {
                    for &r in &op.results {
                        mark(&mut t, r);
                    }
                }
                OpKind::For {
                    lower,
                    upper,
                    step,
                    inits,
                    body,
                } => {
                    let ctl = is(&t, *lower) || is(&t, *upper) || is(&t, *step);
                    if ctl {
                        if let Some(&iv) = body.args.first() {
                            mark(&mut t, iv);
                        }
                    }
                    let ys = term_operands(body);
                    for (j, &init) in inits.iter().enumerate() {
                        let arg = body.args.get(j + 1).copied();
                        let dep = ctl
                            || is(&t, init)
                            || ys.get(j).is_some_and(|&y| is(&t, y))
                            || arg.is_some_and(|a| is(&t, a));
                        if dep {
                            if let Some(a) = arg {
                                mark(&mut t, a);
                            }
                            if let Some(&r) = op.results.get(j) {
                                mark(&mut t, r);
                            }
                        }
                    }
                }
                OpKind::While {
                    inits,
                    before,
                    after,
                } => {
                    let ctl = cond_of(before).is_some_and(|c| is(&t, c));
                    let ys = term_operands(after);
                    let cs = term_operands(before);
                    // A data-dependent condition makes every carried value dependent (the
                    // trip count is); otherwise each follows its own init, yield and
                    // condition argument.
                    for (j, &a) in before.args.iter().enumerate() {
                        let dep = ctl
                            || inits.get(j).is_some_and(|&v| is(&t, v))
                            || ys.get(j).is_some_and(|&v| is(&t, v));
                        if dep {
                            mark(&mut t, a);
                        }
                    }
                    for (j, &c) in cs.iter().enumerate() {
                        if ctl || is(&t, c) {
                            for v in [after.args.get(j), op.results.get(j)].into_iter().flatten() {
                                mark(&mut t, *v);
                            }
                        }
                    }
                }
                OpKind::If {
                    cond,
                    then_region,
                    else_region,
                } => {
                    let (a, b) = (term_operands(then_region), term_operands(else_region));
                    for (j, &r) in op.results.iter().enumerate() {
                        let dep = is(&t, *cond)
                            || a.get(j).is_some_and(|&y| is(&t, y))
                            || b.get(j).is_some_and(|&y| is(&t, y));
                        if dep {
                            mark(&mut t, r);
                        }
                    }
                }
                OpKind::Parallel { .. } | OpKind::Yield(_) | OpKind::Condition { .. } => {}
                kind => {
                    if !op.results.is_empty() && kind.operands().iter().any(|&v| is(&t, v)) {
                        for &r in &op.results {
                            mark(&mut t, r);
                        }
                    }
                }
            }
        }
        if !changed {
            return t;
        }
    }
}

/// The parameter a pointer value is derived from (through `PtrAdd` chains), if one.
fn param_base(k: &Kernel, mut p: Value) -> Option<u32> {
    for _ in 0..64 {
        let ValueDef::Result(op, 0) = k.value_def(p) else {
            return None;
        };
        match k.op(op).kind {
            OpKind::PtrAdd { ptr, .. } => p = ptr,
            OpKind::RootAddr(MemRoot::Param(i)) => return Some(i),
            _ => return None,
        }
    }
    None
}

/// The checked accesses of `k`.
pub(super) fn plan(k: &Kernel) -> State {
    let t = data_dependent(k);
    let dep = |v: Value| t.get(v.index()).copied().unwrap_or(true);
    let mut st = State::default();
    for (i, op) in k.ops.iter().enumerate() {
        let (addr, what, ty) = match &op.kind {
            OpKind::Load { addr } => (addr, "load", op.results.first().map(|&r| k.value_type(r))),
            OpKind::Store { addr, value } => (addr, "store", Some(k.value_type(*value))),
            OpKind::Atomic { addr, value, .. } => (addr, "atomic", Some(k.value_type(*value))),
            OpKind::AtomicCas { addr, new, .. } => {
                (addr, "atomic compare-and-swap", Some(k.value_type(*new)))
            }
            _ => continue,
        };
        let Some(ty) = ty else { continue };
        let bytes = if ty == Type::I1 { 1 } else { ty.bytes().max(1) };
        let at = op_loc(op);
        if let Addr::Root {
            root: root @ (MemRoot::Shared(_) | MemRoot::Local(_)),
            offset,
        } = *addr
        {
            if dep(offset) {
                let place = if matches!(root, MemRoot::Shared(_)) {
                    "shared"
                } else {
                    "local"
                };
                st.site_of.insert(OpId(i as u32), st.sites.len());
                st.sites.push(Site {
                    param: u32::MAX,
                    memory: Some(root),
                    offset,
                    dynamic: false,
                    bytes,
                    what: format!("{place}:{what} of {bytes} bytes{at}"),
                });
            }
            continue;
        }
        let (param, offset, dynamic) = match *addr {
            Addr::Root {
                root: MemRoot::Param(p),
                offset,
            } if dep(offset) => (p, offset, false),
            Addr::Dynamic(ptr) if dep(ptr) => match param_base(k, ptr) {
                Some(p) => (p, ptr, true),
                None => continue,
            },
            _ => continue,
        };
        // Only pointer parameters are bound to buffers.
        if !k
            .params
            .get(param as usize)
            .is_some_and(|&v| k.value_type(v).is_ptr())
        {
            continue;
        }
        let what = format!("{param}:{what} of {bytes} bytes{at}");
        st.site_of.insert(OpId(i as u32), st.sites.len());
        st.params.insert((param, bytes));
        st.sites.push(Site {
            param,
            memory: None,
            offset,
            dynamic,
            bytes,
            what,
        });
    }
    st
}

fn op_loc(op: &OpData) -> String {
    match &op.loc {
        Some(l) => format!(" (line {}:{})", l.line, l.col),
        None => String::new(),
    }
}

/// The diagnostic for error word `e` (at least `ERR_OOB_BASE`) of kernel `k`, checked
/// with `sites` (`param:description`), run with `sizes` and buffer `names` per parameter.
pub(super) fn diagnostic(
    k: &super::jit::KernelInfo,
    sites: &[String],
    sizes: &[u64],
    names: &[String],
    e: i32,
) -> Diagnostic {
    let site = usize::try_from(e - ERR_OOB_BASE)
        .ok()
        .and_then(|i| sites.get(i))
        .and_then(|s| s.split_once(':'))
        .and_then(|(p, what)| Some((p.parse::<usize>().ok()?, what)));
    if let Some((place, what)) = usize::try_from(e - ERR_OOB_BASE)
        .ok()
        .and_then(|i| sites.get(i))
        .and_then(|s| s.split_once(':'))
        .filter(|(p, _)| matches!(*p, "shared" | "local"))
    {
        let mem = if place == "shared" {
            "the block's shared memory"
        } else {
            "the thread's local memory"
        };
        return Diagnostic::new(
            "out-of-bounds",
            format!(
                "{what} at an index read from input data is outside {mem} (the access was skipped; run with --target interp for the offset)"
            ),
        )
        .in_function(k.kernel_name.clone());
    }
    let Some((p, what)) = site else {
        return Diagnostic::new(
            "out-of-bounds",
            "an access at an index read from input data is outside its buffer",
        )
        .in_function(k.kernel_name.clone());
    };
    let name = names
        .get(p)
        .filter(|n| !n.is_empty())
        .cloned()
        .or_else(|| k.param_names.get(p).cloned().flatten())
        .unwrap_or_else(|| format!("parameter {p}"));
    let size = sizes
        .get(p)
        .filter(|&&s| s < i64::MAX as u64)
        .map_or(String::new(), |s| format!(" ({s} bytes)"));
    Diagnostic::new(
        "out-of-bounds",
        format!(
            "{what} at an index read from input data is outside buffer '{name}'{size} (the access was skipped; run with --target interp for the offset)"
        ),
    )
    .in_function(k.kernel_name.clone())
}

impl Emitter<'_> {
    /// Set the error word to site `ix`'s code unless an error is already recorded.
    fn set_error(&mut self, ix: usize) {
        let code = self.const_int(i64::from(ERR_OOB_BASE) + ix as i64, "i32");
        let zero32 = self.const_int(0, "i32");
        let err = self.err.clone();
        self.def(&format!(
            "llvm.cmpxchg {err}, {zero32}, {code} monotonic monotonic : !llvm.ptr, i32"
        ));
    }

    /// The function-entry loads of the checked parameters' sizes (`%bound<i>`).
    pub(super) fn bounds_prologue(&self) -> String {
        let Some(st) = &self.bounds else {
            return String::new();
        };
        let mut s = String::new();
        let mut loaded = BTreeSet::new();
        s.push_str("    %blim_zero = arith.constant 0 : i64\n");
        for &(i, w) in &st.params {
            if loaded.insert(i) {
                s.push_str(&format!(
                    "    %boundp{i} = llvm.getelementptr %bounds[{i}] : (!llvm.ptr) -> !llvm.ptr, i64\n    %bound{i} = llvm.load %boundp{i} {{alignment = 8 : i64}} : !llvm.ptr -> i64\n"
                ));
            }
            // size - w + 1 start offsets are valid (none when size < w).
            let m = w as i64 - 1;
            s.push_str(&format!(
                "    %blimm{i}_{w} = arith.constant {m} : i64\n    %blimd{i}_{w} = arith.subi %bound{i}, %blimm{i}_{w} : i64\n    %blimp{i}_{w} = arith.cmpi sgt, %blimd{i}_{w}, %blim_zero : i64\n    %blim{i}_{w} = arith.select %blimp{i}_{w}, %blimd{i}_{w}, %blim_zero : i64\n"
            ));
        }
        s
    }

    /// Emit op `id` under its bounds check if it is a checked site (gives true).
    pub(super) fn bounds_guarded(&mut self, id: OpId, data: &OpData) -> Result<bool, Diagnostic> {
        let Some(st) = &self.bounds else {
            return Ok(false);
        };
        if st.guarding {
            return Ok(false);
        }
        let Some(&ix) = st.site_of.get(&id) else {
            return Ok(false);
        };
        let site = st.sites[ix].clone();
        let off = if site.dynamic {
            let p = self.name(site.offset)?;
            let b = self.root_ptr(MemRoot::Param(site.param))?;
            let pi = self.def(&format!("llvm.ptrtoint {p} : !llvm.ptr to i64"));
            let bi = self.def(&format!("llvm.ptrtoint {b} : !llvm.ptr to i64"));
            self.def(&format!("arith.subi {pi}, {bi} : i64"))
        } else {
            self.name(site.offset)?
        };
        // One unsigned compare against the count of valid start offsets (a negative
        // offset is a huge unsigned one).
        let lim = match site.memory {
            Some(root) => {
                let total = match root {
                    MemRoot::Shared(s) => self.k.shared.get(s.index()).map_or(0, |a| {
                        if a.dynamic {
                            self.cfg.dynamic_shared_bytes
                        } else {
                            a.bytes
                        }
                    }),
                    MemRoot::Local(l) => self.k.locals.get(l.index()).map_or(0, |a| a.bytes),
                    _ => 0,
                };
                let n = (total + 1).saturating_sub(site.bytes);
                self.const_int(n.min(i64::MAX as u64) as i64, "i64")
            }
            None => format!("%blim{}_{}", site.param, site.bytes),
        };
        let ok = self.def(&format!("arith.cmpi ult, {off}, {lim} : i64"));
        let mut res = data.results.first().copied();
        let out = self.fresh();
        let header_at = self.out.len();
        let plain = format!("scf.if {ok} {{");
        match res {
            Some(r) => {
                let t = mty(self.k.value_type(r));
                self.line(&format!("{out} = scf.if {ok} -> ({t}) {{"));
            }
            None => self.line(&plain),
        }
        let header_end = self.out.len();
        self.indent += 1;
        // A result bound by an earlier copy of this op (unrolled or split code) is stale.
        if let Some(r) = res {
            self.set_name(r, None);
        }
        if let Some(st) = &mut self.bounds {
            st.guarding = true;
        }
        let r = self.op_main(id, data);
        if let Some(st) = &mut self.bounds {
            st.guarding = false;
        }
        r?;
        // An atomic whose result is unused may leave it unbound: no result then.
        if res.is_some_and(|r| self.name_of(r).is_none()) {
            res = None;
            let line = format!("{}{plain}\n", "  ".repeat(self.indent - 1));
            self.out.replace_range(header_at..header_end, &line);
        }
        let rty = res.map(|r| self.k.value_type(r));
        if let Some(r) = res {
            let v = self.name(r)?;
            self.line(&format!("scf.yield {v} : {}", mty(self.k.value_type(r))));
        }
        self.indent -= 1;
        self.line("} else {");
        self.indent += 1;
        self.set_error(ix);
        if let Some(t) = rty {
            let z = match t {
                Type::Ptr(_) => self.def("llvm.mlir.zero : !llvm.ptr"),
                t if t.is_float() => self.const_float(0, t),
                t => self.const_int(0, mty(t)),
            };
            self.line(&format!("scf.yield {z} : {}", mty(t)));
        }
        self.indent -= 1;
        self.line("}");
        if let Some(r) = res {
            self.bind(r, out);
        }
        Ok(true)
    }
}
