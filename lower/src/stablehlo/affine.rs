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
    /// `lane = sum(strides[k] * id[k])` (see [`lane_strides`]; ids whose extent is 1 are
    /// always 0, so their coefficient does not matter).
    pub fn as_lane(&self, extent: &[i64; 6], strides: &[i64; 6]) -> Option<(i64, i64)> {
        // The lane's unit step is the innermost varying id's (none varies: one lane).
        let s = (0..6)
            .find(|&k| extent[k] > 1 && strides[k] == 1)
            .map_or(0, |k| self.coef[k]);
        for k in 0..6 {
            if extent[k] > 1 && self.coef[k] != s.checked_mul(strides[k])? {
                return None;
            }
        }
        Some((s, self.c))
    }
}

/// The default lane order, outermost id first: block z, y, x, thread z, y, x, so that
/// `lane = ((bz * gy + by) * gx + bx) * nt + (tz * BY + ty) * BX + tx` (warps are
/// aligned groups of 32 lanes, blocks runs of `nt` lanes).
pub const DEFAULT_ORDER: [usize; 6] = [2, 1, 0, 5, 4, 3];

/// Each id's stride in the flat lane index when the lane is the mixed-radix number of
/// the ids in `order` (outermost first) with digit ranges `extent`.
pub fn lane_strides(order: &[usize; 6], extent: &[i64; 6]) -> [i64; 6] {
    let mut strides = [0; 6];
    let mut acc = 1i64;
    for &k in order.iter().rev() {
        strides[k] = acc;
        acc = acc.saturating_mul(extent[k].max(1));
    }
    strides
}

/// A lane order under which the access `f` (an element index) walks the memory in
/// lane order: every varying id (extent > 1) has a positive coefficient, they nest as
/// a [`BoxView`], and the order lists them by decreasing coefficient (ids of extent 1
/// first, in [`DEFAULT_ORDER`]'s order). Then a load or store through `f` needs no
/// transpose (a dense box is `s * lane + c`: a slice). `None` when `f` has no such
/// view or the order lists the varying ids as [`DEFAULT_ORDER`] does.
pub fn order_for(f: &Affine, extent: &[i64; 6]) -> Option<[usize; 6]> {
    if (0..6).any(|k| extent[k] > 1 && f.coef[k] <= 0) {
        return None;
    }
    let bv = box_view(f, extent, &[0, 1, 2, 3, 4, 5], i64::MAX)?;
    let mut order: Vec<usize> = DEFAULT_ORDER
        .iter()
        .copied()
        .filter(|&k| extent[k] <= 1)
        .collect();
    order.extend(bv.dims.iter().map(|d| d.0));
    let order: [usize; 6] = order.try_into().ok()?;
    let varying =
        |o: &[usize; 6]| -> Vec<usize> { o.iter().copied().filter(|&k| extent[k] > 1).collect() };
    (varying(&order) != varying(&DEFAULT_ORDER)).then_some(order)
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
        let st = lane_strides(&DEFAULT_ORDER, &ext);
        assert_eq!(st, [256, 1024, 1024, 1, 256, 256]);
        assert_eq!(a.as_lane(&ext, &st), Some((1, 2)));
        assert_eq!(a.scale(4).unwrap().as_lane(&ext, &st), Some((4, 8)));
        assert_eq!(Affine::id(0).as_lane(&ext, &st), None);
        // Block 1 x 256 (threadIdx.y): the unit step is ty's.
        let ext_y = [4, 1, 1, 1, 256, 1];
        let st_y = lane_strides(&DEFAULT_ORDER, &ext_y);
        let mut b = Affine::id(4)
            .add(&Affine::id(0).scale(256).unwrap())
            .unwrap();
        assert_eq!(b.as_lane(&ext_y, &st_y), Some((1, 0)));
        b.coef[3] = 7; // tx has extent 1: its coefficient does not matter
        assert_eq!(b.as_lane(&ext_y, &st_y), Some((1, 0)));
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

    #[test]
    fn lane_orders() {
        // stencil2d: c = (by * 8 + ty) * 1024 + bx * 16 + tx on a 64 x 128 grid of
        // 16 x 8 blocks: row-major order is by, ty, bx, tx; then c is the lane.
        let ext = [64, 128, 1, 16, 8, 1];
        let mut f = Affine::constant(0);
        f.coef = [16, 8 * 1024, 0, 1, 1024, 0];
        let order = order_for(&f, &ext).unwrap();
        assert_eq!(order, [2, 5, 1, 4, 0, 3]);
        let st = lane_strides(&order, &ext);
        assert_eq!(f.as_lane(&ext, &st), Some((1, 0)));
        let mut g = f;
        g.c = -1024; // c - nx
        assert_eq!(g.as_lane(&ext, &st), Some((1, -1024)));
        // In the default order the same form is no lane form.
        assert_eq!(f.as_lane(&ext, &lane_strides(&DEFAULT_ORDER, &ext)), None);
        // 1-D: the default order already walks the buffer; a varying id with
        // coefficient 0 (every block's threads write one element) has no order.
        let e1 = [4, 1, 1, 256, 1, 1];
        let mut h = Affine::constant(2);
        h.coef = [256, 0, 0, 1, 0, 0];
        assert_eq!(order_for(&h, &e1), None);
        h.coef = [1, 0, 0, 0, 0, 0];
        assert_eq!(order_for(&h, &e1), None);
        // Transposed store at[col * ny + row] (col = bx * 32 + tx, row = by * 8 + ty).
        let e2 = [4, 16, 1, 32, 8, 1];
        let mut t = Affine::constant(0);
        t.coef = [32 * 128, 8, 0, 128, 1, 0];
        assert_eq!(order_for(&t, &e2), Some([2, 5, 0, 3, 1, 4]));
    }
}
