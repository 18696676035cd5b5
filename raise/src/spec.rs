//! The launch spec: a TOML file naming device buffers and the kernel launches that run
//! over them, plus the `.npy` folders that fill the buffers before a run and receive
//! them after.
//!
//! ```toml
//! [buffers.x]            # device arrays; this order is THE buffer order everywhere
//! dtype = "f32"
//! shape = [1000]
//! [buffers.y]
//! dtype = "f32"
//! shape = [1000]
//! [[launch]]             # executed in order
//! kernel = "saxpy"       # symbol name; a demangled name or a unique prefix also matches
//! grid = [4]             # 1 to 3 entries; missing ones are 1
//! block = [256]
//! args = [1000, 2.0, "x", "y"]   # number = scalar (typed by the kernel); string = buffer
//! shared_bytes = 0       # optional: dynamic shared memory bytes per block
//! ```
//!
//! Buffers keep the order in which the file lists them. Validation errors point at the
//! offending text: `spec.toml:12:9: launch 2: grid has 4 entries (1 to 3 allowed)`.
//!
//! Rules: the only top-level keys are `buffers` and `launch`; a buffer has exactly
//! `dtype` (a [`DType`] name) and `shape` (positive integers, `[]` for a single value;
//! at most [`MAX_BUFFER_BYTES`] bytes) and its name must be usable as a file name; a
//! launch has `kernel`, `grid` and `block` (1 to 3 positive integers, or one integer;
//! grid x < 2^31, grid y and z <= 65535, block x and y <= 1024, block z <= 64, at most
//! 1024 threads per block) and optionally `args` (integers, floats, booleans and buffer
//! names) and `shared_bytes` (a non-negative integer); there is at least one launch.

use std::fmt;
use std::ops::Range;
use std::path::Path;

use toml_edit::{ImDocument, Item, TableLike, Value};

use crate::buffers::{DType, HostBuffer};
use crate::npy::{read_npy_with, write_npy, NpyError};

/// The largest buffer a spec may declare, in bytes (16 GiB).
pub const MAX_BUFFER_BYTES: u64 = 16 << 30;

/// The most threads in one block.
pub const MAX_BLOCK_THREADS: u64 = 1024;

/// A parsed and validated launch spec.
#[derive(Clone, Debug, PartialEq)]
pub struct LaunchSpec {
    /// The spec file, as named in error messages.
    pub path: String,
    /// The device buffers, in the order the file lists them.
    pub buffers: Vec<BufferSpec>,
    /// The launches, in execution order (at least one).
    pub launches: Vec<Launch>,
}

impl LaunchSpec {
    /// The index of the buffer called `name`.
    pub fn buffer_index(&self, name: &str) -> Option<usize> {
        self.buffers.iter().position(|b| b.name == name)
    }
}

/// One device buffer of a spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BufferSpec {
    /// The buffer's name (a valid file name stem: its `.npy` is `<name>.npy`).
    pub name: String,
    /// The element type.
    pub dtype: DType,
    /// The dimensions (`[]` for a single value); every entry positive.
    pub shape: Vec<usize>,
}

impl BufferSpec {
    /// The number of elements (saturating; a validated spec's buffers never overflow).
    pub fn element_count(&self) -> usize {
        self.shape
            .iter()
            .fold(1usize, |acc, &d| acc.saturating_mul(d))
    }

    /// The size in bytes (saturating, as [`BufferSpec::element_count`]).
    pub fn byte_len(&self) -> usize {
        self.element_count().saturating_mul(self.dtype.size_bytes())
    }
}

/// One kernel launch of a spec.
#[derive(Clone, Debug, PartialEq)]
pub struct Launch {
    /// The kernel: a symbol name, a demangled name or a unique prefix.
    pub kernel: String,
    /// Blocks in x, y, z (missing entries are 1).
    pub grid: [u32; 3],
    /// Threads per block in x, y, z (missing entries are 1).
    pub block: [u32; 3],
    /// The arguments, in order.
    pub args: Vec<SpecArg>,
    /// Dynamic shared memory per block, in bytes.
    pub shared_bytes: u64,
    /// The 1-based line of the launch's `[[launch]]` header in the spec file.
    pub line: usize,
}

/// One launch argument, as written in the spec (typed later by the kernel signature).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SpecArg {
    /// An integer literal (may still feed a float parameter).
    Int(i64),
    /// A float literal.
    Float(f64),
    /// A boolean literal.
    Bool(bool),
    /// A buffer, by index into [`LaunchSpec::buffers`].
    Buffer(usize),
}

