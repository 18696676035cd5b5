//! Lifting a parsed PTX module into the kernel IR: globals, function signatures, the
//! flavor of the producer and the argument ABI; each function is lifted by [`super::func`].

use std::collections::{HashMap, HashSet, VecDeque};

use super::ast::*;
use super::func::FnLifter;
use crate::diag::{Diagnostic, Location};
use crate::ir::*;

type LResult<T> = Result<T, Diagnostic>;

/// The IR type of a PTX register or value type (`.b32` is `i32`, `.f16x2` is `i32`).
pub(super) fn ir_type(p: PTy) -> Option<Type> {
    Some(match p {
        PTy::Pred => Type::I1,
        PTy::B8 | PTy::U8 | PTy::S8 => Type::I8,
        PTy::B16 | PTy::U16 | PTy::S16 => Type::I16,
        PTy::F16 => Type::F16,
        PTy::BF16 => Type::BF16,
        PTy::B32 | PTy::U32 | PTy::S32 | PTy::F16x2 | PTy::BF16x2 => Type::I32,
        PTy::F32 => Type::F32,
        PTy::B64 | PTy::U64 | PTy::S64 => Type::I64,
        PTy::F64 => Type::F64,
        PTy::B128 => return None,
    })
}

pub(super) fn addr_space(s: Space) -> AddrSpace {
    match s {
        Space::Global => AddrSpace::Global,
        Space::Shared => AddrSpace::Shared,
        Space::Local => AddrSpace::Local,
        Space::Const => AddrSpace::Const,
        Space::Param | Space::Reg | Space::Generic => AddrSpace::Generic,
    }
}

/// How a parameter is passed in the kernel IR.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum ParamPass {
    /// By value, with this IR type.
    Value(Type),
    /// A pointer to the parameter's bytes (arrays: kernel `byval` structs, `.func` aggregates).
    Memory(Type),
}

#[derive(Clone, Debug, PartialEq)]
pub(super) enum RetPass {
    None,
    Value(Type),
    /// The return parameters are written through this many trailing `ptr.local` parameters.
    Memory(usize),
}

#[derive(Clone, Debug)]
pub(super) struct FuncSig {
    pub id: FuncId,
    pub params: Vec<ParamPass>,
    pub ret: RetPass,
}

/// What every function lifter may look up.
pub(super) struct ModCtx<'a> {
    pub source: &'a str,
    pub globals: HashMap<&'a str, GlobalId>,
    pub global_space: Vec<AddrSpace>,
    pub funcs: HashMap<&'a str, FuncSig>,
    /// Functions only declared (`.extern .func`), which cannot be called.
    pub externs: HashSet<&'a str>,
    /// Body-level static variables: (function, variable) -> global.
    pub statics: HashMap<(&'a str, VarId), GlobalId>,
}

impl ModCtx<'_> {
    pub fn static_global(&self, func: &str, var: VarId) -> Option<GlobalId> {
        self.statics.get(&(func, var)).copied()
    }
}

fn is_numba_symbol(name: &str) -> bool {
    name.starts_with("_ZN6cudapy") || name.starts_with("_ZN08NumbaEnv")
}

fn detect_flavor(text: &str, m: &PtxModule<'_>) -> Flavor {
    let names = m.items.iter().map(|i| match i {
        Item::Var(v) => v.name,
        Item::Func(f) => f.name,
    });
    let mut julia = false;
    for n in names {
        if is_numba_symbol(n) {
            return Flavor::Numba;
        }
        julia |= n.starts_with("julia_");
    }
    if julia {
        return Flavor::Julia;
    }
    let head = text.get(..text.len().min(2048)).unwrap_or(text);
    if head.contains("NVIDIA NVVM Compiler") {
        Flavor::Nvcc
    } else if head.contains("LLVM NVPTX") {
        Flavor::ClangCuda
    } else {
        Flavor::Unknown
    }
}

