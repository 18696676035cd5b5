//! Text form of the kernel IR (`raise emit FILE --emit kernel-ir`).
//!
//! ```text
//! kernel @saxpy(%0: i32 "n", %1: f32 "a", %2: ptr.generic "x", %3: ptr.generic "y") {
//! bb0:
//!   %4: i32 = special tid.x
//!   %5: i1 = icmp slt %4, %0
//!   condbr %5, bb1, bb2
//! ...
//! }
//! ```

use std::fmt::{self, Write};

use super::*;

/// Print a whole module.
pub fn print_module(module: &Module) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "; module '{}' ({:?})", module.source, module.flavor);
    for (i, g) in module.globals.iter().enumerate() {
        let _ = write!(
            out,
            "global {} @{}: {}, {} bytes, align {}",
            GlobalId::from_index(i),
            g.name,
            g.space,
            g.bytes,
            g.align
        );
        if g.dynamic_shared {
            out.push_str(", dynamic");
        }
        if let Some(init) = &g.init {
            if init.iter().all(|&b| b == 0) {
                out.push_str(", zeroinit");
            } else {
                out.push_str(", init [");
                for (j, b) in init.iter().take(64).enumerate() {
                    if j > 0 {
                        out.push(' ');
                    }
                    let _ = write!(out, "{b:02x}");
                }
                if init.len() > 64 {
                    out.push_str(" ...");
                }
                out.push(']');
            }
        }
        out.push('\n');
    }
    for f in &module.functions {
        out.push('\n');
        print_function_into(&mut out, module, f);
    }
    out
}

/// Print one function.
pub fn print_function(module: &Module, f: &Function) -> String {
    let mut out = String::new();
    print_function_into(&mut out, module, f);
    out
}

fn print_function_into(out: &mut String, module: &Module, f: &Function) {
    let kind = match f.kind {
        FuncKind::Kernel => "kernel",
        FuncKind::Device => "func",
    };
    let _ = write!(out, "{kind} @{}(", f.name);
    for (i, &p) in f.params.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "{p}: {}", f.value_type(p));
        if let Some(Some(name)) = f.param_names.get(i) {
            let _ = write!(out, " {name:?}");
        }
    }
    out.push(')');
    if let Some(ret) = f.ret {
        let _ = write!(out, " -> {ret}");
    }
    if f.display_name != f.name {
        let _ = write!(out, " ; {}", f.display_name);
    }
    if f.kind == FuncKind::Kernel && f.abi.iter().any(|a| !matches!(a, AbiArg::Param(_))) {
        out.push_str(" ; abi:");
        for a in &f.abi {
            match a {
                AbiArg::Param(p) => {
                    let _ = write!(out, " param{p}");
                }
                AbiArg::NumbaArray { first, ndim } => {
                    let _ = write!(out, " numba_array{ndim}d@{first}");
                }
            }
        }
    }
    out.push_str(" {\n");
    for b in f.block_ids() {
        let data = f.block(b);
        let _ = write!(out, "{b}");
        if !data.params.is_empty() {
            out.push('(');
            for (i, &p) in data.params.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                let _ = write!(out, "{p}: {}", f.value_type(p));
            }
            out.push(')');
        }
        out.push(':');
        if let Some(name) = &data.name {
            let _ = write!(out, " ; {name}");
        }
        out.push('\n');
        for &inst in &data.insts {
            out.push_str("  ");
            out.push_str(&inst_to_string(module, f, inst));
            out.push('\n');
        }
        out.push_str("  ");
        let _ = write_terminator(out, &data.term);
        out.push('\n');
    }
    out.push_str("}\n");
}

/// One instruction as text, e.g. `%5: i32 = add %3, %4`.
pub fn inst_to_string(module: &Module, f: &Function, inst: Inst) -> String {
    let mut s = String::new();
    let data = f.inst(inst);
    if let Some(r) = data.result {
        let _ = write!(s, "{r}: {} = ", f.value_type(r));
    }
    let _ = write_op(&mut s, module, &data.op);
    if let (Op::Const { bits }, Some(r)) = (&data.op, data.result) {
        let _ = match f.value_type(r) {
            Type::F32 => write!(s, " ; {:?}", f32::from_bits(*bits as u32)),
            Type::F64 => write!(s, " ; {:?}", f64::from_bits(*bits)),
            Type::I1 | Type::I8 | Type::I16 | Type::I32 | Type::I64 => {
                let ty = f.value_type(r);
                let shift = 64 - ty.bits();
                let signed = ((*bits << shift) as i64) >> shift;
                write!(s, " ; {signed}")
            }
            _ => Ok(()),
        };
    }
    s
}

