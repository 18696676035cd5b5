//! Unread primal stores of an adjoint: [`drop_unread_stores`] removes an adjoint kernel's
//! stores to the buffers that the caller says nobody observes afterwards, when the kernel
//! reads those buffers nowhere.
//!
//! # Why
//! A reverse-mode adjoint re-executes its launch's forward body, including the store of
//! the output (`y[i] = f(x)`), then runs the reverse sweep. On the CPU the reverse
//! schedule (`raise::grad`) restores every buffer that an adjoint writes from a copy taken
//! before the launch and discards what the adjoint leaves in it; so those stores cost a
//! stream of memory traffic in the adjoint and a copy in the schedule, for nothing.
//!
//! # What it rewrites, and why it is legal
//! For a launch buffer `b` with `discardable(b)` (the caller's claim: the kernel's final
//! contents of `b` are not observed, and a kernel that does not write `b` leaves it as
//! the caller expects): when every access of the kernel that may touch `b` is a plain
//! `Store` at a known root (no load, atomic, copy; no pointer of unknown binding or root
//! anywhere in the kernel), those stores are removed. No value of the kernel depends on
//! them (nothing reads `b`), so every other byte the kernel writes is unchanged; `b`'s
//! bytes keep their old contents, which the claim makes unobservable. Dead code left
//! behind (the forward loads that only fed the store, and forward loops that computed
//! only its value, see `gather::effect_free`) is removed too.

use super::accumulate::{collect_sites, AccumulateOptions, Analysis, Key};
use crate::ir::{Kernel, OpId, OpKind};

