//! Compile-cost counters of the CPU backend, for measuring where compile time and code
//! size go (`raise/examples/compile_cost.rs`). Off unless [`enable`]d on the compiling
//! thread; then every kernel compiled on that thread adds its MLIR text size, the time of
//! each stage (our emission, MLIR parse, MLIR pass pipeline, LLVM translation and JIT set
//! up, LLVM optimisation and machine code) and the number of split x loops, segment
//! leaves and loop-body copies emitted, until [`take`] returns and resets them.
//!
//! With counting on, compilation forces the JIT to materialise the kernel (a lookup of
//! its entry point) so that LLVM's work is timed at compile time; without it that work
//! happens at the first run. Nothing here changes the code emitted.

use std::cell::RefCell;
use std::time::Instant;

/// Counters summed over the kernels compiled since the last [`take`].
#[derive(Clone, Debug, Default)]
pub struct CompileStats {
    /// Kernels compiled.
    pub kernels: usize,
    /// Bytes of MLIR text emitted.
    pub text_bytes: usize,
    /// Seconds in our emission (parallel IR -> MLIR text).
    pub emit_s: f64,
    /// Seconds parsing the text.
    pub parse_s: f64,
    /// Seconds in the MLIR pass pipeline (to the LLVM dialect).
    pub passes_s: f64,
    /// Seconds creating the execution engine (translation to LLVM IR, JIT set-up).
    pub engine_s: f64,
    /// Seconds materialising the entry point (LLVM -O3 and machine code).
    pub codegen_s: f64,
    /// Thread-x loops emitted as index-set splits (`super::split`).
    pub split_loops: usize,
    /// Segment leaves of those splits (each one or more loop-body copies).
    pub segments: usize,
    /// Copies of a thread loop's body emitted (split or not; streamed groups count each).
    pub body_copies: usize,
    /// Per kernel: its function name, MLIR bytes and seconds from parse to machine code.
    pub per_kernel: Vec<(String, usize, f64)>,
}

thread_local! {
    static STATS: RefCell<Option<CompileStats>> = const { RefCell::new(None) };
}

/// Start counting on this thread (resets the counters).
pub fn enable() {
    STATS.with(|s| *s.borrow_mut() = Some(CompileStats::default()));
}

/// The counters since [`enable`] or the last `take` (reset to zero; counting stays on).
pub fn take() -> CompileStats {
    STATS.with(|s| {
        s.borrow_mut()
            .as_mut()
            .map(std::mem::take)
            .unwrap_or_default()
    })
}

/// Whether counting is on for this thread.
pub(super) fn on() -> bool {
    STATS.with(|s| s.borrow().is_some())
}

/// Add to the counters when counting is on.
pub(super) fn add(f: impl FnOnce(&mut CompileStats)) {
    STATS.with(|s| {
        if let Some(st) = s.borrow_mut().as_mut() {
            f(st)
        }
    });
}

/// Seconds since `t`.
pub(super) fn since(t: Instant) -> f64 {
    t.elapsed().as_secs_f64()
}
