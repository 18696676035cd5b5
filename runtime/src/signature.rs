//! Best-effort reading of `@main`'s parameter types from MLIR text, so that arguments
//! are checked before they reach the plugin (XLA's CPU client checks only byte sizes:
//! an `s32[4]` passed for an `f32[4]` parameter would be reinterpreted silently).
//!
//! Conservative: anything not understood yields `None` (no check) rather than an error.

use crate::tensor::ElementType;

/// A parameter type: element type and dimensions (`None` for a dynamic `?` dimension).
#[derive(Clone, Debug, PartialEq)]
pub struct ParamType {
    pub element: ElementType,
    pub dims: Vec<Option<i64>>,
}

impl std::fmt::Display for ParamType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let dims: Vec<String> = self
            .dims
            .iter()
            .map(|d| d.map_or("?".to_string(), |d| d.to_string()))
            .collect();
        write!(f, "{}[{}]", self.element, dims.join(","))
    }
}

/// The parameters of `@main`: `None` if the signature was not found or not understood;
/// inside, `None` for a parameter whose type is not a plain tensor of a known element type.
pub fn main_params(text: &str) -> Option<Vec<Option<ParamType>>> {
    pretty_main(text).or_else(|| generic_main(text))
}

/// `func.func [public|private] @main(%a: T {attrs}, ...)`.
fn pretty_main(text: &str) -> Option<Vec<Option<ParamType>>> {
    let mut from = 0;
    while let Some(i) = text[from..].find("@main(") {
        let at = from + i;
        from = at + 1;
        let before = text[..at].trim_end();
        let before = before
            .strip_suffix("public")
            .or_else(|| before.strip_suffix("private"))
            .unwrap_or(before);
        if !before.trim_end().ends_with("func.func") {
            continue;
        }
        let open = at + "@main".len();
        let list = balanced(&text[open..], '(', ')')?;
        let mut params = Vec::new();
        for arg in split_top(list) {
            let arg = arg.trim();
            if arg.is_empty() {
                continue;
            }
            let (_, ty) = arg.split_once(':')?;
            let ty = ty.trim();
            // Drop a trailing attribute dictionary `{...}` and a `loc(...)`.
            let end = top_level_index(ty, '{').unwrap_or(ty.len());
            let ty = ty[..end].trim();
            let ty = ty.split(" loc(").next().unwrap_or(ty).trim();
            params.push(parse_tensor_type(ty));
        }
        return Some(params);
    }
    None
}

/// `"func.func"() <{function_type = (T, ...) -> ..., sym_name = "main"}>`.
fn generic_main(text: &str) -> Option<Vec<Option<ParamType>>> {
    let key = "function_type = ";
    let mut from = 0;
    while let Some(i) = text[from..].find(key) {
        let at = from + i + key.len();
        from = at;
        // The attribute dictionary ends at the first unbalanced '}'.
        let rest = &text[at..];
        let dict_end = unbalanced_close(rest).unwrap_or(rest.len());
        let dict = &rest[..dict_end];
        if !dict.contains("sym_name = \"main\"") {
            continue;
        }
        let list = balanced(rest, '(', ')')?;
        return Some(
            split_top(list)
                .into_iter()
                .filter(|s| !s.trim().is_empty())
                .map(|s| parse_tensor_type(s.trim()))
                .collect(),
        );
    }
    None
}

/// `tensor<2x?x3xf32>` (an encoding after a comma is ignored).
pub fn parse_tensor_type(ty: &str) -> Option<ParamType> {
    let inner = ty.strip_prefix("tensor<")?.strip_suffix('>')?;
    let inner = split_top(inner).into_iter().next()?.trim();
    let mut parts: Vec<&str> = inner.split('x').collect();
    let elem = parts.pop()?;
    let element = match elem {
        "i1" => ElementType::Pred,
        "i8" | "si8" => ElementType::S8,
        "i16" | "si16" => ElementType::S16,
        "i32" | "si32" => ElementType::S32,
        "i64" | "si64" => ElementType::S64,
        "ui8" => ElementType::U8,
        "ui16" => ElementType::U16,
        "ui32" => ElementType::U32,
        "ui64" => ElementType::U64,
        "f16" => ElementType::F16,
        "bf16" => ElementType::BF16,
        "f32" => ElementType::F32,
        "f64" => ElementType::F64,
        _ => return None,
    };
    let mut dims = Vec::new();
    for p in parts {
        if p == "?" {
            dims.push(None);
        } else {
            dims.push(Some(p.parse::<i64>().ok()?));
        }
    }
    Some(ParamType { element, dims })
}

/// The text between `s`'s first `open` and its matching `close`.
fn balanced(s: &str, open: char, close: char) -> Option<&str> {
    let start = s.find(open)?;
    let mut depth = 0i32;
    let mut in_str = false;
    let mut prev = ' ';
    for (i, c) in s[start..].char_indices() {
        let escaped = prev == '\\';
        prev = c;
        if in_str {
            if c == '"' && !escaped {
                in_str = false;
            }
        } else if c == '"' {
            in_str = true;
        } else if c == open {
            depth += 1;
        } else if c == close {
            depth -= 1;
            if depth == 0 {
                return Some(&s[start + 1..start + i]);
            }
        }
    }
    None
}

