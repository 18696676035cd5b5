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
}
