//! Diagnostics: every error the pipeline reports has a stable name (`code`), a one-line
//! message and, where known, a location (file:line:col, or kernel/op).

use std::fmt;

/// Where a diagnostic points.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Location {
    pub file: Option<String>,
    pub line: Option<u32>,
    pub col: Option<u32>,
    /// Kernel or function the problem is in, when known.
    pub function: Option<String>,
    /// The offending instruction or op, printed, when known.
    pub op: Option<String>,
}

impl Location {
    pub fn file_line_col(file: impl Into<String>, line: u32, col: u32) -> Self {
        Location {
            file: Some(file.into()),
            line: Some(line),
            col: Some(col),
            ..Default::default()
        }
    }
    pub fn in_function(function: impl Into<String>) -> Self {
        Location {
            function: Some(function.into()),
            ..Default::default()
        }
    }
    pub fn with_op(mut self, op: impl Into<String>) -> Self {
        self.op = Some(op.into());
        self
    }
    pub fn with_file(mut self, file: impl Into<String>) -> Self {
        self.file = Some(file.into());
        self
    }
    fn is_empty(&self) -> bool {
        self.file.is_none() && self.function.is_none() && self.op.is_none()
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut wrote = false;
        if let Some(file) = &self.file {
            write!(f, "{file}")?;
            if let Some(line) = self.line {
                write!(f, ":{line}")?;
                if let Some(col) = self.col {
                    write!(f, ":{col}")?;
                }
            }
            wrote = true;
        }
        if let Some(func) = &self.function {
            if wrote {
                write!(f, ": ")?;
            }
            write!(f, "in '{func}'")?;
            wrote = true;
        }
        if let Some(op) = &self.op {
            if wrote {
                write!(f, ", ")?;
            }
            write!(f, "at '{op}'")?;
        }
        Ok(())
    }
}

/// A named, located error. `Display` gives one line:
/// `file:line:col: in 'kernel', at 'op': error[code]: message`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Stable, kebab-case name of the kind of problem (e.g. `unsupported-intrinsic`).
    pub code: &'static str,
    pub message: String,
    pub location: Location,
    /// Extra lines (hints, fallbacks taken).
    pub notes: Vec<String>,
}

impl Diagnostic {
    pub fn new(code: &'static str, message: impl Into<String>) -> Self {
        Diagnostic {
            code,
            message: message.into(),
            location: Location::default(),
            notes: Vec::new(),
        }
    }
    pub fn at(mut self, location: Location) -> Self {
        self.location = location;
        self
    }
    pub fn in_function(mut self, function: impl Into<String>) -> Self {
        self.location.function = Some(function.into());
        self
    }
    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.location.is_empty() {
            write!(f, "{}: ", self.location)?;
        }
        write!(f, "error[{}]: {}", self.code, self.message)?;
        for note in &self.notes {
            write!(f, " (note: {note})")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostic {}

pub type Result<T, E = Diagnostic> = std::result::Result<T, E>;
