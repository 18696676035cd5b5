//! A small structured builder for parallel-IR kernels, for tests and generators.
//!
//! It keeps a stack of open regions; ops are appended to the innermost one, and the
//! closure-taking methods (`grid`, `block`, `for_`, `while_`, `if_`) open a region, let the
//! closure fill it and terminate it with the values the closure returns. It only builds:
//! nothing is checked here (run [`crate::verify::verify_kernel`] on the result).

use crate::ir::*;

pub struct Builder {
    pub kernel: Kernel,
    open: Vec<Region>,
}

impl Builder {
    pub fn new(name: &str) -> Builder {
        Builder {
            kernel: Kernel::new(name, name),
            open: vec![Region::default()],
        }
    }

    /// Add a kernel parameter.
    pub fn param(&mut self, ty: Type, name: &str) -> Value {
        self.kernel.add_param(ty, Some(name.to_string()))
    }

    /// Append an op with results of the given types to the innermost open region.
    pub fn op(&mut self, kind: OpKind, result_types: &[Type]) -> OpId {
        let id = self.kernel.create_op(kind, result_types, None);
        if let Some(r) = self.open.last_mut() {
            r.ops.push(id);
        }
        id
    }

    /// Append an op with one result; gives the result.
    pub fn value(&mut self, kind: OpKind, ty: Type) -> Value {
        let id = self.op(kind, &[ty]);
        self.kernel.ops[id.index()].results[0]
    }

    pub fn konst(&mut self, ty: Type, bits: u64) -> Value {
        self.value(OpKind::Const { bits }, ty)
    }
    pub fn i32(&mut self, v: i32) -> Value {
        self.konst(Type::I32, u64::from(v as u32))
    }
    pub fn i64(&mut self, v: i64) -> Value {
        self.konst(Type::I64, v as u64)
    }
    pub fn f32(&mut self, v: f32) -> Value {
        self.konst(Type::F32, u64::from(v.to_bits()))
    }
    pub fn bool(&mut self, v: bool) -> Value {
        self.konst(Type::I1, u64::from(v))
    }
    /// A binary op whose result has the type of `a`.
    pub fn bin(&mut self, op: BinaryOp, a: Value, b: Value) -> Value {
        let ty = self.kernel.value_type(a);
        self.value(OpKind::Binary(op, a, b), ty)
    }
    pub fn icmp(&mut self, p: IntPredicate, a: Value, b: Value) -> Value {
        self.value(OpKind::ICmp(p, a, b), Type::I1)
    }
    pub fn cast(&mut self, op: CastOp, a: Value, to: Type) -> Value {
        self.value(OpKind::Cast(op, a), to)
    }
    pub fn dim(&mut self, d: Dim) -> Value {
        let ty = if d == Dim::DynamicSharedBytes {
            Type::I64
        } else {
            Type::I32
        };
        self.value(OpKind::Dim(d), ty)
    }
    /// `root[offset]` with `offset` an `i64` byte offset.
    pub fn load(&mut self, ty: Type, root: MemRoot, offset: Value) -> Value {
        self.value(
            OpKind::Load {
                addr: Addr::Root { root, offset },
            },
            ty,
        )
    }
    pub fn store(&mut self, root: MemRoot, offset: Value, value: Value) -> OpId {
        self.op(
            OpKind::Store {
                addr: Addr::Root { root, offset },
                value,
            },
            &[],
        )
    }
    pub fn barrier(&mut self) -> OpId {
        self.op(
            OpKind::Barrier {
                kind: BarrierKind::Sync,
                pred: None,
            },
            &[],
        )
    }
    /// Declare a shared allocation and introduce it in the innermost region.
    pub fn shared(&mut self, name: &str, bytes: u64, align: u64) -> SharedId {
        let id = SharedId(self.kernel.shared.len() as u32);
        self.kernel.shared.push(SharedAlloc {
            name: name.to_string(),
            bytes,
            align,
            dynamic: false,
        });
        self.op(OpKind::SharedAlloc(id), &[]);
        id
    }
    /// Declare a per-thread allocation and introduce it in the innermost region.
    pub fn local(&mut self, bytes: u64, align: u64) -> LocalId {
        let id = LocalId(self.kernel.locals.len() as u32);
        self.kernel.locals.push(LocalAlloc { bytes, align });
        self.op(OpKind::LocalAlloc(id), &[]);
        id
    }

