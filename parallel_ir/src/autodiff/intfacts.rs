//! Symbolic integer facts: which linear relations between a kernel's integer values hold
//! where an op executes ([`IntFacts`]). An analysis only: it rewrites nothing. Used by
//! [`super::counts`] (closed-form `While` iteration counts) and [`super::rows`] (per-thread
//! row ownership of an adjoint's accumulations).
//!
//! # The model
//! An integer value `v` of type `iw` is described by *alternatives* ([`Alt`]): each has a
//! set of facts (linear constraints over integer *atoms*) and a linear form `F` over the
//! atoms such that in every execution one alternative's facts hold, and in an execution
//! where an alternative's facts hold, `v`'s bits are `F mod 2^w`. Atoms are integer
//! unknowns: opaque values (loads, loop-carried arguments, results not modelled), each
//! standing for its signed value; the block and thread indices (`[0, dim)`); and fresh
//! unknowns introduced together with the facts that define them. Every atom has an
//! interval it lies in (its type's signed range, `[0, dim)`, or what its definition
//! gives).
//! * `add`, `sub`, `mul` and `shl` by a constant, `trunc` are ring operations modulo `2^w`:
//!   the forms combine as integers (congruence mod `2^w` is kept; no range is needed).
//! * Where an operation needs the value itself (`sext`, `zext`, signed or unsigned
//!   comparisons, divisions and shifts right by constants, `and` with a low-bit mask,
//!   `smin`/`smax`), the form is replaced by its *representative* in the type's signed
//!   (or unsigned) range: `F` itself when `F`'s interval lies in that range, else a
//!   fresh atom `r` in the range with the fact `r = F - 2^w t`, `t` a fresh atom (the
//!   wrap count): exactly the value the bits have.
//! * `x / d`, `x >> k`, `x % d` by positive constants: fresh quotient `q` and remainder
//!   `r` with `x = d q + r` and `r`'s range (truncating division splits on `x`'s sign);
//!   `x & (2^p - 1)`: the representative of `x` modulo `2^p` (also a parity: `x & 1`).
//! * `select`, `If` results: one alternative per branch, with the condition's facts.
//! * Comparisons give boolean alternatives ([`BAlt`]): `a < b` is true with the fact
//!   `b - a - 1 >= 0` and false with `a - b >= 0` (representatives); `a == b` true with
//!   `a - b = 0`, false with `a - b != 0`; `not`, `and`, `or`, `xor` of booleans combine
//!   them; any other boolean is unknown.
//! * A load from a root the caller says no op writes (`readonly`), at an offset that is
//!   a function of the thread and block indices only, is one atom per (root, offset): two
//!   such loads of one address in one thread give the same value.
//!
//! Where an op executes ([`IntFacts::path`]), the facts of the enclosing `If` branches
//! (the condition's alternatives with the branch's truth value) and `For` bodies
//! (`lower <= iv < upper`, signed, as the `For` runs) hold, as a disjunction of
//! conjunctions.
//!
//! # The decision
//! [`IntFacts::implies`] proves `goal >= 0` from a conjunction of facts by showing the
//! facts with `goal <= -1` infeasible: the atoms' intervals are added, a disequality
//! `L != 0` splits into `L >= 1` and `L <= -1`, equalities with a coefficient `+-1` are
//! substituted exactly, then Fourier-Motzkin elimination runs with every constraint
//! normalised for integers (coefficients divided by their gcd, the constant rounded
//! down: `2 q >= 1` becomes `q >= 1`). Each step keeps every integer solution, so a
//! derived `c >= 0` with `c < 0` shows there is none: the goal holds. Anything the
//! procedure cannot settle (too many alternatives or constraints, an arithmetic
//! overflow) is *not proven*: callers then keep the code as it is.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::rc::Rc;

use frontend::interp::semantics;

use crate::ir::{
    Addr, BinaryOp, CastOp, Dim, IntPredicate, Kernel, Level, MemRoot, OpId, OpKind, Type, UnaryOp,
    Value, ValueDef,
};

/// An integer unknown (index into [`IntFacts`]' atom table).
pub type Atom = u32;

/// Most alternatives kept for one value (more: the value is treated as opaque).
const MAX_ALTS: usize = 16;
/// Most alternatives combined before the contradictory ones are dropped.
const MAX_RAW: usize = 64;
/// Most conjunctions kept for the path to one op.
const MAX_PATHS: usize = 64;
/// Most constraints in one elimination (more: not proven).
const MAX_CONSTRAINTS: usize = 4000;
/// Most cases one decision splits into (values of small-range unknowns).
const MAX_SPLITS: usize = 256;
/// Most nested evaluations (deeper: opaque).
const MAX_DEPTH: usize = 400;

/// `sum coef * atom + c` with integer coefficients (sorted by atom, none zero).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Lin {
    pub terms: Vec<(Atom, i128)>,
    pub c: i128,
}

impl Lin {
    pub fn constant(c: i128) -> Lin {
        Lin {
            terms: Vec::new(),
            c,
        }
    }
    pub fn atom(a: Atom) -> Lin {
        Lin {
            terms: vec![(a, 1)],
            c: 0,
        }
    }
    pub fn as_const(&self) -> Option<i128> {
        self.terms.is_empty().then_some(self.c)
    }
    pub fn coef(&self, a: Atom) -> i128 {
        self.terms
            .iter()
            .find(|(b, _)| *b == a)
            .map_or(0, |&(_, k)| k)
    }
    /// `self + k * o`.
    pub fn add_scaled(&self, o: &Lin, k: i128) -> Option<Lin> {
        let mut terms: Vec<(Atom, i128)> = Vec::with_capacity(self.terms.len() + o.terms.len());
        let (mut i, mut j) = (0, 0);
        while i < self.terms.len() || j < o.terms.len() {
            let a = self.terms.get(i).copied();
            let b = o.terms.get(j).copied();
            let (atom, v) = match (a, b) {
                (Some((x, p)), Some((y, q))) if x == y => {
                    i += 1;
                    j += 1;
                    (x, p.checked_add(q.checked_mul(k)?)?)
                }
                (Some((x, p)), Some((y, _))) if x < y => {
                    i += 1;
                    (x, p)
                }
                (Some((x, p)), None) => {
                    i += 1;
                    (x, p)
                }
                (_, Some((y, q))) => {
                    j += 1;
                    (y, q.checked_mul(k)?)
                }
                (None, None) => break,
            };
            if v != 0 {
                terms.push((atom, v));
            }
        }
        Some(Lin {
            terms,
            c: self.c.checked_add(o.c.checked_mul(k)?)?,
        })
    }
    pub fn sub(&self, o: &Lin) -> Option<Lin> {
        self.add_scaled(o, -1)
    }
    pub fn add(&self, o: &Lin) -> Option<Lin> {
        self.add_scaled(o, 1)
    }
    pub fn scale(&self, k: i128) -> Option<Lin> {
        Lin::constant(0).add_scaled(self, k)
    }
    pub fn plus(&self, c: i128) -> Option<Lin> {
        let mut l = self.clone();
        l.c = l.c.checked_add(c)?;
        Some(l)
    }
}

