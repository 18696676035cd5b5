//! A reader and writer of NumPy `.npy` files (format versions 1.0, 2.0 and 3.0).
//!
//! Supported element types: `<f2 <f4 <f8 |i1 <i2 <i4 <i8 |u1 <u2 <u4 <u8 |b1`, their
//! big-endian (`>`) forms (converted to little-endian on reading), and bfloat16.
//! Fortran-order arrays are transposed to C order on reading; 0-d arrays (shape `()`)
//! are read as a shape `[]` of one element.
//!
//! **bfloat16.** NumPy has no bfloat16 of its own; with `ml_dtypes` installed,
//! `np.save` of a `bfloat16` array writes the descr `'<V2'` (a 2-byte void), and
//! `np.load` gives back a `|V2` array that `.view(ml_dtypes.bfloat16)` turns into
//! bfloat16 again. A 2-byte void says nothing about its contents, so the reader takes it
//! as bf16 only where the caller expects bf16 ([`read_npy_with`]); the descr
//! `'bfloat16'` (which NumPy accepts when `ml_dtypes` is imported) is always bf16. The
//! writer writes bf16 exactly as `np.save` does: descr `'<V2'`.
//!
//! The header is written byte for byte as NumPy 2 writes it (keys sorted, 21 spare
//! spaces for growing the first axis, padding to a multiple of 64 bytes, version 1.0
//! unless the header needs 2.0).

use std::fmt::Write as _;
use std::path::Path;

use crate::buffers::{byte_len, DType, HostBuffer};

/// The largest header accepted when reading (NumPy's own headers are a few hundred
/// bytes; anything this large is not a real array header).
pub const MAX_HEADER_BYTES: usize = 1 << 20;

/// The most dimensions an array may have (NumPy's own limit).
pub const MAX_DIMS: usize = 64;

/// Deepest nesting of tuples/lists/dicts accepted in a header.
const MAX_NESTING: usize = 32;

const MAGIC: &[u8; 6] = b"\x93NUMPY";

/// An error reading or writing a `.npy` file; displays as one line naming the file.
#[derive(Debug, thiserror::Error)]
pub enum NpyError {
    /// The file could not be read or written.
    #[error("{name}: {action}: {source}")]
    Io {
        /// The file, as given.
        name: String,
        /// What was being done (`"cannot read"`, `"cannot write"`).
        action: &'static str,
        /// The underlying error.
        source: std::io::Error,
    },
    /// The contents are not a supported `.npy` array (or the buffer to write is not
    /// consistent).
    #[error("{name}: {message}")]
    Format {
        /// The file, as given.
        name: String,
        /// What is wrong.
        message: String,
    },
}

impl NpyError {
    fn format(name: &str, message: impl Into<String>) -> NpyError {
        NpyError::Format {
            name: name.to_string(),
            message: message.into(),
        }
    }
}

/// Reads a `.npy` file (2-byte voids are not taken as bf16; see [`read_npy_with`]).
pub fn read_npy(path: &Path) -> Result<HostBuffer, NpyError> {
    read_npy_with(path, None)
}

/// Reads a `.npy` file, taking a 2-byte void (`'<V2'`, as NumPy with `ml_dtypes` saves
/// bfloat16) as bf16 when `expect` is `Some(DType::BF16)`.
///
/// `expect` does not otherwise constrain the result: the caller compares dtypes.
pub fn read_npy_with(path: &Path, expect: Option<DType>) -> Result<HostBuffer, NpyError> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|source| NpyError::Io {
        name: name.clone(),
        action: "cannot read",
        source,
    })?;
    read_npy_bytes_with(&bytes, &name, expect)
}

/// Reads a `.npy` image from memory; `name_for_errors` starts every error message.
pub fn read_npy_bytes(bytes: &[u8], name_for_errors: &str) -> Result<HostBuffer, NpyError> {
    read_npy_bytes_with(bytes, name_for_errors, None)
}

