//! The emitter proper (see the module docs in `mod.rs` for the lowering scheme and why
//! it is legal): walks the parallel IR of each launch and writes StableHLO text.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write as _;

use frontend::Diagnostic;
use parallel_ir::ir::{
    Addr, AtomicOp, BarrierKind, BinaryOp, CastOp, Dim, FloatPredicate, IntPredicate, Kernel,
    Level, MemRoot, OpId, OpKind, Region, Type, UnaryOp, Value, ValueDef,
};
use runtime::ElementType;

use super::affine::{box_view, lane_strides, order_for, Affine, BoxView, DEFAULT_ORDER};
use super::{Arg, Buffer, Launch, Output, Program, Step};

/// An emitted value: SSA name, lane tensor (`[N]`) or rank-0, MLIR element type.
#[derive(Clone, Debug)]
struct V {
    name: String,
    lanes: bool,
    el: &'static str,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum MemKey {
    Buf(usize),
    Shared(u32),
    Local(u32),
}

#[derive(Clone, Debug)]
struct Mem {
    name: String,
    len: i64,
    ty: Type,
}

enum Term {
    Yield(Vec<C>),
    Cond(V, Vec<C>),
}

/// A value crossing a region boundary (yield, condition, loop-carried): its tensor and,
/// for a pointer, the memory it points into and a known divisor of its byte offset (the
/// tensor is then the offset). `is_const`: an integer constant, accepted as a dummy where
/// a pointer is expected (a path that never dereferences it; it becomes an offset far out
/// of bounds, so a dereference reads a clamped element / writes nothing — UB in CUDA).
#[derive(Clone, Debug)]
struct C {
    v: V,
    ptr: Option<(MemKey, u64)>,
    is_const: bool,
}

type PtrKind = Option<(MemKey, u64)>;

#[derive(Clone, Copy)]
enum AtomicKind {
    Rmw(AtomicOp),
    Cas,
}

const DUMMY_OFFSET: u64 = (-(1i64 << 40)) as u64;

type R<T> = Result<T, Diagnostic>;

/// A pointer value tracked symbolically: the memory it points into and a byte offset.
#[derive(Clone, Debug)]
struct Ptr {
    key: MemKey,
    off: V,
    aff: Option<Affine>,
    mult: u64,
}

const ZERO_MULT: u64 = 1 << 40;

/// Where an access goes: an IR address or an already resolved pointer.
enum Loc {
    Addr(Addr),
    At(Ptr),
}

impl From<Addr> for Loc {
    fn from(a: Addr) -> Loc {
        Loc::Addr(a)
    }
}

/// An access's memory, lane element index, when known `(s, c)` with index `s * lane + c`,
/// and when known the element index as an affine form over the ids (relative to the
/// block's part for shared memory; `None` for local memory).
type Access = (MemKey, V, Option<(i64, i64)>, Option<Affine>);

fn el_of(t: Type) -> Option<&'static str> {
    Some(match t {
        Type::I1 => "i1",
        Type::I8 => "i8",
        Type::I16 => "i16",
        Type::I32 => "i32",
        Type::I64 => "i64",
        Type::F16 => "f16",
        Type::BF16 => "bf16",
        Type::F32 => "f32",
        Type::F64 => "f64",
        Type::Ptr(_) => return None,
    })
}

fn unsigned_el(el: &str) -> &'static str {
    match el {
        "i8" => "ui8",
        "i16" => "ui16",
        "i32" => "ui32",
        "i64" => "ui64",
        _ => "i1",
    }
}

fn is_float_el(el: &str) -> bool {
    matches!(el, "f16" | "bf16" | "f32" | "f64")
}

fn el_bits(el: &str) -> u32 {
    match el {
        "i1" => 1,
        "i8" | "ui8" => 8,
        "i16" | "ui16" | "f16" | "bf16" => 16,
        "i32" | "ui32" | "f32" => 32,
        _ => 64,
    }
}

fn int_el_of_bits(bits: u32) -> &'static str {
    match bits {
        1 => "i1",
        8 => "i8",
        16 => "i16",
        32 => "i32",
        _ => "i64",
    }
}

/// The flat internal element type of a spec buffer (bool is a byte, unsigned is signless).
fn internal_type(e: ElementType) -> Type {
    match e {
        ElementType::Pred | ElementType::S8 | ElementType::U8 => Type::I8,
        ElementType::S16 | ElementType::U16 => Type::I16,
        ElementType::S32 | ElementType::U32 => Type::I32,
        ElementType::S64 | ElementType::U64 => Type::I64,
        ElementType::F16 => Type::F16,
        ElementType::BF16 => Type::BF16,
        ElementType::F32 => Type::F32,
        ElementType::F64 => Type::F64,
    }
}

/// A constant's literal in a `dense<...>` attribute.
fn literal(el: &str, bits: u64) -> String {
    match el {
        "i1" => (if bits & 1 != 0 { "true" } else { "false" }).to_string(),
        "f16" | "bf16" => format!("0x{:04X}", bits & 0xffff),
        "f32" => format!("0x{:08X}", bits & 0xffff_ffff),
        "f64" => format!("0x{bits:016X}"),
        e if e.starts_with("ui") => {
            let b = el_bits(e);
            let m = if b == 64 { u64::MAX } else { (1u64 << b) - 1 };
            (bits & m).to_string()
        }
        e => {
            let b = el_bits(e);
            let shift = 64 - b;
            (((bits << shift) as i64) >> shift).to_string()
        }
    }
}

/// The last op of a region (its terminator).
fn terminator(k: &Kernel, r: &Region) -> Option<OpKind> {
    r.ops.last().map(|&o| k.op(o).kind.clone())
}

/// For a value defined at a region boundary (a loop-carried argument, a loop or `if`
/// result), every value that can flow into it.
fn merge_sources(k: &Kernel, v: Value) -> Option<Vec<Value>> {
    let yield_at = |r: &Region, i: usize| match terminator(k, r) {
        Some(OpKind::Yield(vs)) => vs.get(i).copied(),
        Some(OpKind::Condition { args, .. }) => args.get(i).copied(),
        _ => None,
    };
    match k.value_def(v) {
        ValueDef::RegionArg { op, region, index } => {
            let i = index as usize;
            match &k.op(op).kind {
                OpKind::For {
                    lower,
                    step,
                    inits,
                    body,
                    ..
                } => Some(if i == 0 {
                    vec![*lower, *step]
                } else {
                    [inits.get(i - 1).copied(), yield_at(body, i - 1)]
                        .into_iter()
                        .collect::<Option<Vec<_>>>()?
                }),
                OpKind::While {
                    inits,
                    before,
                    after,
                } => Some(if region == 0 {
                    [inits.get(i).copied(), yield_at(after, i)]
                        .into_iter()
                        .collect::<Option<Vec<_>>>()?
                } else {
                    vec![yield_at(before, i)?]
                }),
                _ => None,
            }
        }
        ValueDef::Result(op, i) => {
            let i = i as usize;
            match &k.op(op).kind {
                OpKind::For { inits, body, .. } => [inits.get(i).copied(), yield_at(body, i)]
                    .into_iter()
                    .collect::<Option<Vec<_>>>(),
                OpKind::While { before, .. } => Some(vec![yield_at(before, i)?]),
                OpKind::If {
                    then_region,
                    else_region,
                    ..
                } => [yield_at(then_region, i), yield_at(else_region, i)]
                    .into_iter()
                    .collect::<Option<Vec<_>>>(),
                _ => None,
            }
        }
        ValueDef::Param(_) => None,
    }
}

/// The memory a pointer value points into, following pointer arithmetic and casts.
fn static_root(k: &Kernel, v: Value, params: &HashMap<u32, usize>, depth: u32) -> Option<MemRoot> {
    if depth > 64 {
        return None;
    }
    match k.value_def(v) {
        ValueDef::Param(i) => params.contains_key(&i).then_some(MemRoot::Param(i)),
        ValueDef::Result(op, 0) => match k.op(op).kind {
            OpKind::RootAddr(r) => Some(r),
            OpKind::PtrAdd { ptr, .. } => static_root(k, ptr, params, depth + 1),
            OpKind::Cast(
                CastOp::IntToPtr | CastOp::PtrToInt | CastOp::AddrSpaceCast | CastOp::Bitcast,
                a,
            ) => static_root(k, a, params, depth + 1),
            OpKind::Binary(BinaryOp::Add | BinaryOp::Sub, a, b) => {
                static_root(k, a, params, depth + 1)
                    .or_else(|| static_root(k, b, params, depth + 1))
            }
            OpKind::Select {
                if_true, if_false, ..
            } => {
                let a = static_root(k, if_true, params, depth + 1)?;
                (static_root(k, if_false, params, depth + 1) == Some(a)).then_some(a)
            }
            _ => None,
        },
        _ => None,
    }
}

/// A statement: the SSA name it defines (if any) and its text (indented, with newline).
type Stmt = (Option<String>, String);

/// The `%vN` names a text refers to (`%vN#i` counts as `%vN`).
fn refs(text: &str, out: &mut HashSet<String>) {
    let b = text.as_bytes();
    let mut i = 0;
    while i + 1 < b.len() {
        if b[i] == b'%' && b[i + 1] == b'v' {
            let mut j = i + 2;
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            if j > i + 2 {
                out.insert(text[i..j].to_string());
            }
            i = j;
        } else {
            i += 1;
        }
    }
}

/// Drop statements whose value is never used (every StableHLO op emitted is pure).
fn dce(stmts: Vec<Stmt>, roots: &[String]) -> Vec<Stmt> {
    let mut live = HashSet::new();
    for r in roots {
        refs(r, &mut live);
    }
    let mut kept = Vec::new();
    for (def, text) in stmts.into_iter().rev() {
        if def.as_ref().is_none_or(|d| live.contains(d)) {
            refs(&text, &mut live);
            kept.push((def, text));
        }
    }
    kept.reverse();
    kept
}

fn render(stmts: Vec<Stmt>) -> String {
    stmts.into_iter().map(|(_, t)| t).collect()
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Emit the StableHLO module for a launch program over `buffers`: `@main` takes and
/// returns every buffer, after the launches ran in order.
pub fn emit_module(buffers: &[Buffer], launches: &[Launch]) -> R<String> {
    let program = Program {
        slots: buffers.to_vec(),
        steps: launches.iter().cloned().map(Step::Launch).collect(),
        outputs: (0..buffers.len()).map(Output::Slot).collect(),
    };
    emit_program(&program)
}

fn program_err(msg: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::new("internal", format!("StableHLO program: {msg}"))
}

/// Emit the StableHLO module of a [`Program`]: `@main` takes one tensor per slot and
/// returns one tensor per output.
pub fn emit_program(p: &Program) -> R<String> {
    let buffers = &p.slots;
    let mut e = Emitter::default();
    let mut sig = Vec::new();
    for (i, b) in buffers.iter().enumerate() {
        sig.push(format!("%arg{i}: {}", ext_type(b)));
    }
    // Flatten and convert to the internal types.
    for (i, b) in buffers.iter().enumerate() {
        let len = b.shape.iter().product::<i64>();
        let ext = ext_type(b);
        let flat_ext = format!("tensor<{len}x{}>", b.element.mlir_name());
        let flat = if ext == flat_ext {
            format!("%arg{i}")
        } else {
            e.let_(format!("stablehlo.reshape %arg{i} : ({ext}) -> {flat_ext}"))
        };
        let ty = internal_type(b.element);
        let el = el_of(ty).unwrap_or("i8");
        let internal = format!("tensor<{len}x{el}>");
        let name = match b.element {
            ElementType::Pred => e.let_(format!(
                "stablehlo.convert {flat} : ({flat_ext}) -> {internal}"
            )),
            ElementType::U8 | ElementType::U16 | ElementType::U32 | ElementType::U64 => e.let_(
                format!("stablehlo.bitcast_convert {flat} : ({flat_ext}) -> {internal}"),
            ),
            _ => flat,
        };
        e.mems.insert(MemKey::Buf(i), Mem { name, len, ty });
    }
    let slot = |e: &Emitter, i: usize| {
        e.mems
            .get(&MemKey::Buf(i))
            .cloned()
            .ok_or_else(|| program_err(format!("no slot {i}")))
    };
    let mut saved: HashMap<&str, Vec<(usize, Mem)>> = HashMap::new();
    let mut launch_no = 0;
    for step in &p.steps {
        match step {
            Step::Launch(l) => {
                launch_no += 1;
                e.launch(buffers, l).map_err(|d| {
                    let msg = format!("launch {launch_no}: {}", d.message);
                    Diagnostic { message: msg, ..d }
                })?;
            }
            Step::Save { name, slots } => {
                let entries = slots
                    .clone()
                    .map(|i| Ok((i, slot(&e, i)?)))
                    .collect::<R<Vec<_>>>()?;
                saved.insert(name.as_str(), entries);
            }
            Step::Restore { name, start } => {
                let entries = saved
                    .get(name.as_str())
                    .ok_or_else(|| program_err(format!("no snapshot '{name}'")))?;
                for (k, (from, m)) in entries.iter().enumerate() {
                    let to = start + k;
                    let cur = slot(&e, to)?;
                    if cur.len != m.len || cur.ty != m.ty {
                        return Err(program_err(format!(
                            "snapshot '{name}' entry {k} (slot {from}) does not fit slot {to}"
                        )));
                    }
                    e.mems.insert(MemKey::Buf(to), m.clone());
                }
            }
            Step::Zero(i) => {
                let m = slot(&e, *i)?;
                let el = el_of(m.ty).unwrap_or("i8");
                let name = e.let_(format!(
                    "stablehlo.constant dense<{}> : tensor<{}x{el}>",
                    literal(el, 0),
                    m.len
                ));
                e.mems.insert(MemKey::Buf(*i), Mem { name, ..m });
            }
        }
    }
    let mut rets = Vec::new();
    let mut ret_types = Vec::new();
    for o in &p.outputs {
        let (i, m) = match o {
            Output::Slot(i) => (*i, slot(&e, *i)?),
            Output::Saved { name, index } => saved
                .get(name.as_str())
                .and_then(|s| s.get(*index))
                .cloned()
                .ok_or_else(|| program_err(format!("no entry {index} in snapshot '{name}'")))?,
        };
        let b = buffers
            .get(i)
            .ok_or_else(|| program_err(format!("no slot {i}")))?;
        let el = el_of(m.ty).unwrap_or("i8");
        let internal = format!("tensor<{}x{el}>", m.len);
        let flat_ext = format!("tensor<{}x{}>", m.len, b.element.mlir_name());
        let conv = match b.element {
            ElementType::Pred => e.let_(format!(
                "stablehlo.convert {} : ({internal}) -> {flat_ext}",
                m.name
            )),
            ElementType::U8 | ElementType::U16 | ElementType::U32 | ElementType::U64 => {
                e.let_(format!(
                    "stablehlo.bitcast_convert {} : ({internal}) -> {flat_ext}",
                    m.name
                ))
            }
            _ => m.name.clone(),
        };
        let ext = ext_type(b);
        rets.push(if ext == flat_ext {
            conv
        } else {
            e.let_(format!("stablehlo.reshape {conv} : ({flat_ext}) -> {ext}"))
        });
        ret_types.push(ext);
    }
    let mut out = String::new();
    let _ = writeln!(out, "module @raise {{");
    let _ = writeln!(
        out,
        "  func.func public @main({}) -> ({}) {{",
        sig.join(", "),
        ret_types.join(", ")
    );
    let body = std::mem::take(&mut e.out);
    out.push_str(&render(dce(body, &rets)));
    let _ = writeln!(
        out,
        "    return {} : {}",
        rets.join(", "),
        ret_types.join(", ")
    );
    out.push_str("  }\n}\n");
    Ok(out)
}

fn ext_type(b: &Buffer) -> String {
    let mut s = String::from("tensor<");
    for d in &b.shape {
        let _ = write!(s, "{d}x");
    }
    s.push_str(b.element.mlir_name());
    s.push('>');
    s
}

#[derive(Default)]
struct Emitter<'k> {
    out: Vec<Stmt>,
    indent: usize,
    next: u32,
    mems: BTreeMap<MemKey, Mem>,
    // ---- per launch ----
    kernel: Option<&'k Kernel>,
    n: i64,
    nb: i64,
    nt: i64,
    extent: [i64; 6],
    /// The lane order (ids outermost first, see [`Emitter::choose_order`]) and each
    /// id's stride in the flat lane index.
    order: [usize; 6],
    strides: [i64; 6],
    dims: ([u32; 3], [u32; 3], u64),
    vals: HashMap<Value, V>,
    id_of: HashMap<Value, usize>,
    aff: HashMap<Value, Option<Affine>>,
    /// The `if` conditions enclosing the op being emitted, with the branch taken
    /// (`true`: then); and the guarded affine forms computed under exactly this stack
    /// (cleared whenever it changes). See [`Emitter::affine_guarded`].
    guards: Vec<(Value, bool)>,
    aff_guarded: HashMap<Value, Option<Affine>>,
    param_buf: HashMap<u32, usize>,
    ptrs: HashMap<Value, Ptr>,
    assume: HashMap<Value, u64>,
    root_ty: HashMap<MemRoot, Type>,
    root_conflict: HashSet<MemRoot>,
    used: HashSet<Value>,
    ids: Vec<String>,
    lane: String,
    block_lin: String,
    thread_lin: String,
    mask: Option<String>,
    loop_depth: u32,
    in_block: bool,
}