/// A fact: `L >= 0` or `L != 0`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Fact {
    Ge(Lin),
    Ne(Lin),
}

/// `l = 0`, as two facts.
fn eq_facts(l: &Lin) -> Option<[Fact; 2]> {
    Some([Fact::Ge(l.clone()), Fact::Ge(l.scale(-1)?)])
}

/// One alternative of an integer value: where `facts` hold, the value is `form` modulo
/// `2^w`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alt {
    pub facts: Vec<Fact>,
    pub form: Lin,
}

/// One alternative of a boolean: where `facts` hold, its value is `val` (`None`:
/// unknown).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BAlt {
    pub facts: Vec<Fact>,
    pub val: Option<bool>,
}

fn pow2(k: u32) -> i128 {
    1i128 << k
}

/// Floor division for a positive divisor.
fn fdiv(a: i128, d: i128) -> i128 {
    a.div_euclid(d)
}

/// Ceiling division for a positive divisor.
fn cdiv(a: i128, d: i128) -> i128 {
    -((-a).div_euclid(d))
}

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The analysis state for one kernel (see the module documentation).
pub struct IntFacts<'k> {
    k: &'k Kernel,
    grid: [u32; 3],
    block: [u32; 3],
    readonly: HashSet<MemRoot>,
    intervals: Vec<(i128, i128)>,
    value_atoms: HashMap<Value, Atom>,
    thread_atoms: HashSet<Atom>,
    canon: HashMap<(MemRoot, Lin, Type), Atom>,
    memo: HashMap<Value, Rc<Vec<Alt>>>,
    bmemo: HashMap<Value, Rc<Vec<BAlt>>>,
    /// Per op: the op whose region holds it, and that region's index.
    parent: HashMap<OpId, (OpId, usize)>,
    depth: usize,
}

fn signed_range(bits: u32) -> (i128, i128) {
    (-pow2(bits - 1), pow2(bits - 1) - 1)
}

impl<'k> IntFacts<'k> {
    /// The analysis of `k` for a launch of `grid` x `block`; loads of the roots in
    /// `readonly` (which no op of the kernel may write: the caller's promise) are
    /// identified by address.
    pub fn new(k: &'k Kernel, grid: [u32; 3], block: [u32; 3], readonly: HashSet<MemRoot>) -> Self {
        let mut parent = HashMap::new();
        let mut stack: Vec<OpId> = k.body.ops.clone();
        while let Some(op) = stack.pop() {
            for (ri, r) in k.op(op).kind.regions().into_iter().enumerate() {
                for &o in &r.ops {
                    parent.insert(o, (op, ri));
                    stack.push(o);
                }
            }
        }
        IntFacts {
            k,
            grid,
            block,
            readonly,
            intervals: Vec::new(),
            value_atoms: HashMap::new(),
            thread_atoms: HashSet::new(),
            canon: HashMap::new(),
            memo: HashMap::new(),
            bmemo: HashMap::new(),
            parent,
            depth: 0,
        }
    }

