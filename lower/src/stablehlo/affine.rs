//! Affine forms over the six launch ids (block x, y, z, thread x, y, z) with the launch's
//! known extents, used to turn gathers/scatters into slices. A form is only kept while
//! its exact integer value provably fits the IR type it is computed in (so the wrapping
//! arithmetic of the kernel equals the exact arithmetic of the form).

/// `sum(coef[k] * id[k]) + c`; ids: block x, y, z, thread x, y, z.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Affine {
    pub coef: [i64; 6],
    pub c: i64,
}

impl Affine {
    pub fn constant(c: i64) -> Self {
        Affine { coef: [0; 6], c }
    }
    pub fn id(k: usize) -> Self {
        let mut coef = [0; 6];
        coef[k] = 1;
        Affine { coef, c: 0 }
    }
    pub fn add(&self, o: &Affine) -> Option<Affine> {
        let mut coef = [0; 6];
        for (k, x) in coef.iter_mut().enumerate() {
            *x = self.coef[k].checked_add(o.coef[k])?;
        }
        Some(Affine {
            coef,
            c: self.c.checked_add(o.c)?,
        })
    }
    pub fn scale(&self, s: i64) -> Option<Affine> {
        let mut coef = [0; 6];
        for (k, x) in coef.iter_mut().enumerate() {
            *x = self.coef[k].checked_mul(s)?;
        }
        Some(Affine {
            coef,
            c: self.c.checked_mul(s)?,
        })
    }
    pub fn is_const(&self) -> bool {
        self.coef.iter().all(|&c| c == 0)
    }
    /// The exact range of the form over the id box `0 <= id[k] < extent[k]`.
    pub fn range(&self, extent: &[i64; 6]) -> Option<(i64, i64)> {
        let (mut lo, mut hi) = (self.c as i128, self.c as i128);
        for (coef, ext) in self.coef.iter().zip(extent) {
            let v = *coef as i128 * (ext.max(&1) - 1) as i128;
            if v < 0 {
                lo += v
            } else {
                hi += v
            }
        }
        Some((i64::try_from(lo).ok()?, i64::try_from(hi).ok()?))
    }
    /// Keep the form only if its range fits a signed integer of `bits` bits.
    pub fn fits(self, bits: u32, extent: &[i64; 6]) -> Option<Affine> {
        let (lo, hi) = self.range(extent)?;
        if bits >= 64 {
            return Some(self);
        }
        let max = (1i64 << (bits - 1)) - 1;
        (lo >= -max - 1 && hi <= max).then_some(self)
    }
    /// Divide by `d` if every coefficient and the constant are multiples of it.
    pub fn div_exact(&self, d: i64) -> Option<Affine> {
        if d == 0 || self.c % d != 0 || self.coef.iter().any(|c| c % d != 0) {
            return None;
        }
        let mut coef = self.coef;
        coef.iter_mut().for_each(|c| *c /= d);
        Some(Affine {
            coef,
            c: self.c / d,
        })
    }
    /// `(s, c)` if the form equals `s * lane + c` for the flat lane index
    /// `lane = ((bz * gy + by) * gx + bx) * nt + (tz * BY + ty) * BX + tx` (ids whose
    /// extent is 1 are always 0, so their coefficient does not matter).
    pub fn as_lane(&self, extent: &[i64; 6]) -> Option<(i64, i64)> {
        let [gx, gy, _, bx, by, bz] = *extent;
        let nt = bx * by * bz;
        let s = self.coef[3];
        let lane_coef = [nt, nt * gx, nt * gx * gy, 1, bx, bx * by];
        for k in 0..6 {
            if extent[k] > 1 && self.coef[k] != s.checked_mul(lane_coef[k])? {
                return None;
            }
        }
        if extent[3] <= 1 && s != 0 {
            // tx has extent 1: the lane stride must come from another id.
            return None;
        }
        Some((s, self.c))
    }
}

/// A dense-box view of an affine access `row[c + sum(a_i * id_i)]` (one row per block
/// for shared memory, one row for a buffer): the ids with a non-zero coefficient, sorted
/// by decreasing coefficient, are *nested* (`a_i` is a multiple of `a_{i+1}` and at least
/// `a_{i+1} * ext_{i+1}`), so the accessed elements are `c + step * u` where `u` runs over
/// the row-major positions of the box `[r_1, .., r_m]` (`r_1 = ext_1`, `r_i = a_{i-1} /
/// a_i`) restricted to `[ext_1, .., ext_m]`. Then a load is a strided slice + reshape +
/// slice (+ transpose/broadcast to the lanes), and a store is the inverse pads + reshape.
///
/// Why it is exact: the mixed-radix digits of `u` are exactly the ids (each `id_i <
/// ext_i <= r_i`), so every lane reads/writes the same element as the gather/scatter
/// would; the whole range of the form is checked inside `[0, row_len)`, so no lane's
/// access is clamped (gather) or dropped (scatter) by the general path either; and the
/// map from the ids in `dims` to elements is injective (distinct digits give distinct
/// `u`), so a store has no two lanes writing the same element.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoxView {
    /// First element (in the row).
    pub c: i64,
    /// Distance between consecutive elements of the innermost box dimension.
    pub step: i64,
    /// `r_1 * .. * r_m`: number of (strided) elements the box spans.
    pub len: i64,
    /// `(id, ext, r)` from outermost to innermost.
    pub dims: Vec<(usize, i64, i64)>,
}

