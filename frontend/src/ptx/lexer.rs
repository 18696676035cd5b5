//! The PTX lexer: turns source text into tokens with 1-based line/column positions.
//!
//! Comments (`//`, `/* */`) and whitespace are skipped. A dotted word (`.global`, `.f32`,
//! `.shared::cta`) is one [`TokKind::Dot`] token whose text omits the dot; whether two
//! tokens touch (no whitespace between them) is kept through byte offsets, which is how
//! the parser tells an opcode with modifiers (`ld.global.f32`) or a special register
//! (`%tid.x`) from separate words.

use crate::diag::{Diagnostic, Location};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokKind {
    /// An identifier, including `%`/`$`-prefixed ones (`%r1`, `$L__BB0_3`).
    Ident,
    /// A dotted word; `text` is without the dot.
    Dot,
    /// An integer literal (decimal, `0x` hex, `0b` binary, octal); `text` is the literal.
    Int,
    /// A decimal floating-point literal (`1.5`, `2e10`).
    Float,
    /// `0fXXXXXXXX`: the bits of an `f32`.
    HexF32,
    /// `0dXXXXXXXXXXXXXXXX`: the bits of an `f64`.
    HexF64,
    /// A string literal; `text` is without the quotes.
    Str,
    /// One punctuation character.
    Punct(u8),
    Eof,
}

#[derive(Clone, Copy, Debug)]
pub struct Token<'a> {
    pub kind: TokKind,
    pub text: &'a str,
    /// Byte offsets of the token in the source (including a leading dot).
    pub start: u32,
    pub end: u32,
    pub line: u32,
    pub col: u32,
}

impl Token<'_> {
    pub fn is_punct(&self, c: u8) -> bool {
        self.kind == TokKind::Punct(c)
    }
    pub fn is_dot(&self, word: &str) -> bool {
        self.kind == TokKind::Dot && self.text == word
    }
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_' || c == b'$' || c == b'%'
}

fn is_ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'$'
}

/// Tokenize all of `text`; the last token is `Eof`.
pub fn tokenize<'a>(text: &'a str, source: &str) -> Result<Vec<Token<'a>>, Diagnostic> {
    let bytes = text.as_bytes();
    if bytes.len() >= u32::MAX as usize {
        return Err(Diagnostic::new(
            "bad-ptx",
            format!("{source}: file too large"),
        ));
    }
    let mut toks = Vec::with_capacity(bytes.len() / 5);
    let mut pos = 0usize;
    let mut line = 1u32;
    let mut line_start = 0usize;
    let err = |line: u32, col: usize, msg: String| {
        Diagnostic::new("bad-ptx", msg).at(Location::file_line_col(source, line, col as u32))
    };
    while pos < bytes.len() {
        let c = bytes[pos];
        match c {
            b'\n' => {
                pos += 1;
                line += 1;
                line_start = pos;
                continue;
            }
            b' ' | b'\t' | b'\r' | 0x0b | 0x0c => {
                pos += 1;
                continue;
            }
            b'/' if bytes.get(pos + 1) == Some(&b'/') => {
                while pos < bytes.len() && bytes[pos] != b'\n' {
                    pos += 1;
                }
                continue;
            }
            b'/' if bytes.get(pos + 1) == Some(&b'*') => {
                let (sl, sc) = (line, pos - line_start + 1);
                pos += 2;
                loop {
                    if pos + 1 >= bytes.len() {
                        return Err(err(sl, sc, "unterminated comment".into()));
                    }
                    if bytes[pos] == b'*' && bytes[pos + 1] == b'/' {
                        pos += 2;
                        break;
                    }
                    if bytes[pos] == b'\n' {
                        line += 1;
                        line_start = pos + 1;
                    }
                    pos += 1;
                }
                continue;
            }
            _ => {}
        }
        let start = pos;
        let col = (pos - line_start + 1) as u32;
        let tok_line = line;
        let kind = if is_ident_start(c) {
            pos += 1;
            while pos < bytes.len() && is_ident_char(bytes[pos]) {
                pos += 1;
            }
            TokKind::Ident
        } else if c == b'.'
            && bytes
                .get(pos + 1)
                .is_some_and(|&d| is_ident_start(d) || d.is_ascii_digit())
        {
            pos += 2;
            loop {
                if pos < bytes.len() && is_ident_char(bytes[pos]) {
                    pos += 1;
                } else if pos + 2 < bytes.len()
                    && bytes[pos] == b':'
                    && bytes[pos + 1] == b':'
                    && is_ident_char(bytes[pos + 2])
                {
                    pos += 2;
                } else {
                    break;
                }
            }
            TokKind::Dot
        } else if c.is_ascii_digit() {
            lex_number(bytes, &mut pos)
        } else if c == b'"' {
            pos += 1;
            while pos < bytes.len() && bytes[pos] != b'"' {
                if bytes[pos] == b'\n' {
                    return Err(err(tok_line, col as usize, "unterminated string".into()));
                }
                pos += 1;
            }
            if pos >= bytes.len() {
                return Err(err(tok_line, col as usize, "unterminated string".into()));
            }
            pos += 1;
            TokKind::Str
        } else if b",;:()[]{}+-!@|<>=*".contains(&c) {
            pos += 1;
            TokKind::Punct(c)
        } else {
            let shown = text[pos..].chars().next().unwrap_or('?');
            return Err(err(
                tok_line,
                col as usize,
                format!("unexpected character {shown:?}"),
            ));
        };
        let text_slice = match kind {
            TokKind::Dot => &text[start + 1..pos],
            TokKind::Str => &text[start + 1..pos - 1],
            _ => &text[start..pos],
        };
        toks.push(Token {
            kind,
            text: text_slice,
            start: start as u32,
            end: pos as u32,
            line: tok_line,
            col,
        });
    }
    toks.push(Token {
        kind: TokKind::Eof,
        text: "",
        start: pos as u32,
        end: pos as u32,
        line,
        col: (pos - line_start + 1) as u32,
    });
    Ok(toks)
}