/// [`read_npy_bytes`] with an expected dtype, as in [`read_npy_with`].
pub fn read_npy_bytes_with(
    bytes: &[u8],
    name_for_errors: &str,
    expect: Option<DType>,
) -> Result<HostBuffer, NpyError> {
    let name = name_for_errors;
    let err = |m: String| NpyError::format(name, m);
    if bytes.len() < 8 || &bytes[..6] != MAGIC {
        if bytes.len() < 8 && MAGIC.starts_with(bytes) {
            return Err(err("truncated header".into()));
        }
        return Err(err("not a .npy file (bad magic)".into()));
    }
    let (major, minor) = (bytes[6], bytes[7]);
    let (len_size, utf8) = match (major, minor) {
        (1, 0) => (2, false),
        (2, 0) => (4, false),
        (3, 0) => (4, true),
        _ => {
            return Err(err(format!(
                "unsupported .npy format version {major}.{minor}"
            )))
        }
    };
    let Some(len_bytes) = bytes.get(8..8 + len_size) else {
        return Err(err("truncated header".into()));
    };
    let header_len = len_bytes
        .iter()
        .rev()
        .fold(0usize, |acc, &b| (acc << 8) | usize::from(b));
    if header_len > MAX_HEADER_BYTES {
        return Err(err(format!(
            "header length {header_len} is too large (at most {MAX_HEADER_BYTES})"
        )));
    }
    let header_start = 8 + len_size;
    let data_start = header_start + header_len;
    let Some(header_bytes) = bytes.get(header_start..data_start) else {
        return Err(err("truncated header".into()));
    };
    let header: String = if utf8 {
        std::str::from_utf8(header_bytes)
            .map_err(|_| err("header is not UTF-8".into()))?
            .to_string()
    } else {
        header_bytes.iter().map(|&b| char::from(b)).collect()
    };
    let fields = parse_header(&header).map_err(|m| err(format!("bad header: {m}")))?;
    if fields.shape.len() > MAX_DIMS {
        return Err(err(format!(
            "shape has {} dimensions (at most {MAX_DIMS})",
            fields.shape.len()
        )));
    }
    let (dtype, big_endian) = descr_dtype(&fields.descr, expect).map_err(err)?;
    let data = &bytes[data_start..];
    let needed = byte_len(dtype, &fields.shape)
        .ok_or_else(|| err(format!("shape {:?} of {dtype} is too large", fields.shape)))?;
    if data.len() != needed {
        return Err(err(format!(
            "data has {} bytes, shape {:?} of {dtype} needs {needed}",
            data.len(),
            fields.shape
        )));
    }
    let mut data = data.to_vec();
    if big_endian && dtype.size_bytes() > 1 {
        for element in data.chunks_exact_mut(dtype.size_bytes()) {
            element.reverse();
        }
    }
    if fields.fortran_order && fields.shape.len() > 1 {
        data = fortran_to_c(&data, &fields.shape, dtype.size_bytes());
    }
    Ok(HostBuffer {
        dtype,
        shape: fields.shape,
        data,
    })
}

/// Writes `buffer` as a `.npy` file (see the module docs for the exact format).
pub fn write_npy(path: &Path, buffer: &HostBuffer) -> Result<(), NpyError> {
    let name = path.display().to_string();
    let bytes = npy_bytes(buffer).map_err(|m| NpyError::format(&name, m))?;
    std::fs::write(path, bytes).map_err(|source| NpyError::Io {
        name,
        action: "cannot write",
        source,
    })
}

/// The `.npy` image of `buffer`, as [`write_npy`] writes it; errors if `data` does not
/// match `shape` and `dtype`.
pub fn to_npy_bytes(buffer: &HostBuffer) -> Result<Vec<u8>, NpyError> {
    npy_bytes(buffer).map_err(|m| NpyError::format("<buffer>", m))
}

fn npy_bytes(buffer: &HostBuffer) -> Result<Vec<u8>, String> {
    buffer.check().map_err(|e| e.to_string())?;
    let mut header = format!(
        "{{'descr': '{}', 'fortran_order': False, 'shape': (",
        descr_of(buffer.dtype)
    );
    for (i, d) in buffer.shape.iter().enumerate() {
        if i > 0 {
            header.push_str(", ");
        }
        let _ = write!(header, "{d}");
    }
    if buffer.shape.len() == 1 {
        header.push(',');
    }
    header.push_str("), }");
    if let Some(first) = buffer.shape.first() {
        let digits = first.to_string().len();
        header.push_str(&" ".repeat(21usize.saturating_sub(digits)));
    }
    // Magic (6) + version (2) + length field, header, padding, '\n': a multiple of 64.
    let wrap = |len_size: usize| {
        let hlen = header.len() + 1;
        let pad = 64 - (8 + len_size + hlen) % 64;
        (hlen + pad, pad)
    };
    let (version, len_size) = if wrap(2).0 <= usize::from(u16::MAX) {
        (1u8, 2)
    } else {
        (2u8, 4)
    };
    let (total, pad) = wrap(len_size);
    let mut out = Vec::with_capacity(8 + len_size + total + buffer.data.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&[version, 0]);
    let total = u32::try_from(total).map_err(|_| "header too large".to_string())?;
    out.extend_from_slice(&total.to_le_bytes()[..len_size]);
    out.extend_from_slice(header.as_bytes());
    out.extend(std::iter::repeat_n(b' ', pad));
    out.push(b'\n');
    out.extend_from_slice(&buffer.data);
    Ok(out)
}