/// The [`BoxView`] of `f` over `extent` when only the ids in `allowed` vary the
/// element (others must have coefficient 0 or extent 1), and the form stays within a row
/// of `row_len` elements for every id in the box.
pub fn box_view(f: &Affine, extent: &[i64; 6], allowed: &[usize], row_len: i64) -> Option<BoxView> {
    let mut d: Vec<(usize, i64, i64)> = Vec::new();
    for (k, (&e, &a)) in extent.iter().zip(&f.coef).enumerate() {
        if e <= 1 || a == 0 {
            continue;
        }
        if !allowed.contains(&k) || a < 0 {
            return None;
        }
        d.push((k, e, a));
    }
    d.sort_by_key(|x| std::cmp::Reverse(x.2));
    let (lo, hi) = f.range(extent)?;
    if lo < 0 || hi >= row_len || f.c != lo {
        return None;
    }
    let step = d.last().map(|x| x.2).unwrap_or(1);
    let mut dims = Vec::new();
    let mut len = 1i64;
    for i in 0..d.len() {
        let (id, ext, a) = d[i];
        if a % step != 0 {
            return None;
        }
        let r = if i == 0 {
            ext
        } else {
            let prev = d[i - 1].2;
            if prev % a != 0 || prev < a.checked_mul(ext)? {
                return None;
            }
            prev / a
        };
        len = len.checked_mul(r)?;
        dims.push((id, ext, r));
    }
    Some(BoxView {
        c: f.c,
        step,
        len,
        dims,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lane_forms() {
        let ext = [4, 1, 1, 256, 1, 1];
        // blockIdx.x * 256 + threadIdx.x + 2
        let a = Affine::id(0)
            .scale(256)
            .unwrap()
            .add(&Affine::id(3))
            .unwrap()
            .add(&Affine::constant(2))
            .unwrap();
        assert_eq!(a.as_lane(&ext), Some((1, 2)));
        assert_eq!(a.scale(4).unwrap().as_lane(&ext), Some((4, 8)));
        assert_eq!(Affine::id(3).as_lane(&ext), None);
        assert_eq!(a.range(&ext), Some((2, 1025)));
        assert!(a.scale(1 << 22).unwrap().fits(32, &ext).is_none());
        assert_eq!(a.scale(4).unwrap().div_exact(4), Some(a));
        assert_eq!(a.div_exact(4), None);
    }

    #[test]
    fn box_views() {
        // tile[ty + j][tx] of a 32x33 tile, block 32x8: nested (33 >= 1 * 32).
        let ext = [4, 3, 1, 32, 8, 1];
        let mut f = Affine::constant(33 * 8);
        f.coef[3] = 1;
        f.coef[4] = 33;
        let v = box_view(&f, &ext, &[3, 4, 5], 32 * 33).unwrap();
        assert_eq!(v.step, 1);
        assert_eq!(v.dims, vec![(4, 8, 8), (3, 32, 33)]);
        assert_eq!(v.len, 8 * 33);
        // tile[tx][ty + j]: coefficients 33 (tx) and 1 (ty).
        let mut g = Affine::constant(8);
        g.coef[3] = 33;
        g.coef[4] = 1;
        let v = box_view(&g, &ext, &[3, 4, 5], 32 * 33).unwrap();
        assert_eq!(v.dims, vec![(3, 32, 32), (4, 8, 33)]);
        // Out of the row, block id not allowed, overlapping (not nested) coefficients.
        assert!(box_view(&g, &ext, &[3, 4, 5], 32 * 32).is_none());
        let mut h = f;
        h.coef[0] = 1;
        assert!(box_view(&h, &ext, &[3, 4, 5], 1 << 20).is_none());
        let mut o = Affine::constant(0);
        o.coef[3] = 1;
        o.coef[4] = 16;
        assert!(box_view(&o, &ext, &[3, 4, 5], 1 << 20).is_none());
        // Constant index: an empty box.
        let v = box_view(&Affine::constant(5), &ext, &[3, 4, 5], 6).unwrap();
        assert_eq!((v.c, v.len, v.dims.len()), (5, 1, 0));
    }
}
