//! Helpers of the differentiation tests (`grad_jvp`, `grad_vjp`, `grad_stablehlo`):
//! deterministic random directions and cotangents, `x + h t`, and the dot product of two
//! buffer lists; example loading and the tolerance check of the CPU gradient tests.

use raise::buffers::HostBuffer;
use raise::driver;

use super::repo_root as root;

/// Deterministic pseudo-random numbers in [-1, 1).
pub struct Lcg(pub u64);
impl Lcg {
    pub fn next(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 11) as f64 / (1u64 << 53) as f64) * 2.0 - 1.0
    }
}

/// Buffers shaped like `bufs`: random values in [-1, 1) in the float ones, zeros in the
/// integer ones.
pub fn random_like(bufs: &[HostBuffer], seed: u64) -> Vec<HostBuffer> {
    fill_random(bufs, seed, false)
}

/// Buffers shaped like `bufs`: random values in [-1, 1) in the float ones, small nonzero
/// integers in the integer ones (for checks that integer buffers' tangents and cotangents
/// are ignored).
pub fn random_like_with_ints(bufs: &[HostBuffer], seed: u64) -> Vec<HostBuffer> {
    fill_random(bufs, seed, true)
}

fn fill_random(bufs: &[HostBuffer], seed: u64, ints: bool) -> Vec<HostBuffer> {
    let mut rng = Lcg(seed);
    bufs.iter()
        .map(|b| {
            let mut t = HostBuffer::zeros(b.dtype, &b.shape).unwrap();
            if b.dtype.is_float() || ints {
                for i in 0..t.len() {
                    let v = rng.next();
                    let v = if b.dtype.is_float() {
                        v
                    } else {
                        (v * 7.0).round()
                    };
                    t.set_f64(i, v).unwrap();
                }
            }
            t
        })
        .collect()
}

/// `x + h t` in the float buffers (integer buffers are copied).
pub fn axpy(x: &[HostBuffer], t: &[HostBuffer], h: f64) -> Vec<HostBuffer> {
    x.iter()
        .zip(t)
        .map(|(x, t)| {
            let mut y = x.clone();
            if x.dtype.is_float() {
                for i in 0..x.len() {
                    let v = x.get_f64(i).unwrap() + h * t.get_f64(i).unwrap();
                    y.set_f64(i, v).unwrap();
                }
            }
            y
        })
        .collect()
}

/// The dot product of the float buffers of `a` and `b`, and the sum of the products'
/// magnitudes (the scale of its rounding error).
pub fn dot(a: &[HostBuffer], b: &[HostBuffer]) -> (f64, f64) {
    let (mut s, mut abs) = (0.0, 0.0);
    for (x, y) in a.iter().zip(b) {
        if !x.dtype.is_float() {
            continue;
        }
        for i in 0..x.len() {
            let p = x.get_f64(i).unwrap() * y.get_f64(i).unwrap();
            s += p;
            abs += p.abs();
        }
    }
    (s, abs)
}

/// The spec of stencil1d_pingpong at `n` elements on blocks of `block`: two launches,
/// x -> y and y -> x.
pub fn pingpong(n: usize, block: usize) -> String {
    let mut pp = format!(
        "[buffers.x]\ndtype = \"f32\"\nshape = [{n}]\n[buffers.y]\ndtype = \"f32\"\nshape = [{n}]\n"
    );
    for (a, b) in [("x", "y"), ("y", "x")] {
        pp.push_str(&format!(
            "[[launch]]\nkernel = \"stencil1d\"\ngrid = [{}]\nblock = [{block}]\nargs = [{n}, \"{a}\", \"{b}\"]\n",
            n.div_ceil(block)
        ));
    }
    pp
}

/// The spec of device_call at `n` outputs (`n + 2` inputs) on blocks of `block`.
pub fn device_call(n: usize, block: usize) -> String {
    format!(
        "[buffers.x]\ndtype = \"f32\"\nshape = [{}]\n[buffers.y]\ndtype = \"f32\"\nshape = [{n}]\n\
         [[launch]]\nkernel = \"smooth\"\ngrid = [{}]\nblock = [{block}]\nargs = [{n}, 0.5, \"x\", \"y\"]\n",
        n + 2,
        n.div_ceil(block)
    )
}

/// An example's module (from `file`: `kernel.O2.ll`, ...) and spec.
pub fn load_example(example: &str, file: &str) -> (frontend::ir::Module, raise::spec::LaunchSpec) {
    let dir = root().join("examples").join(example);
    let spec = raise::spec::load_spec(&dir.join("spec.toml")).unwrap();
    let module = driver::load_module(&dir.join(file)).unwrap();
    (module, spec)
}

/// Every element of `got` within `1e-4 (1 + |want|)` of `want`'s, buffer by buffer.
pub fn assert_close(what: &str, got: &[HostBuffer], want: &[HostBuffer]) {
    assert_eq!(got.len(), want.len(), "{what}");
    for (k, (g, w)) in got.iter().zip(want).enumerate() {
        assert_eq!(g.data.len(), w.data.len(), "{what}: buffer {k}");
        for i in 0..w.len() {
            let (a, b) = (g.get_f64(i).unwrap(), w.get_f64(i).unwrap());
            assert!(
                (a - b).abs() <= 1e-4 * (1.0 + b.abs()),
                "{what}: buffer {k}[{i}] = {a}, want {b}"
            );
        }
    }
}