/// The descr NumPy writes for `dtype` (bf16: `'<V2'`, as `np.save` with `ml_dtypes`).
pub fn descr_of(dtype: DType) -> &'static str {
    match dtype {
        DType::F16 => "<f2",
        DType::BF16 => "<V2",
        DType::F32 => "<f4",
        DType::F64 => "<f8",
        DType::I8 => "|i1",
        DType::I16 => "<i2",
        DType::I32 => "<i4",
        DType::I64 => "<i8",
        DType::U8 => "|u1",
        DType::U16 => "<u2",
        DType::U32 => "<u4",
        DType::U64 => "<u8",
        DType::Bool => "|b1",
    }
}

/// The dtype of a descr and whether its bytes are big-endian.
fn descr_dtype(descr: &PyValue, expect: Option<DType>) -> Result<(DType, bool), String> {
    let PyValue::Str(s) = descr else {
        return Err(format!(
            "unsupported dtype {} (structured arrays are not supported)",
            descr.repr()
        ));
    };
    if s == "bfloat16" {
        return Ok((DType::BF16, false));
    }
    let unsupported = || format!("unsupported dtype '{s}'");
    let (order, code) = match s.chars().next() {
        Some(c @ ('<' | '>' | '|' | '=')) => (c, &s[1..]),
        _ => ('|', s.as_str()),
    };
    let big = order == '>' || (order == '=' && cfg!(target_endian = "big"));
    let dtype = match code {
        "f2" | "e" => DType::F16,
        "f4" | "f" => DType::F32,
        "f8" | "d" => DType::F64,
        "i1" | "b" => DType::I8,
        "i2" | "h" => DType::I16,
        "i4" => DType::I32,
        "i8" | "q" => DType::I64,
        "u1" | "B" => DType::U8,
        "u2" | "H" => DType::U16,
        "u4" => DType::U32,
        "u8" | "Q" => DType::U64,
        "b1" | "?" => DType::Bool,
        "V2" => {
            if expect == Some(DType::BF16) {
                DType::BF16
            } else {
                return Err(format!(
                    "unsupported dtype '{s}' (a 2-byte void is read as bf16 only where \
                     the spec says bf16)"
                ));
            }
        }
        _ => return Err(unsupported()),
    };
    Ok((dtype, big))
}

/// Reorders Fortran-order element bytes into C order.
fn fortran_to_c(data: &[u8], shape: &[usize], size: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len());
    if data.is_empty() {
        return out;
    }
    // Fortran strides (in elements): the first axis varies fastest.
    let mut strides = Vec::with_capacity(shape.len());
    let mut acc = 1usize;
    for &d in shape {
        strides.push(acc);
        acc = acc.saturating_mul(d);
    }
    let mut index = vec![0usize; shape.len()];
    let mut offset = 0usize;
    loop {
        let start = offset * size;
        if let Some(element) = data.get(start..start + size) {
            out.extend_from_slice(element);
        }
        // Advance the C-order index (last axis fastest), keeping `offset` in step.
        let mut axis = shape.len();
        loop {
            if axis == 0 {
                return out;
            }
            axis -= 1;
            index[axis] += 1;
            offset += strides[axis];
            if index[axis] < shape[axis] {
                break;
            }
            offset -= strides[axis] * shape[axis];
            index[axis] = 0;
        }
    }
}

/// A Python literal, as found in `.npy` headers.
#[derive(Clone, Debug, PartialEq)]
enum PyValue {
    Str(String),
    Int(i128),
    Bool(bool),
    None,
    Tuple(Vec<PyValue>),
    List(Vec<PyValue>),
    Dict(Vec<(PyValue, PyValue)>),
}