    pub fn kernel(&self) -> &'k Kernel {
        self.k
    }

    /// The op whose region holds `op`, and that region's index.
    pub fn parent(&self, op: OpId) -> Option<(OpId, usize)> {
        self.parent.get(&op).copied()
    }

    fn fresh(&mut self, lo: i128, hi: i128) -> Atom {
        self.intervals.push((lo, hi));
        (self.intervals.len() - 1) as Atom
    }

    /// A new atom in `[lo, hi]` (for a caller's own unknowns: a quotient, a remainder).
    pub fn fresh_atom(&mut self, lo: i128, hi: i128) -> Atom {
        self.fresh(lo, hi)
    }

    /// The interval an atom lies in.
    pub fn interval_of(&self, a: Atom) -> (i128, i128) {
        self.intervals
            .get(a as usize)
            .copied()
            .unwrap_or((i128::MIN / 4, i128::MAX / 4))
    }

    /// Whether `a` is a block or thread index.
    pub fn is_thread_atom(&self, a: Atom) -> bool {
        self.thread_atoms.contains(&a)
    }

    /// The atom standing for `v`'s signed value.
    pub fn value_atom(&mut self, v: Value) -> Atom {
        if let Some(&a) = self.value_atoms.get(&v) {
            return a;
        }
        let ty = self.k.value_type(v);
        let (lo, hi) = if ty.is_int() {
            signed_range(ty.bits())
        } else {
            signed_range(64)
        };
        let a = self.fresh(lo, hi);
        self.value_atoms.insert(v, a);
        a
    }

    /// The thread or block index atom of a `Parallel` argument, if `v` is one.
    fn thread_atom(&mut self, v: Value) -> Option<Atom> {
        let ValueDef::RegionArg { op, index, .. } = self.k.value_def(v) else {
            return None;
        };
        let OpKind::Parallel { level, .. } = &self.k.op(op).kind else {
            return None;
        };
        let dims = match level {
            Level::Grid => self.grid,
            Level::Block => self.block,
        };
        let d = *dims.get(index as usize)?;
        if let Some(&a) = self.value_atoms.get(&v) {
            return Some(a);
        }
        let a = self.fresh(0, i128::from(d.max(1)) - 1);
        self.value_atoms.insert(v, a);
        self.thread_atoms.insert(a);
        Some(a)
    }

    /// The interval of a form (from its atoms' intervals); `None` on overflow.
    pub fn interval(&self, f: &Lin) -> Option<(i128, i128)> {
        let (mut lo, mut hi) = (f.c, f.c);
        for &(a, k) in &f.terms {
            let (l, h) = self.interval_of(a);
            let (x, y) = (l.checked_mul(k)?, h.checked_mul(k)?);
            lo = lo.checked_add(x.min(y))?;
            hi = hi.checked_add(x.max(y))?;
        }
        Some((lo, hi))
    }

    fn opaque(&mut self, v: Value) -> Rc<Vec<Alt>> {
        let a = self.value_atom(v);
        Rc::new(vec![Alt {
            facts: Vec::new(),
            form: Lin::atom(a),
        }])
    }

    /// A fresh atom for an unknown value in `[lo, hi]` (a fallback that keeps no relation).
    fn unknown(&mut self, lo: i128, hi: i128) -> Alt {
        let a = self.fresh(lo, hi);
        Alt {
            facts: Vec::new(),
            form: Lin::atom(a),
        }
    }

    /// The representative of `f` (a value's form modulo `2^bits`) in `[lo_r, lo_r +
    /// 2^bits)`: `f` itself, `f - 2^bits j` for a known `j`, or a fresh atom `r` with
    /// `r = f - 2^bits t`.
    fn rep_in(&mut self, f: &Lin, bits: u32, lo_r: i128) -> Alt {
        let m = pow2(bits);
        let hi_r = lo_r + m - 1;
        let Some((lo, hi)) = self.interval(f) else {
            return self.unknown(lo_r, hi_r);
        };
        if lo >= lo_r && hi <= hi_r {
            return Alt {
                facts: Vec::new(),
                form: f.clone(),
            };
        }
        // f - m t in [lo_r, hi_r]  <=>  t in [(f - hi_r) / m, (f - lo_r) / m].
        let (tlo, thi) = (cdiv(lo - hi_r, m), fdiv(hi - lo_r, m));
        if tlo == thi {
            if let Some(form) = f.plus(-m * tlo) {
                return Alt {
                    facts: Vec::new(),
                    form,
                };
            }
        }
        let r = self.fresh(lo_r, hi_r);
        let t = self.fresh(tlo, thi);
        // r - f + m t = 0
        let def = Lin::atom(r)
            .sub(f)
            .and_then(|l| l.add_scaled(&Lin::atom(t), m));
        match def.as_ref().and_then(eq_facts) {
            Some(facts) => Alt {
                facts: facts.to_vec(),
                form: Lin::atom(r),
            },
            None => self.unknown(lo_r, hi_r),
        }
    }

    /// Signed representative of `alt` as a `bits`-bit value.
    fn rep_s(&mut self, alt: &Alt, bits: u32) -> Alt {
        let r = self.rep_in(&alt.form, bits, -pow2(bits - 1));
        let mut facts = alt.facts.clone();
        facts.extend(r.facts);
        Alt {
            facts,
            form: r.form,
        }
    }

    /// Unsigned representative of `alt` as a `bits`-bit value.
    fn rep_u(&mut self, alt: &Alt, bits: u32) -> Alt {
        let r = self.rep_in(&alt.form, bits, 0);
        let mut facts = alt.facts.clone();
        facts.extend(r.facts);
        Alt {
            facts,
            form: r.form,
        }
    }

    /// The alternatives of the integer value `v` (see the module documentation).
    pub fn eval(&mut self, v: Value) -> Rc<Vec<Alt>> {
        if let Some(r) = self.memo.get(&v) {
            return r.clone();
        }
        let r = if self.depth > MAX_DEPTH {
            self.opaque(v)
        } else {
            self.depth += 1;
            let r = self.eval_uncached(v);
            self.depth -= 1;
            let r = self.prune(r, |a| &a.facts);
            if r.len() > MAX_ALTS {
                self.opaque(v)
            } else {
                Rc::new(r)
            }
        };
        self.memo.insert(v, r.clone());
        r
    }

    /// `alts` without those whose facts contradict each other, and without repeats.
    fn prune<T: PartialEq>(&self, alts: Vec<T>, facts: impl Fn(&T) -> &Vec<Fact>) -> Vec<T> {
        let mut out: Vec<T> = Vec::with_capacity(alts.len());
        for a in alts {
            let f = facts(&a);
            if out.contains(&a) || (!f.is_empty() && self.contradictory(f)) {
                continue;
            }
            out.push(a);
        }
        out
    }

    /// The signed representatives of `v`'s alternatives.
    pub fn eval_signed(&mut self, v: Value) -> Vec<Alt> {
        let bits = self.k.value_type(v).bits();
        let alts = self.eval(v);
        alts.iter().map(|a| self.rep_s(a, bits)).collect()
    }

    fn eval_uncached(&mut self, v: Value) -> Vec<Alt> {
        let ty = self.k.value_type(v);
        if !ty.is_int() {
            return self.opaque(v).to_vec();
        }
        match self.k.value_def(v) {
            ValueDef::Param(_) => self.opaque(v).to_vec(),
            ValueDef::RegionArg { .. } => match self.thread_atom(v) {
                Some(a) => vec![Alt {
                    facts: Vec::new(),
                    form: Lin::atom(a),
                }],
                None => self.opaque(v).to_vec(),
            },
            ValueDef::Result(op, idx) => self.eval_result(v, op, idx as usize, ty),
        }
    }

    /// Pairwise combination of two values' alternatives.
    fn combine(
        &mut self,
        a: &[Alt],
        b: &[Alt],
        mut f: impl FnMut(&mut Self, &Alt, &Alt) -> Option<Alt>,
    ) -> Option<Vec<Alt>> {
        if a.len() * b.len() > MAX_RAW {
            return None;
        }
        let mut out = Vec::new();
        for x in a {
            for y in b {
                out.push(f(self, x, y)?);
            }
        }
        Some(out)
    }

    fn single_const(&mut self, v: Value) -> Option<i128> {
        let alts = self.eval(v);
        match alts.as_slice() {
            [a] if a.facts.is_empty() => {
                let c = a.form.as_const()?;
                // The value's signed representative.
                let bits = self.k.value_type(v).bits();
                let m = pow2(bits);
                let r = c.rem_euclid(m);
                Some(if r >= m / 2 { r - m } else { r })
            }
            _ => None,
        }
    }

    fn eval_result(&mut self, v: Value, op: OpId, idx: usize, ty: Type) -> Vec<Alt> {
        let bits = ty.bits();
        let kind = self.k.op(op).kind.clone();
        let got: Option<Vec<Alt>> = match kind {
            OpKind::Const { bits: b } => Some(vec![Alt {
                facts: Vec::new(),
                form: Lin::constant(i128::from(semantics::sext(b, ty))),
            }]),
            OpKind::Dim(d) => {
                let c = match d {
                    Dim::BlockDim(i) => self.block.get(i as usize).copied(),
                    Dim::GridDim(i) => self.grid.get(i as usize).copied(),
                    Dim::DynamicSharedBytes => None,
                };
                c.map(|c| {
                    vec![Alt {
                        facts: Vec::new(),
                        form: Lin::constant(i128::from(c)),
                    }]
                })
            }
            OpKind::Binary(b, x, y) => self.eval_binary(b, x, y, bits),
            OpKind::Cast(c, x) => self.eval_cast(c, x, bits),
            OpKind::Select {
                cond,
                if_true,
                if_false,
            } => {
                let t = self.eval(if_true);
                let f = self.eval(if_false);
                self.branch(cond, &t, &f)
            }
            OpKind::If {
                cond,
                then_region,
                else_region,
            } => {
                let yv = |r: &crate::ir::Region| -> Option<Value> {
                    let last = *r.ops.last()?;
                    match &self.k.op(last).kind {
                        OpKind::Yield(vs) => vs.get(idx).copied(),
                        _ => None,
                    }
                };
                match (yv(&then_region), yv(&else_region)) {
                    (Some(a), Some(b)) => {
                        let t = self.eval(a);
                        let f = self.eval(b);
                        self.branch(cond, &t, &f)
                    }
                    _ => None,
                }
            }
            OpKind::ICmp(..) | OpKind::Unary(UnaryOp::Not, _) if ty == Type::I1 => {
                let b = self.beval(v);
                let mut out = Vec::new();
                for alt in b.iter() {
                    match alt.val {
                        Some(t) => out.push(Alt {
                            facts: alt.facts.clone(),
                            form: Lin::constant(i128::from(t)),
                        }),
                        None => return self.opaque(v).to_vec(),
                    }
                }
                Some(out)
            }
            OpKind::Load {
                addr: Addr::Root { root, offset },
            } if self.readonly.contains(&root) => {
                let alts = self.eval(offset);
                match alts.as_slice() {
                    [a] if a.facts.is_empty()
                        && a.form
                            .terms
                            .iter()
                            .all(|(x, _)| self.thread_atoms.contains(x)) =>
                    {
                        let key = (root, a.form.clone(), ty);
                        let atom = match self.canon.get(&key) {
                            Some(&x) => x,
                            None => {
                                let (lo, hi) = signed_range(bits);
                                let x = self.fresh(lo, hi);
                                self.canon.insert(key, x);
                                x
                            }
                        };
                        Some(vec![Alt {
                            facts: Vec::new(),
                            form: Lin::atom(atom),
                        }])
                    }
                    _ => None,
                }
            }
            _ => None,
        };
        match got {
            Some(alts) => alts,
            None => self.opaque(v).to_vec(),
        }
    }

    fn eval_binary(&mut self, b: BinaryOp, x: Value, y: Value, bits: u32) -> Option<Vec<Alt>> {
        let ax = self.eval(x);
        let ay = self.eval(y);
        match b {
            BinaryOp::Add => self.combine(&ax, &ay, |_, p, q| {
                Some(Alt {
                    facts: [p.facts.clone(), q.facts.clone()].concat(),
                    form: p.form.add(&q.form)?,
                })
            }),
            BinaryOp::Sub => self.combine(&ax, &ay, |_, p, q| {
                Some(Alt {
                    facts: [p.facts.clone(), q.facts.clone()].concat(),
                    form: p.form.sub(&q.form)?,
                })
            }),
            BinaryOp::Mul => {
                let (alts, k) = if let Some(k) = self.single_const(y) {
                    (ax, k)
                } else {
                    (ay, self.single_const(x)?)
                };
                alts.iter()
                    .map(|a| {
                        Some(Alt {
                            facts: a.facts.clone(),
                            form: a.form.scale(k)?,
                        })
                    })
                    .collect()
            }
            BinaryOp::Shl => {
                let s = self.single_const(y)?;
                if !(0..i128::from(bits)).contains(&s) {
                    return None;
                }
                ax.iter()
                    .map(|a| {
                        Some(Alt {
                            facts: a.facts.clone(),
                            form: a.form.scale(pow2(s as u32))?,
                        })
                    })
                    .collect()
            }
            BinaryOp::And => {
                let (alts, m) = if let Some(m) = self.single_const(y) {
                    (ax, m)
                } else {
                    (ay, self.single_const(x)?)
                };
                // A low-bit mask 2^p - 1 (as the value's bits).
                let mb = m.rem_euclid(pow2(bits));
                let p = (mb + 1).trailing_zeros();
                if mb == 0 || mb + 1 != pow2(p) || p >= bits {
                    return None;
                }
                Some(alts.iter().map(|a| self.rep_u(a, p)).collect())
            }
            BinaryOp::UDiv | BinaryOp::URem | BinaryOp::LShr => {
                let d = self.single_const(y)?;
                let d = match b {
                    BinaryOp::LShr if (0..i128::from(bits)).contains(&d) => pow2(d as u32),
                    BinaryOp::LShr => return None,
                    _ => d.rem_euclid(pow2(bits)),
                };
                if d <= 0 {
                    return None;
                }
                let mut out = Vec::new();
                for a in ax.iter() {
                    let xr = self.rep_u(a, bits);
                    out.push(self.divide(&xr, d, b == BinaryOp::URem)?);
                }
                Some(out)
            }
            BinaryOp::SDiv | BinaryOp::SRem | BinaryOp::AShr => {
                let d = self.single_const(y)?;
                let (d, floor) = match b {
                    BinaryOp::AShr if (0..i128::from(bits)).contains(&d) => (pow2(d as u32), true),
                    BinaryOp::AShr => return None,
                    _ => (d, false),
                };
                if d <= 0 {
                    return None;
                }
                let mut out = Vec::new();
                for a in ax.iter() {
                    let xr = self.rep_s(a, bits);
                    if floor {
                        out.push(self.divide(&xr, d, false)?);
                    } else {
                        out.extend(self.tdivide(&xr, d, b == BinaryOp::SRem)?);
                    }
                }
                Some(out)
            }
            BinaryOp::SMin | BinaryOp::SMax | BinaryOp::UMin | BinaryOp::UMax => {
                let signed = matches!(b, BinaryOp::SMin | BinaryOp::SMax);
                let min = matches!(b, BinaryOp::SMin | BinaryOp::UMin);
                self.minmax(&ax, &ay, bits, signed, min)
            }
            _ => None,
        }
    }

    /// `min`/`max` of two values' alternatives (signed or unsigned representatives).
    fn minmax(
        &mut self,
        ax: &[Alt],
        ay: &[Alt],
        bits: u32,
        signed: bool,
        min: bool,
    ) -> Option<Vec<Alt>> {
        if 2 * ax.len() * ay.len() > MAX_RAW {
            return None;
        }
        let mut out = Vec::new();
        for p in ax {
            for q in ay {
                let (p, q) = if signed {
                    (self.rep_s(p, bits), self.rep_s(q, bits))
                } else {
                    (self.rep_u(p, bits), self.rep_u(q, bits))
                };
                let d = q.form.sub(&p.form)?;
                let base = [p.facts.clone(), q.facts.clone()].concat();
                let mut le = base.clone();
                le.push(Fact::Ge(d.clone()));
                let mut gt = base;
                gt.push(Fact::Ge(d.scale(-1)?.plus(-1)?));
                let (first, second) = if min {
                    (p.form.clone(), q.form.clone())
                } else {
                    (q.form.clone(), p.form.clone())
                };
                out.push(Alt {
                    facts: le,
                    form: first,
                });
                out.push(Alt {
                    facts: gt,
                    form: second,
                });
            }
        }
        Some(out)
    }

    /// Floor division of a representative `x` (facts included) by `d > 0`: a fresh
    /// quotient `q` and remainder `r` in `[0, d)` with `x = d q + r`; gives `q`, or `r`.
    fn divide(&mut self, x: &Alt, d: i128, rem: bool) -> Option<Alt> {
        if d == 1 {
            return Some(if rem {
                Alt {
                    facts: x.facts.clone(),
                    form: Lin::constant(0),
                }
            } else {
                x.clone()
            });
        }
        let (lo, hi) = self.interval(&x.form)?;
        let q = self.fresh(fdiv(lo, d), fdiv(hi, d));
        let r = self.fresh(0, d - 1);
        let def = x
            .form
            .add_scaled(&Lin::atom(q), -d)?
            .add_scaled(&Lin::atom(r), -1)?;
        let mut facts = x.facts.clone();
        facts.extend(eq_facts(&def)?);
        Some(Alt {
            facts,
            form: Lin::atom(if rem { r } else { q }),
        })
    }

    /// Truncating division (C `/`, `%`) of a signed representative by `d > 0`: one
    /// alternative for `x >= 0` (remainder in `[0, d)`), one for `x < 0` (in `(-d, 0]`).
    fn tdivide(&mut self, x: &Alt, d: i128, rem: bool) -> Option<Vec<Alt>> {
        if d == 1 {
            return Some(vec![if rem {
                Alt {
                    facts: x.facts.clone(),
                    form: Lin::constant(0),
                }
            } else {
                x.clone()
            }]);
        }
        let (lo, hi) = self.interval(&x.form)?;
        let mut out = Vec::new();
        if hi >= 0 {
            let q = self.fresh(0, fdiv(hi.max(0), d));
            let r = self.fresh(0, d - 1);
            let def = x
                .form
                .add_scaled(&Lin::atom(q), -d)?
                .add_scaled(&Lin::atom(r), -1)?;
            let mut facts = x.facts.clone();
            facts.push(Fact::Ge(x.form.clone()));
            facts.extend(eq_facts(&def)?);
            out.push(Alt {
                facts,
                form: Lin::atom(if rem { r } else { q }),
            });
        }
        if lo < 0 {
            let q = self.fresh(-fdiv(-lo, d), 0);
            let r = self.fresh(1 - d, 0);
            let def = x
                .form
                .add_scaled(&Lin::atom(q), -d)?
                .add_scaled(&Lin::atom(r), -1)?;
            let mut facts = x.facts.clone();
            facts.push(Fact::Ge(x.form.scale(-1)?.plus(-1)?));
            facts.extend(eq_facts(&def)?);
            out.push(Alt {
                facts,
                form: Lin::atom(if rem { r } else { q }),
            });
        }
        Some(out)
    }

    fn eval_cast(&mut self, c: CastOp, x: Value, bits: u32) -> Option<Vec<Alt>> {
        let from = self.k.value_type(x);
        if !from.is_int() {
            return None;
        }
        let fb = from.bits();
        if from == Type::I1 && matches!(c, CastOp::SExt | CastOp::ZExt) {
            let one = if c == CastOp::SExt { -1 } else { 1 };
            let b = self.beval(x);
            return b
                .iter()
                .map(|alt| {
                    alt.val.map(|t| Alt {
                        facts: alt.facts.clone(),
                        form: Lin::constant(if t { one } else { 0 }),
                    })
                })
                .collect();
        }
        let ax = self.eval(x);
        match c {
            CastOp::Trunc if bits <= fb => Some(ax.to_vec()),
            CastOp::SExt => Some(ax.iter().map(|a| self.rep_s(a, fb)).collect()),
            CastOp::ZExt => Some(ax.iter().map(|a| self.rep_u(a, fb)).collect()),
            _ => None,
        }
    }

    /// `cond ? t : f` over alternatives.
    fn branch(&mut self, cond: Value, t: &[Alt], f: &[Alt]) -> Option<Vec<Alt>> {
        let b = self.beval(cond);
        let mut out = Vec::new();
        for alt in b.iter() {
            for (side, alts) in [(true, t), (false, f)] {
                if alt.val == Some(!side) {
                    continue;
                }
                for a in alts {
                    out.push(Alt {
                        facts: [alt.facts.clone(), a.facts.clone()].concat(),
                        form: a.form.clone(),
                    });
                }
            }
        }
        (out.len() <= MAX_RAW).then_some(out)
    }

    /// The alternatives of the boolean `v` (see the module documentation).
    pub fn beval(&mut self, v: Value) -> Rc<Vec<BAlt>> {
        if let Some(r) = self.bmemo.get(&v) {
            return r.clone();
        }
        let r = if self.depth > MAX_DEPTH {
            vec![BAlt {
                facts: Vec::new(),
                val: None,
            }]
        } else {
            self.depth += 1;
            let r = self.beval_uncached(v);
            self.depth -= 1;
            let r = r.map(|r| self.prune(r, |a| &a.facts));
            r.filter(|r| r.len() <= MAX_ALTS).unwrap_or_else(|| {
                vec![BAlt {
                    facts: Vec::new(),
                    val: None,
                }]
            })
        };
        let r = Rc::new(r);
        self.bmemo.insert(v, r.clone());
        r
    }

    fn beval_uncached(&mut self, v: Value) -> Option<Vec<BAlt>> {
        if self.k.value_type(v) != Type::I1 {
            return None;
        }
        let ValueDef::Result(op, idx) = self.k.value_def(v) else {
            return None;
        };
        let kind = self.k.op(op).kind.clone();
        match kind {
            OpKind::Const { bits } => Some(vec![BAlt {
                facts: Vec::new(),
                val: Some(bits & 1 != 0),
            }]),
            OpKind::ICmp(p, a, b) => {
                let ty = self.k.value_type(a);
                if !ty.is_int() {
                    return None;
                }
                let bits = ty.bits();
                let aa = self.eval(a);
                let ab = self.eval(b);
                if aa.len() * ab.len() * 2 > MAX_RAW {
                    return None;
                }
                let signed = matches!(
                    p,
                    IntPredicate::Slt | IntPredicate::Sle | IntPredicate::Sgt | IntPredicate::Sge
                );
                let mut out = Vec::new();
                for x in aa.iter() {
                    for y in ab.iter() {
                        let (x, y) = if signed || matches!(p, IntPredicate::Eq | IntPredicate::Ne) {
                            (self.rep_s(x, bits), self.rep_s(y, bits))
                        } else {
                            (self.rep_u(x, bits), self.rep_u(y, bits))
                        };
                        let base: Vec<Fact> = [x.facts.clone(), y.facts.clone()].concat();
                        // d = y - x
                        let d = y.form.sub(&x.form)?;
                        let nd = d.scale(-1)?;
                        let (tf, ff): (Vec<Fact>, Vec<Fact>) = match p {
                            IntPredicate::Eq => (eq_facts(&d)?.to_vec(), vec![Fact::Ne(d)]),
                            IntPredicate::Ne => (vec![Fact::Ne(d.clone())], eq_facts(&d)?.to_vec()),
                            // x < y: y - x - 1 >= 0; else x - y >= 0.
                            IntPredicate::Slt | IntPredicate::Ult => {
                                (vec![Fact::Ge(d.plus(-1)?)], vec![Fact::Ge(nd)])
                            }
                            IntPredicate::Sle | IntPredicate::Ule => {
                                (vec![Fact::Ge(d)], vec![Fact::Ge(nd.plus(-1)?)])
                            }
                            IntPredicate::Sgt | IntPredicate::Ugt => {
                                (vec![Fact::Ge(nd.plus(-1)?)], vec![Fact::Ge(d)])
                            }
                            IntPredicate::Sge | IntPredicate::Uge => {
                                (vec![Fact::Ge(nd)], vec![Fact::Ge(d.plus(-1)?)])
                            }
                        };
                        out.push(BAlt {
                            facts: [base.clone(), tf].concat(),
                            val: Some(true),
                        });
                        out.push(BAlt {
                            facts: [base, ff].concat(),
                            val: Some(false),
                        });
                    }
                }
                Some(out)
            }
            OpKind::Unary(UnaryOp::Not, x) => Some(
                self.beval(x)
                    .iter()
                    .map(|a| BAlt {
                        facts: a.facts.clone(),
                        val: a.val.map(|t| !t),
                    })
                    .collect(),
            ),
            OpKind::Binary(b @ (BinaryOp::And | BinaryOp::Or | BinaryOp::Xor), x, y) => {
                let bx = self.beval(x);
                let by = self.beval(y);
                if bx.len() * by.len() > MAX_RAW {
                    return None;
                }
                let mut out = Vec::new();
                for p in bx.iter() {
                    for q in by.iter() {
                        let val = match (b, p.val, q.val) {
                            (BinaryOp::And, Some(false), _) | (BinaryOp::And, _, Some(false)) => {
                                Some(false)
                            }
                            (BinaryOp::Or, Some(true), _) | (BinaryOp::Or, _, Some(true)) => {
                                Some(true)
                            }
                            (_, Some(s), Some(t)) => Some(match b {
                                BinaryOp::And => s && t,
                                BinaryOp::Or => s || t,
                                _ => s != t,
                            }),
                            _ => None,
                        };
                        out.push(BAlt {
                            facts: [p.facts.clone(), q.facts.clone()].concat(),
                            val,
                        });
                    }
                }
                Some(out)
            }
            OpKind::Select {
                cond,
                if_true,
                if_false,
            } => {
                let t = self.beval(if_true);
                let f = self.beval(if_false);
                self.bbranch(cond, &t, &f)
            }
            OpKind::If {
                cond,
                then_region,
                else_region,
            } => {
                let yv = |r: &crate::ir::Region| -> Option<Value> {
                    let last = *r.ops.last()?;
                    match &self.k.op(last).kind {
                        OpKind::Yield(vs) => vs.get(idx as usize).copied(),
                        _ => None,
                    }
                };
                let (a, b) = (yv(&then_region)?, yv(&else_region)?);
                let t = self.beval(a);
                let f = self.beval(b);
                self.bbranch(cond, &t, &f)
            }
            _ => None,
        }
    }

    fn bbranch(&mut self, cond: Value, t: &[BAlt], f: &[BAlt]) -> Option<Vec<BAlt>> {
        let b = self.beval(cond);
        let mut out = Vec::new();
        for alt in b.iter() {
            for (side, alts) in [(true, t), (false, f)] {
                if alt.val == Some(!side) {
                    continue;
                }
                for a in alts {
                    out.push(BAlt {
                        facts: [alt.facts.clone(), a.facts.clone()].concat(),
                        val: a.val,
                    });
                }
            }
        }
        (out.len() <= MAX_RAW).then_some(out)
    }

    /// The facts that hold where `op` executes, as a disjunction of conjunctions (see the
    /// module documentation); `None` when there are too many.
    pub fn path(&mut self, op: OpId) -> Option<Vec<Vec<Fact>>> {
        let mut chain = Vec::new();
        let mut cur = op;
        while let Some((p, ri)) = self.parent(cur) {
            chain.push((p, ri));
            cur = p;
        }
        let mut dnf: Vec<Vec<Fact>> = vec![Vec::new()];
        for &(p, ri) in chain.iter().rev() {
            let disj: Vec<Vec<Fact>> = match self.k.op(p).kind.clone() {
                OpKind::If { cond, .. } => {
                    let want = ri == 0;
                    self.beval(cond)
                        .iter()
                        .filter(|a| a.val != Some(!want))
                        .map(|a| a.facts.clone())
                        .collect()
                }
                OpKind::For {
                    lower, upper, body, ..
                } => {
                    let Some(&iv) = body.args.first() else {
                        continue;
                    };
                    let ivl = Lin::atom(self.value_atom(iv));
                    let lo = self.eval_signed(lower);
                    let hi = self.eval_signed(upper);
                    let mut d = Vec::new();
                    for l in &lo {
                        for h in &hi {
                            let mut f = [l.facts.clone(), h.facts.clone()].concat();
                            f.push(Fact::Ge(ivl.sub(&l.form)?));
                            f.push(Fact::Ge(h.form.sub(&ivl)?.plus(-1)?));
                            d.push(f);
                        }
                    }
                    d
                }
                _ => continue,
            };
            let mut next = Vec::new();
            for c in &dnf {
                for d in &disj {
                    next.push([c.clone(), d.clone()].concat());
                }
            }
            if next.len() > MAX_PATHS {
                return None;
            }
            dnf = next;
        }
        Some(dnf)
    }

    /// Whether `goal >= 0` follows from the facts (see the module documentation).
    pub fn implies(&self, facts: &[Fact], goal: &Lin) -> bool {
        let mut ge = Vec::new();
        let mut ne = Vec::new();
        for f in facts {
            match f {
                Fact::Ge(l) => ge.push(l.clone()),
                Fact::Ne(l) => ne.push(l.clone()),
            }
        }
        let Some(neg) = goal.scale(-1).and_then(|g| g.plus(-1)) else {
            return false;
        };
        ge.push(neg);
        self.infeasible(ge, &ne)
    }

    /// Whether the facts have no integer solution.
    pub fn contradictory(&self, facts: &[Fact]) -> bool {
        self.implies(facts, &Lin::constant(-1))
    }

    /// Whether `ge` (each `>= 0`) with the disequalities `ne` has no integer solution.
    fn infeasible(&self, ge: Vec<Lin>, ne: &[Lin]) -> bool {
        if self.fm_infeasible(ge.clone()) {
            return true;
        }
        let Some((first, rest)) = ne.split_first() else {
            return false;
        };
        let (Some(pos), Some(neg)) = (first.plus(-1), first.scale(-1).and_then(|l| l.plus(-1)))
        else {
            return false;
        };
        let mut a = ge.clone();
        a.push(pos);
        let mut b = ge;
        b.push(neg);
        self.infeasible(a, rest) && self.infeasible(b, rest)
    }

    /// Fourier-Motzkin over the rationals is weak on unknowns with a large coefficient
    /// and a small range (at most 8 values: a wrap count `t` in `r = F - 2^32 t`, which
    /// for an `i32` index plus a few bounded terms lies in `[-2, 2]`): each value of such an
    /// atom is tried on its own (substituted), up to [`MAX_SPLITS`] cases.
    fn fm_infeasible(&self, cons: Vec<Lin>) -> bool {
        let mut small: Vec<(i128, Atom)> = Vec::new();
        for c in &cons {
            for &(a, k) in &c.terms {
                let (lo, hi) = self.interval_of(a);
                if hi - lo <= 7 && k.abs() > 1 {
                    match small.iter_mut().find(|(_, b)| *b == a) {
                        Some(e) => e.0 = e.0.max(k.abs()),
                        None => small.push((k.abs(), a)),
                    }
                }
            }
        }
        small.sort_by(|x, y| y.cmp(x));
        let mut leaves = 1usize;
        let mut split = Vec::new();
        for (_, a) in small {
            let (lo, hi) = self.interval_of(a);
            let n = (hi - lo + 1) as usize;
            if leaves * n > MAX_SPLITS {
                break;
            }
            leaves *= n;
            split.push(a);
        }
        self.fm_split(cons, &split)
    }

    fn fm_split(&self, cons: Vec<Lin>, split: &[Atom]) -> bool {
        let Some((&a, rest)) = split.split_first() else {
            return self.fm_plain(cons);
        };
        let (lo, hi) = self.interval_of(a);
        (lo..=hi).all(|v| {
            let fixed: Option<Vec<Lin>> = cons
                .iter()
                .map(|c| {
                    let k = c.coef(a);
                    if k == 0 {
                        Some(c.clone())
                    } else {
                        c.add_scaled(&Lin::atom(a), -k)?.plus(k.checked_mul(v)?)
                    }
                })
                .collect();
            match fixed {
                Some(f) => self.fm_split(f, rest),
                None => false,
            }
        })
    }

    fn fm_plain(&self, cons: Vec<Lin>) -> bool {
        let mut atoms = BTreeSet::new();
        for c in &cons {
            atoms.extend(c.terms.iter().map(|&(a, _)| a));
        }
        let mut sys = System::default();
        for c in cons {
            if sys.add(c) {
                return true;
            }
        }
        for a in atoms {
            let (lo, hi) = self.interval_of(a);
            if sys.add(Lin::atom(a).plus(-lo).unwrap_or(Lin::constant(0)))
                || sys.add(
                    Lin::atom(a)
                        .scale(-1)
                        .and_then(|l| l.plus(hi))
                        .unwrap_or(Lin::constant(0)),
                )
            {
                return true;
            }
        }
        sys.solve()
    }
}