fn is_open(c: char) -> bool {
    matches!(c, '(' | '<' | '{' | '[')
}

fn is_close(c: char) -> bool {
    matches!(c, ')' | '>' | '}' | ']')
}

/// Splits at commas outside any brackets and strings. `->` is not a closing bracket.
fn split_top(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut in_str = false;
    let mut start = 0;
    let mut prev = ' ';
    for (i, c) in s.char_indices() {
        if in_str {
            if c == '"' && prev != '\\' {
                in_str = false;
            }
        } else if c == '"' {
            in_str = true;
        } else if is_open(c) {
            depth += 1;
        } else if is_close(c) && !(c == '>' && prev == '-') {
            depth -= 1;
        } else if c == ',' && depth == 0 {
            out.push(&s[start..i]);
            start = i + 1;
        }
        prev = c;
    }
    out.push(&s[start..]);
    out
}

/// Index of the first `target` outside brackets and strings.
fn top_level_index(s: &str, target: char) -> Option<usize> {
    let mut depth = 0i32;
    let mut in_str = false;
    let mut prev = ' ';
    for (i, c) in s.char_indices() {
        if in_str {
            if c == '"' && prev != '\\' {
                in_str = false;
            }
        } else if c == target && depth == 0 {
            return Some(i);
        } else if c == '"' {
            in_str = true;
        } else if is_open(c) {
            depth += 1;
        } else if is_close(c) && !(c == '>' && prev == '-') {
            depth -= 1;
        }
        prev = c;
    }
    None
}

/// Index of the first closing bracket that closes something opened before `s`.
fn unbalanced_close(s: &str) -> Option<usize> {
    let mut depth = 0i32;
    let mut in_str = false;
    let mut prev = ' ';
    for (i, c) in s.char_indices() {
        if in_str {
            if c == '"' && prev != '\\' {
                in_str = false;
            }
        } else if c == '"' {
            in_str = true;
        } else if is_open(c) {
            depth += 1;
        } else if is_close(c) && !(c == '>' && prev == '-') {
            depth -= 1;
            if depth < 0 {
                return Some(i);
            }
        }
        prev = c;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(e: ElementType, dims: &[i64]) -> Option<ParamType> {
        Some(ParamType {
            element: e,
            dims: dims.iter().map(|&d| Some(d)).collect(),
        })
    }

    #[test]
    fn pretty_signature() {
        let text = r#"module @m attributes {mhlo.num_partitions = 1 : i32} {
  func.func private @helper(%x: tensor<f32>) -> tensor<f32> { return %x : tensor<f32> }
  func.func public @main(%arg0: tensor<2x3xf32> {mhlo.layout_mode = "default", jax.arg_info = "a, b"}, %arg1: tensor<i64>, %arg2: tensor<4xui8> loc("x"), %arg3: tensor<2xcomplex<f32>>) -> (tensor<2x3xf32> {jax.result_info = ""}) {
    return %arg0 : tensor<2x3xf32>
  }
}"#;
        let got = main_params(text).unwrap();
        assert_eq!(
            got,
            vec![
                p(ElementType::F32, &[2, 3]),
                p(ElementType::S64, &[]),
                p(ElementType::U8, &[4]),
                None
            ]
        );
        assert_eq!(
            main_params("func.func @main() -> tensor<f32> {}").unwrap(),
            vec![]
        );
    }

    #[test]
    fn generic_signature() {
        let text = r#""builtin.module"() ({
  "func.func"() <{function_type = (tensor<i1>) -> tensor<i1>, sym_name = "other"}> ({}) : () -> ()
  "func.func"() <{function_type = (tensor<0xf32>, tensor<?x2xbf16>) -> (tensor<0xf32>, tensor<2xf32>), sym_name = "main"}> ({}) : () -> ()
}) : () -> ()"#;
        let got = main_params(text).unwrap();
        assert_eq!(got[0], p(ElementType::F32, &[0]));
        assert_eq!(
            got[1],
            Some(ParamType {
                element: ElementType::BF16,
                dims: vec![None, Some(2)]
            })
        );
    }

    #[test]
    fn nonsense_is_none() {
        assert_eq!(main_params("this is not MLIR"), None);
        assert_eq!(main_params("func.func @main(%a: tensor<4xf32"), None);
        assert_eq!(parse_tensor_type("tensor<4xwhat>"), None);
        assert_eq!(parse_tensor_type("memref<4xf32>"), None);
        for cut in 0..40 {
            let s = "func.func @main(%a: tensor<4xf32>) -> ()";
            let _ = main_params(&s[..cut.min(s.len())]);
        }
    }
}