fn list(values: &[Value]) -> String {
    values
        .iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn write_op(s: &mut String, module: &Module, op: &Op) -> fmt::Result {
    match op {
        Op::Const { bits } => write!(s, "const 0x{bits:x}"),
        Op::GlobalAddr(g) => match module.globals.get(g.index()) {
            Some(global) => write!(s, "global_addr @{}", global.name),
            None => write!(s, "global_addr {g}"),
        },
        Op::Unary(u, a) => write!(s, "{u} {a}"),
        Op::Binary(b, x, y) => write!(s, "{b} {x}, {y}"),
        Op::Fma(a, b, c) => write!(s, "fma {a}, {b}, {c}"),
        Op::ICmp(p, a, b) => write!(s, "icmp {p} {a}, {b}"),
        Op::FCmp(p, a, b) => write!(s, "fcmp {p} {a}, {b}"),
        Op::Select {
            cond,
            if_true,
            if_false,
        } => write!(s, "select {cond}, {if_true}, {if_false}"),
        Op::Cast(c, a) => write!(s, "{c} {a}"),
        Op::PtrAdd { ptr, offset } => write!(s, "ptradd {ptr}, {offset}"),
        Op::Load { ptr } => write!(s, "load {ptr}"),
        Op::Store { ptr, value } => write!(s, "store {ptr}, {value}"),
        Op::Atomic { op, ptr, value } => write!(s, "atomic {op} {ptr}, {value}"),
        Op::AtomicCas { ptr, expected, new } => write!(s, "atomic_cas {ptr}, {expected}, {new}"),
        Op::Barrier { kind, pred } => match pred {
            Some(p) => write!(s, "barrier {kind} {p}"),
            None => write!(s, "barrier {kind}"),
        },
        Op::Fence => write!(s, "fence"),
        Op::Special(r) => write!(s, "special {r}"),
        Op::Shuffle {
            mode,
            mask,
            value,
            lane,
            clamp,
        } => write!(s, "shuffle {mode} {mask}, {value}, {lane}, {clamp}"),
        Op::Vote { mode, mask, pred } => write!(s, "vote {mode} {mask}, {pred}"),
        Op::Call { callee, args } => {
            let name = module
                .functions
                .get(callee.index())
                .map(|g| g.name.clone())
                .unwrap_or_else(|| callee.to_string());
            write!(s, "call @{name}({})", list(args))
        }
        Op::Alloca { bytes, align } => write!(s, "alloca {bytes}, align {align}"),
        Op::Memcpy { dst, src, len } => write!(s, "memcpy {dst}, {src}, {len}"),
        Op::Memset { dst, byte, len } => write!(s, "memset {dst}, {byte}, {len}"),
    }
}

fn write_call(s: &mut String, call: &BlockCall) -> fmt::Result {
    if call.args.is_empty() {
        write!(s, "{}", call.block)
    } else {
        write!(s, "{}({})", call.block, list(&call.args))
    }
}

fn write_terminator(s: &mut String, term: &Terminator) -> fmt::Result {
    match term {
        Terminator::Br(call) => {
            s.push_str("br ");
            write_call(s, call)
        }
        Terminator::CondBr {
            cond,
            if_true,
            if_false,
        } => {
            write!(s, "condbr {cond}, ")?;
            write_call(s, if_true)?;
            s.push_str(", ");
            write_call(s, if_false)
        }
        Terminator::Switch {
            value,
            cases,
            default,
        } => {
            write!(s, "switch {value}, default ")?;
            write_call(s, default)?;
            for (k, call) in cases {
                write!(s, ", {k} => ")?;
                write_call(s, call)?;
            }
            Ok(())
        }
        Terminator::Ret(Some(v)) => write!(s, "ret {v}"),
        Terminator::Ret(None) => write!(s, "ret"),
        Terminator::Unreachable => write!(s, "unreachable"),
        Terminator::Trap => write!(s, "trap"),
    }
}

impl fmt::Display for AddrSpace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