/// An error loading or validating a spec, or reading or writing its `.npy` folders;
/// displays as one line.
#[derive(Debug)]
pub enum SpecError {
    /// The spec text is invalid: `path:line:column: message` (the position is left out
    /// when `line` is 0).
    Invalid {
        /// The spec file.
        path: String,
        /// 1-based line, or 0 when the error has no position.
        line: usize,
        /// 1-based column (in characters).
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// A file or folder could not be read or written.
    Io {
        /// The file or folder.
        path: String,
        /// What was being done (`"cannot read"`, ...).
        action: &'static str,
        /// The underlying error.
        source: std::io::Error,
    },
    /// A `.npy` file is malformed or could not be read or written.
    Npy(NpyError),
    /// An input or output array does not fit the spec: `path: message`.
    Mismatch {
        /// The `.npy` file or folder.
        path: String,
        /// What does not match.
        message: String,
    },
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecError::Invalid {
                path,
                line: 0,
                message,
                ..
            } => write!(f, "{path}: {message}"),
            SpecError::Invalid {
                path,
                line,
                column,
                message,
            } => write!(f, "{path}:{line}:{column}: {message}"),
            SpecError::Io {
                path,
                action,
                source,
            } => write!(f, "{path}: {action}: {source}"),
            SpecError::Npy(e) => e.fmt(f),
            SpecError::Mismatch { path, message } => write!(f, "{path}: {message}"),
        }
    }
}

impl std::error::Error for SpecError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SpecError::Io { source, .. } => Some(source),
            SpecError::Npy(e) => Some(e),
            _ => None,
        }
    }
}

impl From<NpyError> for SpecError {
    fn from(e: NpyError) -> SpecError {
        SpecError::Npy(e)
    }
}

/// Reads and validates the spec file at `path`.
pub fn load_spec(path: &Path) -> Result<LaunchSpec, SpecError> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|source| SpecError::Io {
        path: name.clone(),
        action: "cannot read",
        source,
    })?;
    parse_spec(&text, &name)
}

/// Parses and validates spec `text`; `path_for_errors` starts every error message.
pub fn parse_spec(text: &str, path_for_errors: &str) -> Result<LaunchSpec, SpecError> {
    let cx = Cx {
        text,
        path: path_for_errors,
    };
    let doc = ImDocument::parse(text).map_err(|e| {
        let message = e
            .message()
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join(": ");
        cx.error(e.span(), message)
    })?;
    let root = doc.as_table();
    for (key, _) in root.iter() {
        if key != "buffers" && key != "launch" {
            return Err(cx.error(
                root.key(key).and_then(|k| k.span()),
                format!("unknown key '{key}' (expected buffers, launch)"),
            ));
        }
    }
    let buffers = match root.get("buffers") {
        None => Vec::new(),
        Some(item) => parse_buffers(&cx, item)?,
    };
    let launches = match root.get_key_value("launch") {
        None => {
            return Err(cx.error(
                None,
                "no [[launch]] tables (a spec needs at least one launch)",
            ))
        }
        Some((key, item)) => parse_launches(&cx, key.span(), item, &buffers)?,
    };
    Ok(LaunchSpec {
        path: path_for_errors.to_string(),
        buffers,
        launches,
    })
}

/// Reads the initial contents of every spec buffer: `<dir>/<buffer>.npy` when it exists
/// (its dtype and shape must match the spec exactly), zeros otherwise (and for every
/// buffer when `dir` is `None`). A `dir` that does not exist is an error.
pub fn load_inputs(spec: &LaunchSpec, dir: Option<&Path>) -> Result<Vec<HostBuffer>, SpecError> {
    if let Some(dir) = dir {
        if !dir.is_dir() {
            return Err(SpecError::Mismatch {
                path: dir.display().to_string(),
                message: "no such directory (the inputs folder)".into(),
            });
        }
    }
    let mut out = Vec::with_capacity(spec.buffers.len());
    for buffer in &spec.buffers {
        let file = dir.map(|d| d.join(format!("{}.npy", buffer.name)));
        match file {
            Some(file) if file.exists() => {
                let host = read_npy_with(&file, Some(buffer.dtype))?;
                check_matches(&file.display().to_string(), buffer, &host)?;
                out.push(host);
            }
            _ => {
                let host = HostBuffer::zeros(buffer.dtype, &buffer.shape).map_err(|e| {
                    SpecError::Mismatch {
                        path: spec.path.clone(),
                        message: format!("buffer '{}': {e}", buffer.name),
                    }
                })?;
                out.push(host);
            }
        }
    }
    Ok(out)
}

/// Writes `<dir>/<buffer>.npy` for every spec buffer, creating `dir` if needed;
/// `buffers` holds one array per spec buffer, in spec order, each of the spec's dtype
/// and shape.
pub fn write_outputs(
    spec: &LaunchSpec,
    dir: &Path,
    buffers: &[HostBuffer],
) -> Result<(), SpecError> {
    let dir_name = dir.display().to_string();
    if buffers.len() != spec.buffers.len() {
        return Err(SpecError::Mismatch {
            path: dir_name,
            message: format!(
                "{} arrays to write, the spec has {} buffers",
                buffers.len(),
                spec.buffers.len()
            ),
        });
    }
    std::fs::create_dir_all(dir).map_err(|source| SpecError::Io {
        path: dir_name,
        action: "cannot create directory",
        source,
    })?;
    for (buffer, host) in spec.buffers.iter().zip(buffers) {
        let file = dir.join(format!("{}.npy", buffer.name));
        check_matches(&file.display().to_string(), buffer, host)?;
        write_npy(&file, host)?;
    }
    Ok(())
}