/// A system of constraints `L >= 0` (keyed by their normalised terms, keeping the
/// tightest constant). Ordered maps: the elimination order, and so what is proven, is the
/// same in every run.
#[derive(Default)]
struct System {
    cons: BTreeMap<Vec<(Atom, i128)>, i128>,
    contradiction: bool,
}

impl System {
    /// Add a constraint (normalised for integers); gives whether the system became
    /// contradictory.
    fn add(&mut self, l: Lin) -> bool {
        let g = l.terms.iter().fold(0, |g, &(_, k)| gcd(g, k));
        if g == 0 {
            if l.c < 0 {
                self.contradiction = true;
            }
            return self.contradiction;
        }
        let terms: Vec<(Atom, i128)> = l.terms.iter().map(|&(a, k)| (a, k / g)).collect();
        let c = fdiv(l.c, g);
        let e = self.cons.entry(terms).or_insert(c);
        if c < *e {
            *e = c;
        }
        self.contradiction
    }

    fn all(&self) -> Vec<Lin> {
        self.cons
            .iter()
            .map(|(t, &c)| Lin {
                terms: t.clone(),
                c,
            })
            .collect()
    }

    /// An equality `x = expr` (from `L >= 0` and `-L >= 0` with a coefficient `+-1`).
    fn unit_equality(&self) -> Option<(Atom, Lin)> {
        for (t, &c) in &self.cons {
            let neg: Vec<(Atom, i128)> = t.iter().map(|&(a, k)| (a, -k)).collect();
            let Some(&c2) = self.cons.get(&neg) else {
                continue;
            };
            if c + c2 != 0 {
                continue;
            }
            if let Some(&(x, k)) = t.iter().find(|(_, k)| k.abs() == 1) {
                // k x + rest + c = 0  =>  x = -k (rest + c)
                let rest = Lin {
                    terms: t.iter().copied().filter(|&(a, _)| a != x).collect(),
                    c,
                };
                return Some((x, rest.scale(-k)?));
            }
        }
        None
    }