/// The Numba argument grouping of a kernel, from its mangled name: arrays take
/// `5 + 2 * ndim` 64-bit parameters (`u64`, or pointers once `tidy` typed those used
/// only as addresses).
fn numba_abi(name: &str, types: &[Type]) -> Option<Vec<AbiArg>> {
    let args = crate::numba::numba_args(name)?;
    let mut out = Vec::new();
    let mut p = 0usize;
    for a in args {
        match a {
            crate::numba::NumbaArg::Scalar(_) => {
                types.get(p)?;
                out.push(AbiArg::Param(p as u32));
                p += 1;
            }
            crate::numba::NumbaArg::Array { ndim, .. } => {
                let n = 5 + 2 * ndim as usize;
                let tys = types.get(p..p + n)?;
                if !tys.iter().all(|t| *t == Type::I64 || t.is_ptr()) {
                    return None;
                }
                out.push(AbiArg::NumbaArray {
                    first: p as u32,
                    ndim,
                });
                p += n;
            }
        }
    }
    (p == types.len()).then_some(out)
}

fn err(source: &str, loc: SrcLoc, code: &'static str, msg: impl Into<String>) -> Diagnostic {
    Diagnostic::new(code, msg).at(Location::file_line_col(source, loc.line, loc.col))
}

/// Encode an initializer into little-endian bytes.
fn init_bytes(source: &str, d: &VarDecl<'_>, size: u64) -> LResult<Vec<u8>> {
    let mut out = Vec::new();
    let Some(vals) = &d.init else {
        return Ok(vec![0; size as usize]);
    };
    let eb = d.ty.bytes() as usize;
    for v in vals {
        let bits: u64 = match (*v, d.ty) {
            (InitVal::Addr(..), _) => {
                return Err(err(
                    source,
                    d.loc,
                    "unsupported-ptx",
                    format!("unsupported PTX address initializer of '{}'", d.name),
                ))
            }
            (InitVal::Int(i), PTy::F32) => (i as i64 as f32).to_bits() as u64,
            (InitVal::Int(i), PTy::F64) => (i as i64 as f64).to_bits(),
            (InitVal::Int(i), PTy::F16) => u64::from(super::insts::f64_to_f16(i as i64 as f64)),
            (InitVal::Int(i), PTy::BF16) => u64::from(super::insts::f64_to_bf16(i as i64 as f64)),
            (InitVal::Int(i), _) => i,
            (InitVal::F32(b), PTy::F64) => f64::from(f32::from_bits(b)).to_bits(),
            (InitVal::F32(b), PTy::F16) => {
                u64::from(super::insts::f64_to_f16(f64::from(f32::from_bits(b))))
            }
            (InitVal::F32(b), _) => u64::from(b),
            (InitVal::F64(b), PTy::F32) => (f64::from_bits(b) as f32).to_bits() as u64,
            (InitVal::F64(b), PTy::F16) => u64::from(super::insts::f64_to_f16(f64::from_bits(b))),
            (InitVal::F64(b), _) => b,
        };
        let le = bits.to_le_bytes();
        out.extend_from_slice(&le[..eb.min(8)]);
        out.resize(out.len() + eb.saturating_sub(8), 0);
    }
    if out.len() as u64 > size {
        return Err(err(
            source,
            d.loc,
            "bad-ptx",
            format!("initializer of '{}' is larger than the variable", d.name),
        ));
    }
    out.resize(size as usize, 0);
    Ok(out)
}

/// The largest module variable (its initial bytes are materialized).
const MAX_STATIC_BYTES: u64 = 1 << 28;