fn check_matches(file: &str, buffer: &BufferSpec, host: &HostBuffer) -> Result<(), SpecError> {
    let mismatch = |message: String| SpecError::Mismatch {
        path: file.to_string(),
        message,
    };
    if host.dtype != buffer.dtype {
        return Err(mismatch(format!(
            "dtype {} does not match spec dtype {} for buffer '{}'",
            host.dtype, buffer.dtype, buffer.name
        )));
    }
    if host.shape != buffer.shape {
        return Err(mismatch(format!(
            "shape {:?} does not match spec shape {:?} for buffer '{}'",
            host.shape, buffer.shape, buffer.name
        )));
    }
    host.check().map_err(|e| mismatch(e.to_string()))
}

/// The spec text and name, for positioned errors.
struct Cx<'a> {
    text: &'a str,
    path: &'a str,
}

impl Cx<'_> {
    fn error(&self, span: Option<Range<usize>>, message: impl Into<String>) -> SpecError {
        let (line, column) = span.map_or((0, 0), |s| self.line_col(s.start));
        SpecError::Invalid {
            path: self.path.to_string(),
            line,
            column,
            message: message.into(),
        }
    }

    /// 1-based line and column (in characters) of byte `offset`.
    fn line_col(&self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        (line, before[line_start..].chars().count() + 1)
    }
}

/// The keys of `table` in order, each with the best span available (its key, else
/// `fallback`).
fn keys_with_spans<'t>(
    table: &'t dyn TableLike,
    fallback: &Option<Range<usize>>,
) -> Vec<(&'t str, &'t Item, Option<Range<usize>>)> {
    table
        .iter()
        .map(|(k, item)| {
            let span = table
                .key(k)
                .and_then(|key| key.span())
                .or_else(|| item.span())
                .or_else(|| fallback.clone());
            (k, item, span)
        })
        .collect()
}

fn describe(item: &Item) -> &'static str {
    match item {
        Item::None => "nothing",
        Item::Value(Value::String(_)) => "a string",
        Item::Value(Value::Integer(_)) => "an integer",
        Item::Value(Value::Float(_)) => "a float",
        Item::Value(Value::Boolean(_)) => "a boolean",
        Item::Value(Value::Datetime(_)) => "a date-time",
        Item::Value(Value::Array(_)) => "an array",
        Item::Value(Value::InlineTable(_)) | Item::Table(_) => "a table",
        Item::ArrayOfTables(_) => "an array of tables",
    }
}

fn describe_value(v: &Value) -> &'static str {
    describe(&Item::Value(v.clone()))
}

fn parse_buffers(cx: &Cx<'_>, item: &Item) -> Result<Vec<BufferSpec>, SpecError> {
    let Some(table) = item.as_table_like() else {
        return Err(cx.error(
            item.span(),
            format!(
                "'buffers' must be a table of buffers, not {}",
                describe(item)
            ),
        ));
    };
    let mut out: Vec<BufferSpec> = Vec::new();
    for (name, entry, span) in keys_with_spans(table, &item.span()) {
        let what = format!("buffer '{name}'");
        if name.is_empty() || name.contains(['/', '\\', '\0']) {
            return Err(cx.error(
                span,
                format!(
                    "{what}: a buffer name must be a file name (no '/', '\\' or NUL; not empty)"
                ),
            ));
        }
        if out.iter().any(|b| b.name == name) {
            return Err(cx.error(span, format!("{what} is declared twice")));
        }
        let Some(fields) = entry.as_table_like() else {
            return Err(cx.error(
                span,
                format!(
                    "{what} must be a table with dtype and shape, not {}",
                    describe(entry)
                ),
            ));
        };
        let entry_span = entry.span().or(span.clone());
        let (mut dtype, mut shape) = (None, None);
        for (key, value, key_span) in keys_with_spans(fields, &entry_span) {
            let value_span = value.span().or(key_span.clone());
            match key {
                "dtype" => {
                    let Some(s) = value.as_str() else {
                        return Err(cx.error(
                            value_span,
                            format!("{what}: dtype must be a string, not {}", describe(value)),
                        ));
                    };
                    dtype = Some(DType::parse(s).ok_or_else(|| {
                        cx.error(
                            value_span.clone(),
                            format!(
                                "{what}: unknown dtype '{s}' (one of: {})",
                                DType::ALL.map(DType::name).join(", ")
                            ),
                        )
                    })?);
                }
                "shape" => {
                    let Some(array) = value.as_array() else {
                        return Err(cx.error(
                            value_span,
                            format!(
                                "{what}: shape must be an array of positive integers, not {}",
                                describe(value)
                            ),
                        ));
                    };
                    let mut dims = Vec::with_capacity(array.len());
                    for (i, v) in array.iter().enumerate() {
                        let dim = v
                            .as_integer()
                            .filter(|&d| d > 0)
                            .and_then(|d| usize::try_from(d).ok());
                        let Some(dim) = dim else {
                            let shown = match v.as_integer() {
                                Some(d) => d.to_string(),
                                None => describe_value(v).to_string(),
                            };
                            return Err(cx.error(
                                v.span().or(value_span.clone()),
                                format!("{what}: shape entry {} is {shown} (entries must be positive integers)", i + 1),
                            ));
                        };
                        dims.push(dim);
                    }
                    shape = Some((dims, value_span));
                }
                other => {
                    return Err(cx.error(
                        key_span,
                        format!("{what}: unknown key '{other}' (expected dtype, shape)"),
                    ))
                }
            }
        }
        let Some(dtype) = dtype else {
            return Err(cx.error(entry_span, format!("{what}: no dtype")));
        };
        let Some((shape, shape_span)) = shape else {
            return Err(cx.error(entry_span, format!("{what}: no shape")));
        };
        let bytes = shape
            .iter()
            .try_fold(dtype.size_bytes() as u128, |acc, &d| {
                acc.checked_mul(d as u128)
            })
            .filter(|&b| b <= u128::from(MAX_BUFFER_BYTES));
        if bytes.is_none() {
            return Err(cx.error(
                shape_span,
                format!(
                    "{what}: shape {shape:?} of {dtype} is too large (at most {} GiB per buffer)",
                    MAX_BUFFER_BYTES >> 30
                ),
            ));
        }
        out.push(BufferSpec {
            name: name.to_string(),
            dtype,
            shape,
        });
    }
    Ok(out)
}

