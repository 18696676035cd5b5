//! `.npy` files (NumPy's array format, versions 1-3) for [`HostTensor`]s.
//!
//! Little-endian, C order. `bf16` has no NumPy dtype: it is written as `'<V2'`, which is
//! what `np.save` writes for an `ml_dtypes.bfloat16` array, and `'<V2'` reads back as
//! `bf16` (`tests/jax_exec.py` follows the same convention).

use crate::tensor::{element_count, ElementType, HostTensor};
use crate::RuntimeError;
use std::path::Path;

const MAGIC: &[u8] = b"\x93NUMPY";

fn descr(t: ElementType) -> &'static str {
    match t {
        ElementType::Pred => "|b1",
        ElementType::S8 => "|i1",
        ElementType::S16 => "<i2",
        ElementType::S32 => "<i4",
        ElementType::S64 => "<i8",
        ElementType::U8 => "|u1",
        ElementType::U16 => "<u2",
        ElementType::U32 => "<u4",
        ElementType::U64 => "<u8",
        ElementType::F16 => "<f2",
        ElementType::BF16 => "<V2",
        ElementType::F32 => "<f4",
        ElementType::F64 => "<f8",
    }
}

fn from_descr(d: &str) -> Option<ElementType> {
    // '|' (not applicable) and '<' (little-endian) are both fine for 1-byte types;
    // '=' is native order, little-endian on every platform raise runs on.
    let code = d.strip_prefix(['<', '|', '='])?;
    Some(match code {
        "b1" => ElementType::Pred,
        "i1" => ElementType::S8,
        "i2" => ElementType::S16,
        "i4" => ElementType::S32,
        "i8" => ElementType::S64,
        "u1" => ElementType::U8,
        "u2" => ElementType::U16,
        "u4" => ElementType::U32,
        "u8" => ElementType::U64,
        "f2" => ElementType::F16,
        "V2" => ElementType::BF16,
        "f4" => ElementType::F32,
        "f8" => ElementType::F64,
        _ => return None,
    })
}

/// The `.npy` bytes of a tensor (format version 1.0; 2.0 if the header is huge).
pub fn to_bytes(t: &HostTensor) -> Result<Vec<u8>, RuntimeError> {
    t.check()?;
    let shape = match t.dims.len() {
        0 => "()".to_string(),
        1 => format!("({},)", t.dims[0]),
        _ => {
            let d: Vec<String> = t.dims.iter().map(|d| d.to_string()).collect();
            format!("({})", d.join(", "))
        }
    };
    let mut header = format!(
        "{{'descr': '{}', 'fortran_order': False, 'shape': {shape}, }}",
        descr(t.element)
    );
    // magic(6) + version(2) + length(2 or 4) + header + '\n', padded to 64 bytes.
    let v1 = header.len() + 11 <= u16::MAX as usize;
    let prefix = if v1 { 10 } else { 12 };
    while !(prefix + header.len() + 1).is_multiple_of(64) {
        header.push(' ');
    }
    header.push('\n');
    let mut out = Vec::with_capacity(prefix + header.len() + t.data.len());
    out.extend_from_slice(MAGIC);
    if v1 {
        out.extend_from_slice(&[1, 0]);
        out.extend_from_slice(&(header.len() as u16).to_le_bytes());
    } else {
        out.extend_from_slice(&[2, 0]);
        let len = u32::try_from(header.len())
            .map_err(|_| RuntimeError::InvalidInput("npy header too long".to_string()))?;
        out.extend_from_slice(&len.to_le_bytes());
    }
    out.extend_from_slice(header.as_bytes());
    out.extend_from_slice(&t.data);
    Ok(out)
}

fn bad(msg: impl Into<String>) -> RuntimeError {
    RuntimeError::InvalidInput(format!("npy: {}", msg.into()))
}

/// Parses `.npy` bytes.
pub fn from_bytes(bytes: &[u8]) -> Result<HostTensor, RuntimeError> {
    if bytes.len() < 10 || &bytes[..6] != MAGIC {
        return Err(bad("not an .npy file (bad magic)"));
    }
    let (header_start, header_len): (usize, usize) = match bytes[6] {
        1 => (10, u16::from_le_bytes([bytes[8], bytes[9]]) as usize),
        2 | 3 => {
            if bytes.len() < 12 {
                return Err(bad("truncated header"));
            }
            (
                12,
                u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]) as usize,
            )
        }
        v => return Err(bad(format!("unsupported format version {v}"))),
    };
    let data_start = header_start
        .checked_add(header_len)
        .filter(|&e| e <= bytes.len())
        .ok_or_else(|| bad("truncated header"))?;
    let header = std::str::from_utf8(&bytes[header_start..data_start])
        .map_err(|_| bad("header is not text"))?;

    let descr = dict_value(header, "descr").ok_or_else(|| bad("header has no 'descr'"))?;
    let descr = descr.trim().trim_matches(|c| c == '\'' || c == '"');
    let element = from_descr(descr).ok_or_else(|| bad(format!("unsupported dtype '{descr}'")))?;
    let fortran =
        dict_value(header, "fortran_order").ok_or_else(|| bad("header has no 'fortran_order'"))?;
    let fortran = fortran.trim() == "True";
    let shape = dict_value(header, "shape").ok_or_else(|| bad("header has no 'shape'"))?;
    let shape = shape.trim().trim_start_matches('(').trim_end_matches(')');
    let mut dims = Vec::new();
    for part in shape.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        dims.push(
            part.parse::<i64>()
                .map_err(|_| bad(format!("bad shape entry '{part}'")))?,
        );
    }
    let n = element_count(&dims)?;
    let size = n
        .checked_mul(element.byte_size())
        .ok_or_else(|| bad("shape too large"))?;
    let data = bytes
        .get(data_start..)
        .filter(|d| d.len() >= size)
        .ok_or_else(|| {
            bad(format!(
                "{} data bytes, shape {dims:?} of {element} needs {size}",
                bytes.len() - data_start
            ))
        })?;
    let data = &data[..size];
    let data = if fortran && dims.len() > 1 {
        fortran_to_c(data, &dims, element.byte_size())
    } else {
        data.to_vec()
    };
    HostTensor::new(element, dims, data)
}