    /// Fourier-Motzkin elimination to the end; gives whether a contradiction was found.
    fn solve(mut self) -> bool {
        loop {
            if self.contradiction {
                return true;
            }
            if self.cons.len() > MAX_CONSTRAINTS {
                return false;
            }
            if let Some((x, expr)) = self.unit_equality() {
                let old = self.all();
                self.cons.clear();
                for l in old {
                    let k = l.coef(x);
                    let n = if k == 0 {
                        Some(l)
                    } else {
                        l.add_scaled(&Lin::atom(x), -k)
                            .and_then(|m| m.add_scaled(&expr, k))
                    };
                    // An overflow drops the constraint (the system only gets weaker).
                    if let Some(n) = n {
                        if self.add(n) {
                            return true;
                        }
                    }
                }
                continue;
            }
            // The variable whose elimination adds the fewest constraints.
            let mut counts: BTreeMap<Atom, (usize, usize)> = BTreeMap::new();
            for t in self.cons.keys() {
                for &(a, k) in t {
                    let e = counts.entry(a).or_default();
                    if k > 0 {
                        e.0 += 1;
                    } else {
                        e.1 += 1;
                    }
                }
            }
            let Some((&x, _)) = counts
                .iter()
                .min_by_key(|(&a, &(p, n))| ((p * n) as i64 - (p + n) as i64, a))
            else {
                return false;
            };
            let old = self.all();
            self.cons.clear();
            let (mut pos, mut neg) = (Vec::new(), Vec::new());
            for l in old {
                let k = l.coef(x);
                if k > 0 {
                    pos.push((k, l));
                } else if k < 0 {
                    neg.push((-k, l));
                } else if self.add(l) {
                    return true;
                }
            }
            if pos.len() * neg.len() > MAX_CONSTRAINTS {
                return false;
            }
            for (a, p) in &pos {
                for (b, n) in &neg {
                    // b p + a n eliminates x.
                    if let Some(l) = p.scale(*b).and_then(|pb| pb.add_scaled(n, *a)) {
                        if self.add(l) {
                            return true;
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builder::Builder;

    fn facts_for(k: &Kernel) -> IntFacts<'_> {
        IntFacts::new(k, [4, 1, 1], [8, 1, 1], HashSet::new())
    }

    /// Parity and a disequality: `0 <= s < e`, `e - s` odd and `e != s + 1` give
    /// `e - (s + 1) >= 2`; with `e - s` even, `e - s >= 2`.
    #[test]
    fn parity_and_disequality() {
        let mut b = Builder::new("t");
        let _p = b.param(Type::I32, "s");
        let _q = b.param(Type::I32, "e");
        let k = b.finish();
        let mut f = facts_for(&k);
        let s = f.value_atom(k.params[0]);
        let e = f.value_atom(k.params[1]);
        // par = (e - s) & 1 as a fresh atom: e - s - par - 2 t = 0, par in [0, 1].
        let d = Lin::atom(e).sub(&Lin::atom(s)).unwrap();
        let par = f.rep_u(
            &Alt {
                facts: Vec::new(),
                form: d.clone(),
            },
            1,
        );
        let lt = Fact::Ge(d.plus(-1).unwrap());
        let odd = eq_facts(&par.form.plus(-1).unwrap()).unwrap();
        let even = eq_facts(&par.form).unwrap();
        let ne1 = Fact::Ne(d.plus(-1).unwrap());
        let mut odd_case = par.facts.clone();
        odd_case.extend(odd);
        odd_case.push(lt.clone());
        odd_case.push(ne1);
        assert!(f.implies(&odd_case, &d.plus(-3).unwrap()));
        assert!(!f.implies(&odd_case, &d.plus(-4).unwrap()));
        let mut even_case = par.facts.clone();
        even_case.extend(even);
        even_case.push(lt);
        assert!(f.implies(&even_case, &d.plus(-2).unwrap()));
        assert!(!f.implies(&even_case, &d.plus(-3).unwrap()));
    }

    /// `i32` wrap: `s + 1` is `s + 1` when `s < e` (so `s` is not `i32::MAX`), which
    /// the representative's wrap count must learn from the facts.
    #[test]
    fn wrap_counts_are_settled_by_facts() {
        let mut b = Builder::new("t");
        let s = b.param(Type::I32, "s");
        let e = b.param(Type::I32, "e");
        let mut out = None;
        b.grid(|b, _| {
            b.block(|b, _| {
                let one = b.i32(1);
                let s1 = b.bin(BinaryOp::Add, s, one);
                let w = b.cast(CastOp::SExt, s1, Type::I64);
                let c = b.icmp(IntPredicate::Slt, s, e);
                out = Some((w, c));
            });
        });
        let k = b.finish();
        let (w, c) = out.unwrap();
        let mut f = facts_for(&k);
        let sa = f.value_atom(s);
        let ws = f.eval(w);
        assert_eq!(ws.len(), 1);
        let cs = f.beval(c);
        let lt = cs.iter().find(|a| a.val == Some(true)).unwrap();
        let mut facts = ws[0].facts.clone();
        facts.extend(lt.facts.clone());
        // sext(s + 1) - s - 1 == 0 under s < e.
        let d = ws[0].form.sub(&Lin::atom(sa)).unwrap().plus(-1).unwrap();
        assert!(f.implies(&facts, &d));
        assert!(f.implies(&facts, &d.scale(-1).unwrap()));
        // Without the fact, it may wrap.
        assert!(!f.implies(&ws[0].facts, &d));
    }

    /// Truncating division and the facts of enclosing `If`s and `For`s: in
    /// `if (n > 0) for i in 0..n/2: x = 2 i + 1`, `x <= n - 1`.
    #[test]
    fn path_facts_of_ifs_and_fors() {
        let mut b = Builder::new("t");
        let n = b.param(Type::I32, "n");
        let mut site = None;
        let mut xv = None;
        b.grid(|b, _| {
            b.block(|b, _| {
                let zero = b.i32(0);
                let c = b.icmp(IntPredicate::Sgt, n, zero);
                b.if_(
                    c,
                    &[],
                    |b| {
                        let two = b.i32(2);
                        let h = b.bin(BinaryOp::SDiv, n, two);
                        let one = b.i32(1);
                        b.for_(zero, h, one, &[], |b, i, _| {
                            let x2 = b.bin(BinaryOp::Mul, i, two);
                            let x = b.bin(BinaryOp::Add, x2, one);
                            let st = b.store(MemRoot::Param(0), zero, x);
                            site = Some(st);
                            xv = Some(x);
                            vec![]
                        });
                        vec![]
                    },
                    |_| vec![],
                );
            });
        });
        let k = b.finish();
        let (site, x) = (site.unwrap(), xv.unwrap());
        let mut f = facts_for(&k);
        let na = f.value_atom(n);
        let paths = f.path(site).unwrap();
        let xs = f.eval_signed(x);
        let mut feasible = 0;
        for p in &paths {
            for a in &xs {
                let facts = [p.clone(), a.facts.clone()].concat();
                if f.contradictory(&facts) {
                    continue;
                }
                feasible += 1;
                let goal = Lin::atom(na).sub(&a.form).unwrap().plus(-1).unwrap();
                assert!(f.implies(&facts, &goal), "x <= n - 1");
                let too_much = Lin::atom(na).sub(&a.form).unwrap().plus(-2).unwrap();
                assert!(!f.implies(&facts, &too_much), "not x <= n - 2");
            }
        }
        assert_eq!(feasible, 1, "the n < 0 quotient contradicts n > 0");
    }
}
