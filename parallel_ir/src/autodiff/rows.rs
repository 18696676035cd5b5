//! Row-owned accumulation: [`owned_rows`] gives a version of an adjoint in which the
//! atomic adds into a buffer that each thread touches only inside its own *row*
//! `[k B[g + d], k B[g + d + 1])` (bytes, `B` a row-bounds buffer such as CSR's
//! `row_ptr`, `g` the thread's global index) are plain load-add-stores, together with
//! the run-time check under which that version is legal: `B` non-decreasing over the
//! rows the launch's threads use.
//!
//! # Why
//! gather_indirect's adjoint (CSR SpMV, one thread per row) accumulates `vals_bar[j] +=
//! y_bar[r] * x[col[j]]` for `j` in the row `[row_ptr[r], row_ptr[r + 1])`. No static
//! proof can show the rows of different threads disjoint (that is a property of the
//! data), so [`super::accumulate`] keeps those adds atomic and the CPU backend
//! privatizes the buffer (a private copy per chunk of blocks, filled and summed every
//! run: about a fifth of the adjoint). With `row_ptr` non-decreasing, the rows are
//! disjoint and each thread owns the entries of its row: plain adds, no copy.
//!
//! # What it proves
//! For the launch (the kernel specialised to it, one-dimensional: `g = T bx + tx`,
//! `T` the block size, other dimensions 1) and a target buffer `P` (a parameter's buffer
//! with atomic adds, every parameter bound to it at one byte offset): a *row-bounds*
//! parameter `B` (`i32` or `i64` elements of `w` bytes, bound to a buffer no op of the
//! kernel writes and that is not `P`'s; no access through a pointer of unknown root
//! anywhere), a constant `d` and `k` (the size of `P`'s first atomic add) such that
//! every access to `P`'s buffer, by the thread of global index `g`, at byte offset `O`
//! (from the parameter) of `len` bytes satisfies `k S <= O` and `O + len <= k E`, where
//! `S` and `E` are the values of `B`'s elements `g + d` and `g + d + 1` (loads at byte
//! offsets `w (g + d)` and `w (g + d + 1)`, which give the same value wherever they
//! are in the thread since nothing writes `B`). The proof is [`super::intfacts`] at each
//! access (the facts of its enclosing `If`s and `For`s, every alternative of its
//! offset). It also finds `gmax`, the largest `g` that can reach an access.
//!
//! # The check, and why the rewrite is then legal
//! [`RowCheck`]: `B[d] <= B[d + 1] <= ... <= B[d + gmax + 1]` (signed, `B` as it is when
//! the launch starts; the caller evaluates it on the buffer before running the kernel,
//! and runs the original kernel otherwise). Then for threads `g < h <= gmax`,
//! `B[g + d + 1] <= B[h + d]`: thread `g`'s bytes of `P` (below `k B[g + d + 1]`) and
//! thread `h`'s (from `k B[h + d]`) are disjoint, so no byte of `P` is touched by two
//! threads of the launch. Each atomic add on `P` then reads and writes bytes only its
//! own thread touches, in program order: a plain load, add and store computes the same
//! (the argument of [`super::accumulate`], with the disjointness proven for this data).
//! The rewritten adds leave [`crate::ir::Kernel::block_local_atomics`].

use std::collections::{BTreeSet, HashSet};

use super::accumulate::{candidates, rewrite_region, walk, AccumulateOptions};
use super::intfacts::{Fact, IntFacts, Lin};
use crate::effects::{loc_space, op_accesses, AccessLoc, Extent, MemSpace};
use crate::ir::{Kernel, Level, MemRoot, OpId, OpKind, Type, Value};

/// The run-time condition of an [`owned_rows`] kernel: the `i32` or `i64` elements
/// `first..=last` of the buffer that parameter `param` points to (indices from that
/// pointer) are non-decreasing (signed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowCheck {
    pub param: u32,
    pub ty: Type,
    pub first: u64,
    pub last: u64,
}