/// A table and where it starts.
type SpannedTable<'a> = (&'a dyn TableLike, Option<Range<usize>>);

/// The launch tables: `[[launch]]` headers, or an inline array of inline tables.
fn launch_tables(item: &Item) -> Option<Vec<SpannedTable<'_>>> {
    if let Some(aot) = item.as_array_of_tables() {
        return Some(
            aot.iter()
                .map(|t| (t as &dyn TableLike, t.span()))
                .collect(),
        );
    }
    let array = item.as_array()?;
    array
        .iter()
        .map(|v| v.as_inline_table().map(|t| (t as &dyn TableLike, v.span())))
        .collect()
}

fn parse_launches(
    cx: &Cx<'_>,
    key_span: Option<Range<usize>>,
    item: &Item,
    buffers: &[BufferSpec],
) -> Result<Vec<Launch>, SpecError> {
    let span = item.span().or(key_span);
    let Some(tables) = launch_tables(item) else {
        return Err(cx.error(
            span,
            format!(
                "'launch' must be an array of tables ([[launch]]), not {}",
                describe(item)
            ),
        ));
    };
    if tables.is_empty() {
        return Err(cx.error(span, "no launches (a spec needs at least one launch)"));
    }
    let mut out = Vec::with_capacity(tables.len());
    for (index, (table, table_span)) in tables.into_iter().enumerate() {
        let table_span = table_span.or(span.clone());
        let what = format!("launch {}", index + 1);
        let line = table_span.as_ref().map_or(0, |s| cx.line_col(s.start).0);
        let mut kernel = None;
        let mut grid = None;
        let mut block = None;
        let mut args = Vec::new();
        let mut shared_bytes = 0u64;
        for (key, value, key_span) in keys_with_spans(table, &table_span) {
            let value_span = value.span().or(key_span.clone());
            match key {
                "kernel" => match value.as_str() {
                    Some(s) if !s.trim().is_empty() => kernel = Some(s.to_string()),
                    Some(_) => return Err(cx.error(value_span, format!("{what}: kernel is empty"))),
                    None => {
                        return Err(cx.error(
                            value_span,
                            format!("{what}: kernel must be a string, not {}", describe(value)),
                        ))
                    }
                },
                "grid" => grid = Some(dims3(cx, &what, "grid", value, value_span)?),
                "block" => block = Some(dims3(cx, &what, "block", value, value_span)?),
                "args" => args = parse_args(cx, &what, value, value_span, buffers)?,
                "shared_bytes" => match value.as_integer() {
                    Some(n) if n >= 0 => shared_bytes = n as u64,
                    _ => {
                        return Err(cx.error(
                            value_span,
                            format!("{what}: shared_bytes must be a non-negative integer"),
                        ))
                    }
                },
                other => {
                    return Err(cx.error(
                        key_span,
                        format!(
                            "{what}: unknown key '{other}' (expected kernel, grid, block, args, shared_bytes)"
                        ),
                    ))
                }
            }
        }
        let missing = |field: &str| cx.error(table_span.clone(), format!("{what}: no {field}"));
        let kernel = kernel.ok_or_else(|| missing("kernel"))?;
        let (grid, grid_span) = grid.ok_or_else(|| missing("grid"))?;
        let (block, block_span) = block.ok_or_else(|| missing("block"))?;
        let grid_limits = [(1u64 << 31) - 1, 65535, 65535];
        for (axis, (&n, &limit)) in grid.iter().zip(&grid_limits).enumerate() {
            if u64::from(n) > limit {
                return Err(cx.error(
                    grid_span.clone(),
                    format!("{what}: grid {} is {n} (at most {limit})", AXES[axis]),
                ));
            }
        }
        for (axis, (&n, &limit)) in block.iter().zip(&[1024u64, 1024, 64]).enumerate() {
            if u64::from(n) > limit {
                return Err(cx.error(
                    block_span.clone(),
                    format!("{what}: block {} is {n} (at most {limit})", AXES[axis]),
                ));
            }
        }
        let threads: u64 = block.iter().map(|&n| u64::from(n)).product();
        if threads > MAX_BLOCK_THREADS {
            return Err(cx.error(
                block_span,
                format!("{what}: block has {threads} threads (at most {MAX_BLOCK_THREADS})"),
            ));
        }
        out.push(Launch {
            kernel,
            grid,
            block,
            args,
            shared_bytes,
            line,
        });
    }
    Ok(out)
}