    /// Build a region with arguments of `arg_types` of region `index` of `op`; the closure
    /// gives the terminator.
    fn region(
        &mut self,
        op: OpId,
        index: u8,
        arg_types: &[Type],
        f: impl FnOnce(&mut Builder, &[Value]) -> OpKind,
    ) -> Region {
        let args: Vec<Value> = arg_types
            .iter()
            .enumerate()
            .map(|(i, &t)| self.kernel.new_region_arg(op, index, i as u32, t))
            .collect();
        self.open.push(Region {
            args: args.clone(),
            ops: Vec::new(),
        });
        let term = f(self, &args);
        self.op(term, &[]);
        self.open.pop().unwrap_or_default()
    }

    fn placeholder(&mut self, result_types: &[Type]) -> OpId {
        self.op(OpKind::Yield(Vec::new()), result_types)
    }

    fn results(&self, op: OpId) -> Vec<Value> {
        self.kernel.ops[op.index()].results.clone()
    }

    /// A parallel loop at `level`; the closure gets the x, y, z indices.
    pub fn parallel(&mut self, level: Level, f: impl FnOnce(&mut Builder, [Value; 3])) -> OpId {
        let op = self.placeholder(&[]);
        let body = self.region(op, 0, &[Type::I32; 3], |b, a| {
            f(b, [a[0], a[1], a[2]]);
            OpKind::Yield(Vec::new())
        });
        self.kernel.ops[op.index()].kind = OpKind::Parallel { level, body };
        op
    }
    pub fn grid(&mut self, f: impl FnOnce(&mut Builder, [Value; 3])) -> OpId {
        self.parallel(Level::Grid, f)
    }
    pub fn block(&mut self, f: impl FnOnce(&mut Builder, [Value; 3])) -> OpId {
        self.parallel(Level::Block, f)
    }

    /// `for iv = lower to upper step step iter(inits)`; the closure gets `iv` and the
    /// carried values and gives the next carried values. Gives the op's results.
    pub fn for_(
        &mut self,
        lower: Value,
        upper: Value,
        step: Value,
        inits: &[Value],
        f: impl FnOnce(&mut Builder, Value, &[Value]) -> Vec<Value>,
    ) -> Vec<Value> {
        let types: Vec<Type> = inits.iter().map(|&v| self.kernel.value_type(v)).collect();
        let op = self.placeholder(&types);
        let mut arg_types = vec![self.kernel.value_type(lower)];
        arg_types.extend(&types);
        let body = self.region(op, 0, &arg_types, |b, a| OpKind::Yield(f(b, a[0], &a[1..])));
        self.kernel.ops[op.index()].kind = OpKind::For {
            lower,
            upper,
            step,
            inits: inits.to_vec(),
            body,
        };
        self.results(op)
    }

    /// `while`: `before` gets the carried values and gives the condition and the values
    /// passed on (of `after_types`); `after` gets those and gives the next carried values.
    pub fn while_(
        &mut self,
        inits: &[Value],
        after_types: &[Type],
        before: impl FnOnce(&mut Builder, &[Value]) -> (Value, Vec<Value>),
        after: impl FnOnce(&mut Builder, &[Value]) -> Vec<Value>,
    ) -> Vec<Value> {
        let types: Vec<Type> = inits.iter().map(|&v| self.kernel.value_type(v)).collect();
        let op = self.placeholder(after_types);
        let before = self.region(op, 0, &types, |b, a| {
            let (cond, args) = before(b, a);
            OpKind::Condition { cond, args }
        });
        let after = self.region(op, 1, after_types, |b, a| OpKind::Yield(after(b, a)));
        self.kernel.ops[op.index()].kind = OpKind::While {
            inits: inits.to_vec(),
            before,
            after,
        };
        self.results(op)
    }

    /// `if cond -> (result_types)`; each closure gives its region's yielded values.
    pub fn if_(
        &mut self,
        cond: Value,
        result_types: &[Type],
        then_f: impl FnOnce(&mut Builder) -> Vec<Value>,
        else_f: impl FnOnce(&mut Builder) -> Vec<Value>,
    ) -> Vec<Value> {
        let op = self.placeholder(result_types);
        let then_region = self.region(op, 0, &[], |b, _| OpKind::Yield(then_f(b)));
        let else_region = self.region(op, 1, &[], |b, _| OpKind::Yield(else_f(b)));
        self.kernel.ops[op.index()].kind = OpKind::If {
            cond,
            then_region,
            else_region,
        };
        self.results(op)
    }

    /// Terminate the top region and give the kernel.
    pub fn finish(mut self) -> Kernel {
        self.op(OpKind::Yield(Vec::new()), &[]);
        let body = self.open.pop().unwrap_or_default();
        self.kernel.body = body;
        self.kernel
    }
}