fn make_global(source: &str, d: &VarDecl<'_>, name: String) -> LResult<Global> {
    let space = match d.space {
        Space::Global => AddrSpace::Global,
        Space::Const => AddrSpace::Const,
        Space::Shared => AddrSpace::Shared,
        _ => {
            return Err(err(
                source,
                d.loc,
                "unsupported-ptx",
                format!("unsupported PTX variable '{}' in this state space", d.name),
            ))
        }
    };
    if d.ty == PTy::B128 {
        return Err(err(
            source,
            d.loc,
            "unsupported-ptx",
            format!("unsupported PTX type '.b128' of '{}'", d.name),
        ));
    }
    let unsized_ = d.dims.iter().any(Option::is_none);
    let dynamic = unsized_ && space == AddrSpace::Shared;
    let bytes = if dynamic {
        0
    } else if unsized_ {
        // `.global .u32 t[] = {1, 2}`: sized by the initializer.
        let n = d.init.as_ref().map(Vec::len).unwrap_or(0) as u64;
        n.checked_mul(d.ty.bytes())
            .ok_or_else(|| err(source, d.loc, "bad-ptx", "variable too large"))?
    } else {
        d.bytes()
            .ok_or_else(|| err(source, d.loc, "bad-ptx", "variable too large"))?
    };
    if bytes > MAX_STATIC_BYTES {
        return Err(err(
            source,
            d.loc,
            "unsupported-ptx",
            format!("unsupported PTX variable '{}': larger than 256 MiB", d.name),
        ));
    }
    let init = match space {
        AddrSpace::Shared => {
            if d.init.is_some() {
                return Err(err(
                    source,
                    d.loc,
                    "bad-ptx",
                    format!("shared variable '{}' cannot have an initializer", d.name),
                ));
            }
            None
        }
        _ => Some(init_bytes(source, d, bytes)?),
    };
    Ok(Global {
        name,
        space,
        bytes,
        align: d.alignment(),
        init,
        dynamic_shared: dynamic,
    })
}

fn signature(source: &str, f: &Func<'_>, id: FuncId) -> LResult<FuncSig> {
    let decl_of = |v: VarId| -> Option<&VarDecl<'_>> {
        match f.vars.get(v as usize).map(|x| &x.kind) {
            Some(VarKind::Param(_, d)) | Some(VarKind::Ret(_, d)) => Some(d),
            _ => None,
        }
    };
    let ty_of = |d: &VarDecl<'_>| -> LResult<Type> {
        if d.vec != 1 {
            return Err(err(
                source,
                d.loc,
                "unsupported-ptx",
                format!("unsupported PTX vector parameter '{}'", d.name),
            ));
        }
        ir_type(d.ty).ok_or_else(|| {
            err(
                source,
                d.loc,
                "unsupported-ptx",
                format!("unsupported PTX parameter type '.{}'", d.ty.name()),
            )
        })
    };
    let mut params = Vec::new();
    for &v in &f.params {
        let d = decl_of(v).ok_or_else(|| err(source, f.loc, "bad-ptx", "bad parameter"))?;
        params.push(if d.is_array() {
            ParamPass::Memory(Type::Ptr(if f.is_entry {
                AddrSpace::Generic
            } else {
                AddrSpace::Local
            }))
        } else if let (Some(space), 64, true) = (d.ptr_space, d.ty.bits(), f.is_entry) {
            // `.param .u64 .ptr .global .align 16 p`: a pointer parameter.
            ParamPass::Value(Type::Ptr(addr_space(space)))
        } else {
            ParamPass::Value(ty_of(d)?)
        });
    }
    let ret = match f.rets.as_slice() {
        [] => RetPass::None,
        [r] => {
            let d = decl_of(*r).ok_or_else(|| err(source, f.loc, "bad-ptx", "bad parameter"))?;
            if d.is_array() {
                RetPass::Memory(1)
            } else {
                RetPass::Value(ty_of(d)?)
            }
        }
        rs => RetPass::Memory(rs.len()),
    };
    Ok(FuncSig { id, params, ret })
}

/// The callee named by a `call` instruction.
fn callee<'a>(i: &Instr<'a>) -> Option<&'a str> {
    i.operands.iter().find_map(|o| match o {
        Operand::Sym(n, 0) => Some(*n),
        _ => None,
    })
}

