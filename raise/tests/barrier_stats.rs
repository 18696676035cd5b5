//! `raise emit --stats`: barrier elimination on real examples. The bpnn_layerforward case
//! from the seeds (a barrier between writes to one shared array and writes to another)
//! loses that barrier; the barriers of a tree reduction and of a tiled transpose stay,
//! each with its reason.

mod common;

use std::process::Command;

fn stats(example: &str, form: &str) -> String {
    let dir = common::repo_root().join("examples").join(example);
    let out = Command::new(common::raise_bin())
        .arg("emit")
        .arg(dir.join(form))
        .arg("--spec")
        .arg(dir.join("spec.toml"))
        .args(["--emit", "kernel-ir", "--stats"])
        .output()
        .expect("run raise");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// (found, removed) from the "kernel K: N barriers, R removed, K kept" line.
fn counts(text: &str) -> (u32, u32) {
    let line = text
        .lines()
        .find(|l| l.starts_with("kernel "))
        .unwrap_or_else(|| panic!("no kernel line in {text}"));
    let nums: Vec<u32> = line
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .filter_map(|s| s.parse().ok())
        .collect();
    (nums[nums.len() - 3], nums[nums.len() - 2])
}

#[test]
fn bpnn_unneeded_barrier_is_removed() {
    for form in ["kernel.O0.ll", "kernel.O2.ll", "kernel.ptx"] {
        let text = stats("bpnn_layerforward_like", form);
        let (found, removed) = counts(&text);
        assert!(found >= 4, "{form}: {text}");
        assert!(removed >= 1, "{form}: {text}");
        // The first barrier orders writes to one shared array before writes to another.
        let first = text
            .lines()
            .find(|l| l.trim_start().starts_with("removed") || l.trim_start().starts_with("kept"))
            .unwrap_or("");
        assert!(first.trim_start().starts_with("removed"), "{form}: {text}");
        // The barrier between the shared stores and the loads of the product stays.
        assert!(text.contains("kept"), "{form}: {text}");
    }
}

#[test]
fn tree_reduction_and_transpose_keep_their_barriers() {
    for (example, form) in [
        ("reduce_shared", "kernel.O0.ll"),
        ("reduce_shared", "kernel.O2.ll"),
        ("reduce_shared", "kernel.ptx"),
        ("transpose_shared", "kernel.O2.ll"),
        ("transpose_shared", "kernel.ptx"),
    ] {
        let text = stats(example, form);
        let (found, removed) = counts(&text);
        assert!(found >= 1, "{example} {form}: {text}");
        assert_eq!(removed, 0, "{example} {form}: {text}");
    }
}