/// The text of `key`'s value in a Python dict literal (up to the next top-level comma).
fn dict_value<'a>(header: &'a str, key: &str) -> Option<&'a str> {
    let k1 = format!("'{key}'");
    let k2 = format!("\"{key}\"");
    let at = header
        .find(&k1)
        .map(|i| i + k1.len())
        .or_else(|| header.find(&k2).map(|i| i + k2.len()))?;
    let rest = header[at..].trim_start().strip_prefix(':')?;
    let mut depth = 0i32;
    for (i, c) in rest.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            ',' | '}' if depth == 0 => return Some(&rest[..i]),
            _ => {}
        }
    }
    Some(rest)
}

/// Reorders column-major element data to row-major.
fn fortran_to_c(data: &[u8], dims: &[i64], es: usize) -> Vec<u8> {
    let dims: Vec<usize> = dims.iter().map(|&d| d.max(0) as usize).collect();
    let n: usize = dims.iter().product();
    let mut out = vec![0u8; data.len()];
    let mut idx = vec![0usize; dims.len()];
    for c_pos in 0..n {
        // Column-major offset of the multi-index `idx`.
        let mut f_pos = 0;
        let mut stride = 1;
        for (k, &d) in dims.iter().enumerate() {
            f_pos += idx[k] * stride;
            stride *= d;
        }
        out[c_pos * es..(c_pos + 1) * es].copy_from_slice(&data[f_pos * es..(f_pos + 1) * es]);
        for k in (0..dims.len()).rev() {
            idx[k] += 1;
            if idx[k] < dims[k] {
                break;
            }
            idx[k] = 0;
        }
    }
    out
}

/// Writes a tensor to an `.npy` file.
pub fn write(path: &Path, t: &HostTensor) -> Result<(), RuntimeError> {
    let bytes = to_bytes(t)?;
    std::fs::write(path, bytes).map_err(|e| RuntimeError::Io {
        path: path.to_path_buf(),
        message: e.to_string(),
    })
}

/// Reads an `.npy` file.
pub fn read(path: &Path) -> Result<HostTensor, RuntimeError> {
    let bytes = std::fs::read(path).map_err(|e| RuntimeError::Io {
        path: path.to_path_buf(),
        message: e.to_string(),
    })?;
    from_bytes(&bytes).map_err(|e| RuntimeError::Io {
        path: path.to_path_buf(),
        message: e.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_all_types() {
        for t in ElementType::ALL {
            let data: Vec<u8> = (0..(6 * t.byte_size()) as u8)
                .map(|b| if t == ElementType::Pred { b & 1 } else { b })
                .collect();
            let x = HostTensor::new(t, vec![2, 3], data).unwrap();
            let y = from_bytes(&to_bytes(&x).unwrap()).unwrap();
            assert_eq!(x, y, "{t}");
        }
        let s = HostTensor::scalar(2.5f64);
        assert_eq!(from_bytes(&to_bytes(&s).unwrap()).unwrap(), s);
        let v = HostTensor::from_slice(&[3], &[1i32, 2, 3]).unwrap();
        let b = to_bytes(&v).unwrap();
        assert_eq!(
            b.len() % 64,
            12,
            "header padded to 64 bytes, then 12 data bytes"
        );
    }

    #[test]
    fn fortran_order_is_reordered() {
        // [[1,2,3],[4,5,6]] stored column-major: 1 4 2 5 3 6.
        let col: Vec<u8> = [1i32, 4, 2, 5, 3, 6]
            .iter()
            .flat_map(|v| v.to_le_bytes())
            .collect();
        let mut b = b"\x93NUMPY\x01\x00".to_vec();
        let mut h = "{'descr': '<i4', 'fortran_order': True, 'shape': (2, 3), }".to_string();
        while !(10 + h.len() + 1).is_multiple_of(64) {
            h.push(' ');
        }
        h.push('\n');
        b.extend_from_slice(&(h.len() as u16).to_le_bytes());
        b.extend_from_slice(h.as_bytes());
        b.extend_from_slice(&col);
        let t = from_bytes(&b).unwrap();
        assert_eq!(t.to_vec::<i32>().unwrap(), vec![1, 2, 3, 4, 5, 6]);
    }

    #[test]
    fn garbage_is_an_error() {
        assert!(from_bytes(b"").is_err());
        let mut h = b"\x93NUMPY\x01\x00".to_vec();
        let hdr = "{'descr': '\u{e9}4', 'fortran_order': False, 'shape': (1,), }\n";
        h.extend_from_slice(&(hdr.len() as u16).to_le_bytes());
        h.extend_from_slice(hdr.as_bytes());
        h.extend_from_slice(&[0; 4]);
        assert!(from_bytes(&h).is_err());
        assert!(from_bytes(b"\x93NUMPY\x01\x00\xff\xff{}").is_err());
        let v = to_bytes(&HostTensor::from_slice(&[4], &[1.0f32; 4]).unwrap()).unwrap();
        assert!(from_bytes(&v[..v.len() - 1]).is_err());
        for cut in 0..v.len() {
            let _ = from_bytes(&v[..cut]);
        }
    }
}