/// Lift a parsed module.
pub(super) fn lift_module(text: &str, ast: &PtxModule<'_>, source: &str) -> LResult<Module> {
    if ast.address_size != 64 {
        return Err(Diagnostic::new(
            "unsupported-ptx",
            format!(
                "{source}: unsupported PTX .address_size {}",
                ast.address_size
            ),
        ));
    }
    let flavor = detect_flavor(text, ast);
    let mut module = Module::new(source, flavor);
    let mut cx = ModCtx {
        source,
        globals: HashMap::new(),
        global_space: Vec::new(),
        funcs: HashMap::new(),
        externs: HashSet::new(),
        statics: HashMap::new(),
    };
    let mut names: HashSet<String> = HashSet::new();
    for item in &ast.items {
        if let Item::Var(d) = item {
            if d.linkage == Linkage::Extern && d.space != Space::Shared {
                // An external symbol: using it is an error (see `insts`).
                continue;
            }
            if cx.globals.contains_key(d.name) {
                return Err(err(
                    source,
                    d.loc,
                    "bad-ptx",
                    format!("duplicate variable '{}'", d.name),
                ));
            }
            let g = make_global(source, d, d.name.to_string())?;
            let id = GlobalId::from_index(module.globals.len());
            cx.globals.insert(d.name, id);
            cx.global_space.push(g.space);
            names.insert(g.name.clone());
            module.globals.push(g);
        }
    }
    // Function definitions.
    let mut defs: Vec<&Func<'_>> = Vec::new();
    let mut by_name: HashMap<&str, usize> = HashMap::new();
    for item in &ast.items {
        if let Item::Func(f) = item {
            if f.body.is_some() {
                if by_name.insert(f.name, defs.len()).is_some() {
                    return Err(err(
                        source,
                        f.loc,
                        "bad-ptx",
                        format!("duplicate function '{}'", f.name),
                    ));
                }
                defs.push(f);
            } else {
                cx.externs.insert(f.name);
            }
        }
    }
    // Kernels and the device functions they reach.
    let mut selected = vec![false; defs.len()];
    let mut queue: VecDeque<usize> = defs
        .iter()
        .enumerate()
        .filter(|(_, f)| f.is_entry)
        .map(|(i, _)| i)
        .collect();
    if queue.is_empty() {
        queue = (0..defs.len()).collect();
    }
    while let Some(i) = queue.pop_front() {
        if selected[i] {
            continue;
        }
        selected[i] = true;
        for s in defs[i].body.iter().flatten() {
            if let Stmt::Instr(inst) = s {
                if inst.opcode == "call" {
                    if let Some(&j) = callee(inst).and_then(|n| by_name.get(n)) {
                        if !selected[j] {
                            queue.push_back(j);
                        }
                    }
                }
            }
        }
    }
    let chosen: Vec<&Func<'_>> = defs
        .iter()
        .zip(&selected)
        .filter(|(_, s)| **s)
        .map(|(f, _)| *f)
        .collect();
    for (k, f) in chosen.iter().enumerate() {
        let sig = signature(source, f, FuncId::from_index(k))?;
        cx.funcs.insert(f.name, sig);
        cx.externs.remove(f.name);
        // Body-level `.shared` (and other static) variables become module globals.
        for (v, var) in f.vars.iter().enumerate() {
            if let VarKind::Static(d) = &var.kind {
                let mut name = d.name.to_string();
                if names.contains(&name) {
                    name = format!("{}.{}", f.name, d.name);
                    let mut n = 1;
                    while names.contains(&name) {
                        name = format!("{}.{}.{n}", f.name, d.name);
                        n += 1;
                    }
                }
                let g = make_global(source, d, name)?;
                let id = GlobalId::from_index(module.globals.len());
                cx.statics.insert((f.name, v as VarId), id);
                cx.global_space.push(g.space);
                names.insert(g.name.clone());
                module.globals.push(g);
            }
        }
    }
    for f in &chosen {
        let Some(sig) = cx.funcs.get(f.name) else {
            continue;
        };
        let mut func = FnLifter::lift(&cx, f, sig)?;
        func.abi = (0..func.params.len() as u32).map(AbiArg::Param).collect();
        if func.kind == FuncKind::Kernel && flavor == Flavor::Numba {
            if let Some(abi) = numba_abi(&func.name, &func.param_types()) {
                func.abi = abi;
            }
        }
        module.functions.push(func);
    }
    super::tidy::device_pointer_params(&mut module);
    Ok(module)
}