impl PyValue {
    fn repr(&self) -> String {
        let seq = |items: &[PyValue]| {
            items
                .iter()
                .map(PyValue::repr)
                .collect::<Vec<_>>()
                .join(", ")
        };
        match self {
            PyValue::Str(s) => format!("'{s}'"),
            PyValue::Int(i) => i.to_string(),
            PyValue::Bool(true) => "True".into(),
            PyValue::Bool(false) => "False".into(),
            PyValue::None => "None".into(),
            PyValue::Tuple(items) if items.len() == 1 => format!("({},)", seq(items)),
            PyValue::Tuple(items) => format!("({})", seq(items)),
            PyValue::List(items) => format!("[{}]", seq(items)),
            PyValue::Dict(items) => format!(
                "{{{}}}",
                items
                    .iter()
                    .map(|(k, v)| format!("{}: {}", k.repr(), v.repr()))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }
}

/// The three fields of a header.
struct HeaderFields {
    descr: PyValue,
    fortran_order: bool,
    shape: Vec<usize>,
}

fn parse_header(header: &str) -> Result<HeaderFields, String> {
    let mut p = PyParser {
        chars: header.chars().collect(),
        pos: 0,
    };
    let value = p.value(0)?;
    p.skip_ws();
    if p.pos != p.chars.len() {
        return Err("unexpected text after the header dictionary".into());
    }
    let PyValue::Dict(items) = value else {
        return Err("the header is not a dictionary".into());
    };
    let (mut descr, mut fortran, mut shape) = (None, None, None);
    for (k, v) in items {
        match k {
            PyValue::Str(k) if k == "descr" => descr = Some(v),
            PyValue::Str(k) if k == "fortran_order" => fortran = Some(v),
            PyValue::Str(k) if k == "shape" => shape = Some(v),
            other => return Err(format!("unexpected key {}", other.repr())),
        }
    }
    let descr = descr.ok_or("no 'descr' key")?;
    let fortran_order = match fortran.ok_or("no 'fortran_order' key")? {
        PyValue::Bool(b) => b,
        other => return Err(format!("'fortran_order' is {}, not a bool", other.repr())),
    };
    let shape = match shape.ok_or("no 'shape' key")? {
        PyValue::Tuple(items) | PyValue::List(items) => items
            .iter()
            .map(|d| match d {
                PyValue::Int(i) => usize::try_from(*i)
                    .map_err(|_| format!("shape entry {i} is negative or too large")),
                other => Err(format!("shape entry {} is not an integer", other.repr())),
            })
            .collect::<Result<Vec<usize>, String>>()?,
        other => return Err(format!("'shape' is {}, not a tuple", other.repr())),
    };
    Ok(HeaderFields {
        descr,
        fortran_order,
        shape,
    })
}

/// A recursive-descent parser of the Python literals that appear in `.npy` headers.
struct PyParser {
    chars: Vec<char>,
    pos: usize,
}

impl PyParser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn value(&mut self, depth: usize) -> Result<PyValue, String> {
        if depth > MAX_NESTING {
            return Err("nested too deeply".into());
        }
        self.skip_ws();
        match self.peek() {
            None => Err("unexpected end".into()),
            Some(q @ ('\'' | '"')) => {
                self.pos += 1;
                self.string(q)
            }
            Some('(') => {
                self.pos += 1;
                let (items, trailing_comma) = self.sequence(')', depth)?;
                if items.len() == 1 && !trailing_comma {
                    // `(x)` is just x in Python.
                    Ok(items.into_iter().next().unwrap_or(PyValue::None))
                } else {
                    Ok(PyValue::Tuple(items))
                }
            }
            Some('[') => {
                self.pos += 1;
                Ok(PyValue::List(self.sequence(']', depth)?.0))
            }
            Some('{') => {
                self.pos += 1;
                self.dict(depth)
            }
            Some(c) if c.is_ascii_digit() || c == '-' || c == '+' => self.int(),
            Some(c) if c.is_alphabetic() || c == '_' => {
                let start = self.pos;
                while self.peek().is_some_and(|c| c.is_alphanumeric() || c == '_') {
                    self.pos += 1;
                }
                let word: String = self.chars[start..self.pos].iter().collect();
                match word.as_str() {
                    "True" => Ok(PyValue::Bool(true)),
                    "False" => Ok(PyValue::Bool(false)),
                    "None" => Ok(PyValue::None),
                    _ => Err(format!("unexpected name '{word}'")),
                }
            }
            Some(c) => Err(format!("unexpected character {c:?}")),
        }
    }

    fn string(&mut self, quote: char) -> Result<PyValue, String> {
        let mut s = String::new();
        loop {
            match self.peek() {
                None => return Err("unterminated string".into()),
                Some(c) if c == quote => {
                    self.pos += 1;
                    return Ok(PyValue::Str(s));
                }
                Some('\\') => {
                    self.pos += 1;
                    match self.peek() {
                        None => return Err("unterminated string".into()),
                        Some(e) => {
                            self.pos += 1;
                            match e {
                                'n' => s.push('\n'),
                                't' => s.push('\t'),
                                '\\' | '\'' | '"' => s.push(e),
                                other => {
                                    s.push('\\');
                                    s.push(other);
                                }
                            }
                        }
                    }
                }
                Some(c) => {
                    self.pos += 1;
                    s.push(c);
                }
            }
        }
    }

    fn int(&mut self) -> Result<PyValue, String> {
        let mut negative = false;
        if let Some(c @ ('-' | '+')) = self.peek() {
            negative = c == '-';
            self.pos += 1;
        }
        let mut value: i128 = 0;
        let mut digits = 0usize;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            value = value
                .checked_mul(10)
                .and_then(|v| v.checked_add(i128::from(d)))
                .ok_or("integer too large")?;
            digits += 1;
            self.pos += 1;
        }
        if digits == 0 {
            return Err("expected a number".into());
        }
        // Python 2 wrote long integers as `3L`.
        if matches!(self.peek(), Some('L' | 'l')) {
            self.pos += 1;
        }
        if self.peek().is_some_and(|c| c.is_alphanumeric() || c == '.') {
            return Err("unexpected text in a number".into());
        }
        Ok(PyValue::Int(if negative { -value } else { value }))
    }