impl<'k> Emitter<'k> {
    fn fresh(&mut self) -> String {
        self.next += 1;
        format!("%v{}", self.next)
    }
    fn line(&mut self, def: Option<String>, s: &str) {
        let text = format!("{}{s}\n", "  ".repeat(self.indent + 2));
        self.out.push((def, text));
    }
    fn let_(&mut self, rhs: String) -> String {
        let n = self.fresh();
        self.line(Some(n.clone()), &format!("{n} = {rhs}"));
        n
    }
    fn k(&self) -> &'k Kernel {
        self.kernel.expect("kernel set during a launch")
    }
    fn err(&self, msg: impl std::fmt::Display) -> Diagnostic {
        let name = self.kernel.map(|k| k.display_name.as_str()).unwrap_or("?");
        Diagnostic::new("unsupported-tensorization", format!("kernel {name}: {msg}"))
    }
    fn tt(&self, lanes: bool, el: &str) -> String {
        if lanes {
            format!("tensor<{}x{el}>", self.n)
        } else {
            format!("tensor<{el}>")
        }
    }

    // ---------------------------------------------------------------- builders
    fn cst(&mut self, lanes: bool, el: &'static str, bits: u64) -> V {
        let t = self.tt(lanes, el);
        let name = self.let_(format!(
            "stablehlo.constant dense<{}> : {t}",
            literal(el, bits)
        ));
        V { name, lanes, el }
    }
    fn lanes_of(&mut self, v: &V) -> V {
        if v.lanes {
            return v.clone();
        }
        let (a, b) = (self.tt(false, v.el), self.tt(true, v.el));
        let name = self.let_(format!(
            "stablehlo.broadcast_in_dim {}, dims = [] : ({a}) -> {b}",
            v.name
        ));
        V {
            name,
            lanes: true,
            el: v.el,
        }
    }
    fn unify(&mut self, vs: &[&V]) -> (Vec<String>, bool) {
        let lanes = vs.iter().any(|v| v.lanes);
        let names = vs
            .iter()
            .map(|v| {
                if lanes {
                    self.lanes_of(v).name
                } else {
                    v.name.clone()
                }
            })
            .collect();
        (names, lanes)
    }
    fn bin(&mut self, op: &str, a: &V, b: &V) -> V {
        let (n, lanes) = self.unify(&[a, b]);
        let t = self.tt(lanes, a.el);
        let name = self.let_(format!("stablehlo.{op} {}, {} : {t}", n[0], n[1]));
        V {
            name,
            lanes,
            el: a.el,
        }
    }
    fn un(&mut self, op: &str, a: &V) -> V {
        let t = self.tt(a.lanes, a.el);
        let name = self.let_(format!("stablehlo.{op} {} : {t}", a.name));
        V {
            name,
            lanes: a.lanes,
            el: a.el,
        }
    }
    fn cmp(&mut self, dir: &str, a: &V, b: &V, kind: &str) -> V {
        let (n, lanes) = self.unify(&[a, b]);
        let (t, tb) = (self.tt(lanes, a.el), self.tt(lanes, "i1"));
        let kind = if kind.is_empty() {
            String::new()
        } else {
            format!(", {kind}")
        };
        let name = self.let_(format!(
            "stablehlo.compare {dir}, {}, {}{kind} : ({t}, {t}) -> {tb}",
            n[0], n[1]
        ));
        V {
            name,
            lanes,
            el: "i1",
        }
    }
    fn select(&mut self, c: &V, a: &V, b: &V) -> V {
        let (n, lanes) = self.unify(&[c, a, b]);
        let (tc, t) = (self.tt(lanes, "i1"), self.tt(lanes, a.el));
        let name = self.let_(format!(
            "stablehlo.select {}, {}, {} : {tc}, {t}",
            n[0], n[1], n[2]
        ));
        V {
            name,
            lanes,
            el: a.el,
        }
    }
    fn convert(&mut self, a: &V, el: &'static str) -> V {
        if a.el == el {
            return a.clone();
        }
        let (t, t2) = (self.tt(a.lanes, a.el), self.tt(a.lanes, el));
        let name = self.let_(format!("stablehlo.convert {} : ({t}) -> {t2}", a.name));
        V {
            name,
            lanes: a.lanes,
            el,
        }
    }
    fn bitcast(&mut self, a: &V, el: &'static str) -> V {
        if a.el == el {
            return a.clone();
        }
        let (t, t2) = (self.tt(a.lanes, a.el), self.tt(a.lanes, el));
        let name = self.let_(format!(
            "stablehlo.bitcast_convert {} : ({t}) -> {t2}",
            a.name
        ));
        V {
            name,
            lanes: a.lanes,
            el,
        }
    }
    fn and(&mut self, a: &V, b: &V) -> V {
        self.bin("and", a, b)
    }
    fn not(&mut self, a: &V) -> V {
        self.un("not", a)
    }
    fn isnan(&mut self, a: &V) -> V {
        self.cmp("NE", a, a, "FLOAT")
    }
    /// `any` over lanes of an i1 lane tensor (rank-0 result).
    fn any(&mut self, m: &V) -> V {
        if !m.lanes {
            return m.clone();
        }
        let f = self.cst(false, "i1", 0);
        let t = self.tt(true, "i1");
        let name = self.let_(format!(
            "stablehlo.reduce({} init: {}) applies stablehlo.or across dimensions = [0] : ({t}, tensor<i1>) -> tensor<i1>",
            m.name, f.name
        ));
        V {
            name,
            lanes: false,
            el: "i1",
        }
    }
    fn mask_v(&self) -> Option<V> {
        self.mask.as_ref().map(|m| V {
            name: m.clone(),
            lanes: true,
            el: "i1",
        })
    }
    fn mask_or_true(&mut self) -> V {
        match self.mask_v() {
            Some(m) => m,
            None => self.cst(true, "i1", 1),
        }
    }

    fn get(&self, v: Value) -> R<V> {
        self.vals.get(&v).cloned().ok_or_else(|| {
            let ty = self.k().value_type(v);
            if ty.is_ptr() || self.ptrs.contains_key(&v) {
                self.err("pointer values used as data (stored, compared, selected or offset dynamically) cannot be tensorized")
            } else {
                self.err(format!("value %{} is not available (unsupported definition)", v.index()))
            }
        })
    }
    fn set(&mut self, v: Value, x: V) {
        self.vals.insert(v, x);
    }

    // ---------------------------------------------------------------- launch
    fn launch(&mut self, buffers: &[Buffer], l: &Launch<'k>) -> R<()> {
        let k = l.kernel;
        self.kernel = Some(k);
        let g = l.grid.map(|x| i64::from(x.max(1)));
        let b = l.block.map(|x| i64::from(x.max(1)));
        self.extent = [g[0], g[1], g[2], b[0], b[1], b[2]];
        self.nb = g[0] * g[1] * g[2];
        self.nt = b[0] * b[1] * b[2];
        self.n = self.nb * self.nt;
        if self.n > i64::from(i32::MAX) {
            return Err(self.err("launch has more than 2^31 threads"));
        }
        self.dims = (l.grid, l.block, l.dynamic_shared_bytes);
        self.vals.clear();
        self.id_of.clear();
        self.aff.clear();
        self.guards.clear();
        self.aff_guarded.clear();
        self.param_buf.clear();
        self.ptrs.clear();
        self.mask = None;
        self.loop_depth = 0;
        self.in_block = false;
        self.mems.retain(|k, _| matches!(k, MemKey::Buf(_)));
        if l.args.len() != k.params.len() {
            return Err(self.err(format!(
                "{} arguments bound to {} parameters",
                l.args.len(),
                k.params.len()
            )));
        }
        for (i, a) in l.args.iter().enumerate() {
            if let Arg::Buffer(j) = *a {
                if j >= buffers.len() {
                    return Err(self.err(format!("argument {} names no buffer", i + 1)));
                }
                self.param_buf.insert(i as u32, j);
            }
        }
        // Uses and access types.
        self.used.clear();
        self.root_ty.clear();
        self.root_conflict.clear();
        for op in &k.ops {
            op.kind.for_each_operand(|v| {
                self.used.insert(v);
            });
            let (addr, ty) = match &op.kind {
                OpKind::Load { addr } => (addr, op.results.first().map(|&r| k.value_type(r))),
                OpKind::Store { addr, value } | OpKind::Atomic { addr, value, .. } => {
                    (addr, Some(k.value_type(*value)))
                }
                OpKind::AtomicCas { addr, new, .. } => (addr, Some(k.value_type(*new))),
                _ => continue,
            };
            let root = match addr {
                Addr::Root { root, .. } => Some(*root),
                Addr::Dynamic(p) => static_root(k, *p, &self.param_buf, 0),
            };
            if let (Some(root), Some(ty)) = (root, ty) {
                match self.root_ty.get(&root) {
                    Some(&t) if t.bytes() != ty.bytes() || (t == Type::I1) != (ty == Type::I1) => {
                        self.root_conflict.insert(root);
                    }
                    _ => {
                        self.root_ty.insert(root, ty);
                    }
                }
            }
        }
        for (&p, a) in k.params.iter().zip(&l.args) {
            match *a {
                Arg::Buffer(j) => {
                    let off = self.cst(false, "i64", 0);
                    self.ptrs.insert(
                        p,
                        Ptr {
                            key: MemKey::Buf(j),
                            off,
                            aff: Some(Affine::constant(0)),
                            mult: ZERO_MULT,
                        },
                    );
                }
                Arg::Scalar(bits) => {
                    let ty = k.value_type(p);
                    if let Some(el) = el_of(ty) {
                        let v = self.cst(false, el, bits);
                        self.set(p, v);
                        self.aff.insert(
                            p,
                            ty.is_int().then(|| {
                                Affine::constant(frontend::interp::semantics::sext(bits, ty))
                            }),
                        );
                    }
                }
            }
        }
        // Lane ids.
        self.order = self.choose_order();
        self.strides = lane_strides(&self.order, &self.extent);
        let iota_t = self.tt(true, "i32");
        self.lane = self.let_(format!("stablehlo.iota dim = 0 : {iota_t}"));
        let lane = V {
            name: self.lane.clone(),
            lanes: true,
            el: "i32",
        };
        let ids = if self.order == DEFAULT_ORDER {
            let ntc = self.cst(true, "i32", self.nt as u64);
            self.block_lin = self.bin("divide", &lane, &ntc).name;
            self.thread_lin = self.bin("remainder", &lane, &ntc).name;
            let mut ids = Vec::new();
            for (lin, ext) in [
                (self.block_lin.clone(), [g[0], g[1]]),
                (self.thread_lin.clone(), [b[0], b[1]]),
            ] {
                let lin = V {
                    name: lin,
                    lanes: true,
                    el: "i32",
                };
                let c0 = self.cst(true, "i32", ext[0] as u64);
                let c01 = self.cst(true, "i32", (ext[0] * ext[1]) as u64);
                let c1 = self.cst(true, "i32", ext[1] as u64);
                let x = self.bin("remainder", &lin, &c0);
                let q = self.bin("divide", &lin, &c0);
                let y = self.bin("remainder", &q, &c1);
                let z = self.bin("divide", &lin, &c01);
                ids.extend([x.name, y.name, z.name]);
            }
            ids
        } else {
            // id k = (lane / stride_k) % extent_k; then the linear block and thread
            // indices from the ids (their meaning does not depend on the lane order).
            let mut ids = Vec::new();
            for k in 0..6 {
                let (st, ext) = (self.strides[k], self.extent[k]);
                let id = if ext <= 1 {
                    self.cst(true, "i32", 0)
                } else {
                    let q = if st == 1 {
                        lane.clone()
                    } else {
                        let c = self.cst(true, "i32", st as u64);
                        self.bin("divide", &lane, &c)
                    };
                    if st * ext == self.n {
                        q
                    } else {
                        let c = self.cst(true, "i32", ext as u64);
                        self.bin("remainder", &q, &c)
                    }
                };
                ids.push(id);
            }
            let lin = |e: &mut Self, ks: [usize; 3]| {
                let mut acc = ids[ks[0]].clone();
                for &k in &ks[1..] {
                    let c = e.cst(true, "i32", e.extent[k] as u64);
                    let m = e.bin("multiply", &acc, &c);
                    acc = e.bin("add", &m, &ids[k]);
                }
                acc.name
            };
            self.block_lin = lin(self, [2, 1, 0]);
            self.thread_lin = lin(self, [5, 4, 3]);
            ids.into_iter().map(|v| v.name).collect()
        };
        self.ids = ids;
        let body = k.body.clone();
        match self.region(&body)? {
            Term::Yield(_) => Ok(()),
            Term::Cond(..) => Err(self.err("kernel body ends in a condition")),
        }
    }

    /// The lane order of this launch: [`DEFAULT_ORDER`], or the order in which the first
    /// store or atomic to a spec buffer (in program order) whose byte offset is affine
    /// in the ids walks the buffer ([`order_for`]), so that its accesses and all that
    /// share its layout (a stencil's loads and stores of `row * nx + col`) are slices
    /// instead of transposes.
    ///
    /// Why any order is legal: the lanes are the launch's threads, and every lane-level
    /// op is elementwise or indexes by the ids, the linear block index (shared memory)
    /// or the lane itself only as a distinct index per thread (local memory, serialized
    /// atomics, which may run in any order). The exceptions are the ops that need a
    /// warp or a block to be a run of consecutive lanes (shuffles, votes, block-reducing
    /// barriers): a kernel with any of them keeps the default order. So does a kernel
    /// with shared memory: its rows are the blocks, which the default order keeps
    /// outermost (a tile's loads and stores stay free of transposes).
    fn choose_order(&mut self) -> [usize; 6] {
        let k = self.k();
        let mut ops = Vec::new();
        let mut stack = vec![&k.body];
        while let Some(r) = stack.pop() {
            for &o in &r.ops {
                ops.push(o);
                let rs = k.op(o).kind.regions();
                stack.extend(rs.into_iter().rev());
            }
        }
        if ops.iter().any(|&o| {
            matches!(
                k.op(o).kind,
                OpKind::Shuffle { .. }
                    | OpKind::Vote { .. }
                    | OpKind::Barrier { pred: Some(_), .. }
                    | OpKind::SharedAlloc(_)
            )
        }) {
            return DEFAULT_ORDER;
        }
        // The ids, as `parallel` will bind them (the affine forms need them).
        for &o in &ops {
            if let OpKind::Parallel { level, body } = &k.op(o).kind {
                let base = if *level == Level::Grid { 0 } else { 3 };
                for (i, &a) in body.args.iter().enumerate().take(3) {
                    self.id_of.insert(a, base + i);
                }
            }
        }
        for &o in &ops {
            let (OpKind::Store { addr, .. } | OpKind::Atomic { addr, .. }) = &k.op(o).kind else {
                continue;
            };
            let Addr::Root { root, offset } = *addr else {
                continue;
            };
            if !matches!(self.key_of_root(root), Ok(MemKey::Buf(_))) {
                continue;
            }
            if let Some(order) = self
                .affine(offset)
                .and_then(|f| order_for(&f, &self.extent))
            {
                return order;
            }
        }
        DEFAULT_ORDER
    }

    fn region(&mut self, r: &Region) -> R<Term> {
        for &op in &r.ops {
            let kind = &self.k().op(op).kind;
            match kind {
                OpKind::Yield(vs) => {
                    let vs = vs.iter().map(|&v| self.carried(v)).collect::<R<Vec<_>>>()?;
                    return Ok(Term::Yield(vs));
                }
                OpKind::Condition { cond, args } => {
                    let c = self.get(*cond)?;
                    let vs = args
                        .iter()
                        .map(|&v| self.carried(v))
                        .collect::<R<Vec<_>>>()?;
                    return Ok(Term::Cond(c, vs));
                }
                _ => self.op(op)?,
            }
        }
        Ok(Term::Yield(Vec::new()))
    }

    // ---------------------------------------------------------------- analyses
    fn affine(&mut self, v: Value) -> Option<Affine> {
        if let Some(a) = self.aff.get(&v) {
            return *a;
        }
        let r = self.affine_uncached(v, false);
        self.aff.insert(v, r);
        r
    }
    /// The affine form of an access's offset `v` *on the lanes that perform the
    /// access*: like [`Emitter::affine`], except that an `if c` result merged from a
    /// branch-dependent value (the adjoint's forward sweep yields the store index from
    /// `then` and a dummy `0` from `else`) takes the form of the branch the enclosing
    /// guards select, when the access is nested in that branch of an `if` on the same
    /// condition value `c`.
    ///
    /// Why it is exact: an SSA value is one value per lane (and per loop iteration; a
    /// guard nested in the scope of `c` sees the same instance), so every lane active
    /// inside `if c { .. }` has `c` true and its merged value is the `then` value, whose
    /// form is exact on that lane. Lanes that are masked off there compute some other
    /// value but never perform the access: a masked load's value on them is discarded
    /// and a masked store/atomic keeps the old element (the box and elementwise paths
    /// select on the mask; the form's whole range over the id box is still checked, so
    /// their virtual positions are in bounds or in padding, and injectivity over all
    /// ids keeps them off the active lanes' elements). The guarded form is used for
    /// addressing only, never to materialize a value (that uses [`Emitter::affine`]).
    fn affine_guarded(&mut self, v: Value) -> Option<Affine> {
        if let Some(a) = self.affine(v) {
            return Some(a);
        }
        if self.guards.is_empty() {
            return None;
        }
        if let Some(a) = self.aff_guarded.get(&v) {
            return *a;
        }
        // Provisional None: a cycle through loop-carried values is not affine.
        self.aff_guarded.insert(v, None);
        let r = self.affine_uncached(v, true);
        self.aff_guarded.insert(v, r);
        r
    }
    /// An operand's form: guarded ([`Emitter::affine_guarded`]) or plain.
    fn aff_of(&mut self, v: Value, guarded: bool) -> Option<Affine> {
        if guarded {
            self.affine_guarded(v)
        } else {
            self.affine(v)
        }
    }
    fn affine_uncached(&mut self, v: Value, guarded: bool) -> Option<Affine> {
        let k = self.k();
        let ty = k.value_type(v);
        if !ty.is_int() || ty == Type::I1 {
            return None;
        }
        if let Some(&id) = self.id_of.get(&v) {
            return Some(Affine::id(id));
        }
        let ValueDef::Result(op, index) = k.value_def(v) else {
            return None;
        };
        let ext = self.extent;
        let bits = ty.bits();
        if let OpKind::If { cond, .. } = k.op(op).kind {
            let sources = merge_sources(k, v)?;
            if guarded {
                // Under a guard on the same condition, active lanes took that branch.
                if let Some(&(_, taken)) = self.guards.iter().rev().find(|g| g.0 == cond) {
                    let s = *sources.get(if taken { 0 } else { 1 })?;
                    return self.affine_guarded(s)?.fits(bits, &ext);
                }
            }
            // Both branches yield the same function of the ids (e.g. an index computed
            // in each): the merged value is that function on every lane.
            let forms = sources
                .into_iter()
                .map(|s| self.aff_of(s, guarded))
                .collect::<Option<Vec<_>>>()?;
            let first = *forms.first()?;
            return forms
                .iter()
                .all(|f| *f == first)
                .then_some(first)?
                .fits(bits, &ext);
        }
        if index != 0 {
            return None;
        }
        let r = match k.op(op).kind.clone() {
            OpKind::Const { bits: b } => Affine::constant(frontend::interp::semantics::sext(b, ty)),
            OpKind::Dim(d) => Affine::constant(self.dim_value(d) as i64),
            OpKind::Binary(op, a, b) => {
                let (fa, fb) = (self.aff_of(a, guarded)?, self.aff_of(b, guarded)?);
                match op {
                    BinaryOp::Add => fa.add(&fb)?,
                    BinaryOp::Sub => fa.add(&fb.scale(-1)?)?,
                    BinaryOp::Mul if fb.is_const() => fa.scale(fb.c)?,
                    BinaryOp::Mul if fa.is_const() => fb.scale(fa.c)?,
                    BinaryOp::Shl if fb.is_const() && (0..bits as i64).contains(&fb.c) => {
                        fa.scale(1i64.checked_shl(fb.c as u32)?)?
                    }
                    _ => return None,
                }
            }
            OpKind::Cast(CastOp::SExt, a) => self.aff_of(a, guarded)?,
            OpKind::Cast(CastOp::ZExt, a) => {
                let f = self.aff_of(a, guarded)?;
                if f.range(&ext)?.0 < 0 {
                    return None;
                }
                f
            }
            OpKind::Cast(CastOp::Trunc, a) => self.aff_of(a, guarded)?,
            _ => return None,
        };
        r.fits(bits, &ext)
    }
    /// A float constant `+-0.0` or `+-1.0`: multiplying by it is exact.
    fn exact_factor(&self, v: Value) -> bool {
        let k = self.k();
        let ValueDef::Result(op, 0) = k.value_def(v) else {
            return false;
        };
        let OpKind::Const { bits } = k.op(op).kind else {
            return false;
        };
        let x = match k.value_type(v) {
            Type::F32 => f64::from(f32::from_bits(bits as u32)),
            Type::F64 => f64::from_bits(bits),
            _ => return false,
        };
        x == 0.0 || x.abs() == 1.0
    }
    fn dim_value(&self, d: Dim) -> u64 {
        let (g, b, s) = self.dims;
        match d {
            Dim::BlockDim(i) => u64::from(b[usize::from(i.min(2))].max(1)),
            Dim::GridDim(i) => u64::from(g[usize::from(i.min(2))].max(1)),
            Dim::DynamicSharedBytes => s,
        }
    }
    /// A number that provably divides `v` (1 when nothing is known).
    fn multiple(&mut self, v: Value, depth: u32) -> u64 {
        const ZERO: u64 = 1 << 40;
        if depth > 64 {
            return 1;
        }
        if let Some(a) = self.affine(v) {
            let mut g = a.c.unsigned_abs();
            for c in a.coef {
                g = gcd(g, c.unsigned_abs());
            }
            return if g == 0 { ZERO } else { g };
        }
        let k = self.k();
        // Values merged at region boundaries: the gcd over every value that flows in,
        // computed as an optimistic fixpoint (assume "multiple of anything" on a cycle,
        // then re-check under the result until it is stable).
        let sources = merge_sources(k, v);
        if let Some(srcs) = sources {
            if let Some(&m) = self.assume.get(&v) {
                return m;
            }
            let mut assumed = ZERO;
            for _ in 0..8 {
                self.assume.insert(v, assumed);
                let mut g = ZERO;
                for &s in &srcs {
                    g = gcd(g, self.multiple(s, depth + 1));
                }
                if g == assumed {
                    break;
                }
                assumed = g;
            }
            self.assume.remove(&v);
            return if assumed == ZERO && srcs.is_empty() {
                1
            } else {
                assumed
            };
        }
        let ValueDef::Result(op, 0) = k.value_def(v) else {
            return 1;
        };
        match k.op(op).kind.clone() {
            OpKind::Const { bits } => {
                let x = frontend::interp::semantics::sext(bits, k.value_type(v)).unsigned_abs();
                if x == 0 {
                    ZERO
                } else {
                    x
                }
            }
            OpKind::Binary(BinaryOp::Mul, a, b) => self
                .multiple(a, depth + 1)
                .saturating_mul(self.multiple(b, depth + 1))
                .min(ZERO),
            OpKind::Binary(BinaryOp::Shl, a, b) => {
                let s = match self.affine(b) {
                    Some(f) if f.is_const() && (0..40).contains(&f.c) => f.c as u32,
                    _ => 0,
                };
                (self.multiple(a, depth + 1) << s).min(ZERO)
            }
            OpKind::Binary(BinaryOp::Add | BinaryOp::Sub, a, b) => {
                gcd(self.multiple(a, depth + 1), self.multiple(b, depth + 1))
            }
            OpKind::Cast(CastOp::SExt | CastOp::ZExt, a) => self.multiple(a, depth + 1),
            OpKind::Select {
                if_true, if_false, ..
            } => gcd(
                self.multiple(if_true, depth + 1),
                self.multiple(if_false, depth + 1),
            ),
            _ => 1,
        }
    }

    // ---------------------------------------------------------------- ops
    fn op(&mut self, id: OpId) -> R<()> {
        let k = self.k();
        let data = k.op(id).clone();
        let res = data.results.first().copied();
        let rty = res.map(|r| k.value_type(r));
        let rel = rty.and_then(el_of);
        if let Some(r) = res {
            if let Some(p) = self.ptr_op(&data.kind)? {
                self.ptrs.insert(r, p);
                return Ok(());
            }
        }
        match data.kind {
            OpKind::Const { bits } => {
                if let Some(el) = rel {
                    let v = self.cst(false, el, bits);
                    self.set_res(res, v);
                }
            }
            OpKind::Dim(d) => {
                let el = rel.unwrap_or("i32");
                let v = self.cst(false, el, self.dim_value(d));
                self.set_res(res, v);
            }
            OpKind::LaneId => {
                let t = V {
                    name: self.thread_lin.clone(),
                    lanes: true,
                    el: "i32",
                };
                let c = self.cst(true, "i32", 32);
                let v = self.bin("remainder", &t, &c);
                self.set_res(res, v);
            }
            OpKind::Unary(op, a) => {
                let a = self.get(a)?;
                let v = self.unary(op, &a)?;
                self.set_res(res, v);
            }
            OpKind::Binary(..) | OpKind::Cast(..) if self.lane_affine(res).is_some() => {
                if let (Some(r), Some(v)) = (res, self.lane_affine(res)) {
                    self.set(r, v);
                }
            }
            OpKind::Binary(op, a, b) => {
                let (a, b) = (self.get(a)?, self.get(b)?);
                let v = self.binary(op, &a, &b)?;
                self.set_res(res, v);
            }
            OpKind::Fma(a, b, c) if self.exact_factor(a) || self.exact_factor(b) => {
                // One factor is a constant +-0 or +-1 (the reverse sweep's derivative
                // terms of constants: `fma(x, 0.0, y)`): the product is exact in the type
                // itself (+-0, NaN, +-x), so one rounded add is the fused result, signed
                // zeros included.
                let (a, b, c) = (self.get(a)?, self.get(b)?, self.get(c)?);
                let p = self.bin("multiply", &a, &b);
                let v = self.bin("add", &p, &c);
                self.set_res(res, v);
            }
            OpKind::Fma(a, b, c) => {
                let (a, b, c) = (self.get(a)?, self.get(b)?, self.get(c)?);
                // Products of f32 (or narrower) are exact in f64; the sum rounds in f64
                // and then to the type (double rounding only on rare ties). f64: two roundings.
                let wide = "f64";
                let (a2, b2, c2) = (
                    self.convert(&a, wide),
                    self.convert(&b, wide),
                    self.convert(&c, wide),
                );
                let p = self.bin("multiply", &a2, &b2);
                let s = self.bin("add", &p, &c2);
                let v = self.convert(&s, a.el);
                self.set_res(res, v);
            }
            OpKind::ICmp(p, a, b) => {
                let (a, b) = (self.get(a)?, self.get(b)?);
                let v = self.icmp(p, &a, &b);
                self.set_res(res, v);
            }
            OpKind::FCmp(p, a, b) => {
                let (a, b) = (self.get(a)?, self.get(b)?);
                let v = self.fcmp(p, &a, &b);
                self.set_res(res, v);
            }
            OpKind::Select {
                cond,
                if_true,
                if_false,
            } => {
                let Some(r) = res else { return Ok(()) };
                if k.value_type(r).is_ptr() {
                    return Ok(()); // fails on use
                }
                let (c, a, b) = (self.get(cond)?, self.get(if_true)?, self.get(if_false)?);
                let v = self.select(&c, &a, &b);
                self.set_res(res, v);
            }
            OpKind::Cast(op, a) => {
                let Some(to) = rty else { return Ok(()) };
                let from = k.value_type(a);
                if from.is_ptr() || to.is_ptr() {
                    return Ok(()); // pointer casts: fail on use
                }
                let a = self.get(a)?;
                let v = self.cast(op, &a, from, to)?;
                self.set_res(res, v);
            }
            OpKind::RootAddr(_) | OpKind::PtrAdd { .. } => {} // pointer values: fail on use
            OpKind::Load { addr } => {
                let ty = rty.ok_or_else(|| self.err("load without result"))?;
                let v = self.load(addr, ty)?;
                self.set_res(res, v);
            }
            OpKind::Store { addr, value } => {
                let v = self.get(value)?;
                let ty = k.value_type(value);
                self.store(addr, ty, &v, None)?;
            }
            OpKind::Atomic { op, addr, value } => {
                if !self.in_block {
                    return Err(self.err("atomic outside the thread-parallel loop"));
                }
                let needs_old = res.is_some_and(|r| self.used.contains(&r));
                if needs_old
                    || matches!(
                        op,
                        AtomicOp::UMin
                            | AtomicOp::UMax
                            | AtomicOp::FMin
                            | AtomicOp::FMax
                            | AtomicOp::Inc
                            | AtomicOp::Dec
                    )
                {
                    let v = self.get(value)?;
                    let ty = k.value_type(value);
                    let old = self.atomic_serial(addr, ty, AtomicKind::Rmw(op), &v, None)?;
                    self.set_res(res, old);
                    return Ok(());
                }
                let v = self.get(value)?;
                let ty = k.value_type(value);
                let comb = match op {
                    AtomicOp::Add | AtomicOp::FAdd => Some("add"),
                    AtomicOp::Sub => None,
                    AtomicOp::And => Some("and"),
                    AtomicOp::Or => Some("or"),
                    AtomicOp::Xor => Some("xor"),
                    AtomicOp::SMin => Some("minimum"),
                    AtomicOp::SMax => Some("maximum"),
                    AtomicOp::Exch => {
                        self.store(addr, ty, &v, None)?;
                        return Ok(());
                    }
                    _ => return Err(self.err(format!("atomic {op} has no scatter combiner here"))),
                };
                match comb {
                    Some(c) => self.store(addr, ty, &v, Some(c))?,
                    None => {
                        let n = self.un("negate", &v);
                        self.store(addr, ty, &n, Some("add"))?
                    }
                }
            }
            OpKind::AtomicCas {
                addr,
                expected,
                new,
            } => {
                if !self.in_block {
                    return Err(self.err("atomic outside the thread-parallel loop"));
                }
                let (e, n) = (self.get(expected)?, self.get(new)?);
                let ty = k.value_type(new);
                let old = self.atomic_serial(addr, ty, AtomicKind::Cas, &n, Some(&e))?;
                self.set_res(res, old);
            }
            OpKind::Memcpy { dst, src, len } => self.memcpy(dst, src, len)?,
            OpKind::Memset { .. } => return Err(self.err("memset cannot be tensorized yet")),
            OpKind::SharedAlloc(s) => {
                if self.loop_depth > 0 {
                    return Err(self.err("shared allocation inside a loop"));
                }
                let root = MemRoot::Shared(s);
                if let Some(&ty) = self.root_ty.get(&root) {
                    let a = &k.shared[s.index()];
                    let bytes = if a.dynamic { self.dims.2 } else { a.bytes };
                    let elems = (bytes / ty.bytes()) as i64;
                    self.alloc(MemKey::Shared(s.0), elems * self.nb, ty)?;
                }
            }
            OpKind::LocalAlloc(s) => {
                if self.loop_depth > 0 {
                    return Err(self.err("local allocation inside a loop"));
                }
                let root = MemRoot::Local(s);
                if let Some(&ty) = self.root_ty.get(&root) {
                    let elems = (k.locals[s.index()].bytes / ty.bytes()) as i64;
                    self.alloc(MemKey::Local(s.0), elems * self.n, ty)?;
                }
            }
            OpKind::Barrier { kind, pred } => {
                if let (Some(p), Some(r)) = (pred, res) {
                    let p = self.get(p)?;
                    let v = self.barrier_reduce(kind, &p)?;
                    self.set(r, v);
                }
            }
            OpKind::Fence => {}
            OpKind::Trap => return Err(self.err("trap cannot be expressed in StableHLO")),
            OpKind::Shuffle {
                mode,
                value,
                lane,
                clamp,
                ..
            } => {
                let (v, b, c) = (self.get(value)?, self.get(lane)?, self.get(clamp)?);
                let r = self.shuffle(mode, &v, &b, &c)?;
                self.set_res(res, r);
            }
            OpKind::Vote { mode, mask, pred } => {
                let (m, p) = (self.get(mask)?, self.get(pred)?);
                let el = rel.unwrap_or("i32");
                let r = self.vote(mode, &m, &p, el)?;
                self.set_res(res, r);
            }
            OpKind::Parallel { level, body } => self.parallel(level, &body)?,
            OpKind::If {
                cond,
                then_region,
                else_region,
            } => self.if_(id, cond, &then_region, &else_region)?,
            OpKind::For {
                lower,
                upper,
                step,
                inits,
                body,
            } => self.for_(id, lower, upper, step, &inits, &body)?,
            OpKind::While {
                inits,
                before,
                after,
            } => self.while_(id, &inits, &before, &after)?,
            OpKind::Yield(_) | OpKind::Condition { .. } => {
                return Err(self.err("terminator in the middle of a region"))
            }
        }
        Ok(())
    }

    /// An integer value of the form `s * lane + c` (s != 0, exact in its type), emitted
    /// from one iota instead of through the block/thread id arithmetic.
    fn lane_affine(&mut self, r: Option<Value>) -> Option<V> {
        let r = r?;
        let el = el_of(self.k().value_type(r))?;
        if !matches!(el, "i32" | "i64") {
            return None;
        }
        let f = self.affine(r)?;
        let (s, c) = f.as_lane(&self.extent, &self.strides)?;
        if s == 0 {
            return None;
        }
        let t = self.tt(true, el);
        let name = self.let_(format!("stablehlo.iota dim = 0 : {t}"));
        let mut v = V {
            name,
            lanes: true,
            el,
        };
        if s != 1 {
            let sc = self.cst(true, el, s as u64);
            v = self.bin("multiply", &v, &sc);
        }
        if c != 0 {
            let cc = self.cst(true, el, c as u64);
            v = self.bin("add", &v, &cc);
        }
        Some(v)
    }

    /// The pointer an op computes from tracked pointers, if it is pointer arithmetic.
    fn ptr_op(&mut self, kind: &OpKind) -> R<Option<Ptr>> {
        let add = |s: &mut Self, p: Ptr, o: Value, neg: bool| -> R<Option<Ptr>> {
            let ov = s.get(o)?;
            let ov = s.convert(&ov, "i64");
            let off = s.bin(if neg { "subtract" } else { "add" }, &p.off, &ov);
            let fo = s
                .affine(o)
                .and_then(|f| if neg { f.scale(-1) } else { Some(f) });
            let aff = match (p.aff, fo) {
                (Some(a), Some(b)) => a.add(&b),
                _ => None,
            };
            let mult = gcd(p.mult, s.multiple(o, 0));
            Ok(Some(Ptr {
                key: p.key,
                off,
                aff,
                mult,
            }))
        };
        match *kind {
            OpKind::Cast(
                CastOp::IntToPtr | CastOp::PtrToInt | CastOp::AddrSpaceCast | CastOp::Bitcast,
                a,
            ) => Ok(self.ptrs.get(&a).cloned()),
            OpKind::PtrAdd { ptr, offset } => match self.ptrs.get(&ptr).cloned() {
                Some(p) => add(self, p, offset, false),
                None => Ok(None),
            },
            OpKind::Binary(op @ (BinaryOp::Add | BinaryOp::Sub), a, b) => {
                match (self.ptrs.get(&a).cloned(), self.ptrs.get(&b).cloned()) {
                    (Some(p), None) => add(self, p, b, op == BinaryOp::Sub),
                    (None, Some(p)) if op == BinaryOp::Add => add(self, p, a, false),
                    _ => Ok(None),
                }
            }
            OpKind::Select {
                cond,
                if_true,
                if_false,
            } => match (
                self.ptrs.get(&if_true).cloned(),
                self.ptrs.get(&if_false).cloned(),
            ) {
                (Some(a), Some(b)) if a.key == b.key => {
                    let c = self.get(cond)?;
                    let off = self.select(&c, &a.off, &b.off);
                    Ok(Some(Ptr {
                        key: a.key,
                        off,
                        aff: None,
                        mult: gcd(a.mult, b.mult),
                    }))
                }
                (Some(_), Some(_)) => Err(self
                    .err("a select between pointers into different buffers cannot be tensorized")),
                _ => Ok(None),
            },
            OpKind::RootAddr(root) => match self.key_of_root(root) {
                Ok(key) => {
                    let off = self.cst(false, "i64", 0);
                    Ok(Some(Ptr {
                        key,
                        off,
                        aff: Some(Affine::constant(0)),
                        mult: ZERO_MULT,
                    }))
                }
                Err(_) => Ok(None),
            },
            _ => Ok(None),
        }
    }

    /// A copy of a constant number of bytes between memories of the same element type:
    /// one load and store per element (legal: the ranges are disjoint in a valid memcpy).
    fn memcpy(&mut self, dst: Addr, src: Addr, len: Value) -> R<()> {
        let n = match self.affine(len) {
            Some(f) if f.is_const() && (0..=4096).contains(&f.c) => f.c,
            _ => {
                return Err(self.err("memcpy of a non-constant (or large) length is not tensorized"))
            }
        };
        let (d, s) = (self.resolve(dst)?, self.resolve(src)?);
        let (Some(dm), Some(sm)) = (self.mems.get(&d.key), self.mems.get(&s.key)) else {
            return Err(self.err("memcpy between memories used before their allocation"));
        };
        let ty = dm.ty;
        if sm.ty.bytes() != ty.bytes() || n % ty.bytes() as i64 != 0 {
            return Err(self.err(format!(
                "memcpy of {n} bytes between memories of element types {} and {}",
                sm.ty, ty
            )));
        }
        let es = ty.bytes() as i64;
        let at = |me: &mut Self, p: &Ptr, k: i64| {
            let c = me.cst(false, "i64", (k * es) as u64);
            let off = me.bin("add", &p.off, &c);
            Ptr {
                key: p.key,
                off,
                aff: p.aff.and_then(|f| f.add(&Affine::constant(k * es))),
                mult: gcd(p.mult, if k == 0 { ZERO_MULT } else { (k * es) as u64 }),
            }
        };
        for k in 0..n / es {
            let (sp, dp) = (at(self, &s, k), at(self, &d, k));
            let v = self.load(Loc::At(sp), ty)?;
            self.store(Loc::At(dp), ty, &v, None)?;
        }
        Ok(())
    }

    fn key_of_root(&self, root: MemRoot) -> R<MemKey> {
        Ok(match root {
            MemRoot::Param(p) => MemKey::Buf(
                *self
                    .param_buf
                    .get(&p)
                    .ok_or_else(|| self.err(format!("parameter {p} is not bound to a buffer")))?,
            ),
            MemRoot::Shared(s) => MemKey::Shared(s.0),
            MemRoot::Local(l) => MemKey::Local(l.0),
            MemRoot::Global(_) => {
                return Err(self
                    .err("module globals (__constant__/__device__ data) are not tensorized yet"))
            }
        })
    }

    fn set_res(&mut self, r: Option<Value>, v: V) {
        if let Some(r) = r {
            self.set(r, v);
        }
    }

    fn alloc(&mut self, key: MemKey, len: i64, ty: Type) -> R<()> {
        let el = el_of(ty).ok_or_else(|| self.err("pointer-typed memory"))?;
        let name = self.let_(format!(
            "stablehlo.constant dense<{}> : tensor<{len}x{el}>",
            literal(el, 0)
        ));
        self.mems.insert(key, Mem { name, len, ty });
        Ok(())
    }

    fn parallel(&mut self, level: Level, body: &Region) -> R<()> {
        let base = if level == Level::Grid { 0 } else { 3 };
        for (i, &a) in body.args.iter().enumerate().take(3) {
            self.id_of.insert(a, base + i);
            let v = V {
                name: self.ids[base + i].clone(),
                lanes: true,
                el: "i32",
            };
            self.set(a, v);
        }
        let was = self.in_block;
        if level == Level::Block {
            self.in_block = true;
        }
        self.region(body)?;
        self.in_block = was;
        Ok(())
    }

    // ---------------------------------------------------------------- arithmetic
    fn unary(&mut self, op: UnaryOp, a: &V) -> R<V> {
        let el = a.el;
        if !is_float_el(el) {
            return Ok(match op {
                UnaryOp::Not => self.un("not", a),
                UnaryOp::Neg if el == "i1" => a.clone(),
                UnaryOp::Neg => self.un("negate", a),
                UnaryOp::Abs if el == "i1" => a.clone(),
                UnaryOp::Abs => self.un("abs", a),
                UnaryOp::Clz => self.un("count_leading_zeros", a),
                UnaryOp::Popc => self.un("popcnt", a),
                _ => return Err(self.err(format!("integer {op} is not tensorized"))),
            });
        }
        let ib = int_el_of_bits(el_bits(el));
        match op {
            UnaryOp::FNeg | UnaryOp::FAbs => {
                let i = self.bitcast(a, ib);
                let sign = 1u64 << (el_bits(el) - 1);
                let r = if op == UnaryOp::FNeg {
                    let c = self.cst(a.lanes, ib, sign);
                    self.bin("xor", &i, &c)
                } else {
                    let c = self.cst(a.lanes, ib, !sign);
                    self.bin("and", &i, &c)
                };
                return Ok(self.bitcast(&r, el));
            }
            _ => {}
        }
        // Compute in f32 for half types, round once at the end.
        let ce = if el == "f64" { "f64" } else { "f32" };
        let x = self.convert(a, ce);
        let one_bits = if ce == "f64" {
            1f64.to_bits()
        } else {
            u64::from(1f32.to_bits())
        };
        let cf = |s: &mut Self, f: f64| {
            let bits = if ce == "f64" {
                f.to_bits()
            } else {
                u64::from((f as f32).to_bits())
            };
            s.cst(x.lanes, ce, bits)
        };
        let r = match op {
            UnaryOp::Sqrt => self.un("sqrt", &x),
            UnaryOp::Rsqrt => {
                let s = self.un("sqrt", &x);
                let one = self.cst(x.lanes, ce, one_bits);
                self.bin("divide", &one, &s)
            }
            UnaryOp::Rcp => {
                let one = self.cst(x.lanes, ce, one_bits);
                self.bin("divide", &one, &x)
            }
            UnaryOp::Exp => self.un("exponential", &x),
            UnaryOp::Expm1 => self.un("exponential_minus_one", &x),
            UnaryOp::Log => self.un("log", &x),
            UnaryOp::Log1p => self.un("log_plus_one", &x),
            UnaryOp::Exp2 | UnaryOp::Exp10 => {
                let b = cf(self, if op == UnaryOp::Exp2 { 2.0 } else { 10.0 });
                self.bin("power", &b, &x)
            }
            UnaryOp::Log2 | UnaryOp::Log10 => {
                let l = self.un("log", &x);
                let d = cf(
                    self,
                    if op == UnaryOp::Log2 {
                        std::f64::consts::LN_2
                    } else {
                        std::f64::consts::LN_10
                    },
                );
                self.bin("divide", &l, &d)
            }
            UnaryOp::Sin => self.un("sine", &x),
            UnaryOp::Cos => self.un("cosine", &x),
            UnaryOp::Tan => self.un("tan", &x),
            UnaryOp::Tanh => self.un("tanh", &x),
            UnaryOp::Cbrt => self.un("cbrt", &x),
            UnaryOp::Floor => self.un("floor", &x),
            UnaryOp::Ceil => self.un("ceil", &x),
            UnaryOp::Round => self.un("round_nearest_afz", &x),
            UnaryOp::Rint => self.un("round_nearest_even", &x),
            UnaryOp::Trunc => {
                // sign(x) * floor(|x|), keeping -0 and NaN.
                let f = self.un("floor", &x);
                let c = self.un("ceil", &x);
                let z = cf(self, 0.0);
                let neg = self.cmp("LT", &x, &z, "FLOAT");
                self.select(&neg, &c, &f)
            }
            UnaryOp::Saturate => {
                let z = cf(self, 0.0);
                let o = cf(self, 1.0);
                let lt = self.cmp("LT", &x, &z, "FLOAT");
                let gt = self.cmp("GT", &x, &o, "FLOAT");
                let r1 = self.select(&gt, &o, &x);
                let r2 = self.select(&lt, &z, &r1);
                let nan = self.isnan(&x);
                self.select(&nan, &z, &r2)
            }
            _ => return Err(self.err(format!("math function {op} is not tensorized yet"))),
        };
        Ok(self.convert(&r, el))
    }

    fn unsigned(&mut self, a: &V) -> V {
        self.bitcast(a, unsigned_el(a.el))
    }

    fn binary(&mut self, op: BinaryOp, a: &V, b: &V) -> R<V> {
        let el = a.el;
        if el == "i1" {
            return Ok(match op {
                BinaryOp::Add | BinaryOp::Sub | BinaryOp::Xor => self.bin("xor", a, b),
                BinaryOp::Mul | BinaryOp::And | BinaryOp::UMin | BinaryOp::SMax => {
                    self.bin("and", a, b)
                }
                BinaryOp::Or | BinaryOp::UMax | BinaryOp::SMin => self.bin("or", a, b),
                _ => return Err(self.err(format!("{op} on i1 is not tensorized"))),
            });
        }
        if !op.is_float() {
            let via_u = |s: &mut Self, name: &str| {
                let (ua, ub) = (s.unsigned(a), s.unsigned(b));
                let r = s.bin(name, &ua, &ub);
                s.bitcast(&r, el)
            };
            return Ok(match op {
                BinaryOp::Add => self.bin("add", a, b),
                BinaryOp::Sub => self.bin("subtract", a, b),
                BinaryOp::Mul => self.bin("multiply", a, b),
                BinaryOp::SDiv => self.bin("divide", a, b),
                BinaryOp::SRem => self.bin("remainder", a, b),
                BinaryOp::UDiv => via_u(self, "divide"),
                BinaryOp::URem => via_u(self, "remainder"),
                BinaryOp::And => self.bin("and", a, b),
                BinaryOp::Or => self.bin("or", a, b),
                BinaryOp::Xor => self.bin("xor", a, b),
                BinaryOp::Shl => self.bin("shift_left", a, b),
                BinaryOp::LShr => self.bin("shift_right_logical", a, b),
                BinaryOp::AShr => self.bin("shift_right_arithmetic", a, b),
                BinaryOp::SMin => self.bin("minimum", a, b),
                BinaryOp::SMax => self.bin("maximum", a, b),
                BinaryOp::UMin => via_u(self, "minimum"),
                BinaryOp::UMax => via_u(self, "maximum"),
                BinaryOp::MulHiS | BinaryOp::MulHiU => {
                    let w = el_bits(el);
                    if w >= 64 {
                        return Err(self.err("64-bit mulhi is not tensorized"));
                    }
                    let (wa, wb) = if op == BinaryOp::MulHiS {
                        (self.convert(a, "i64"), self.convert(b, "i64"))
                    } else {
                        let (ua, ub) = (self.unsigned(a), self.unsigned(b));
                        let (wa, wb) = (self.convert(&ua, "ui64"), self.convert(&ub, "ui64"));
                        (self.bitcast(&wa, "i64"), self.bitcast(&wb, "i64"))
                    };
                    let p = self.bin("multiply", &wa, &wb);
                    let s = self.cst(p.lanes, "i64", u64::from(w));
                    let h = self.bin("shift_right_arithmetic", &p, &s);
                    self.convert(&h, el)
                }
                _ => return Err(self.err(format!("{op} is not tensorized"))),
            });
        }
        if op == BinaryOp::CopySign {
            let ib = int_el_of_bits(el_bits(el));
            let sign = 1u64 << (el_bits(el) - 1);
            let (ia, ibv) = (self.bitcast(a, ib), self.bitcast(b, ib));
            let lanes = a.lanes || b.lanes;
            let m1 = self.cst(lanes, ib, !sign);
            let m2 = self.cst(lanes, ib, sign);
            let x = self.bin("and", &ia, &m1);
            let y = self.bin("and", &ibv, &m2);
            let r = self.bin("or", &x, &y);
            return Ok(self.bitcast(&r, el));
        }
        let ce = if el == "f64" { "f64" } else { "f32" };
        let (x, y) = (self.convert(a, ce), self.convert(b, ce));
        let r = match op {
            BinaryOp::FAdd => self.bin("add", &x, &y),
            BinaryOp::FSub => self.bin("subtract", &x, &y),
            BinaryOp::FMul => self.bin("multiply", &x, &y),
            BinaryOp::FDiv => self.bin("divide", &x, &y),
            BinaryOp::FRem => self.bin("remainder", &x, &y),
            BinaryOp::Pow => self.bin("power", &x, &y),
            BinaryOp::Atan2 => self.bin("atan2", &x, &y),
            BinaryOp::FMin | BinaryOp::FMax | BinaryOp::FMinimum | BinaryOp::FMaximum => {
                let is_min = matches!(op, BinaryOp::FMin | BinaryOp::FMinimum);
                let lt = self.cmp("LT", &x, &y, "FLOAT");
                let gt = self.cmp("GT", &x, &y, "FLOAT");
                let ib = int_el_of_bits(el_bits(ce));
                let xi = self.bitcast(&x, ib);
                let z = self.cst(xi.lanes, ib, 0);
                let xneg = self.cmp("LT", &xi, &z, "SIGNED");
                // Equal values (incl. -0 == +0): min prefers the negative zero.
                let eq = if is_min {
                    self.select(&xneg, &x, &y)
                } else {
                    self.select(&xneg, &y, &x)
                };
                let (first, second) = if is_min { (&lt, &gt) } else { (&gt, &lt) };
                let r1 = self.select(second, &y, &eq);
                let r = self.select(first, &x, &r1);
                let (xn, yn) = (self.isnan(&x), self.isnan(&y));
                if matches!(op, BinaryOp::FMin | BinaryOp::FMax) {
                    let r2 = self.select(&yn, &x, &r);
                    self.select(&xn, &y, &r2)
                } else {
                    let r2 = self.select(&yn, &y, &r);
                    self.select(&xn, &x, &r2)
                }
            }
            _ => return Err(self.err(format!("{op} is not tensorized"))),
        };
        Ok(self.convert(&r, el))
    }

    fn icmp(&mut self, p: IntPredicate, a: &V, b: &V) -> V {
        let (dir, signed) = match p {
            IntPredicate::Eq => ("EQ", None),
            IntPredicate::Ne => ("NE", None),
            IntPredicate::Slt => ("LT", Some(true)),
            IntPredicate::Sle => ("LE", Some(true)),
            IntPredicate::Sgt => ("GT", Some(true)),
            IntPredicate::Sge => ("GE", Some(true)),
            IntPredicate::Ult => ("LT", Some(false)),
            IntPredicate::Ule => ("LE", Some(false)),
            IntPredicate::Ugt => ("GT", Some(false)),
            IntPredicate::Uge => ("GE", Some(false)),
        };
        if a.el == "i1" {
            // i1: signed order is true(-1) < false(0); unsigned false < true.
            let (ca, cb) = (self.convert(a, "i8"), self.convert(b, "i8"));
            let (ca, cb) = if signed == Some(true) {
                (self.un("negate", &ca), self.un("negate", &cb))
            } else {
                (ca, cb)
            };
            return self.cmp(dir, &ca, &cb, "SIGNED");
        }
        match signed {
            Some(false) => {
                let (ua, ub) = (self.unsigned(a), self.unsigned(b));
                self.cmp(dir, &ua, &ub, "UNSIGNED")
            }
            _ => self.cmp(dir, a, b, "SIGNED"),
        }
    }

    fn fcmp(&mut self, p: FloatPredicate, a: &V, b: &V) -> V {
        use FloatPredicate as P;
        let lanes = a.lanes || b.lanes;
        let ord = |s: &mut Self| {
            let (x, y) = (s.cmp("EQ", a, a, "FLOAT"), s.cmp("EQ", b, b, "FLOAT"));
            s.and(&x, &y)
        };
        match p {
            P::False => self.cst(lanes, "i1", 0),
            P::True => self.cst(lanes, "i1", 1),
            P::Oeq => self.cmp("EQ", a, b, "FLOAT"),
            P::Olt => self.cmp("LT", a, b, "FLOAT"),
            P::Ole => self.cmp("LE", a, b, "FLOAT"),
            P::Ogt => self.cmp("GT", a, b, "FLOAT"),
            P::Oge => self.cmp("GE", a, b, "FLOAT"),
            P::Une => {
                let e = self.cmp("EQ", a, b, "FLOAT");
                self.not(&e)
            }
            P::One => {
                let o = ord(self);
                let e = self.cmp("EQ", a, b, "FLOAT");
                let ne = self.not(&e);
                self.and(&o, &ne)
            }
            P::Ord => ord(self),
            P::Uno => {
                let o = ord(self);
                self.not(&o)
            }
            P::Ueq => {
                let o = ord(self);
                let no = self.not(&o);
                let e = self.cmp("EQ", a, b, "FLOAT");
                self.bin("or", &no, &e)
            }
            P::Ult | P::Ule | P::Ugt | P::Uge => {
                let dir = match p {
                    P::Ult => "GE",
                    P::Ule => "GT",
                    P::Ugt => "LE",
                    _ => "LT",
                };
                let c = self.cmp(dir, a, b, "FLOAT");
                self.not(&c)
            }
        }
    }

    fn cast(&mut self, op: CastOp, a: &V, from: Type, to: Type) -> R<V> {
        let tel = el_of(to).ok_or_else(|| self.err("pointer cast"))?;
        Ok(match op {
            CastOp::Trunc if to == Type::I1 => {
                let one = self.cst(a.lanes, a.el, 1);
                let b = self.bin("and", a, &one);
                let z = self.cst(a.lanes, a.el, 0);
                self.cmp("NE", &b, &z, "SIGNED")
            }
            CastOp::Trunc => self.convert(a, tel),
            CastOp::ZExt if from == Type::I1 => self.convert(a, tel),
            CastOp::ZExt => {
                let u = self.unsigned(a);
                let w = self.convert(&u, unsigned_el(tel));
                self.bitcast(&w, tel)
            }
            CastOp::SExt if from == Type::I1 => {
                let m1 = self.cst(a.lanes, tel, u64::MAX);
                let z = self.cst(a.lanes, tel, 0);
                self.select(a, &m1, &z)
            }
            CastOp::SExt => self.convert(a, tel),
            CastOp::FpTrunc | CastOp::FpExt => self.convert(a, tel),
            CastOp::SiToFp if from == Type::I1 => {
                let m1 = self.cst(a.lanes, "f64", (-1f64).to_bits());
                let z = self.cst(a.lanes, "f64", 0);
                let s = self.select(a, &m1, &z);
                self.convert(&s, tel)
            }
            CastOp::SiToFp => self.convert(a, tel),
            CastOp::UiToFp if from == Type::I1 => self.convert(a, tel),
            CastOp::UiToFp => {
                let u = self.unsigned(a);
                self.convert(&u, tel)
            }
            CastOp::FpToSi | CastOp::FpToUi => {
                let signed = op == CastOp::FpToSi;
                let x = if a.el == "f64" {
                    a.clone()
                } else {
                    self.convert(a, "f32")
                };
                let w = to.bits();
                if to == Type::I1 {
                    return Err(self.err("float to i1 conversion is not tensorized"));
                }
                let fc = |s: &mut Self, f: f64| {
                    let bits = if x.el == "f64" {
                        f.to_bits()
                    } else {
                        u64::from((f as f32).to_bits())
                    };
                    s.cst(x.lanes, x.el, bits)
                };
                let (lo_f, hi_f, lo_i, hi_i) = if signed {
                    (
                        -(2f64.powi(w as i32 - 1)),
                        2f64.powi(w as i32 - 1),
                        1u64 << (w - 1),
                        to.mask() >> 1,
                    )
                } else {
                    (0.0, 2f64.powi(w as i32), 0, to.mask())
                };
                let raw = if signed {
                    self.convert(&x, tel)
                } else {
                    let u = self.convert(&x, unsigned_el(tel));
                    self.bitcast(&u, tel)
                };
                let hi = fc(self, hi_f);
                let lo = fc(self, lo_f);
                let too_big = self.cmp("GE", &x, &hi, "FLOAT");
                let too_small = self.cmp("LT", &x, &lo, "FLOAT");
                let nan = self.isnan(&x);
                let hic = self.cst(x.lanes, tel, hi_i);
                let loc = self.cst(x.lanes, tel, lo_i);
                let z = self.cst(x.lanes, tel, 0);
                let r1 = self.select(&too_big, &hic, &raw);
                let r2 = self.select(&too_small, &loc, &r1);
                self.select(&nan, &z, &r2)
            }
            CastOp::Bitcast => self.bitcast(a, tel),
            _ => return Err(self.err(format!("cast {op} is not tensorized"))),
        })
    }

    // ---------------------------------------------------------------- memory
    /// The memory key and the lane element index (i64, lanes) of an access; `affine`
    /// is the element index as `s * lane + c` when known (buffers only).
    /// The memory and byte offset an address denotes.
    fn resolve(&mut self, addr: Addr) -> R<Ptr> {
        match addr {
            Addr::Root { root, offset } => {
                if self.root_conflict.contains(&root) {
                    return Err(self.err(format!(
                        "memory {root:?} is accessed with different types (reinterpreting memory is not tensorized)"
                    )));
                }
                let key = self.key_of_root(root)?;
                let off = self.get(offset)?;
                let off = self.convert(&off, "i64");
                let aff = self.affine_guarded(offset);
                let mult = self.multiple(offset, 0);
                Ok(Ptr {
                    key,
                    off,
                    aff,
                    mult,
                })
            }
            Addr::Dynamic(p) => self.ptrs.get(&p).cloned().ok_or_else(|| {
                self.err("access through a pointer whose buffer is not known statically")
            }),
        }
    }

    fn access(&mut self, loc: Loc, ty: Type) -> R<Access> {
        let p = match loc {
            Loc::Addr(a) => self.resolve(a)?,
            Loc::At(p) => p,
        };
        let (key, off, aff, mult) = (p.key, p.off, p.aff, p.mult);
        let what = format!("{key:?}");
        let mem = self
            .mems
            .get(&key)
            .cloned()
            .ok_or_else(|| self.err(format!("memory {what} used before its allocation")))?;
        if mem.ty.bytes() != ty.bytes() || (mem.ty == Type::I1) != (ty == Type::I1) {
            return Err(self.err(format!(
                "access of type {ty} to memory of element type {} (reinterpreting memory is not tensorized)",
                mem.ty
            )));
        }
        if mem.len == 0 {
            return Err(self.err("access to an empty buffer"));
        }
        let es = ty.bytes();
        if !mult.is_multiple_of(es) {
            return Err(self.err(format!(
                "cannot prove that the byte offset is a multiple of the element size {es}"
            )));
        }
        let sh = self.cst(off.lanes, "i64", u64::from(es.trailing_zeros()));
        let idx = self.bin("shift_right_arithmetic", &off, &sh);
        let mut lane_form = None;
        let elem_form = aff.and_then(|f| f.div_exact(es as i64));
        let idx = match key {
            MemKey::Buf(_) => {
                if let Some(f) = elem_form {
                    lane_form = f.as_lane(&self.extent, &self.strides);
                }
                self.lanes_of(&idx)
            }
            MemKey::Shared(_) | MemKey::Local(_) => {
                let per = if matches!(key, MemKey::Shared(_)) {
                    mem.len / self.nb
                } else {
                    mem.len / self.n
                };
                let base = V {
                    name: if matches!(key, MemKey::Shared(_)) {
                        self.block_lin.clone()
                    } else {
                        self.lane.clone()
                    },
                    lanes: true,
                    el: "i32",
                };
                let base = self.convert(&base, "i64");
                let perc = self.cst(true, "i64", per as u64);
                let b = self.bin("multiply", &base, &perc);
                // Out-of-range indices must not reach another block's/thread's part.
                let z = self.cst(idx.lanes, "i64", 0);
                let ge0 = self.cmp("GE", &idx, &z, "SIGNED");
                let ltp = self.cmp("LT", &idx, &perc, "SIGNED");
                let ok = self.and(&ge0, &ltp);
                let big = self.cst(true, "i64", mem.len as u64);
                let full = self.bin("add", &b, &idx);
                self.select(&ok, &full, &big)
            }
        };
        let elem_form = if matches!(key, MemKey::Local(_)) {
            None
        } else {
            elem_form
        };
        Ok((key, idx, lane_form, elem_form))
    }

    /// A load of `ty` from memory of the same size of element (reinterpreting the bits).
    fn load(&mut self, addr: impl Into<Loc>, ty: Type) -> R<V> {
        let want = el_of(ty).ok_or_else(|| self.err("pointer load"))?;
        let v = self.load_raw(addr, ty)?;
        Ok(self.bitcast(&v, want))
    }

    fn load_raw(&mut self, addr: impl Into<Loc>, ty: Type) -> R<V> {
        let (key, idx, form, bform) = self.access(addr.into(), ty)?;
        let mem = self.mems[&key].clone();
        let el = el_of(mem.ty).ok_or_else(|| self.err("pointer load"))?;
        let boxed = form.is_none_or(|(s, _)| s < 1);
        if let (true, Some(f)) = (boxed, bform) {
            if let Some((rows, bv, pad)) = self.box_of(key, &mem, &f, false) {
                let padded = self.pad_buffer(&mem, el, pad);
                let name = self.box_load(&padded, el, rows, &bv);
                return Ok(V {
                    name,
                    lanes: true,
                    el,
                });
            }
        }
        let mt = format!("tensor<{}x{el}>", mem.len);
        let n = self.n;
        if let Some((s, c)) = form {
            if s >= 1 {
                // lane l reads mem[s*l + c]: pad, then (strided) slice.
                let low = (-c).max(0);
                let start = c + low;
                let span = s * (n - 1) + 1;
                let high = (start + span - (mem.len + low)).max(0);
                let z = self.cst(false, el, 0);
                let padded_len = mem.len + low + high;
                let p = if low == 0 && high == 0 {
                    mem.name.clone()
                } else {
                    self.let_(format!(
                        "stablehlo.pad {}, {}, low = [{low}], high = [{high}], interior = [0] : ({mt}, tensor<{el}>) -> tensor<{padded_len}x{el}>",
                        mem.name, z.name
                    ))
                };
                let stride = if s == 1 {
                    String::new()
                } else {
                    format!(":{s}")
                };
                let name = if start == 0 && s == 1 && span == padded_len {
                    p
                } else {
                    self.let_(format!(
                        "stablehlo.slice {p} [{start}:{}{stride}] : (tensor<{padded_len}x{el}>) -> tensor<{n}x{el}>",
                        start + span
                    ))
                };
                return Ok(V {
                    name,
                    lanes: true,
                    el,
                });
            }
        }
        // Inactive lanes read element 0 (their value is never used).
        let idx = match self.mask_v() {
            Some(m) => {
                let z = self.cst(true, "i64", 0);
                self.select(&m, &idx, &z)
            }
            None => idx,
        };
        let name = self.let_(format!(
            "\"stablehlo.gather\"({}, {}) {{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}} : ({mt}, tensor<{n}xi64>) -> tensor<{n}x{el}>",
            mem.name, idx.name
        ));
        Ok(V {
            name,
            lanes: true,
            el,
        })
    }

    fn store(&mut self, addr: impl Into<Loc>, ty: Type, v: &V, combiner: Option<&str>) -> R<()> {
        let (key, idx, form, bform) = self.access(addr.into(), ty)?;
        let mem = self.mems[&key].clone();
        let el = el_of(mem.ty).ok_or_else(|| self.err("pointer store"))?;
        if combiner.is_some() && mem.ty != ty {
            return Err(self.err(format!(
                "atomic on {ty} to memory of element type {} is not tensorized",
                mem.ty
            )));
        }
        let mt = format!("tensor<{}x{el}>", mem.len);
        let n = self.n;
        let v = self.lanes_of(v);
        let v = self.bitcast(&v, el);
        // The dense forms below give every lane its own element, so an atomic (whose old
        // value is unused: `combiner`) is a plain read-modify-write of that element.
        if let Some((1, c)) = form {
            if c > -n && c < mem.len {
                // lane l writes mem[l + c]: shift values and mask into place, then select
                // (a negative edge of the pad cuts the lanes writing out of bounds, whose
                // updates a scatter would drop).
                let high = mem.len - c - n;
                let m = self.mask_or_true();
                let (pm, pv) = if c == 0 && high == 0 {
                    (m.name, v.name.clone())
                } else {
                    // The mask moves as i8 (0/1) and is compared back: XLA's CPU
                    // kernels do not vectorize loops that pad i1 tensors.
                    let m8 = self.convert(&m, "i8");
                    let z8 = self.cst(false, "i8", 0);
                    let z = self.cst(false, el, 0);
                    let pm8 = self.let_(format!(
                        "stablehlo.pad {}, {}, low = [{c}], high = [{high}], interior = [0] : (tensor<{n}xi8>, tensor<i8>) -> tensor<{}xi8>",
                        m8.name, z8.name, mem.len
                    ));
                    let zb = self.let_(format!(
                        "stablehlo.broadcast_in_dim {}, dims = [] : (tensor<i8>) -> tensor<{}xi8>",
                        z8.name, mem.len
                    ));
                    let pm = self.let_(format!(
                        "stablehlo.compare NE, {pm8}, {zb} : (tensor<{}xi8>, tensor<{}xi8>) -> tensor<{}xi1>",
                        mem.len, mem.len, mem.len
                    ));
                    let pv = self.let_(format!(
                        "stablehlo.pad {}, {}, low = [{c}], high = [{high}], interior = [0] : (tensor<{n}x{el}>, tensor<{el}>) -> {mt}",
                        v.name, z.name
                    ));
                    (pm, pv)
                };
                let pv = match combiner {
                    None => pv,
                    Some(op) => self.let_(format!("stablehlo.{op} {}, {pv} : {mt}", mem.name)),
                };
                let name = self.let_(format!(
                    "stablehlo.select {pm}, {pv}, {} : tensor<{}xi1>, {mt}",
                    mem.name, mem.len
                ));
                self.mems.insert(key, Mem { name, ..mem });
                return Ok(());
            }
        }
        if let Some(f) = bform {
            if let Some((rows, bv, pad)) = self.box_of(key, &mem, &f, true) {
                let m = self.mask_or_true();
                let padded = self.pad_buffer(&mem, el, pad);
                let mut name = self.box_store(&padded, rows, &bv, &v, &m, combiner);
                if padded.len != mem.len {
                    // Updates that fell into the padding are dropped, as a scatter's
                    // out-of-bounds updates are.
                    name = self.let_(format!(
                        "stablehlo.slice {name} [{}:{}] : (tensor<{}x{el}>) -> tensor<{}x{el}>",
                        pad.0,
                        pad.0 + mem.len,
                        padded.len,
                        mem.len
                    ));
                }
                self.mems.insert(key, Mem { name, ..mem });
                return Ok(());
            }
        }
        // Inactive lanes write out of bounds: XLA drops those updates.
        let idx = match self.mask_v() {
            Some(m) => {
                let oob = self.cst(true, "i64", mem.len as u64);
                self.select(&m, &idx, &oob)
            }
            None => idx,
        };
        let (a, b) = (self.fresh(), self.fresh());
        let body = match combiner {
            None => format!("\"stablehlo.return\"({b}) : (tensor<{el}>) -> ()"),
            Some(c) => {
                let s = self.fresh();
                format!(
                    "{s} = stablehlo.{c} {a}, {b} : tensor<{el}>\n        \"stablehlo.return\"({s}) : (tensor<{el}>) -> ()"
                )
            }
        };
        let name = self.let_(format!(
            "\"stablehlo.scatter\"({}, {}, {}) ({{\n      ^bb0({a}: tensor<{el}>, {b}: tensor<{el}>):\n        {body}\n      }}) {{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}} : ({mt}, tensor<{n}xi64>, tensor<{n}x{el}>) -> {mt}",
            mem.name, idx.name, v.name
        ));
        self.mems.insert(key, Mem { name, ..mem });
        Ok(())
    }

    // ---------------------------------------------------------------- dense boxes
    /// The rows (`blocks` for shared memory, 1 for a buffer) and [`BoxView`] of an
    /// access with element form `f`, if it has one (see [`box_view`] for why the
    /// slice/pad lowering is then exact). For a store (`store`), every id that varies
    /// over the launch must index the box (the row for shared memory's block ids), so
    /// that no two lanes write one element and the box's positions are the lanes.
    ///
    /// A spec buffer's box may reach outside the buffer (a stencil's `in[c - nx]` on the
    /// first row, masked off): it is then taken on the buffer padded by `pad = (low,
    /// high)` elements (at most the buffer's length in all). A load then reads padding
    /// where the gather would have clamped (only lanes accessing out of bounds, which
    /// CUDA leaves undefined and inactive lanes discard); a store writes the padded copy
    /// and keeps the buffer's part, dropping exactly the updates a scatter drops (it
    /// addresses by the same flat index, and the box is injective).
    fn box_of(
        &self,
        key: MemKey,
        mem: &Mem,
        f: &Affine,
        store: bool,
    ) -> Option<(i64, BoxView, (i64, i64))> {
        let (rows, allowed): (i64, &[usize]) = match key {
            MemKey::Buf(_) => (1, &[0, 1, 2, 3, 4, 5]),
            MemKey::Shared(_) => (self.nb, &[3, 4, 5]),
            MemKey::Local(_) => return None,
        };
        if rows <= 0 || mem.len % rows != 0 {
            return None;
        }
        let mut pad = (0, 0);
        let mut f = *f;
        if rows == 1 {
            let (lo, hi) = f.range(&self.extent)?;
            pad = ((-lo).max(0), (hi + 1 - mem.len).max(0));
            if pad.0.checked_add(pad.1)? > mem.len {
                return None;
            }
            f = f.add(&Affine::constant(pad.0))?;
        }
        let bv = box_view(&f, &self.extent, allowed, mem.len / rows + pad.0 + pad.1)?;
        if store {
            let covered = (0..6).all(|k| {
                self.extent[k] <= 1
                    || (rows > 1 && k < 3)
                    || bv.dims.iter().any(|&(id, _, _)| id == k)
            });
            if !covered {
                return None;
            }
        }
        Some((rows, bv, pad))
    }

    /// `mem` padded with `pad = (low, high)` zero elements (itself when no padding).
    fn pad_buffer(&mut self, mem: &Mem, el: &'static str, pad: (i64, i64)) -> Mem {
        if pad == (0, 0) {
            return mem.clone();
        }
        let z = self.cst(false, el, 0);
        let len = mem.len + pad.0 + pad.1;
        let name = self.let_(format!(
            "stablehlo.pad {}, {}, low = [{}], high = [{}], interior = [0] : (tensor<{}x{el}>, tensor<{el}>) -> tensor<{len}x{el}>",
            mem.name, z.name, pad.0, pad.1, mem.len
        ));
        Mem {
            name,
            len,
            ty: mem.ty,
        }
    }

    /// Lane-shape position of id `k`: its place in the lane order.
    fn id_pos(&self, k: usize) -> usize {
        self.order.iter().position(|&x| x == k).unwrap_or(k)
    }

    /// The lane tensor viewed as the six ids in lane order.
    fn lane_shape6(&self) -> [i64; 6] {
        self.order.map(|k| self.extent[k])
    }

    /// The block ids z, y, x (a shared row's index is their row-major number): extents
    /// and lane-shape positions.
    fn block_dims(&self) -> (Vec<i64>, Vec<usize>) {
        let ks = [2, 1, 0];
        (
            ks.iter().map(|&k| self.extent[k]).collect(),
            ks.iter().map(|&k| self.id_pos(k)).collect(),
        )
    }

    fn shape_t(dims: &[i64], el: &str) -> String {
        let mut s = String::from("tensor<");
        for d in dims {
            let _ = write!(s, "{d}x");
        }
        format!("{s}{el}>")
    }

    /// `stablehlo.reshape` of `x` from `from` to `to` (nothing when equal).
    fn reshape(&mut self, x: String, from: &[i64], to: &[i64], el: &str) -> String {
        if from == to {
            return x;
        }
        let (a, b) = (Self::shape_t(from, el), Self::shape_t(to, el));
        self.let_(format!("stablehlo.reshape {x} : ({a}) -> {b}"))
    }

    /// A load through a [`BoxView`]: view the memory as `[rows, P]`, strided-slice the
    /// box's span (padding the row's end when the span's unused tail runs past it),
    /// reshape to the box, cut each inner dimension to its extent, then transpose and
    /// broadcast the ids into the lane shape.
    fn box_load(&mut self, mem: &Mem, el: &'static str, rows: i64, bv: &BoxView) -> String {
        let p = mem.len / rows;
        let mut cur = self.reshape(mem.name.clone(), &[mem.len], &[rows, p], el);
        let need = bv.c + bv.step * (bv.len - 1) + 1;
        let mut width = p;
        if need > p {
            let z = self.cst(false, el, 0);
            let (a, b) = (
                Self::shape_t(&[rows, p], el),
                Self::shape_t(&[rows, need], el),
            );
            cur = self.let_(format!(
                "stablehlo.pad {cur}, {}, low = [0, 0], high = [0, {}], interior = [0, 0] : ({a}, tensor<{el}>) -> {b}",
                z.name,
                need - p
            ));
            width = need;
        }
        if !(bv.c == 0 && bv.step == 1 && need == width) {
            let stride = if bv.step == 1 {
                String::new()
            } else {
                format!(":{}", bv.step)
            };
            let (a, b) = (
                Self::shape_t(&[rows, width], el),
                Self::shape_t(&[rows, bv.len], el),
            );
            cur = self.let_(format!(
                "stablehlo.slice {cur} [0:{rows}, {}:{need}{stride}] : ({a}) -> {b}",
                bv.c
            ));
        }
        let mut full = vec![rows];
        full.extend(bv.dims.iter().map(|d| d.2));
        cur = self.reshape(cur, &[rows, bv.len], &full, el);
        let mut cutd = vec![rows];
        cutd.extend(bv.dims.iter().map(|d| d.1));
        if cutd != full {
            let ranges: Vec<String> = cutd.iter().map(|d| format!("0:{d}")).collect();
            let (a, b) = (Self::shape_t(&full, el), Self::shape_t(&cutd, el));
            cur = self.let_(format!(
                "stablehlo.slice {cur} [{}] : ({a}) -> {b}",
                ranges.join(", ")
            ));
        }
        // Label the dimensions with lane positions.
        let l6 = self.lane_shape6();
        let (mut shape, mut pos): (Vec<i64>, Vec<usize>) = if rows > 1 {
            self.block_dims()
        } else {
            (Vec::new(), Vec::new())
        };
        for &(id, ext, _) in &bv.dims {
            shape.push(ext);
            pos.push(self.id_pos(id));
        }
        cur = self.reshape(cur, &cutd, &shape, el);
        let mut perm: Vec<usize> = (0..pos.len()).collect();
        perm.sort_by_key(|&i| pos[i]);
        if perm.iter().enumerate().any(|(i, &p)| i != p) {
            let tshape: Vec<i64> = perm.iter().map(|&i| shape[i]).collect();
            let ps: Vec<String> = perm.iter().map(|p| p.to_string()).collect();
            let (a, b) = (Self::shape_t(&shape, el), Self::shape_t(&tshape, el));
            cur = self.let_(format!(
                "stablehlo.transpose {cur}, dims = [{}] : ({a}) -> {b}",
                ps.join(", ")
            ));
            shape = tshape;
        }
        let dims: Vec<String> = perm.iter().map(|&i| pos[i].to_string()).collect();
        let (a, b) = (Self::shape_t(&shape, el), Self::shape_t(&l6, el));
        cur = self.let_(format!(
            "stablehlo.broadcast_in_dim {cur}, dims = [{}] : ({a}) -> {b}",
            dims.join(", ")
        ));
        self.reshape(cur, &l6, &[self.n], el)
    }

    /// The inverse of [`Self::box_load`] for a lane tensor `x` of element `el`: the box's
    /// values laid out over the span `[c, c + step * (keep - 1) + 1)` of each row as
    /// `[rows, span]`, `fill` at the span positions outside the box.
    fn box_place(
        &mut self,
        x: &str,
        el: &'static str,
        fill: u64,
        rows: i64,
        p: i64,
        bv: &BoxView,
    ) -> String {
        let l6 = self.lane_shape6();
        let mut cur = self.reshape(x.to_string(), &[self.n], &l6, el);
        let mut order: Vec<usize> = if rows > 1 {
            self.block_dims().1
        } else {
            Vec::new()
        };
        order.extend(bv.dims.iter().map(|&(id, _, _)| self.id_pos(id)));
        let mut perm = order.clone();
        perm.extend((0..6).filter(|i| !order.contains(i)));
        let tshape: Vec<i64> = perm.iter().map(|&i| l6[i]).collect();
        if perm.iter().enumerate().any(|(i, &q)| i != q) {
            let ps: Vec<String> = perm.iter().map(|q| q.to_string()).collect();
            let (a, b) = (Self::shape_t(&l6, el), Self::shape_t(&tshape, el));
            cur = self.let_(format!(
                "stablehlo.transpose {cur}, dims = [{}] : ({a}) -> {b}",
                ps.join(", ")
            ));
        }
        let mut cutd = vec![rows];
        cutd.extend(bv.dims.iter().map(|d| d.1));
        cur = self.reshape(cur, &tshape, &cutd, el);
        let z = self.cst(false, el, fill);
        let mut full = vec![rows];
        full.extend(bv.dims.iter().map(|d| d.2));
        if full != cutd {
            let zeros = vec!["0"; full.len()].join(", ");
            let high: Vec<String> = full
                .iter()
                .zip(&cutd)
                .map(|(f, c)| (f - c).to_string())
                .collect();
            let (a, b) = (Self::shape_t(&cutd, el), Self::shape_t(&full, el));
            cur = self.let_(format!(
                "stablehlo.pad {cur}, {}, low = [{zeros}], high = [{}], interior = [{zeros}] : ({a}, tensor<{el}>) -> {b}",
                z.name,
                high.join(", ")
            ));
        }
        cur = self.reshape(cur, &full, &[rows, bv.len], el);
        // Positions past the row only hold padding: cut them before spreading.
        let keep = bv.len.min((p - bv.c - 1) / bv.step + 1);
        if keep < bv.len {
            let (a, b) = (
                Self::shape_t(&[rows, bv.len], el),
                Self::shape_t(&[rows, keep], el),
            );
            cur = self.let_(format!(
                "stablehlo.slice {cur} [0:{rows}, 0:{keep}] : ({a}) -> {b}"
            ));
        }
        // Spread over the span `[c, c + step * (keep - 1) + 1)` of each row (relative).
        let span = bv.step * (keep - 1) + 1;
        if bv.step == 1 {
            return cur;
        }
        let (a, b) = (
            Self::shape_t(&[rows, keep], el),
            Self::shape_t(&[rows, span], el),
        );
        self.let_(format!(
            "stablehlo.pad {cur}, {}, low = [0, 0], high = [0, 0], interior = [0, {}] : ({a}, tensor<{el}>) -> {b}",
            z.name,
            bv.step - 1
        ))
    }

    /// A store through a [`BoxView`] (every lane owns a distinct element, see
    /// [`Self::box_of`]): place the values and the active mask, then select against the
    /// old contents (inactive lanes and untouched elements keep them). With a
    /// `combiner` (an atomic whose old value is unused), the placed values are first
    /// combined with the old contents: one update per element, as the scatter would do.
    fn box_store(
        &mut self,
        mem: &Mem,
        rows: i64,
        bv: &BoxView,
        v: &V,
        m: &V,
        combiner: Option<&str>,
    ) -> String {
        let el = el_of(mem.ty).unwrap_or("i8");
        let p = mem.len / rows;
        let pv = self.box_place(&v.name, el, 0, rows, p, bv);
        let pm = self.box_place(&m.name, "i1", 0, rows, p, bv);
        let keep = bv.len.min((p - bv.c - 1) / bv.step + 1);
        let span = bv.step * (keep - 1) + 1;
        // Only the span `[c, c + span)` of each row can change: select there against the
        // old contents and write it back with `dynamic_update_slice` (constant starts,
        // in range: `c + span <= P` by construction of `keep`).
        let m2 = self.reshape(mem.name.clone(), &[mem.len], &[rows, p], el);
        let (st, bt) = (
            Self::shape_t(&[rows, span], el),
            Self::shape_t(&[rows, span], "i1"),
        );
        let mt2 = Self::shape_t(&[rows, p], el);
        let old = if span == p {
            m2.clone()
        } else {
            self.let_(format!(
                "stablehlo.slice {m2} [0:{rows}, {}:{}] : ({mt2}) -> {st}",
                bv.c,
                bv.c + span
            ))
        };
        let pv = match combiner {
            None => pv,
            Some(op) => self.let_(format!("stablehlo.{op} {old}, {pv} : {st}")),
        };
        let sel = self.let_(format!("stablehlo.select {pm}, {pv}, {old} : {bt}, {st}"));
        let new = if span == p {
            sel
        } else {
            let z = self.cst(false, "i64", 0);
            let c = self.cst(false, "i64", bv.c as u64);
            self.let_(format!(
                "stablehlo.dynamic_update_slice {m2}, {sel}, {}, {} : ({mt2}, {st}, tensor<i64>, tensor<i64>) -> {mt2}",
                z.name, c.name
            ))
        };
        self.reshape(new, &[rows, p], &[mem.len], el)
    }

    /// `shfl.sync` as a gather over the lanes: every lane computes its source lane
    /// within its warp exactly as PTX (segment mask and clamp from `c`); a source lane
    /// outside the block (a partial warp) is an error in CUDA that XLA cannot report:
    /// such lanes read their own value.
    fn shuffle(&mut self, mode: parallel_ir::ir::ShuffleMode, v: &V, b: &V, c: &V) -> R<V> {
        use parallel_ir::ir::ShuffleMode as M;
        if !v.lanes {
            return Ok(v.clone()); // every lane holds the same value
        }
        let i32c = |s: &mut Self, x: i64| s.cst(true, "i32", x as u64);
        let b = self.lanes_of(b);
        let c = self.lanes_of(c);
        let (b, c) = (self.convert(&b, "i32"), self.convert(&c, "i32"));
        let m1f = i32c(self, 0x1f);
        let b = self.and(&b, &m1f);
        let eight = i32c(self, 8);
        let sh = self.bin("shift_right_logical", &c, &eight);
        let seg = self.and(&sh, &m1f);
        let cval = self.and(&c, &m1f);
        let t = V {
            name: self.thread_lin.clone(),
            lanes: true,
            el: "i32",
        };
        let me = self.and(&t, &m1f);
        let nseg = self.not(&seg);
        let a1 = self.and(&me, &seg);
        let a2 = self.and(&cval, &nseg);
        let max_lane = self.bin("or", &a1, &a2);
        let (j, ok) = match mode {
            M::Up => {
                let j = self.bin("subtract", &me, &b);
                let ok = self.cmp("GE", &j, &max_lane, "SIGNED");
                (j, ok)
            }
            M::Down => {
                let j = self.bin("add", &me, &b);
                let ok = self.cmp("LE", &j, &max_lane, "SIGNED");
                (j, ok)
            }
            M::Bfly => {
                let j = self.bin("xor", &me, &b);
                let ok = self.cmp("LE", &j, &max_lane, "SIGNED");
                (j, ok)
            }
            M::Idx => {
                let bn = self.and(&b, &nseg);
                let j = self.bin("or", &a1, &bn);
                let ok = self.cmp("LE", &j, &max_lane, "SIGNED");
                (j, ok)
            }
        };
        let j = self.select(&ok, &j, &me);
        // Source thread in the block; outside the block: own lane.
        let tsrc = self.bin("subtract", &t, &me);
        let tsrc = self.bin("add", &tsrc, &j);
        let ntc = i32c(self, self.nt);
        let inb = self.cmp("LT", &tsrc, &ntc, "SIGNED");
        let tsrc = self.select(&inb, &tsrc, &t);
        let lane = V {
            name: self.lane.clone(),
            lanes: true,
            el: "i32",
        };
        let d = self.bin("subtract", &tsrc, &t);
        let src = self.bin("add", &lane, &d);
        let n = self.n;
        let el = v.el;
        let name = self.let_(format!(
            "\"stablehlo.gather\"({}, {}) {{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}} : (tensor<{n}x{el}>, tensor<{n}xi32>) -> tensor<{n}x{el}>",
            v.name, src.name
        ));
        Ok(V {
            name,
            lanes: true,
            el,
        })
    }

    /// An atomic executed lane by lane in lane order (a legal serialization of the
    /// concurrent atomics): a `while` over the lanes that reads the element, combines,
    /// writes it back (unchanged for inactive lanes) and records each lane's old value.
    fn atomic_serial(
        &mut self,
        addr: Addr,
        ty: Type,
        kind: AtomicKind,
        v: &V,
        expected: Option<&V>,
    ) -> R<V> {
        let (key, idx, _, _) = self.access(Loc::Addr(addr), ty)?;
        let mem = self.mems[&key].clone();
        if mem.ty != ty {
            return Err(self.err(format!(
                "atomic on {ty} to memory of element type {}",
                mem.ty
            )));
        }
        let el = el_of(ty).ok_or_else(|| self.err("pointer atomic"))?;
        let n = self.n;
        let v = self.lanes_of(v);
        let e = expected.map(|e| self.lanes_of(e));
        let act = self.mask_or_true();
        let zero = self.cst(true, el, 0);
        let i0 = self.cst(false, "i32", 0);
        let t = self.cst(false, "i1", 1);
        let mut state = vec![t, i0, zero];
        let mem_start = state.len();
        state.push(V {
            name: mem.name.clone(),
            lanes: false,
            el,
        });
        let len = mem.len;
        let pick = |s: &mut Self, lanes: &V, i: &V| -> V {
            let one = s.let_(format!(
                "stablehlo.dynamic_slice {}, {}, sizes = [1] : (tensor<{n}x{}>, tensor<i32>) -> tensor<1x{}>",
                lanes.name, i.name, lanes.el, lanes.el
            ));
            let name = s.let_(format!(
                "stablehlo.reshape {one} : (tensor<1x{}>) -> tensor<{}>",
                lanes.el, lanes.el
            ));
            V {
                name,
                lanes: false,
                el: lanes.el,
            }
        };
        let out = self.while_loop(state, mem_start, &[len], |s, st| {
            let (i, olds, m) = (st[1].clone(), st[2].clone(), st[3].clone());
            let ix = pick(s, &idx, &i);
            let a = pick(s, &act, &i);
            let val = pick(s, &v, &i);
            let cur = s.let_(format!(
                "stablehlo.dynamic_slice {}, {}, sizes = [1] : (tensor<{len}x{el}>, tensor<i64>) -> tensor<1x{el}>",
                m.name, ix.name
            ));
            let old = V {
                name: s.let_(format!("stablehlo.reshape {cur} : (tensor<1x{el}>) -> tensor<{el}>")),
                lanes: false,
                el,
            };
            let new = match kind {
                AtomicKind::Cas => {
                    let ev = e.clone().ok_or_else(|| s.err("cas without expected value"))?;
                    let ex = pick(s, &ev, &i);
                    let (oi, xi) = if is_float_el(el) {
                        let ib = int_el_of_bits(el_bits(el));
                        (s.bitcast(&old, ib), s.bitcast(&ex, ib))
                    } else {
                        (old.clone(), ex)
                    };
                    let eq = s.cmp("EQ", &oi, &xi, "SIGNED");
                    s.select(&eq, &val, &old)
                }
                AtomicKind::Rmw(op) => s.atomic_combine(op, &old, &val)?,
            };
            let w = s.select(&a, &new, &old);
            let w1 = s.let_(format!("stablehlo.reshape {} : (tensor<{el}>) -> tensor<1x{el}>", w.name));
            let m2 = s.let_(format!(
                "stablehlo.dynamic_update_slice {}, {w1}, {} : (tensor<{len}x{el}>, tensor<1x{el}>, tensor<i64>) -> tensor<{len}x{el}>",
                m.name, ix.name
            ));
            let o1 = s.let_(format!("stablehlo.reshape {} : (tensor<{el}>) -> tensor<1x{el}>", old.name));
            let olds2 = s.let_(format!(
                "stablehlo.dynamic_update_slice {}, {o1}, {} : (tensor<{n}x{el}>, tensor<1x{el}>, tensor<i32>) -> tensor<{n}x{el}>",
                olds.name, i.name
            ));
            let one = s.cst(false, "i32", 1);
            let i2 = s.bin("add", &i, &one);
            let nn = s.cst(false, "i32", n as u64);
            let f = s.cmp("LT", &i2, &nn, "SIGNED");
            Ok(vec![
                f,
                i2,
                V {
                    name: olds2,
                    lanes: true,
                    el,
                },
                V {
                    name: m2,
                    lanes: false,
                    el,
                },
            ])
        })?;
        if let Some(mm) = self.mems.get_mut(&key) {
            mm.name = out[3].name.clone();
        }
        Ok(out[2].clone())
    }

    /// The new value of an atomic read-modify-write (PTX/interpreter semantics).
    fn atomic_combine(&mut self, op: AtomicOp, old: &V, val: &V) -> R<V> {
        Ok(match op {
            AtomicOp::Exch => val.clone(),
            AtomicOp::Inc => {
                // old >= val (unsigned) ? 0 : old + 1
                let ge = self.icmp(IntPredicate::Uge, old, val);
                let one = self.cst(false, old.el, 1);
                let z = self.cst(false, old.el, 0);
                let inc = self.bin("add", old, &one);
                self.select(&ge, &z, &inc)
            }
            AtomicOp::Dec => {
                // old == 0 || old > val (unsigned) ? val : old - 1
                let z = self.cst(false, old.el, 0);
                let e0 = self.cmp("EQ", old, &z, "SIGNED");
                let gt = self.icmp(IntPredicate::Ugt, old, val);
                let c = self.bin("or", &e0, &gt);
                let one = self.cst(false, old.el, 1);
                let dec = self.bin("subtract", old, &one);
                self.select(&c, val, &dec)
            }
            _ => {
                let b = match op {
                    AtomicOp::Add => BinaryOp::Add,
                    AtomicOp::FAdd => BinaryOp::FAdd,
                    AtomicOp::Sub => BinaryOp::Sub,
                    AtomicOp::And => BinaryOp::And,
                    AtomicOp::Or => BinaryOp::Or,
                    AtomicOp::Xor => BinaryOp::Xor,
                    AtomicOp::SMin => BinaryOp::SMin,
                    AtomicOp::SMax => BinaryOp::SMax,
                    AtomicOp::UMin => BinaryOp::UMin,
                    AtomicOp::UMax => BinaryOp::UMax,
                    AtomicOp::FMin => BinaryOp::FMin,
                    _ => BinaryOp::FMax,
                };
                self.binary(b, old, val)?
            }
        })
    }

    /// Sum of an i32 lane tensor over each warp, broadcast back to the warp's lanes
    /// (blocks are whole warps, so warps are aligned groups of 32 lanes).
    fn warp_sum(&mut self, v: &V) -> V {
        let (n, w) = (self.n, self.n / 32);
        let r = self.let_(format!(
            "stablehlo.reshape {} : (tensor<{n}xi32>) -> tensor<{w}x32xi32>",
            v.name
        ));
        let z = self.cst(false, "i32", 0);
        let s = self.let_(format!(
            "stablehlo.reduce({r} init: {}) applies stablehlo.add across dimensions = [1] : (tensor<{w}x32xi32>, tensor<i32>) -> tensor<{w}xi32>",
            z.name
        ));
        let b = self.let_(format!(
            "stablehlo.broadcast_in_dim {s}, dims = [0] : (tensor<{w}xi32>) -> tensor<{w}x32xi32>"
        ));
        let name = self.let_(format!(
            "stablehlo.reshape {b} : (tensor<{w}x32xi32>) -> tensor<{n}xi32>"
        ));
        V {
            name,
            lanes: true,
            el: "i32",
        }
    }

    /// Warp votes exactly as the interpreter: members = (mask & present) | self, the
    /// ballot over the members' predicates.
    fn vote(
        &mut self,
        mode: parallel_ir::ir::VoteMode,
        mask: &V,
        pred: &V,
        el: &'static str,
    ) -> R<V> {
        use parallel_ir::ir::VoteMode as M;
        if self.nt % 32 != 0 {
            return Err(
                self.err("warp votes in blocks that are not whole warps are not tensorized")
            );
        }
        let t = V {
            name: self.thread_lin.clone(),
            lanes: true,
            el: "i32",
        };
        let m31 = self.cst(true, "i32", 31);
        let me = self.and(&t, &m31);
        let one = self.cst(true, "i32", 1);
        let bit = self.bin("shift_left", &one, &me);
        let z = self.cst(true, "i32", 0);
        let active = self.mask_or_true();
        let p = self.lanes_of(pred);
        let p = if p.el == "i1" {
            p
        } else {
            let zp = self.cst(true, p.el, 0);
            self.cmp("NE", &p, &zp, "SIGNED")
        };
        let pb = self.select(&active, &bit, &z);
        let present = self.warp_sum(&pb);
        let ap = self.and(&active, &p);
        let bb = self.select(&ap, &bit, &z);
        let ballot_all = self.warp_sum(&bb);
        let mk = self.lanes_of(mask);
        let mk = self.convert(&mk, "i32");
        let mp = self.and(&mk, &present);
        let members = self.bin("or", &mp, &bit);
        let ballot = self.and(&ballot_all, &members);
        let r = match mode {
            M::Ballot => ballot,
            M::All => self.cmp("EQ", &ballot, &members, "SIGNED"),
            M::Any => self.cmp("NE", &ballot, &z, "SIGNED"),
            M::Uni => {
                let a = self.cmp("EQ", &ballot, &z, "SIGNED");
                let b = self.cmp("EQ", &ballot, &members, "SIGNED");
                self.bin("or", &a, &b)
            }
        };
        Ok(self.convert(&r, el))
    }

    fn barrier_reduce(&mut self, kind: BarrierKind, p: &V) -> R<V> {
        let p = self.lanes_of(p);
        let m = self.mask_or_true();
        let p = if p.el == "i1" {
            p
        } else {
            let z = self.cst(true, p.el, 0);
            self.cmp("NE", &p, &z, "SIGNED")
        };
        let p = self.and(&p, &m);
        let i = self.convert(&p, "i32");
        let (nb, nt, n) = (self.nb, self.nt, self.n);
        let r = self.let_(format!(
            "stablehlo.reshape {} : (tensor<{n}xi32>) -> tensor<{nb}x{nt}xi32>",
            i.name
        ));
        let z = self.cst(false, "i32", 0);
        let s = self.let_(format!(
            "stablehlo.reduce({r} init: {}) applies stablehlo.add across dimensions = [1] : (tensor<{nb}x{nt}xi32>, tensor<i32>) -> tensor<{nb}xi32>",
            z.name
        ));
        let b = self.let_(format!(
            "stablehlo.broadcast_in_dim {s}, dims = [0] : (tensor<{nb}xi32>) -> tensor<{nb}x{nt}xi32>"
        ));
        let name = self.let_(format!(
            "stablehlo.reshape {b} : (tensor<{nb}x{nt}xi32>) -> tensor<{n}xi32>"
        ));
        let count = V {
            name,
            lanes: true,
            el: "i32",
        };
        Ok(match kind {
            BarrierKind::Count | BarrierKind::Sync => count,
            BarrierKind::And | BarrierKind::Or => {
                let (dir, c) = if kind == BarrierKind::And {
                    ("EQ", nt as u64)
                } else {
                    ("NE", 0)
                };
                let cv = self.cst(true, "i32", c);
                let b = self.cmp(dir, &count, &cv, "SIGNED");
                self.convert(&b, "i32")
            }
        })
    }

    // ---------------------------------------------------------------- control flow
    fn carried(&mut self, v: Value) -> R<C> {
        if let Some(p) = self.ptrs.get(&v).cloned() {
            return Ok(C {
                v: p.off,
                ptr: Some((p.key, p.mult)),
                is_const: false,
            });
        }
        let is_const = matches!(
            self.k().value_def(v),
            ValueDef::Result(op, 0) if matches!(self.k().op(op).kind, OpKind::Const { .. })
        );
        Ok(C {
            v: self.get(v)?,
            ptr: None,
            is_const,
        })
    }

    /// The common pointer kind of values meeting at a merge (all pointers into the same
    /// memory, or dummies), with the gcd of their offset divisors.
    fn merge_kind(&self, cs: &[&C]) -> R<PtrKind> {
        let mut kind: PtrKind = None;
        for c in cs {
            if let Some((k, m)) = c.ptr {
                kind =
                    match kind {
                        None => Some((k, m)),
                        Some((k0, m0)) if k0 == k => Some((k, gcd(m0, m))),
                        Some(_) => return Err(self.err(
                            "a pointer that may point into different buffers cannot be tensorized",
                        )),
                    };
            }
        }
        if kind.is_some() && cs.iter().any(|c| c.ptr.is_none() && !c.is_const) {
            return Err(self.err(
                "a value that is a pointer on one path and an integer on another cannot be tensorized",
            ));
        }
        Ok(kind)
    }

    /// `c`'s tensor as a value of `kind` (dummies of a pointer kind: far out of bounds).
    fn norm(&mut self, c: &C, kind: PtrKind) -> V {
        if kind.is_some() && c.ptr.is_none() {
            return self.cst(c.v.lanes, "i64", DUMMY_OFFSET);
        }
        c.v.clone()
    }

    fn bind(&mut self, a: Value, v: V, kind: PtrKind) {
        match kind {
            Some((key, mult)) => {
                self.ptrs.insert(
                    a,
                    Ptr {
                        key,
                        off: v,
                        aff: None,
                        mult,
                    },
                );
            }
            None => self.set(a, v),
        }
    }

    /// Check that loop-carried values keep the kind their initial values have.
    fn check_kinds(&self, kinds: &[PtrKind], ys: &[C]) -> R<()> {
        for (k, y) in kinds.iter().zip(ys) {
            match (k, y.ptr) {
                (Some((k0, m0)), Some((k1, m1))) if *k0 == k1 && gcd(*m0, m1) == *m0 => {}
                (Some(_), None) if y.is_const => {}
                (None, None) => {}
                _ => {
                    return Err(self.err(
                        "a loop-carried pointer changes buffer or alignment (or starts as an integer) across iterations",
                    ))
                }
            }
        }
        Ok(())
    }

    fn push_guard(&mut self, cond: Value, taken: bool) {
        self.guards.push((cond, taken));
        self.aff_guarded.clear();
    }
    fn pop_guard(&mut self) {
        self.guards.pop();
        self.aff_guarded.clear();
    }

    fn if_(&mut self, id: OpId, cond: Value, then_r: &Region, else_r: &Region) -> R<()> {
        let c = self.get(cond)?;
        let c = self.lanes_of(&c);
        let outer = self.mask.clone();
        let nc = self.not(&c);
        let (mt, me) = match self.mask_v() {
            Some(m) => (self.and(&m, &c), self.and(&m, &nc)),
            None => (c.clone(), nc),
        };
        self.mask = Some(mt.name);
        self.push_guard(cond, true);
        let tv = self.region(then_r);
        self.pop_guard();
        let Term::Yield(tv) = tv? else {
            return Err(self.err("if region ends in a condition"));
        };
        self.mask = Some(me.name);
        self.push_guard(cond, false);
        let ev = self.region(else_r);
        self.pop_guard();
        let Term::Yield(ev) = ev? else {
            return Err(self.err("if region ends in a condition"));
        };
        self.mask = outer;
        let results = self.k().op(id).results.clone();
        for ((r, t), e) in results.iter().zip(&tv).zip(&ev) {
            let kind = self.merge_kind(&[t, e])?;
            let (tv, ev) = (self.norm(t, kind), self.norm(e, kind));
            let v = self.select(&c, &tv, &ev);
            self.bind(*r, v, kind);
        }
        Ok(())
    }

    /// Emit a `stablehlo.while` over `state` (all lane tensors or scalars as given; the
    /// first must be the rank-0 i1 "continue" flag). `body` binds the block arguments
    /// (given as V's) and returns the next state.
    fn while_loop(
        &mut self,
        state: Vec<V>,
        mem_start: usize,
        mem_lens: &[i64],
        body: impl FnOnce(&mut Self, Vec<V>) -> R<Vec<V>>,
    ) -> R<Vec<V>> {
        let types: Vec<String> = state
            .iter()
            .enumerate()
            .map(
                |(i, v)| match i.checked_sub(mem_start).and_then(|j| mem_lens.get(j)) {
                    Some(len) => format!("tensor<{len}x{}>", v.el),
                    None => self.tt(v.lanes, v.el),
                },
            )
            .collect();
        let tlist = types.join(", ");
        let args_c: Vec<String> = state.iter().map(|_| self.fresh()).collect();
        let args_b: Vec<String> = state.iter().map(|_| self.fresh()).collect();
        let res = self.fresh();
        let saved_out = std::mem::take(&mut self.out);
        let saved_indent = self.indent;
        self.indent += 2;
        let bound: Vec<V> = state
            .iter()
            .zip(&args_b)
            .map(|(v, n)| V {
                name: n.clone(),
                lanes: v.lanes,
                el: v.el,
            })
            .collect();
        self.loop_depth += 1;
        let next = body(self, bound);
        self.loop_depth -= 1;
        let body_stmts = std::mem::replace(&mut self.out, saved_out);
        self.indent = saved_indent;
        let next = next?;
        let next_names: Vec<String> = next.iter().map(|v| v.name.clone()).collect();
        let body_text = render(dce(body_stmts, &next_names));
        let hdr = |args: &[String]| {
            args.iter()
                .zip(&types)
                .map(|(a, t)| format!("{a}: {t}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let pad = "  ".repeat(self.indent + 2);
        let k = state.len();
        let lhs = if k == 1 {
            res.clone()
        } else {
            format!("{res}:{k}")
        };
        let text = format!(
            "{lhs} = \"stablehlo.while\"({}) ({{\n{pad}^bb0({}):\n{pad}  \"stablehlo.return\"({}) : (tensor<i1>) -> ()\n{pad}}}, {{\n{pad}^bb0({}):\n{body_text}{pad}  \"stablehlo.return\"({}) : ({tlist}) -> ()\n{pad}}}) : ({tlist}) -> ({tlist})",
            state.iter().map(|v| v.name.clone()).collect::<Vec<_>>().join(", "),
            hdr(&args_c),
            args_c[0],
            hdr(&args_b),
            next_names.join(", "),
        );
        self.line(Some(res.clone()), &text);
        Ok(state
            .iter()
            .enumerate()
            .map(|(i, v)| V {
                name: if k == 1 {
                    res.clone()
                } else {
                    format!("{res}#{i}")
                },
                lanes: v.lanes,
                el: v.el,
            })
            .collect())
    }

    fn mem_state(&self) -> (Vec<MemKey>, Vec<V>) {
        let keys: Vec<MemKey> = self.mems.keys().copied().collect();
        let vs = keys
            .iter()
            .map(|k| {
                let m = &self.mems[k];
                V {
                    name: m.name.clone(),
                    lanes: false,
                    el: el_of(m.ty).unwrap_or("i8"),
                }
            })
            .collect();
        (keys, vs)
    }

    fn bind_mems(&mut self, keys: &[MemKey], vs: &[V]) {
        for (k, v) in keys.iter().zip(vs) {
            if let Some(m) = self.mems.get_mut(k) {
                m.name = v.name.clone();
            }
        }
    }

    fn for_(
        &mut self,
        id: OpId,
        lower: Value,
        upper: Value,
        step: Value,
        inits: &[Value],
        body: &Region,
    ) -> R<()> {
        let (lo, hi, st) = (self.get(lower)?, self.get(upper)?, self.get(step)?);
        let uniform = !lo.lanes && !hi.lanes && !st.lanes;
        let mut vals = Vec::new();
        let mut kinds = Vec::new();
        for &i in inits {
            let c = self.carried(i)?;
            kinds.push(c.ptr);
            vals.push(self.lanes_of(&c.v));
        }
        let nv = vals.len();
        let (keys, mems) = self.mem_state();
        let results = self.k().op(id).results.clone();
        let body = body.clone();
        let outer = self.mask.clone();
        let memv = |v: &[V]| -> Vec<V> {
            v.iter()
                .map(|m| V {
                    name: m.name.clone(),
                    lanes: false,
                    el: m.el,
                })
                .collect()
        };
        // The memory tensors' types are not lane tensors: keep their real types by
        // carrying them with a marker (lanes=false, el) and the real tensor type below.
        let mut state = Vec::new();
        if uniform {
            let flag = self.cmp("LT", &lo, &hi, "SIGNED");
            state.push(flag);
            state.push(lo.clone());
        } else {
            let lol = self.lanes_of(&lo);
            let m = self.mask_or_true();
            let c = self.cmp("LT", &lol, &hi, "SIGNED");
            let act = self.and(&m, &c);
            let flag = self.any(&act);
            state.push(flag);
            state.push(lol);
            state.push(act);
        }
        let fixed = state.len();
        state.extend(vals);
        let mem_start = state.len();
        state.extend(memv(&mems));
        let out = self.while_loop_mem(state, mem_start, &keys, |s, st_in| {
            let iv = st_in[1].clone();
            let act = (!uniform).then(|| st_in[2].clone());
            let cur: Vec<V> = st_in[fixed..fixed + nv].to_vec();
            s.bind_mems(&keys, &st_in[mem_start..]);
            if let Some(a) = &act {
                s.mask = Some(a.name.clone());
            }
            s.set(body.args[0], iv.clone());
            for ((a, v), k) in body.args[1..].iter().zip(&cur).zip(&kinds) {
                s.bind(*a, v.clone(), *k);
            }
            let Term::Yield(y) = s.region(&body)? else {
                return Err(s.err("for body ends in a condition"));
            };
            s.check_kinds(&kinds, &y)?;
            let mut next = Vec::new();
            let iv2 = s.bin("add", &iv, &st);
            let mut ys = Vec::new();
            for ((yc, c), k) in y.iter().zip(&cur).zip(&kinds) {
                let yv = s.norm(yc, *k);
                let yl = s.lanes_of(&yv);
                ys.push(match &act {
                    Some(a) => s.select(a, &yl, c),
                    None => yl,
                });
            }
            if uniform {
                let f = s.cmp("LT", &iv2, &hi, "SIGNED");
                next.push(f);
                next.push(iv2);
            } else {
                let a = act.clone().unwrap_or_else(|| iv.clone());
                let c = s.cmp("LT", &iv2, &hi, "SIGNED");
                let a2 = s.and(&a, &c);
                let f = s.any(&a2);
                next.push(f);
                next.push(iv2);
                next.push(a2);
            }
            next.extend(ys);
            let (_, m) = s.mem_state();
            next.extend(m);
            Ok(next)
        })?;
        self.mask = outer;
        for ((r, v), k) in results.iter().zip(&out[fixed..fixed + nv]).zip(&kinds) {
            self.bind(*r, v.clone(), *k);
        }
        self.bind_mems(&keys, &out[mem_start..]);
        Ok(())
    }

    /// `while_loop` where state entries from `mem_start` on are the memory tensors of
    /// `keys` (their tensor types come from `self.mems`).
    fn while_loop_mem(
        &mut self,
        state: Vec<V>,
        mem_start: usize,
        keys: &[MemKey],
        body: impl FnOnce(&mut Self, Vec<V>) -> R<Vec<V>>,
    ) -> R<Vec<V>> {
        let lens: Vec<i64> = keys.iter().map(|k| self.mems[k].len).collect();
        self.while_loop(state, mem_start, &lens, body)
    }

    fn while_(&mut self, id: OpId, inits: &[Value], before: &Region, after: &Region) -> R<()> {
        let mut vals = Vec::new();
        let mut kinds = Vec::new();
        for &i in inits {
            let c = self.carried(i)?;
            kinds.push(c.ptr);
            vals.push(self.lanes_of(&c.v));
        }
        let nv = vals.len();
        let results = self.k().op(id).results.clone();
        let mut res0 = Vec::new();
        for &r in &results {
            let el = el_of(self.k().value_type(r)).unwrap_or("i64");
            res0.push(self.cst(true, el, 0));
        }
        let mut rkinds: Vec<PtrKind> = Vec::new();
        let rk = &mut rkinds;
        let nr = res0.len();
        let (keys, mems) = self.mem_state();
        let outer = self.mask.clone();
        let m = self.mask_or_true();
        let flag = self.any(&m);
        let mut state = vec![flag, m];
        state.extend(vals);
        state.extend(res0);
        let mem_start = state.len();
        state.extend(mems);
        let (before, after) = (before.clone(), after.clone());
        let out = self.while_loop_mem(state, mem_start, &keys, |s, st| {
            let act = st[1].clone();
            let cur = st[2..2 + nv].to_vec();
            let res = st[2 + nv..2 + nv + nr].to_vec();
            s.bind_mems(&keys, &st[mem_start..]);
            s.mask = Some(act.name.clone());
            for ((a, v), k) in before.args.iter().zip(&cur).zip(&kinds) {
                s.bind(*a, v.clone(), *k);
            }
            let Term::Cond(c, cargs) = s.region(&before)? else {
                return Err(s.err("while before-region does not end in a condition"));
            };
            let mut args = Vec::new();
            for a in &cargs {
                let k = s.merge_kind(&[a])?;
                rk.push(k);
                args.push(s.norm(a, k));
            }
            let c = s.lanes_of(&c);
            let nc = s.not(&c);
            let exit = s.and(&act, &nc);
            let cont = s.and(&act, &c);
            let mut res2 = Vec::new();
            for (a, r) in args.iter().zip(&res) {
                let al = s.lanes_of(a);
                res2.push(s.select(&exit, &al, r));
            }
            s.mask = Some(cont.name.clone());
            for ((a, v), k) in after.args.iter().zip(&args).zip(rk.iter()) {
                s.bind(*a, v.clone(), *k);
            }
            let Term::Yield(y) = s.region(&after)? else {
                return Err(s.err("while after-region does not end in a yield"));
            };
            s.check_kinds(&kinds, &y)?;
            let mut vals2 = Vec::new();
            for ((yc, c0), k) in y.iter().zip(&cur).zip(&kinds) {
                let yv = s.norm(yc, *k);
                let yl = s.lanes_of(&yv);
                vals2.push(s.select(&cont, &yl, c0));
            }
            let f = s.any(&cont);
            let mut next = vec![f, cont];
            next.extend(vals2);
            next.extend(res2);
            let (_, m) = s.mem_state();
            next.extend(m);
            Ok(next)
        })?;
        self.mask = outer;
        for ((r, v), k) in results.iter().zip(&out[2 + nv..2 + nv + nr]).zip(&rkinds) {
            self.bind(*r, v.clone(), *k);
        }
        self.bind_mems(&keys, &out[mem_start..]);
        Ok(())
    }
}
