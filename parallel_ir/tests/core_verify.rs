//! The parallel-IR verifier accepts well-formed kernels and rejects broken ones with
//! `invalid-parallel-ir` naming the op.

mod core_util;

use core_util::{reverse_kernel, GLOBAL};
use parallel_ir::builder::Builder;
use parallel_ir::ir::*;
use parallel_ir::verify::verify_kernel;

fn rejects(k: &Kernel, needle: &str) {
    match verify_kernel(k) {
        Ok(()) => panic!("verifier accepted broken IR (expected '{needle}')"),
        Err(d) => {
            assert_eq!(d.code, "invalid-parallel-ir");
            let text = d.to_string();
            assert!(text.contains(needle), "expected '{needle}' in: {text}");
        }
    }
}

/// The first op of `kind` found anywhere (depth-first), with its parent region path.
fn find_op(k: &Kernel, pred: impl Fn(&OpKind) -> bool) -> OpId {
    (0..k.ops.len() as u32)
        .map(OpId)
        .find(|&op| pred(&k.op(op).kind))
        .expect("op present in test kernel")
}

#[test]
fn core_verify_accepts_reverse() {
    verify_kernel(&reverse_kernel()).unwrap();
}

#[test]
fn core_verify_rejects_use_before_def() {
    let mut b = Builder::new("k");
    let _x = b.param(GLOBAL, "x");
    b.grid(|b, _| {
        b.block(|b, [tx, _, _]| {
            let one = b.i32(1);
            let s = b.bin(BinaryOp::Add, tx, one);
            let t = b.bin(BinaryOp::Add, s, one);
            // Make `s` use `t`, defined after it.
            let op = match b.kernel.value_def(s) {
                ValueDef::Result(op, _) => op,
                _ => unreachable!(),
            };
            b.kernel.op_mut(op).kind = OpKind::Binary(BinaryOp::Add, tx, t);
        });
    });
    rejects(&b.finish(), "which is not defined before it");
}

#[test]
fn core_verify_rejects_value_from_inner_region() {
    let mut b = Builder::new("k");
    let x = b.param(GLOBAL, "x");
    let _ = x;
    b.grid(|b, _| {
        b.block(|b, [tx, _, _]| {
            let c = b.icmp(IntPredicate::Eq, tx, tx);
            let mut inner = None;
            b.if_(
                c,
                &[],
                |b| {
                    inner = Some(b.i32(3));
                    vec![]
                },
                |_| vec![],
            );
            let v = inner.unwrap();
            b.bin(BinaryOp::Add, v, tx);
        });
    });
    rejects(&b.finish(), "not defined before it in an enclosing region");
}

#[test]
fn core_verify_rejects_barrier_outside_block() {
    let mut b = Builder::new("k");
    b.grid(|b, _| {
        b.barrier();
        b.block(|_, _| {});
    });
    let k = b.finish();
    rejects(&k, "only allowed inside a thread parallel");
    assert!(verify_kernel(&k)
        .unwrap_err()
        .to_string()
        .contains("barrier"));
}

#[test]
fn core_verify_rejects_shared_alloc_in_block() {
    let mut b = Builder::new("k");
    b.grid(|b, _| {
        b.block(|b, _| {
            b.shared("s", 16, 4);
        });
    });
    rejects(&b.finish(), "shared.alloc must be directly in the grid");
}

#[test]
fn core_verify_rejects_wrong_yield() {
    let mut b = Builder::new("k");
    b.grid(|b, _| {
        b.block(|b, [tx, _, _]| {
            let zero = b.i32(0);
            let one = b.i32(1);
            let f = b.f32(1.0);
            // Carries an f32 but yields the i32 induction variable.
            b.for_(zero, tx, one, &[f], |_, iv, _| vec![iv]);
        });
    });
    rejects(
        &b.finish(),
        "yields (i32) where the enclosing op expects (f32)",
    );
}

#[test]
fn core_verify_rejects_if_result_arity() {
    let mut b = Builder::new("k");
    b.grid(|b, _| {
        b.block(|b, [tx, _, _]| {
            let c = b.icmp(IntPredicate::Eq, tx, tx);
            b.if_(c, &[Type::I32], |_| vec![tx], |_| vec![]);
        });
    });
    rejects(
        &b.finish(),
        "yields () where the enclosing op expects (i32)",
    );
}

#[test]
fn core_verify_rejects_binary_type_mismatch() {
    let mut b = Builder::new("k");
    b.grid(|b, _| {
        b.block(|b, [tx, _, _]| {
            let f = b.f32(1.0);
            b.bin(BinaryOp::Add, tx, f);
        });
    });
    rejects(&b.finish(), "binary operand/result types do not fit");
}

#[test]
fn core_verify_rejects_op_placed_twice() {
    let mut k = reverse_kernel();
    let barrier = find_op(&k, |kind| matches!(kind, OpKind::Barrier { .. }));
    let block = find_op(&k, |kind| {
        matches!(
            kind,
            OpKind::Parallel {
                level: Level::Block,
                ..
            }
        )
    });
    if let OpKind::Parallel { body, .. } = &mut k.op_mut(block).kind {
        body.ops.insert(0, barrier);
    }
    rejects(&k, "placed in more than one region");
}

#[test]
fn core_verify_rejects_missing_terminator_and_bad_parallel() {
    let mut k = reverse_kernel();
    let block = find_op(&k, |kind| {
        matches!(
            kind,
            OpKind::Parallel {
                level: Level::Block,
                ..
            }
        )
    });
    if let OpKind::Parallel { body, .. } = &mut k.op_mut(block).kind {
        body.ops.pop();
    }
    rejects(&k, "must end in a terminator");

    let mut k = reverse_kernel();
    if let OpKind::Parallel { body, .. } = &mut k.op_mut(block).kind {
        body.args.pop();
    }
    rejects(&k, "three i32 region arguments");
}

#[test]
fn core_verify_rejects_shared_out_of_scope_and_nested_block() {
    let mut b = Builder::new("k");
    let x = b.param(GLOBAL, "x");
    let _ = x;
    b.grid(|b, _| {
        b.block(|b, _| {
            let z = b.i64(0);
            let v = b.f32(0.0);
            b.store(MemRoot::Shared(SharedId(0)), z, v);
        });
    });
    let mut k = b.finish();
    k.shared.push(SharedAlloc {
        name: "s".into(),
        bytes: 4,
        align: 4,
        dynamic: false,
    });
    rejects(&k, "shared0 is not allocated here");

    let mut b = Builder::new("k");
    b.grid(|b, _| {
        b.block(|b, _| {
            b.block(|_, _| {});
        });
    });
    rejects(&b.finish(), "not inside another thread parallel");
}