fn lex_number(bytes: &[u8], pos: &mut usize) -> TokKind {
    let start = *pos;
    let hex_run = |p: usize| {
        let mut q = p;
        while q < bytes.len() && bytes[q].is_ascii_hexdigit() {
            q += 1;
        }
        q - p
    };
    if bytes[start] == b'0' {
        match bytes.get(start + 1) {
            Some(b'f' | b'F') if hex_run(start + 2) == 8 => {
                *pos = start + 10;
                return TokKind::HexF32;
            }
            Some(b'd' | b'D') if hex_run(start + 2) == 16 => {
                *pos = start + 18;
                return TokKind::HexF64;
            }
            Some(b'x' | b'X') => {
                *pos = start + 2 + hex_run(start + 2);
                if bytes.get(*pos) == Some(&b'U') {
                    *pos += 1;
                }
                return TokKind::Int;
            }
            _ => {}
        }
    }
    let mut p = start;
    while p < bytes.len() && bytes[p].is_ascii_alphanumeric() {
        // Digits, and `b` (binary), `U`: validated when the value is read.
        if (bytes[p] == b'e' || bytes[p] == b'E') && !bytes[start..p].starts_with(b"0b") {
            break;
        }
        p += 1;
    }
    let mut float = false;
    if p < bytes.len() && bytes[p] == b'.' && bytes.get(p + 1).is_some_and(|d| d.is_ascii_digit()) {
        float = true;
        p += 1;
        while p < bytes.len() && bytes[p].is_ascii_digit() {
            p += 1;
        }
    }
    if p < bytes.len() && (bytes[p] == b'e' || bytes[p] == b'E') {
        let mut q = p + 1;
        if q < bytes.len() && (bytes[q] == b'+' || bytes[q] == b'-') {
            q += 1;
        }
        if q < bytes.len() && bytes[q].is_ascii_digit() {
            float = true;
            while q < bytes.len() && bytes[q].is_ascii_digit() {
                q += 1;
            }
            p = q;
        }
    }
    *pos = p;
    if float {
        TokKind::Float
    } else {
        TokKind::Int
    }
}

/// The value of an integer literal token (wrapping to 64 bits is an error).
pub fn int_value(text: &str) -> Option<u64> {
    let t = text.strip_suffix('U').unwrap_or(text);
    if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        return u64::from_str_radix(h, 16).ok();
    }
    if let Some(b) = t.strip_prefix("0b").or_else(|| t.strip_prefix("0B")) {
        return u64::from_str_radix(b, 2).ok();
    }
    if t.len() > 1 && t.starts_with('0') {
        return u64::from_str_radix(&t[1..], 8).ok();
    }
    t.parse::<u64>().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(s: &str) -> Vec<(TokKind, String)> {
        tokenize(s, "t")
            .unwrap()
            .into_iter()
            .map(|t| (t.kind, t.text.to_string()))
            .collect()
    }

    #[test]
    fn lexes_instructions() {
        let k = kinds("ld.global.f32 %f1, [%rd1+-8]; // c\n/* x\n */ @!%p1 bra $L__BB0_3;");
        assert_eq!(k[0], (TokKind::Ident, "ld".into()));
        assert_eq!(k[1], (TokKind::Dot, "global".into()));
        assert_eq!(k[2], (TokKind::Dot, "f32".into()));
        assert_eq!(k[3], (TokKind::Ident, "%f1".into()));
        assert_eq!(k[6], (TokKind::Ident, "%rd1".into()));
        assert_eq!(k[7], (TokKind::Punct(b'+'), "+".into()));
        assert_eq!(k[8], (TokKind::Punct(b'-'), "-".into()));
        assert_eq!(k[9], (TokKind::Int, "8".into()));
        assert_eq!(k[12], (TokKind::Punct(b'@'), "@".into()));
        assert_eq!(k[15], (TokKind::Ident, "bra".into()));
        assert_eq!(k[16], (TokKind::Ident, "$L__BB0_3".into()));
    }

    #[test]
    fn lexes_numbers() {
        let k = kinds("0f3F800000 0d3FF0000000000000 0x1F 7.8 12 1e5 017 0b101 .shared::cta");
        assert_eq!(k[0].0, TokKind::HexF32);
        assert_eq!(k[1].0, TokKind::HexF64);
        assert_eq!(k[2].0, TokKind::Int);
        assert_eq!(k[3].0, TokKind::Float);
        assert_eq!(k[4].0, TokKind::Int);
        assert_eq!(k[5].0, TokKind::Float);
        assert_eq!(int_value("0x1F"), Some(31));
        assert_eq!(int_value("017"), Some(15));
        assert_eq!(int_value("0b101"), Some(5));
        assert_eq!(int_value("12U"), Some(12));
        assert_eq!(k[8], (TokKind::Dot, "shared::cta".into()));
    }

    #[test]
    fn positions() {
        let t = tokenize("a\n  b", "t").unwrap();
        assert_eq!((t[1].line, t[1].col), (2, 3));
        assert!(tokenize("/* open", "t").is_err());
        assert!(tokenize("a # b", "t").is_err());
    }
}