/// Remove the stores described in the module documentation; gives the removed ops.
pub fn drop_unread_stores(
    kernel: &mut Kernel,
    opts: &AccumulateOptions,
    discardable: &dyn Fn(usize) -> bool,
) -> Vec<OpId> {
    let removed: Vec<OpId> = {
        let Some(an) = Analysis::new(kernel, opts) else {
            return Vec::new();
        };
        let Ok(sites) = collect_sites(kernel, opts, &an) else {
            return Vec::new();
        };
        if sites.iter().any(|s| matches!(s.key, Key::Unbound(_))) {
            return Vec::new();
        }
        let mut removed = Vec::new();
        let mut buffers: Vec<usize> = sites
            .iter()
            .filter_map(|s| match s.key {
                Key::Buffer(b) if discardable(b) => Some(b),
                _ => None,
            })
            .collect();
        buffers.sort_unstable();
        buffers.dedup();
        for b in buffers {
            let on_b: Vec<OpId> = sites
                .iter()
                .filter(|s| s.key == Key::Buffer(b))
                .map(|s| s.op)
                .collect();
            if on_b
                .iter()
                .all(|&o| matches!(kernel.op(o).kind, OpKind::Store { .. }))
            {
                removed.extend(on_b);
            }
        }
        removed
    };
    if removed.is_empty() {
        return removed;
    }
    let set = removed.iter().copied().collect();
    let mut body = std::mem::take(&mut kernel.body);
    super::gather::remove_ops(kernel, &mut body, &set);
    kernel.body = body;
    super::gather::dead_code(kernel);
    removed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builder::Builder;
    use crate::ir::{BinaryOp, CastOp, MemRoot, Type};
    use frontend::ir::AddrSpace;

    const G: Type = Type::Ptr(AddrSpace::Global);

    /// `v = x[i]; y[i] = 2 v; (read_y: w = y[i];) x_bar[i] = v`.
    fn kernel(read_y: bool) -> Kernel {
        let mut b = Builder::new("d");
        for name in ["x", "y", "x_bar"] {
            b.param(G, name);
        }
        b.grid(|b, _| {
            b.block(|b, [tx, _, _]| {
                let w = b.cast(CastOp::SExt, tx, Type::I64);
                let four = b.i64(4);
                let off = b.bin(BinaryOp::Mul, w, four);
                let v = b.load(Type::F32, MemRoot::Param(0), off);
                let d = b.bin(BinaryOp::FAdd, v, v);
                b.store(MemRoot::Param(1), off, d);
                let out = if read_y {
                    b.load(Type::F32, MemRoot::Param(1), off)
                } else {
                    b.f32(1.0)
                };
                b.store(MemRoot::Param(2), off, out);
            });
        });
        b.finish()
    }

    fn opts() -> AccumulateOptions {
        AccumulateOptions {
            grid: [2, 1, 1],
            block: [8, 1, 1],
            param_buffers: vec![Some((0, 0)), Some((1, 0)), Some((2, 0))],
        }
    }

    #[test]
    fn unread_store_and_its_forward_code_go() {
        let mut k = kernel(false);
        let removed = drop_unread_stores(&mut k, &opts(), &|b| b < 2);
        assert_eq!(removed.len(), 1);
        crate::verify::verify_kernel(&k).unwrap();
        let text = crate::print::print_kernel(&k);
        assert!(!text.contains("param1") && !text.contains("load"), "{text}");
        assert!(text.contains("store param2"), "{text}");
        // Not discardable: kept.
        let mut k = kernel(false);
        assert!(drop_unread_stores(&mut k, &opts(), &|_| false).is_empty());
    }

    /// `s = sum_{j < 4} x[i + j]; y[i] = s; (div) x_bar[i] = 1` (the forward row loop of a
    /// gather-style adjoint): once the store of `y` goes, the loop computes only unused
    /// values and goes too; a loop with a possibly trapping division stays.
    fn loop_kernel(divide: bool) -> Kernel {
        let mut b = Builder::new("l");
        for name in ["x", "y", "x_bar"] {
            b.param(G, name);
        }
        b.grid(|b, _| {
            b.block(|b, [tx, _, _]| {
                let w = b.cast(CastOp::SExt, tx, Type::I64);
                let four = b.i64(4);
                let off = b.bin(BinaryOp::Mul, w, four);
                let (lo, hi, one) = (b.i32(0), b.i32(4), b.i32(1));
                let zero = b.f32(0.0);
                let sum = b.for_(lo, hi, one, &[zero], |b, j, acc| {
                    let idx = b.bin(BinaryOp::Add, tx, j);
                    let idx = if divide {
                        b.bin(BinaryOp::SDiv, idx, j)
                    } else {
                        idx
                    };
                    let w = b.cast(CastOp::SExt, idx, Type::I64);
                    let o = b.bin(BinaryOp::Mul, w, four);
                    let v = b.load(Type::F32, MemRoot::Param(0), o);
                    vec![b.bin(BinaryOp::FAdd, acc[0], v)]
                });
                b.store(MemRoot::Param(1), off, sum[0]);
                let one_f = b.f32(1.0);
                b.store(MemRoot::Param(2), off, one_f);
            });
        });
        b.finish()
    }

    #[test]
    fn a_loop_feeding_only_a_dropped_store_goes() {
        let mut k = loop_kernel(false);
        assert_eq!(drop_unread_stores(&mut k, &opts(), &|b| b < 2).len(), 1);
        crate::verify::verify_kernel(&k).unwrap();
        let text = crate::print::print_kernel(&k);
        assert!(!text.contains("for") && !text.contains("load"), "{text}");
        assert!(text.contains("store param2"), "{text}");
        let mut k = loop_kernel(true);
        assert_eq!(drop_unread_stores(&mut k, &opts(), &|b| b < 2).len(), 1);
        crate::verify::verify_kernel(&k).unwrap();
        let text = crate::print::print_kernel(&k);
        assert!(text.contains("for") && text.contains("sdiv"), "{text}");
    }

    #[test]
    fn a_read_buffer_keeps_its_stores() {
        let mut k = kernel(true);
        assert!(drop_unread_stores(&mut k, &opts(), &|b| b < 2).is_empty());
        assert!(crate::print::print_kernel(&k).contains("store param1"));
    }
}