    /// Items up to `close`; also says whether the last item had a trailing comma.
    fn sequence(&mut self, close: char, depth: usize) -> Result<(Vec<PyValue>, bool), String> {
        let mut items = Vec::new();
        loop {
            self.skip_ws();
            if self.peek() == Some(close) {
                self.pos += 1;
                let trailing_comma = !items.is_empty();
                return Ok((items, trailing_comma));
            }
            items.push(self.value(depth + 1)?);
            self.skip_ws();
            match self.peek() {
                Some(',') => self.pos += 1,
                Some(c) if c == close => {
                    self.pos += 1;
                    return Ok((items, false));
                }
                Some(c) => return Err(format!("expected ',' or '{close}', found {c:?}")),
                None => return Err("unexpected end".into()),
            }
        }
    }

    fn dict(&mut self, depth: usize) -> Result<PyValue, String> {
        let mut items = Vec::new();
        loop {
            self.skip_ws();
            if self.peek() == Some('}') {
                self.pos += 1;
                return Ok(PyValue::Dict(items));
            }
            let key = self.value(depth + 1)?;
            self.skip_ws();
            if self.peek() != Some(':') {
                return Err("expected ':' in a dictionary".into());
            }
            self.pos += 1;
            let value = self.value(depth + 1)?;
            items.push((key, value));
            self.skip_ws();
            match self.peek() {
                Some(',') => self.pos += 1,
                Some('}') => {
                    self.pos += 1;
                    return Ok(PyValue::Dict(items));
                }
                Some(c) => return Err(format!("expected ',' or '}}', found {c:?}")),
                None => return Err("unexpected end".into()),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header_image(header: &str, data: &[u8]) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.extend_from_slice(&[1, 0]);
        out.extend_from_slice(&(header.len() as u16).to_le_bytes());
        out.extend_from_slice(header.as_bytes());
        out.extend_from_slice(data);
        out
    }

    fn message(r: Result<HostBuffer, NpyError>) -> String {
        match r {
            Ok(b) => panic!("expected an error, got {b:?}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn round_trip_every_dtype() {
        let values = [0.0, 1.0, -2.0, 3.5, 100.0, -0.25];
        for dtype in DType::ALL {
            for shape in [vec![6], vec![2, 3], vec![3, 1, 2]] {
                let b = HostBuffer::from_f64(dtype, &shape, &values).unwrap();
                let bytes = to_npy_bytes(&b).unwrap();
                assert_eq!((bytes.len() - b.data.len()) % 64, 0);
                let back = read_npy_bytes_with(&bytes, "t.npy", Some(dtype)).unwrap();
                assert_eq!(back, b, "{dtype} {shape:?}");
            }
            let scalar = HostBuffer::from_f64(dtype, &[], &[1.0]).unwrap();
            let bytes = to_npy_bytes(&scalar).unwrap();
            let back = read_npy_bytes_with(&bytes, "t.npy", Some(dtype)).unwrap();
            assert_eq!(back, scalar);
        }
        // An empty array.
        let empty = HostBuffer::zeros(DType::F32, &[0, 4]).unwrap();
        let back = read_npy_bytes(&to_npy_bytes(&empty).unwrap(), "e.npy").unwrap();
        assert_eq!(back, empty);
    }

    #[test]
    fn file_round_trip() {
        let dir = std::env::temp_dir().join(format!("raise-npy-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.npy");
        let b = HostBuffer::from_f64(DType::I16, &[2, 2], &[1.0, -2.0, 3.0, -4.0]).unwrap();
        write_npy(&path, &b).unwrap();
        assert_eq!(read_npy(&path).unwrap(), b);
        let missing = dir.join("missing.npy");
        let e = read_npy(&missing).unwrap_err().to_string();
        assert!(
            e.starts_with(&format!("{}: cannot read: ", missing.display())),
            "{e}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn header_matches_numpy_layout() {
        let b = HostBuffer::from_f64(DType::F32, &[3], &[1.0, 2.0, 3.0]).unwrap();
        let bytes = to_npy_bytes(&b).unwrap();
        let mut want =
            b"\x93NUMPY\x01\x00v\x00{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }"
                .to_vec();
        want.resize(127, b' ');
        want.push(b'\n');
        assert_eq!(&bytes[..128], &want[..]);
        let s = HostBuffer::zeros(DType::Bool, &[]).unwrap();
        let bytes = to_npy_bytes(&s).unwrap();
        assert!(bytes.starts_with(
            b"\x93NUMPY\x01\x00v\x00{'descr': '|b1', 'fortran_order': False, 'shape': (), }"
        ));
        let m = HostBuffer::zeros(DType::BF16, &[2, 3]).unwrap();
        let bytes = to_npy_bytes(&m).unwrap();
        assert!(bytes.starts_with(
            b"\x93NUMPY\x01\x00v\x00{'descr': '<V2', 'fortran_order': False, 'shape': (2, 3), }"
        ));
    }

    #[test]
    fn big_endian_and_fortran() {
        // >i4, shape (2, 3), C order.
        let mut data = Vec::new();
        for v in 0i32..6 {
            data.extend_from_slice(&v.to_be_bytes());
        }
        let img = header_image(
            "{'descr': '>i4', 'fortran_order': False, 'shape': (2, 3), }\n",
            &data,
        );
        let b = read_npy_bytes(&img, "be.npy").unwrap();
        assert_eq!(b.dtype, DType::I32);
        assert_eq!(b.to_f64_vec(), [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]);

        // <f8, shape (2, 3), Fortran order: columns stored first.
        let c_order = [0.0, 1.0, 2.0, 3.0, 4.0, 5.0];
        let f_order = [0.0, 3.0, 1.0, 4.0, 2.0, 5.0];
        let data: Vec<u8> = f_order.iter().flat_map(|v: &f64| v.to_le_bytes()).collect();
        let img = header_image(
            "{'descr': '<f8', 'fortran_order': True, 'shape': (2, 3), }\n",
            &data,
        );
        let b = read_npy_bytes(&img, "f.npy").unwrap();
        assert_eq!(b.shape, [2, 3]);
        assert_eq!(b.to_f64_vec(), c_order);

        // 3-D Fortran order: element (i, j, k) at i + 2j + 6k.
        let shape = [2usize, 3, 4];
        let mut f = [0f64; 24];
        for i in 0..2 {
            for j in 0..3 {
                for k in 0..4 {
                    f[i + 2 * j + 6 * k] = (i * 12 + j * 4 + k) as f64;
                }
            }
        }
        let data: Vec<u8> = f.iter().flat_map(|v| v.to_le_bytes()).collect();
        let img = header_image(
            "{'descr': '<f8', 'fortran_order': True, 'shape': (2, 3, 4), }\n",
            &data,
        );
        let b = read_npy_bytes(&img, "f3.npy").unwrap();
        assert_eq!(b.shape, shape);
        assert_eq!(b.to_f64_vec(), (0..24).map(f64::from).collect::<Vec<_>>());
    }

    #[test]
    fn bf16_void_needs_expectation() {
        let b = HostBuffer::from_f64(DType::BF16, &[3], &[1.0, -2.5, 3.0]).unwrap();
        let img = to_npy_bytes(&b).unwrap();
        let e = message(read_npy_bytes(&img, "h.npy"));
        assert!(e.starts_with("h.npy: unsupported dtype '<V2'"), "{e}");
        let e = message(read_npy_bytes_with(&img, "h.npy", Some(DType::F16)));
        assert!(e.starts_with("h.npy: unsupported dtype '<V2'"), "{e}");
        assert_eq!(
            read_npy_bytes_with(&img, "h.npy", Some(DType::BF16)).unwrap(),
            b
        );
        let named = header_image(
            "{'descr': 'bfloat16', 'fortran_order': False, 'shape': (3,), }\n",
            &b.data,
        );
        assert_eq!(read_npy_bytes(&named, "n.npy").unwrap(), b);
    }

    #[test]
    fn versions_2_and_3() {
        let b = HostBuffer::from_f64(DType::U16, &[2], &[7.0, 9.0]).unwrap();
        for major in [2u8, 3] {
            let header = "{'descr': '<u2', 'fortran_order': False, 'shape': (2,), }\n";
            let mut img = MAGIC.to_vec();
            img.extend_from_slice(&[major, 0]);
            img.extend_from_slice(&(header.len() as u32).to_le_bytes());
            img.extend_from_slice(header.as_bytes());
            img.extend_from_slice(&b.data);
            assert_eq!(read_npy_bytes(&img, "v.npy").unwrap(), b);
        }
    }

    #[test]
    fn malformed_inputs() {
        let good = to_npy_bytes(&HostBuffer::zeros(DType::F32, &[100]).unwrap()).unwrap();
        assert_eq!(
            message(read_npy_bytes(b"PK\x03\x04 zip file", "x.npy")),
            "x.npy: not a .npy file (bad magic)"
        );
        assert_eq!(
            message(read_npy_bytes(b"", "x.npy")),
            "x.npy: truncated header"
        );
        assert_eq!(
            message(read_npy_bytes(&good[..9], "x.npy")),
            "x.npy: truncated header"
        );
        assert_eq!(
            message(read_npy_bytes(&good[..50], "x.npy")),
            "x.npy: truncated header"
        );
        assert_eq!(
            message(read_npy_bytes(&good[..good.len() - 4], "x.npy")),
            "x.npy: data has 396 bytes, shape [100] of f32 needs 400"
        );
        let mut long = good.clone();
        long.extend_from_slice(&[0; 4]);
        assert_eq!(
            message(read_npy_bytes(&long, "x.npy")),
            "x.npy: data has 404 bytes, shape [100] of f32 needs 400"
        );
        let mut v9 = good.clone();
        v9[6] = 9;
        assert_eq!(
            message(read_npy_bytes(&v9, "x.npy")),
            "x.npy: unsupported .npy format version 9.0"
        );
        let c8 = header_image(
            "{'descr': '<c8', 'fortran_order': False, 'shape': (1,), }\n",
            &[0; 8],
        );
        assert_eq!(
            message(read_npy_bytes(&c8, "x.npy")),
            "x.npy: unsupported dtype '<c8'"
        );
        let rec = header_image(
            "{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (1,), }\n",
            &[0; 4],
        );
        assert!(message(read_npy_bytes(&rec, "x.npy")).contains("structured"));
        // Hostile header length (v2, 4 GiB) and huge shapes.
        let mut huge = MAGIC.to_vec();
        huge.extend_from_slice(&[2, 0, 0xff, 0xff, 0xff, 0xff]);
        huge.extend_from_slice(b"{'descr'");
        assert!(message(read_npy_bytes(&huge, "x.npy"))
            .contains("header length 4294967295 is too large"));
        let big = header_image(
            "{'descr': '<f8', 'fortran_order': False, 'shape': (4294967296, 4294967296, 4294967296), }\n",
            &[],
        );
        assert!(message(read_npy_bytes(&big, "x.npy")).contains("is too large"));
        let big = header_image(
            "{'descr': '<f8', 'fortran_order': True, 'shape': (1000000000, 1000000000), }\n",
            &[0; 8],
        );
        assert!(message(read_npy_bytes(&big, "x.npy")).contains("data has 8 bytes"));
        let big = header_image("{'descr': '<f8', 'fortran_order': False, 'shape': (99999999999999999999999999999999999999999,), }\n", &[]);
        assert!(message(read_npy_bytes(&big, "x.npy")).contains("bad header"));
        let many = format!(
            "{{'descr': '<f8', 'fortran_order': True, 'shape': ({}), }}",
            "1, ".repeat(65)
        );
        assert_eq!(
            message(read_npy_bytes(&header_image(&many, &[0; 8]), "x.npy")),
            "x.npy: shape has 65 dimensions (at most 64)"
        );
        let neg = header_image(
            "{'descr': '<f8', 'fortran_order': False, 'shape': (-1,), }\n",
            &[],
        );
        assert!(message(read_npy_bytes(&neg, "x.npy")).contains("negative"));
        let deep = header_image(&format!("{}{}", "(".repeat(10000), ")".repeat(10000)), &[]);
        assert!(message(read_npy_bytes(&deep, "x.npy")).contains("nested too deeply"));
        for bad in [
            "{'descr': '<f8', 'shape': (1,), }",
            "{'descr': '<f8', 'fortran_order': 1, 'shape': (1,), }",
            "{'descr': '<f8', 'fortran_order': False, 'shape': 'x', }",
            "{'descr': '<f8', 'fortran_order': False, 'shape': (1,), 'extra': 1}",
            "{'descr': '<f8', 'fortran_order': False, 'shape': (1,), } junk",
            "{'descr': '<f8', 'fortran_order': False, 'shape': (1,",
            "{'descr: '<f8'}",
            "[1, 2]",
            "",
        ] {
            let img = header_image(bad, &[0; 8]);
            let m = message(read_npy_bytes(&img, "x.npy"));
            assert!(m.starts_with("x.npy: bad header: "), "{bad}: {m}");
        }
        // Inconsistent buffers are not written.
        let bad = HostBuffer {
            dtype: DType::F32,
            shape: vec![2],
            data: vec![0; 7],
        };
        assert!(to_npy_bytes(&bad).is_err());
    }

    /// Fixtures written by NumPy (and ml_dtypes) with `tests/data/npy/generate.py`.
    fn fixture(name: &str) -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/npy")
            .join(name)
    }

    fn fixture_bytes(name: &str) -> Vec<u8> {
        std::fs::read(fixture(name)).unwrap()
    }

    #[test]
    fn reads_numpy_files_and_writes_them_byte_for_byte() {
        let f32c = read_npy(&fixture("f32_c.npy")).unwrap();
        assert_eq!(f32c.dtype, DType::F32);
        assert_eq!(f32c.shape, [4]);
        assert_eq!(f32c.to_f64_vec(), [1.0, -2.5, 3.25, f64::from(1e-3f32)]);
        // Our writer produces exactly what np.save wrote.
        for name in [
            "f32_c.npy",
            "f64_c.npy",
            "i32_c.npy",
            "f16_scalar.npy",
            "bool.npy",
            "u8_3d.npy",
        ] {
            let b = read_npy(&fixture(name)).unwrap();
            assert_eq!(to_npy_bytes(&b).unwrap(), fixture_bytes(name), "{name}");
        }

        let fortran = read_npy(&fixture("f64_fortran.npy")).unwrap();
        let c = read_npy(&fixture("f64_c.npy")).unwrap();
        assert_eq!(fortran, c);
        assert_eq!(c.shape, [2, 3]);
        assert_eq!(c.to_f64_vec(), [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]);

        let big = read_npy(&fixture("i32_big.npy")).unwrap();
        assert_eq!(big, read_npy(&fixture("i32_c.npy")).unwrap());
        assert_eq!(big.shape, [3, 2]);
        assert_eq!(big.to_f64_vec(), [-3.0, -2.0, -1.0, 0.0, 1.0, 2.0]);

        let scalar = read_npy(&fixture("f16_scalar.npy")).unwrap();
        assert_eq!((scalar.dtype, scalar.shape.len()), (DType::F16, 0));
        assert_eq!(
            scalar.data,
            crate::buffers::f64_to_f16_bits(0.333).to_le_bytes()
        );

        let b = read_npy(&fixture("bool.npy")).unwrap();
        assert_eq!(
            (b.dtype, b.to_f64_vec()),
            (DType::Bool, vec![1.0, 0.0, 1.0])
        );

        let u8s = read_npy(&fixture("u8_3d.npy")).unwrap();
        assert_eq!(u8s.shape, [2, 3, 4]);
        assert_eq!(u8s.data, (0u8..24).collect::<Vec<_>>());

        let v2 = read_npy(&fixture("i64_v2.npy")).unwrap();
        assert_eq!(v2.to_f64_vec(), [-(2f64.powi(40)), 7.0]);
        let v3 = read_npy(&fixture("u16_v3.npy")).unwrap();
        assert_eq!(v3.to_f64_vec(), [1.0, 65535.0]);

        let e = read_npy(&fixture("c64.npy")).unwrap_err().to_string();
        assert!(e.ends_with("c64.npy: unsupported dtype '<c8'"), "{e}");
    }

    #[test]
    fn reads_ml_dtypes_bfloat16() {
        let path = fixture("bf16.npy");
        let e = read_npy(&path).unwrap_err().to_string();
        assert!(e.contains("unsupported dtype '<V2'"), "{e}");
        let b = read_npy_with(&path, Some(DType::BF16)).unwrap();
        assert_eq!(b.dtype, DType::BF16);
        let want = HostBuffer::from_f64(DType::BF16, &[4], &[1.0, -2.5, 3.0, 0.1]).unwrap();
        assert_eq!(b, want);
        assert_eq!(to_npy_bytes(&b).unwrap(), fixture_bytes("bf16.npy"));
    }

    #[test]
    fn rounding_matches_numpy_and_ml_dtypes() {
        let vals = read_npy(&fixture("round_f64.npy")).unwrap();
        let values = vals.to_f64_vec();
        assert!(values.len() > 200);
        let f16 = read_npy(&fixture("round_f16.npy")).unwrap();
        let ours = HostBuffer::from_f64(DType::F16, &vals.shape, &values).unwrap();
        assert_eq!(ours, f16);
        let bf16 = read_npy_with(&fixture("round_bf16.npy"), Some(DType::BF16)).unwrap();
        let ours = HostBuffer::from_f64(DType::BF16, &vals.shape, &values).unwrap();
        assert_eq!(ours, bf16);
    }

    #[test]
    fn damaged_files_never_panic() {
        let good = fixture_bytes("f64_fortran.npy");
        for end in 0..good.len() {
            assert!(read_npy_bytes(&good[..end], "t.npy").is_err());
        }
        // Deterministic byte flips all over the header and data.
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..5000 {
            let mut img = good.clone();
            for _ in 0..3 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let at = (state % img.len() as u64) as usize;
                img[at] = (state >> 32) as u8;
            }
            let _ = read_npy_bytes_with(&img, "t.npy", Some(DType::BF16));
        }
    }

    #[test]
    fn header_parser_accepts_python_variants() {
        let img = header_image(
            "{\"descr\":\"<i8\",\"shape\":(2L,),\"fortran_order\":False}",
            &[1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0],
        );
        let b = read_npy_bytes(&img, "p.npy").unwrap();
        assert_eq!(b.to_f64_vec(), [1.0, 2.0]);
        let img = header_image(
            "{'descr': '|u1', 'fortran_order': False, 'shape': [2, 1]}",
            &[3, 4],
        );
        assert_eq!(read_npy_bytes(&img, "p.npy").unwrap().shape, [2, 1]);
    }
}
