//! Numba CUDA kernels: the argument ABI read from the mangled kernel name.
//!
//! Numba mangles kernels Itanium-style without substitutions:
//! `_ZN6cudapy8__main__5saxpyB2v1B94<hash>E5ArrayIfLi1E1C7mutable7alignedEf...`, i.e. a
//! nested name (with ABI tags `B<len><tag>`) followed by one code per Python argument:
//! * scalars by single letters (`b` bool, `a`/`h` int8/uint8, `s`/`t` int16/uint16,
//!   `i`/`j` int32/uint32, `x`/`y` int64/uint64, `f` float32, `d` float64);
//! * arrays as `5ArrayI<dtype>Li<ndim>E1<layout><mutability><alignment>E`.
//!
//! An array argument is passed as `5 + 2 * ndim` kernel parameters: meminfo, parent,
//! nitems, itemsize, data, `shape[ndim]`, `strides[ndim]`. This module is independent of
//! LLVM: both the `.ll` and the `.ptx` frontends use it.

use crate::ir::{AbiArg, Type};

/// One Python-level argument type, as far as the ABI needs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NumbaArg {
    /// A scalar passed as one parameter (its mangling code).
    Scalar(char),
    /// An array of `ndim` dimensions; `dtype` is the mangled element type.
    Array { dtype: String, ndim: u32 },
}

/// The argument grouping of a Numba kernel, from its mangled name, checked against the
/// kernel's parameter types. `None` when the name is not a Numba mangling this module
/// understands or does not fit the parameters.
pub fn numba_abi(mangled_name: &str, param_types: &[Type]) -> Option<Vec<AbiArg>> {
    let args = numba_args(mangled_name)?;
    let mut abi = Vec::new();
    let mut p: u32 = 0;
    for a in &args {
        match a {
            NumbaArg::Scalar(_) => {
                let t = *param_types.get(p as usize)?;
                if t.is_ptr() {
                    return None;
                }
                abi.push(AbiArg::Param(p));
                p += 1;
            }
            NumbaArg::Array { ndim, .. } => {
                let n = 5 + 2 * *ndim;
                let tys = param_types.get(p as usize..(p + n) as usize)?;
                let fits = tys.iter().enumerate().all(|(k, t)| match k {
                    0 | 1 | 4 => t.is_ptr(),
                    _ => *t == Type::I64,
                });
                if !fits {
                    return None;
                }
                abi.push(AbiArg::NumbaArray {
                    first: p,
                    ndim: *ndim,
                });
                p += n;
            }
        }
    }
    (p as usize == param_types.len()).then_some(abi)
}

/// The Python-level argument types encoded in a Numba-mangled name.
pub fn numba_args(mangled_name: &str) -> Option<Vec<NumbaArg>> {
    let rest = mangled_name.strip_prefix("_ZN")?;
    let mut cur = Cursor {
        s: rest.as_bytes(),
        pos: 0,
    };
    // Nested name: <len><ident> parts and ABI tags, up to `E`.
    loop {
        match cur.peek()? {
            b'E' => {
                cur.pos += 1;
                break;
            }
            b'B' => {
                cur.pos += 1;
                cur.ident()?;
            }
            b'0'..=b'9' => {
                cur.ident()?;
            }
            _ => return None,
        }
    }
    let mut args = Vec::new();
    while cur.peek().is_some() {
        args.push(cur.arg()?);
    }
    Some(args)
}

