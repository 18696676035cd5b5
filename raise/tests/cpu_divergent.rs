//! Barriers and warp shuffles under a thread-dependent early return on `--target cpu`
//! (predicated distribution, parallel_ir/src/transforms/distribute.rs), compared with the
//! kernel-IR interpreter. Kernels: raise/tests/data/cpu_divergent/kernel.cu.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn data() -> PathBuf {
    common::repo_root().join("raise/tests/data/cpu_divergent")
}

fn run(spec: &str, target: &str, out: &Path) -> Output {
    let _ = std::fs::remove_dir_all(out);
    Command::new(common::raise_bin())
        .arg("run")
        .arg(data().join("kernel.O2.ll"))
        .arg("--spec")
        .arg(data().join(spec))
        .arg("--outputs")
        .arg(out)
        .args(["--target", target])
        .output()
        .expect("run raise")
}

fn scratch(test: &str) -> PathBuf {
    std::env::temp_dir().join(format!("raise-cpu-div-{}-{test}", std::process::id()))
}

/// The `n` little-endian i32 values at the end of an .npy file.
fn read_i32(path: &Path, n: usize) -> Vec<i32> {
    let bytes = std::fs::read(path).expect("read npy");
    let data = &bytes[bytes.len() - 4 * n..];
    data.chunks(4)
        .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

#[test]
fn early_return_before_shuffles_and_barrier_matches_interp() {
    let dir = scratch("ok");
    let (ci, cc) = (dir.join("interp"), dir.join("cpu"));
    let i = run("spec_ok.toml", "interp", &ci);
    assert!(i.status.success(), "{}", String::from_utf8_lossy(&i.stderr));
    let c = run("spec_ok.toml", "cpu", &cc);
    assert!(c.status.success(), "{}", String::from_utf8_lossy(&c.stderr));
    let stderr = String::from_utf8_lossy(&c.stderr);
    assert!(
        !stderr.contains("interpreter"),
        "did not run on cpu: {stderr}"
    );
    for f in ["a.npy", "b.npy"] {
        assert_eq!(
            read_i32(&ci.join(f), 128),
            read_i32(&cc.join(f), 128),
            "{f} differs"
        );
    }
    // early_shfl: every lane of a (whole) warp below n = 96 holds the warp's sum.
    let a = read_i32(&cc.join("a.npy"), 128);
    for w in 0..3 {
        let sum: i32 = (32 * w..32 * w + 32).map(|i| i * 7 + 1).sum();
        assert!(a[32 * w as usize..32 * w as usize + 32]
            .iter()
            .all(|&v| v == sum));
    }
    assert!(a[96..].iter().all(|&v| v == 0));
    // early_barrier: sh[t ^ 1] + sh[(t + 5) & 63], 0 for a neighbour that returned.
    let b = read_i32(&cc.join("b.npy"), 128);
    let sh = |blk: i32, t: i32| {
        let i = blk * 64 + t;
        if i < 93 {
            i * 3 + 2
        } else {
            0
        }
    };
    for i in 0..93 {
        let (blk, t) = (i / 64, i % 64);
        assert_eq!(
            b[i as usize],
            sh(blk, t ^ 1) + sh(blk, (t + 5) & 63),
            "b[{i}]"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn shuffle_reading_a_returned_lane_is_an_error_not_a_value() {
    let dir = scratch("bad");
    let i = run("spec_bad.toml", "interp", &dir.join("interp"));
    assert!(!i.status.success());
    assert!(String::from_utf8_lossy(&i.stderr).contains("warp-divergence"));
    let c = run("spec_bad.toml", "cpu", &dir.join("cpu"));
    let stderr = String::from_utf8_lossy(&c.stderr);
    assert!(!c.status.success(), "cpu gave values: {stderr}");
    assert!(
        stderr.contains("error[trap]") || stderr.contains("warp-divergence"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A branch whose skipping threads meet a later barrier cannot be distributed: `--target
/// cpu` runs that launch on the kernel-IR interpreter and says so in a note.
#[test]
fn undistributable_kernel_falls_back_to_interp_with_a_note() {
    let dir = scratch("skip");
    let (ci, cc) = (dir.join("interp"), dir.join("cpu"));
    let i = run("spec_skip.toml", "interp", &ci);
    assert!(i.status.success(), "{}", String::from_utf8_lossy(&i.stderr));
    let c = run("spec_skip.toml", "cpu", &cc);
    let stderr = String::from_utf8_lossy(&c.stderr);
    assert!(c.status.success(), "{stderr}");
    assert!(
        stderr.contains("note: kernel 'skip_then_barrier' cannot run on the CPU backend")
            && stderr.contains("barrier-divergent")
            && stderr.contains("kernel-IR interpreter instead"),
        "{stderr}"
    );
    let got = read_i32(&cc.join("out.npy"), 128);
    assert_eq!(read_i32(&ci.join("out.npy"), 128), got);
    // out[t] = sh[t ^ 1] = (t ^ 1) + 1; out[64 + t] = sh[t ^ 3] + 10 = (t ^ 3) + 11.
    for t in 0..64 {
        assert_eq!(got[t as usize], (t ^ 1) + 1);
        assert_eq!(got[64 + t as usize], (t ^ 3) + 11);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `early_vote`'s value for thread `i` (block size `bs`, `n` threads stay): ballot/all/any
/// over the lanes of its warp that did not return.
fn vote_ref(i: i32, bs: i32, n: i32) -> i32 {
    let (blk, t) = (i / bs, i % bs);
    let warp0 = blk * bs + (t / 32) * 32;
    let warp_end = (blk * bs + bs).min(warp0 + 32).min(n);
    let (mut ballot, mut members, mut any5) = (0u32, 0u32, false);
    for j in warp0..warp_end {
        members |= 1 << (j - warp0);
        if j % 3 == 0 {
            ballot |= 1 << (j - warp0);
        }
        any5 |= j % 5 == 0;
    }
    let all = i32::from(ballot == members);
    (ballot ^ i as u32) as i32 + all * 1000 + i32::from(any5) * 100
}

#[test]
fn votes_after_early_return_match_interp() {
    let dir = scratch("vote");
    let (ci, cc) = (dir.join("interp"), dir.join("cpu"));
    let i = run("spec_vote.toml", "interp", &ci);
    assert!(i.status.success(), "{}", String::from_utf8_lossy(&i.stderr));
    let c = run("spec_vote.toml", "cpu", &cc);
    let stderr = String::from_utf8_lossy(&c.stderr);
    assert!(c.status.success(), "{stderr}");
    assert!(
        !stderr.contains("interpreter"),
        "did not run on cpu: {stderr}"
    );
    let a = read_i32(&cc.join("a.npy"), 128);
    let b = read_i32(&cc.join("b.npy"), 96);
    assert_eq!(read_i32(&ci.join("a.npy"), 128), a);
    assert_eq!(read_i32(&ci.join("b.npy"), 96), b);
    for i in 0..100 {
        assert_eq!(a[i as usize], vote_ref(i, 64, 100), "a[{i}]");
    }
    for i in 0..90 {
        assert_eq!(b[i as usize], vote_ref(i, 48, 90), "b[{i}]");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