const AXES: [&str; 3] = ["x", "y", "z"];

/// A grid or block: 1 to 3 positive integers (or one integer), padded with 1s.
fn dims3(
    cx: &Cx<'_>,
    what: &str,
    field: &str,
    value: &Item,
    span: Option<Range<usize>>,
) -> Result<([u32; 3], Option<Range<usize>>), SpecError> {
    let entries: Vec<(Option<i64>, String, Option<Range<usize>>)> =
        if let Some(array) = value.as_array() {
            array
                .iter()
                .map(|v| (v.as_integer(), describe_value(v).to_string(), v.span()))
                .collect()
        } else if let Some(n) = value.as_integer() {
            vec![(Some(n), String::new(), span.clone())]
        } else {
            return Err(cx.error(
                span,
                format!(
                    "{what}: {field} must be an array of 1 to 3 positive integers, not {}",
                    describe(value)
                ),
            ));
        };
    if entries.is_empty() || entries.len() > 3 {
        return Err(cx.error(
            span,
            format!(
                "{what}: {field} has {} entries (1 to 3 allowed)",
                entries.len()
            ),
        ));
    }
    let mut out = [1u32; 3];
    for (i, (n, kind, entry_span)) in entries.into_iter().enumerate() {
        let entry_span = entry_span.or(span.clone());
        match n {
            Some(n) if n > 0 => {
                out[i] = u32::try_from(n).map_err(|_| {
                    cx.error(
                        entry_span,
                        format!("{what}: {field} {} is {n} (too large)", AXES[i]),
                    )
                })?;
            }
            Some(n) => {
                return Err(cx.error(
                    entry_span,
                    format!(
                        "{what}: {field} {} is {n} (entries must be positive)",
                        AXES[i]
                    ),
                ))
            }
            None => {
                return Err(cx.error(
                    entry_span,
                    format!(
                        "{what}: {field} {} is {kind} (entries must be positive integers)",
                        AXES[i]
                    ),
                ))
            }
        }
    }
    Ok((out, span))
}

