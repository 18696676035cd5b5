//! Memory effects of ops and barriers.

mod core_util;

use core_util::reverse_kernel;
use parallel_ir::builder::Builder;
use parallel_ir::effects::*;
use parallel_ir::ir::*;

fn summary(k: &Kernel, e: &Effects) -> Vec<String> {
    let mut v: Vec<String> = e
        .accesses
        .iter()
        .map(|a| {
            let what = match (a.read, a.write) {
                (true, true) => "rw",
                (true, false) => "r",
                _ => "w",
            };
            match a.loc {
                AccessLoc::Root { root, .. } => {
                    format!("{what} {}", parallel_ir::print::root_name(root))
                }
                AccessLoc::Unknown { .. } => format!("{what} ?"),
            }
        })
        .collect();
    let _ = k;
    v.sort();
    v
}

fn barriers(k: &Kernel) -> Vec<OpId> {
    (0..k.ops.len() as u32)
        .map(OpId)
        .filter(|&o| matches!(k.op(o).kind, OpKind::Barrier { .. }))
        .collect()
}

#[test]
fn core_effects_reverse_barrier() {
    let k = reverse_kernel();
    let b = barriers(&k)[0];
    let n = barrier_neighbourhood(&k, b).unwrap();
    assert_eq!(summary(&k, &n.before), ["r param0", "w shared0"]);
    assert_eq!(summary(&k, &n.after), ["r shared0", "w param0"]);
    assert_eq!(barrier_effects(&k, b).accesses.len(), 4);
}

#[test]
fn core_effects_loop_wraps_around_and_stops_at_barriers() {
    // for i { store s0; barrier(A); load s0; store s1 } ; barrier(B); load s1
    let mut b = Builder::new("k");
    b.grid(|b, _| {
        let s0 = b.shared("s0", 64, 4);
        let s1 = b.shared("s1", 64, 4);
        b.block(|b, [tx, _, _]| {
            let zero = b.i32(0);
            let one = b.i32(1);
            let off = b.i64(0);
            let f = b.f32(1.0);
            b.for_(zero, tx, one, &[], |b, _, _| {
                b.store(MemRoot::Shared(s0), off, f);
                b.barrier();
                let v = b.load(Type::F32, MemRoot::Shared(s0), off);
                b.store(MemRoot::Shared(s1), off, v);
                vec![]
            });
            b.barrier();
            b.load(Type::F32, MemRoot::Shared(s1), off);
        });
    });
    let k = b.finish();
    let [a, bb] = barriers(&k)[..] else { panic!() };
    let na = barrier_neighbourhood(&k, a).unwrap();
    // Before A: the store in this iteration, the tail of the previous iteration.
    assert_eq!(
        summary(&k, &na.before),
        ["r shared0", "w shared0", "w shared1"]
    );
    // After A: the tail, the next iteration's head, and the code after the loop up to B.
    assert_eq!(
        summary(&k, &na.after),
        ["r shared0", "w shared0", "w shared1"]
    );
    let nb = barrier_neighbourhood(&k, bb).unwrap();
    // Before B: the loop (it contains a barrier; all of it, conservatively).
    assert_eq!(
        summary(&k, &nb.before),
        ["r shared0", "w shared0", "w shared1"]
    );
    assert_eq!(summary(&k, &nb.after), ["r shared1"]);
}

#[test]
fn core_effects_may_conflict() {
    let k = reverse_kernel();
    let b = barriers(&k)[0];
    let n = barrier_neighbourhood(&k, b).unwrap();
    let w_shared = n.before.writes().next().copied().unwrap();
    let r_param = n.before.reads().next().copied().unwrap();
    let r_shared = n.after.reads().next().copied().unwrap();
    assert!(may_conflict(&k, &w_shared, &r_shared));
    assert!(!may_conflict(&k, &w_shared, &r_param));
    assert!(!may_conflict(&k, &r_param, &r_param));
    assert!(!roots_may_alias(
        MemRoot::Shared(SharedId(0)),
        MemRoot::Shared(SharedId(1))
    ));
    assert!(roots_may_alias(MemRoot::Param(0), MemRoot::Param(1)));
}

#[test]
fn core_effects_address_spaces_are_disjoint() {
    use frontend::ir::AddrSpace;
    let mut b = Builder::new("k");
    let xg = b.param(Type::Ptr(AddrSpace::Global), "x");
    let xgen = b.param(Type::Ptr(AddrSpace::Generic), "p");
    b.grid(|b, _| {
        let s = b.shared("s", 16, 4);
        b.block(|b, _| {
            let z = b.i64(0);
            let v = b.value(
                OpKind::Load {
                    addr: Addr::Dynamic(xg),
                },
                Type::F32,
            );
            b.op(
                OpKind::Store {
                    addr: Addr::Dynamic(xgen),
                    value: v,
                },
                &[],
            );
            b.store(MemRoot::Shared(s), z, v);
        });
    });
    let k = b.finish();
    let block = (0..k.ops.len() as u32)
        .map(OpId)
        .find(|&o| {
            matches!(
                k.op(o).kind,
                OpKind::Parallel {
                    level: Level::Block,
                    ..
                }
            )
        })
        .unwrap();
    let e = op_effects(&k, block);
    let [global_load, generic_store, shared_store] = e.accesses[..] else {
        panic!("three accesses expected")
    };
    assert!(!may_conflict(&k, &global_load, &shared_store));
    assert!(may_conflict(&k, &generic_store, &shared_store));
    assert!(may_conflict(&k, &global_load, &generic_store));
    assert_eq!(loc_space(&k, &global_load.loc), Some(MemSpace::Global));
}