/// A kernel whose row-owned atomic adds are plain, legal where every check holds.
#[derive(Clone, Debug)]
pub struct Owned {
    pub kernel: Kernel,
    pub checks: Vec<RowCheck>,
    /// The atomic adds made plain.
    pub rewritten: Vec<OpId>,
}

/// One access of the kernel to global memory at a known root.
struct Site {
    op: OpId,
    param: u32,
    offset: Value,
    len: u64,
}

/// The version of `kernel` described in the module documentation, or `None` when no
/// atomic add's buffer is proven row-owned.
pub fn owned_rows(kernel: &Kernel, opts: &AccumulateOptions) -> Option<Owned> {
    if opts.block[1..]
        .iter()
        .chain(&opts.grid[1..])
        .any(|&d| d != 1)
    {
        return None;
    }
    let adds = candidates(kernel);
    if adds.is_empty() {
        return None;
    }
    // Every global access, at a known root.
    let mut ops = Vec::new();
    walk(kernel, &kernel.body, &mut ops, 0);
    let mut sites = Vec::new();
    let mut written: HashSet<usize> = HashSet::new();
    for &op in &ops {
        for acc in op_accesses(kernel, op) {
            match acc.loc {
                AccessLoc::Unknown { .. } => {
                    if matches!(
                        loc_space(kernel, &acc.loc),
                        Some(MemSpace::Shared | MemSpace::Local)
                    ) {
                        continue;
                    }
                    return None;
                }
                AccessLoc::Root { root, offset, len } => match root {
                    MemRoot::Param(p) => {
                        let (buf, _) = (*opts.param_buffers.get(p as usize)?)?;
                        if acc.write {
                            written.insert(buf);
                        }
                        let Extent::Bytes(len) = len else {
                            // A run-time length: only harmless away from the targets.
                            if acc.write {
                                written.insert(buf);
                            }
                            sites.push(Site {
                                op,
                                param: p,
                                offset,
                                len: u64::MAX,
                            });
                            continue;
                        };
                        sites.push(Site {
                            op,
                            param: p,
                            offset,
                            len,
                        });
                    }
                    MemRoot::Global(_) | MemRoot::Shared(_) | MemRoot::Local(_) => {}
                },
            }
        }
    }
    let buffer_of = |p: u32| opts.param_buffers.get(p as usize).copied().flatten();
    // Row-bounds candidates: parameters bound to buffers nothing writes.
    let readonly: HashSet<MemRoot> = (0..opts.param_buffers.len() as u32)
        .filter(|&p| buffer_of(p).is_some_and(|(b, _)| !written.contains(&b)))
        .map(MemRoot::Param)
        .collect();
    if readonly.is_empty() {
        return None;
    }
    let mut facts = IntFacts::new(kernel, opts.grid, opts.block, readonly.clone());
    // The global thread index `g = T bx + tx`.
    let (bx, tx) = thread_indices(kernel)?;
    let bxa = facts.eval(bx).first()?.form.clone();
    let txa = facts.eval(tx).first()?.form.clone();
    let g = bxa.scale(i128::from(opts.block[0]))?.add(&txa)?;
    let gmax_all = i128::from(opts.grid[0]) * i128::from(opts.block[0]) - 1;
    // Loads of the row-bounds candidates at `w (g + d)`: (param, type, d, atom).
    let mut bounds: Vec<(u32, Type, i128, Lin)> = Vec::new();
    for &op in &ops {
        let OpKind::Load {
            addr:
                crate::ir::Addr::Root {
                    root: MemRoot::Param(p),
                    offset,
                },
        } = kernel.op(op).kind
        else {
            continue;
        };
        if !readonly.contains(&MemRoot::Param(p)) {
            continue;
        }
        let Some(&v) = kernel.op(op).results.first() else {
            continue;
        };
        let ty = kernel.value_type(v);
        if !matches!(ty, Type::I32 | Type::I64) {
            continue;
        }
        let w = i128::from(ty.bits() / 8);
        let off = facts.eval(offset);
        let [o] = off.as_slice() else {
            continue;
        };
        if !o.facts.is_empty() {
            continue;
        }
        // o = w g + w d
        let Some(rest) = o.form.sub(&g.scale(w)?) else {
            continue;
        };
        let Some(c) = rest.as_const() else {
            continue;
        };
        if c % w != 0 {
            continue;
        }
        let val = facts.eval(v);
        let [a] = val.as_slice() else {
            continue;
        };
        if !a.facts.is_empty() {
            continue;
        }
        let entry = (p, ty, c / w, a.form.clone());
        if !bounds.contains(&entry) {
            bounds.push(entry);
        }
    }
    // Target buffers: those of the atomic adds.
    let mut targets: Vec<(usize, u64)> = adds
        .iter()
        .filter_map(|&a| match kernel.op(a).kind {
            OpKind::Atomic {
                addr:
                    crate::ir::Addr::Root {
                        root: MemRoot::Param(p),
                        ..
                    },
                ..
            } => buffer_of(p),
            _ => None,
        })
        .collect();
    targets.sort_unstable();
    targets.dedup();
    let mut checks = Vec::new();
    let mut rewritten = Vec::new();
    'target: for (buf, off) in targets {
        let on: Vec<&Site> = sites
            .iter()
            .filter(|s| buffer_of(s.param).is_some_and(|(b, _)| b == buf))
            .collect();
        if on
            .iter()
            .any(|s| buffer_of(s.param) != Some((buf, off)) || s.len == u64::MAX)
        {
            continue;
        }
        let its_adds: Vec<OpId> = on
            .iter()
            .map(|s| s.op)
            .filter(|o| adds.contains(o))
            .collect();
        let Some(k) = its_adds.first().and_then(|&a| {
            on.iter()
                .find(|s| s.op == a)
                .map(|s| i128::from(s.len as u32))
        }) else {
            continue;
        };
        for (p, ty, d, s_atom) in &bounds {
            let Some((_, _, _, e_atom)) = bounds
                .iter()
                .find(|(q, t, e, _)| q == p && t == ty && *e == d + 1)
            else {
                continue;
            };
            let mut gmax = -1i128;
            let all = on.iter().all(|site| {
                match site_bound(&mut facts, site, k, s_atom, e_atom, &g, gmax_all) {
                    Some(m) => {
                        gmax = gmax.max(m);
                        true
                    }
                    None => false,
                }
            });
            if !all || *d < 0 || gmax < 0 {
                continue;
            }
            let (Ok(first), Ok(last)) = (u64::try_from(*d), u64::try_from(d + gmax + 1)) else {
                continue;
            };
            let check = RowCheck {
                param: *p,
                ty: *ty,
                first,
                last,
            };
            if !checks.contains(&check) {
                checks.push(check);
            }
            rewritten.extend(its_adds);
            continue 'target;
        }
    }
    if rewritten.is_empty() {
        return None;
    }
    let mut out = kernel.clone();
    let set: HashSet<OpId> = rewritten.iter().copied().collect();
    let mut body = std::mem::take(&mut out.body);
    rewrite_region(&mut out, &mut body, &set, 0);
    out.body = body;
    out.block_local_atomics = out
        .block_local_atomics
        .iter()
        .copied()
        .filter(|o| !set.contains(o))
        .collect::<BTreeSet<_>>();
    Some(Owned {
        kernel: out,
        checks,
        rewritten,
    })
}