fn parse_args(
    cx: &Cx<'_>,
    what: &str,
    value: &Item,
    span: Option<Range<usize>>,
    buffers: &[BufferSpec],
) -> Result<Vec<SpecArg>, SpecError> {
    let Some(array) = value.as_array() else {
        return Err(cx.error(
            span,
            format!("{what}: args must be an array, not {}", describe(value)),
        ));
    };
    let mut out = Vec::with_capacity(array.len());
    for (i, v) in array.iter().enumerate() {
        let arg_span = v.span().or(span.clone());
        let arg = match v {
            Value::Integer(n) => SpecArg::Int(*n.value()),
            Value::Float(x) => SpecArg::Float(*x.value()),
            Value::Boolean(b) => SpecArg::Bool(*b.value()),
            Value::String(s) => {
                let name = s.value();
                match buffers.iter().position(|b| &b.name == name) {
                    Some(index) => SpecArg::Buffer(index),
                    None => {
                        let known = if buffers.is_empty() {
                            "the spec declares no buffers".to_string()
                        } else {
                            format!(
                                "buffers: {}",
                                buffers
                                    .iter()
                                    .map(|b| b.name.as_str())
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            )
                        };
                        return Err(cx.error(
                            arg_span,
                            format!(
                                "{what}: argument {} names unknown buffer '{name}' ({known})",
                                i + 1
                            ),
                        ));
                    }
                }
            }
            other => {
                return Err(cx.error(
                    arg_span,
                    format!(
                    "{what}: argument {} is {} (numbers, booleans and buffer names are allowed)",
                    i + 1,
                    describe_value(other)
                ),
                ))
            }
        };
        out.push(arg);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAXPY: &str = r#"
[buffers.x]            # device arrays; this order is THE buffer order everywhere
dtype = "f32"
shape = [1000]
[buffers.y]
dtype = "f32"
shape = [1000]
[[launch]]
kernel = "saxpy"
grid = [4]
block = [256]
args = [1000, 2.0, "x", "y"]
shared_bytes = 0
"#;

    fn err(text: &str) -> String {
        match parse_spec(text, "spec.toml") {
            Ok(s) => panic!("expected an error, got {s:?}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn parses_the_example() {
        let spec = parse_spec(SAXPY, "spec.toml").unwrap();
        assert_eq!(spec.path, "spec.toml");
        assert_eq!(
            spec.buffers,
            [
                BufferSpec {
                    name: "x".into(),
                    dtype: DType::F32,
                    shape: vec![1000]
                },
                BufferSpec {
                    name: "y".into(),
                    dtype: DType::F32,
                    shape: vec![1000]
                },
            ]
        );
        assert_eq!(
            spec.launches,
            [Launch {
                kernel: "saxpy".into(),
                grid: [4, 1, 1],
                block: [256, 1, 1],
                args: vec![
                    SpecArg::Int(1000),
                    SpecArg::Float(2.0),
                    SpecArg::Buffer(0),
                    SpecArg::Buffer(1)
                ],
                shared_bytes: 0,
                line: 8,
            }]
        );
        assert_eq!(spec.buffer_index("y"), Some(1));
        assert_eq!(spec.buffers[0].byte_len(), 4000);
    }

    #[test]
    fn buffer_order_is_file_order() {
        let names = ["zeta", "alpha", "mid", "b", "a", "omega"];
        let mut text = String::new();
        for n in names {
            text.push_str(&format!("[buffers.{n}]\ndtype = \"u8\"\nshape = [2]\n"));
        }
        text.push_str(
            "[[launch]]\nkernel = \"k\"\ngrid = [1]\nblock = [1]\nargs = [\"a\", \"zeta\"]\n",
        );
        let spec = parse_spec(&text, "s.toml").unwrap();
        let got: Vec<&str> = spec.buffers.iter().map(|b| b.name.as_str()).collect();
        assert_eq!(got, names);
        assert_eq!(
            spec.launches[0].args,
            [SpecArg::Buffer(4), SpecArg::Buffer(0)]
        );

        // Inline and dotted forms, and buffers after the launches.
        let text = r#"
[[launch]]
kernel = "k"
grid = 2
block = [32, 2, 1]
args = [true, -3, 1e-3, "q"]
[[launch]]
kernel = "k2"
grid = [1, 2, 3]
block = [8, 8]
shared_bytes = 4096
[buffers]
q = { dtype = "bf16", shape = [] }
p.dtype = "i64"
p.shape = [2, 3, 4]
"#;
        let spec = parse_spec(text, "s.toml").unwrap();
        let got: Vec<&str> = spec.buffers.iter().map(|b| b.name.as_str()).collect();
        assert_eq!(got, ["q", "p"]);
        assert_eq!(spec.buffers[0].shape, Vec::<usize>::new());
        assert_eq!(spec.buffers[1].shape, [2, 3, 4]);
        let l = &spec.launches;
        assert_eq!(l[0].grid, [2, 1, 1]);
        assert_eq!(l[0].block, [32, 2, 1]);
        assert_eq!(
            l[0].args,
            [
                SpecArg::Bool(true),
                SpecArg::Int(-3),
                SpecArg::Float(1e-3),
                SpecArg::Buffer(0)
            ]
        );
        assert_eq!((l[0].line, l[1].line), (2, 7));
        assert_eq!(l[1].grid, [1, 2, 3]);
        assert_eq!(l[1].block, [8, 8, 1]);
        assert_eq!(l[1].shared_bytes, 4096);
        assert!(l[1].args.is_empty());

        let inline = "launch = [{ kernel = \"k\", grid = [1], block = [1] }]\n";
        let spec = parse_spec(inline, "s.toml").unwrap();
        assert_eq!(spec.launches[0].kernel, "k");
        assert_eq!(spec.launches[0].line, 1);
    }

    #[test]
    fn validation_errors() {
        let launch = "[[launch]]\nkernel = \"k\"\ngrid = [1]\nblock = [1]\n";
        let with = |extra: &str| format!("{extra}\n{launch}");
        let cases: Vec<(String, &str)> = vec![
            (
                "[[launch]]\nkernel = \"k\"\ngrid = [1]\nblock = [1]\n[[launch]]\nkernel = \"k\"\ngrid = [1, 2, 3, 4]\nblock = [1]\n".into(),
                "spec.toml:7:8: launch 2: grid has 4 entries (1 to 3 allowed)",
            ),
            (with("foo = 1"), "spec.toml:1:1: unknown key 'foo' (expected buffers, launch)"),
            (
                with("[buffers.x]\ndtype = \"f32\"\nshape = [1]\nsize = 3"),
                "spec.toml:4:1: buffer 'x': unknown key 'size' (expected dtype, shape)",
            ),
            (
                with("[buffers.x]\ndtype = \"float32\"\nshape = [1]"),
                "spec.toml:2:9: buffer 'x': unknown dtype 'float32' (one of: f16, bf16, f32, f64, i8, i16, i32, i64, u8, u16, u32, u64, bool)",
            ),
            (
                with("[buffers.x]\ndtype = 32\nshape = [1]"),
                "spec.toml:2:9: buffer 'x': dtype must be a string, not an integer",
            ),
            (
                with("[buffers.x]\ndtype = \"f32\"\nshape = [4, 0]"),
                "spec.toml:3:13: buffer 'x': shape entry 2 is 0 (entries must be positive integers)",
            ),
            (
                with("[buffers.x]\ndtype = \"f32\"\nshape = [-4]"),
                "spec.toml:3:10: buffer 'x': shape entry 1 is -4 (entries must be positive integers)",
            ),
            (
                with("[buffers.x]\ndtype = \"f32\"\nshape = [2.5]"),
                "spec.toml:3:10: buffer 'x': shape entry 1 is a float (entries must be positive integers)",
            ),
            (
                with("[buffers.x]\ndtype = \"f32\"\nshape = 4"),
                "spec.toml:3:9: buffer 'x': shape must be an array of positive integers, not an integer",
            ),
            (
                with("[buffers.x]\ndtype = \"f32\"\nshape = [65536, 65536, 1025]"),
                "spec.toml:3:9: buffer 'x': shape [65536, 65536, 1025] of f32 is too large (at most 16 GiB per buffer)",
            ),
            (
                with("[buffers.x]\ndtype = \"u8\"\nshape = [9223372036854775807, 9223372036854775807, 9223372036854775807]"),
                "spec.toml:3:9: buffer 'x': shape [9223372036854775807, 9223372036854775807, 9223372036854775807] of u8 is too large (at most 16 GiB per buffer)",
            ),
            (with("[buffers.x]\nshape = [1]"), "spec.toml:1:1: buffer 'x': no dtype"),
            (with("[buffers.x]\ndtype = \"f32\""), "spec.toml:1:1: buffer 'x': no shape"),
            (with("[buffers]\nx = \"f32\""), "spec.toml:2:1: buffer 'x' must be a table with dtype and shape, not a string"),
            (with("buffers = 3"), "spec.toml:1:11: 'buffers' must be a table of buffers, not an integer"),
            (
                with("[buffers.\"a/b\"]\ndtype = \"f32\"\nshape = [1]"),
                "spec.toml:1:10: buffer 'a/b': a buffer name must be a file name (no '/', '\\' or NUL; not empty)",
            ),
            (
                "[buffers.x]\ndtype = \"f32\"\nshape = [1]\n[buffers.x]\ndtype = \"f32\"\nshape = [1]\n".into(),
                "spec.toml:4:1: invalid table header: duplicate key `x` in table `buffers`",
            ),
            ("[buffers.x]\ndtype = \"f32\"\nshape = [1]\n".into(), "spec.toml: no [[launch]] tables (a spec needs at least one launch)"),
            ("launch = []\n".into(), "spec.toml:1:10: no launches (a spec needs at least one launch)"),
            ("[launch]\nkernel = \"k\"\n".into(), "spec.toml:1:1: 'launch' must be an array of tables ([[launch]]), not a table"),
            ("[[launch]]\ngrid = [1]\nblock = [1]\n".into(), "spec.toml:1:1: launch 1: no kernel"),
            ("[[launch]]\nkernel = \"k\"\nblock = [1]\n".into(), "spec.toml:1:1: launch 1: no grid"),
            ("[[launch]]\nkernel = \"k\"\ngrid = [1]\n".into(), "spec.toml:1:1: launch 1: no block"),
            (format!("{launch}kern = 1\n"), "spec.toml:5:1: launch 1: unknown key 'kern' (expected kernel, grid, block, args, shared_bytes)"),
            ("[[launch]]\nkernel = \"\"\ngrid = [1]\nblock = [1]\n".into(), "spec.toml:2:10: launch 1: kernel is empty"),
            ("[[launch]]\nkernel = 3\ngrid = [1]\nblock = [1]\n".into(), "spec.toml:2:10: launch 1: kernel must be a string, not an integer"),
            ("[[launch]]\nkernel = \"k\"\ngrid = []\nblock = [1]\n".into(), "spec.toml:3:8: launch 1: grid has 0 entries (1 to 3 allowed)"),
            ("[[launch]]\nkernel = \"k\"\ngrid = [1, 0]\nblock = [1]\n".into(), "spec.toml:3:12: launch 1: grid y is 0 (entries must be positive)"),
            ("[[launch]]\nkernel = \"k\"\ngrid = [\"4\"]\nblock = [1]\n".into(), "spec.toml:3:9: launch 1: grid x is a string (entries must be positive integers)"),
            ("[[launch]]\nkernel = \"k\"\ngrid = \"4\"\nblock = [1]\n".into(), "spec.toml:3:8: launch 1: grid must be an array of 1 to 3 positive integers, not a string"),
            ("[[launch]]\nkernel = \"k\"\ngrid = [1]\nblock = [-32]\n".into(), "spec.toml:4:10: launch 1: block x is -32 (entries must be positive)"),
            ("[[launch]]\nkernel = \"k\"\ngrid = [5000000000]\nblock = [1]\n".into(), "spec.toml:3:9: launch 1: grid x is 5000000000 (too large)"),
            ("[[launch]]\nkernel = \"k\"\ngrid = [1, 70000]\nblock = [1]\n".into(), "spec.toml:3:8: launch 1: grid y is 70000 (at most 65535)"),
            ("[[launch]]\nkernel = \"k\"\ngrid = [1]\nblock = [2048]\n".into(), "spec.toml:4:9: launch 1: block x is 2048 (at most 1024)"),
            ("[[launch]]\nkernel = \"k\"\ngrid = [1]\nblock = [1, 1, 128]\n".into(), "spec.toml:4:9: launch 1: block z is 128 (at most 64)"),
            ("[[launch]]\nkernel = \"k\"\ngrid = [1]\nblock = [64, 32]\n".into(), "spec.toml:4:9: launch 1: block has 2048 threads (at most 1024)"),
            (format!("{launch}shared_bytes = -1\n"), "spec.toml:5:16: launch 1: shared_bytes must be a non-negative integer"),
            (
                format!("[buffers.x]\ndtype = \"f32\"\nshape = [1]\n{launch}args = [1, \"y\"]\n"),
                "spec.toml:8:12: launch 1: argument 2 names unknown buffer 'y' (buffers: x)",
            ),
            (format!("{launch}args = [\"y\"]\n"), "spec.toml:5:9: launch 1: argument 1 names unknown buffer 'y' (the spec declares no buffers)"),
            (format!("{launch}args = [[1, 2]]\n"), "spec.toml:5:9: launch 1: argument 1 is an array (numbers, booleans and buffer names are allowed)"),
            (format!("{launch}args = 3\n"), "spec.toml:5:8: launch 1: args must be an array, not an integer"),
            ("[[launch]\n".into(), "spec.toml:1:9: invalid table header: expected `.`, `]]`"),
        ];
        for (text, want) in cases {
            let got = err(&text);
            assert_eq!(got, want, "\n{text}");
        }
    }

    #[test]
    fn truncated_specs_never_panic() {
        for (end, _) in SAXPY.char_indices() {
            let _ = parse_spec(&SAXPY[..end], "spec.toml");
        }
        let _ = parse_spec(
            "[buffers.\"é\"]\ndtype = \"f32\"\nshape = [1]\nx = 1\n",
            "s",
        );
    }

    fn temp_dir(tag: &str) -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("raise-spec-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn inputs_and_outputs() {
        let text = "[buffers.x]\ndtype = \"f32\"\nshape = [3]\n[buffers.y]\ndtype = \"bf16\"\nshape = [2]\n\
                    [[launch]]\nkernel = \"k\"\ngrid = [1]\nblock = [1]\n";
        let spec = parse_spec(text, "s.toml").unwrap();
        let zeros = load_inputs(&spec, None).unwrap();
        assert_eq!(zeros[0], HostBuffer::zeros(DType::F32, &[3]).unwrap());
        assert_eq!(zeros[1], HostBuffer::zeros(DType::BF16, &[2]).unwrap());

        let dir = temp_dir("io");
        let x = HostBuffer::from_f64(DType::F32, &[3], &[1.0, 2.0, 3.0]).unwrap();
        let y = HostBuffer::from_f64(DType::BF16, &[2], &[0.5, -1.0]).unwrap();
        write_outputs(&spec, &dir, &[x.clone(), y.clone()]).unwrap();
        assert_eq!(
            load_inputs(&spec, Some(&dir)).unwrap(),
            [x.clone(), y.clone()]
        );

        // A missing file is zeros.
        std::fs::remove_file(dir.join("y.npy")).unwrap();
        assert_eq!(load_inputs(&spec, Some(&dir)).unwrap()[1], zeros[1]);

        // Wrong dtype / shape.
        let xi = HostBuffer::from_f64(DType::I32, &[3], &[1.0, 2.0, 3.0]).unwrap();
        write_npy(&dir.join("x.npy"), &xi).unwrap();
        let e = load_inputs(&spec, Some(&dir)).unwrap_err().to_string();
        assert_eq!(
            e,
            format!(
                "{}: dtype i32 does not match spec dtype f32 for buffer 'x'",
                dir.join("x.npy").display()
            )
        );
        let x4 = HostBuffer::zeros(DType::F32, &[4]).unwrap();
        write_npy(&dir.join("x.npy"), &x4).unwrap();
        let e = load_inputs(&spec, Some(&dir)).unwrap_err().to_string();
        assert!(
            e.ends_with("x.npy: shape [4] does not match spec shape [3] for buffer 'x'"),
            "{e}"
        );
        std::fs::write(dir.join("x.npy"), b"garbage").unwrap();
        let e = load_inputs(&spec, Some(&dir)).unwrap_err().to_string();
        assert!(e.ends_with("x.npy: not a .npy file (bad magic)"), "{e}");

        // Outputs must match the spec.
        let e = write_outputs(&spec, &dir, std::slice::from_ref(&x))
            .unwrap_err()
            .to_string();
        assert!(
            e.ends_with("1 arrays to write, the spec has 2 buffers"),
            "{e}"
        );
        let e = write_outputs(&spec, &dir, &[x.clone(), x.clone()])
            .unwrap_err()
            .to_string();
        assert!(
            e.ends_with("y.npy: dtype f32 does not match spec dtype bf16 for buffer 'y'"),
            "{e}"
        );

        let missing = dir.join("nope");
        let e = load_inputs(&spec, Some(&missing)).unwrap_err().to_string();
        assert!(
            e.ends_with("nope: no such directory (the inputs folder)"),
            "{e}"
        );

        // write_outputs creates nested folders.
        let nested = dir.join("a").join("b");
        write_outputs(&spec, &nested, &[x, y]).unwrap();
        assert!(nested.join("x.npy").is_file() && nested.join("y.npy").is_file());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn load_spec_reports_missing_file() {
        let e = load_spec(Path::new("/nonexistent/spec.toml"))
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("/nonexistent/spec.toml: cannot read: "),
            "{e}"
        );
    }
}