struct Cursor<'a> {
    s: &'a [u8],
    pos: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.pos).copied()
    }

    fn eat(&mut self, c: u8) -> Option<()> {
        (self.peek()? == c).then(|| self.pos += 1)
    }

    fn number(&mut self) -> Option<u64> {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if self.pos == start || self.pos - start > 9 {
            return None;
        }
        std::str::from_utf8(&self.s[start..self.pos])
            .ok()?
            .parse()
            .ok()
    }

    /// `<len><ident>`.
    fn ident(&mut self) -> Option<String> {
        let len = self.number()? as usize;
        let end = self.pos.checked_add(len)?;
        let bytes = self.s.get(self.pos..end)?;
        self.pos = end;
        Some(String::from_utf8_lossy(bytes).into_owned())
    }

    /// A literal `L<type><value>E` (e.g. `Li1E`); gives the value text.
    fn literal(&mut self) -> Option<String> {
        self.eat(b'L')?;
        let start = self.pos;
        while self.peek()? != b'E' {
            self.pos += 1;
        }
        let text = String::from_utf8_lossy(&self.s[start..self.pos]).into_owned();
        self.pos += 1;
        Some(text)
    }

    /// Skip one template argument (a type, a literal or an identifier).
    fn template_arg(&mut self) -> Option<String> {
        let start = self.pos;
        match self.peek()? {
            b'L' => {
                self.literal()?;
            }
            b'0'..=b'9' => {
                // A plain identifier (`1C`, `7mutable`) or a nested template type.
                self.ident()?;
                if self.peek() == Some(b'I') {
                    self.pos += 1;
                    while self.peek()? != b'E' {
                        self.template_arg()?;
                    }
                    self.pos += 1;
                }
            }
            _ => {
                self.arg()?;
            }
        }
        Some(String::from_utf8_lossy(&self.s[start..self.pos]).into_owned())
    }

    /// One argument type.
    fn arg(&mut self) -> Option<NumbaArg> {
        let c = self.peek()?;
        if b"bahstijxyfd".contains(&c) {
            self.pos += 1;
            return Some(NumbaArg::Scalar(c as char));
        }
        if !c.is_ascii_digit() {
            return None;
        }
        let name = self.ident()?;
        if self.peek() != Some(b'I') {
            // A named type without template arguments: unknown ABI.
            return None;
        }
        self.pos += 1;
        let mut targs = Vec::new();
        while self.peek()? != b'E' {
            targs.push(self.template_arg()?);
        }
        self.pos += 1;
        if name != "Array" {
            return None;
        }
        let dtype = targs.first()?.clone();
        let ndim_lit = targs.get(1)?;
        let ndim: u32 = ndim_lit
            .strip_prefix("Li")
            .or_else(|| ndim_lit.strip_prefix("Lx"))
            .and_then(|s| s.strip_suffix('E'))
            .and_then(|s| s.parse().ok())?;
        if ndim > 32 {
            return None;
        }
        Some(NumbaArg::Array { dtype, ndim })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAXPY: &str = "_ZN6cudapy8__main__5saxpyB2v1B94cw51cXTLSUwv1sCUt9Uw1VEw0NRRQPKzLTg4gaGKFsG2oMQGEYakJSQB1PQBk0Bynm21OiwU1a0UoLGhDpQE8oxrNQE_3dE5ArrayIfLi1E1C7mutable7alignedEf5ArrayIfLi2E1C7mutable7alignedEx";

    #[test]
    fn reads_arguments() {
        let args = numba_args(SAXPY).unwrap();
        assert_eq!(
            args,
            vec![
                NumbaArg::Array {
                    dtype: "f".into(),
                    ndim: 1
                },
                NumbaArg::Scalar('f'),
                NumbaArg::Array {
                    dtype: "f".into(),
                    ndim: 2
                },
                NumbaArg::Scalar('x'),
            ]
        );
    }

    #[test]
    fn groups_parameters() {
        let p = Type::Ptr(crate::ir::AddrSpace::Generic);
        let i = Type::I64;
        let mut tys = vec![p, p, i, i, p, i, i, Type::F32];
        tys.extend([p, p, i, i, p, i, i, i, i, Type::I64]);
        let abi = numba_abi(SAXPY, &tys).unwrap();
        assert_eq!(
            abi,
            vec![
                AbiArg::NumbaArray { first: 0, ndim: 1 },
                AbiArg::Param(7),
                AbiArg::NumbaArray { first: 8, ndim: 2 },
                AbiArg::Param(17),
            ]
        );
        // Wrong parameter count or types: no grouping.
        assert_eq!(numba_abi(SAXPY, &tys[..17]), None);
        let mut bad = tys.clone();
        bad[4] = Type::I64;
        assert_eq!(numba_abi(SAXPY, &bad), None);
    }

    #[test]
    fn rejects_other_names() {
        assert_eq!(numba_args("_Z6kernelPf"), None);
        assert_eq!(numba_args("saxpy"), None);
        assert_eq!(numba_args("_ZN6cudapy1kE7UnknownIiE"), None);
        assert_eq!(numba_args("_ZN6cudapy1kE5ArrayIfLi1E"), None);
        assert_eq!(numba_args("_ZN99999999999"), None);
    }
}