/// The grid's block index x and the block's thread index x.
fn thread_indices(k: &Kernel) -> Option<(Value, Value)> {
    let mut ops = Vec::new();
    walk(k, &k.body, &mut ops, 0);
    let arg0 = |level: Level| {
        ops.iter().find_map(|&o| match &k.op(o).kind {
            OpKind::Parallel { level: l, body } if *l == level => body.args.first().copied(),
            _ => None,
        })
    };
    Some((arg0(Level::Grid)?, arg0(Level::Block)?))
}

/// For one access: whether `k S <= O` and `O + len <= k E` wherever it executes, and
/// then the largest global index `g` of a thread that can execute it (`None`: not
/// proven).
fn site_bound(
    facts: &mut IntFacts,
    site: &Site,
    k: i128,
    s: &Lin,
    e: &Lin,
    g: &Lin,
    gmax_all: i128,
) -> Option<i128> {
    let paths = facts.path(site.op)?;
    let offs = facts.eval_signed(site.offset);
    let len = i128::from(site.len);
    let mut conjs: Vec<Vec<Fact>> = Vec::new();
    for p in &paths {
        for o in &offs {
            let conj: Vec<Fact> = [p.clone(), o.facts.clone()].concat();
            if facts.contradictory(&conj) {
                continue;
            }
            let lo = o.form.sub(&s.scale(k)?)?;
            let hi = e.scale(k)?.sub(&o.form)?.plus(-len)?;
            if !facts.implies(&conj, &lo) || !facts.implies(&conj, &hi) {
                return None;
            }
            conjs.push(conj);
        }
    }
    if conjs.is_empty() {
        // Never executes.
        return Some(-1);
    }
    // The least `m` with `g <= m` wherever the access executes.
    let holds = |facts: &IntFacts, m: i128| {
        g.scale(-1)
            .and_then(|l| l.plus(m))
            .is_some_and(|goal| conjs.iter().all(|c| facts.implies(c, &goal)))
    };
    if !holds(facts, gmax_all) {
        return None;
    }
    let (mut lo, mut hi) = (-1i128, gmax_all);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if holds(facts, mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Some(hi)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builder::Builder;
    use crate::ir::{Addr, AtomicOp, BinaryOp, CastOp, IntPredicate};
    use frontend::interp::{LaunchConfig, Memory};
    use frontend::ir::{AddrSpace, Flavor, Module};

    const G: Type = Type::Ptr(AddrSpace::Global);
    const BLOCK: u32 = 8;
    const GRID: u32 = 3;
    const NROWS: i32 = 21;

    /// Per thread `g < NROWS`: `for j in [rp[g + d0] + lo, rp[g + d1] + hi)`:
    /// `atomic fadd vb[j], 1 + j`.
    fn csr_kernel(d0: i32, d1: i32, lo: i32, hi: i32) -> Kernel {
        let mut b = Builder::new("rows");
        b.param(G, "rp");
        b.param(G, "vb");
        b.grid(|b, [bx, _, _]| {
            b.block(|b, [tx, _, _]| {
                let bd = b.i32(BLOCK as i32);
                let base = b.bin(BinaryOp::Mul, bx, bd);
                let g = b.bin(BinaryOp::Add, base, tx);
                let n = b.i32(NROWS);
                let inside = b.icmp(IntPredicate::Slt, g, n);
                b.if_(
                    inside,
                    &[],
                    |b| {
                        let at = |b: &mut Builder, d: i32| {
                            let dv = b.i32(d);
                            let i = b.bin(BinaryOp::Add, g, dv);
                            let i = b.cast(CastOp::SExt, i, Type::I64);
                            let four = b.i64(4);
                            let off = b.bin(BinaryOp::Mul, i, four);
                            b.load(Type::I32, MemRoot::Param(0), off)
                        };
                        let s = at(b, d0);
                        let e = at(b, d1);
                        let lo = b.i32(lo);
                        let hi = b.i32(hi);
                        let s = b.bin(BinaryOp::Add, s, lo);
                        let e = b.bin(BinaryOp::Add, e, hi);
                        let one = b.i32(1);
                        b.for_(s, e, one, &[], |b, j, _| {
                            let j64 = b.cast(CastOp::SExt, j, Type::I64);
                            let four = b.i64(4);
                            let off = b.bin(BinaryOp::Mul, j64, four);
                            let jf = b.cast(CastOp::SiToFp, j, Type::F32);
                            let onef = b.f32(1.0);
                            let v = b.bin(BinaryOp::FAdd, jf, onef);
                            b.op(
                                OpKind::Atomic {
                                    op: AtomicOp::FAdd,
                                    addr: Addr::Root {
                                        root: MemRoot::Param(1),
                                        offset: off,
                                    },
                                    value: v,
                                },
                                &[Type::F32],
                            );
                            vec![]
                        });
                        vec![]
                    },
                    |_| vec![],
                );
            });
        });
        b.finish()
    }

    fn opts() -> AccumulateOptions {
        AccumulateOptions {
            grid: [GRID, 1, 1],
            block: [BLOCK, 1, 1],
            param_buffers: vec![Some((0, 0)), Some((1, 0))],
        }
    }

    fn run(k: &Kernel, rp: &[i32], nnz: usize) -> Vec<u8> {
        let module = Module::new("rows-test.ll", Flavor::ClangCuda);
        let mut mem = Memory::new(&module);
        let a = mem.add_buffer("rp", rp.iter().flat_map(|x| x.to_le_bytes()).collect());
        let v = mem.add_buffer("vb", vec![0; 4 * nnz]);
        let config = LaunchConfig {
            grid: [GRID, 1, 1],
            block: [BLOCK, 1, 1],
            dynamic_shared_bytes: 0,
        };
        crate::interp::launch(&module, k, &config, &[a, v], &mut mem).unwrap();
        mem.buffer(v).unwrap().to_vec()
    }

    #[test]
    fn rows_of_a_bounds_buffer_are_owned_under_a_check() {
        let k = csr_kernel(0, 1, 0, 0);
        crate::verify::verify_kernel(&k).unwrap();
        let owned = owned_rows(&k, &opts()).expect("row-owned");
        crate::verify::verify_kernel(&owned.kernel).unwrap();
        assert_eq!(owned.rewritten.len(), 1);
        // Rows 0..NROWS: bounds 0..=NROWS (threads past NROWS do nothing).
        assert_eq!(
            owned.checks,
            vec![RowCheck {
                param: 0,
                ty: Type::I32,
                first: 0,
                last: NROWS as u64,
            }]
        );
        assert!(candidates(&owned.kernel).is_empty());
        // Non-decreasing rows (some empty): the same values.
        let rp: Vec<i32> = (0..=NROWS).map(|r| r * r / 3).collect();
        let nnz = rp[NROWS as usize] as usize;
        assert_eq!(run(&owned.kernel, &rp, nnz), run(&k, &rp, nnz));
        // A shifted window: `rp[g + 2], rp[g + 3]`.
        let owned = owned_rows(&csr_kernel(2, 3, 0, 0), &opts()).expect("row-owned");
        assert_eq!(
            (owned.checks[0].first, owned.checks[0].last),
            (2, NROWS as u64 + 2)
        );
        // A row that starts later or ends earlier looks inside, but `rp[g] + 1` wraps to
        // `i32::MIN` at `i32::MAX` (and `rp[g + 1] - 1` to `i32::MAX`): not proven.
        assert!(owned_rows(&csr_kernel(0, 1, 1, 0), &opts()).is_none());
        assert!(owned_rows(&csr_kernel(0, 1, 0, -1), &opts()).is_none());
    }

    #[test]
    fn accesses_outside_the_row_are_refused() {
        for (d0, d1, lo, hi) in [(0, 1, 0, 1), (0, 1, -1, 0), (0, 2, 0, 0), (1, 0, 0, 0)] {
            let k = csr_kernel(d0, d1, lo, hi);
            assert!(
                owned_rows(&k, &opts()).is_none(),
                "rp[g + {d0}] + {lo} .. rp[g + {d1}] + {hi}"
            );
        }
        // Another binding of the target buffer (an alias) or a 2-D launch: refused.
        let k = csr_kernel(0, 1, 0, 0);
        let mut o = opts();
        o.param_buffers[1] = Some((0, 0));
        assert!(owned_rows(&k, &o).is_none());
        let mut o = opts();
        o.block[1] = 2;
        assert!(owned_rows(&k, &o).is_none());
    }
}
