//! Recursive-descent parser for PTX text (ISA 6.0-9.x as emitted by clang/llc, nvcc/NVVM
//! and numba-cuda) into the syntax tree of [`super::ast`].
//!
//! Function-scoped names are resolved here, honouring `{ }` scopes: `.reg` declarations
//! (including `%r<10>` ranges), body-level `.param`/`.local`/`.shared` variables and the
//! function's parameters. `.file`, `.loc`, `.pragma`, `.section` and performance directives
//! are read and dropped.

use super::ast::*;
use super::fxhash::FxMap;
use super::lexer::{int_value, tokenize, TokKind, Token};
use crate::diag::{Diagnostic, Location};
use crate::ir::SrcLoc;

type PResult<T> = Result<T, Diagnostic>;

/// Parse a whole PTX module.
pub fn parse<'a>(text: &'a str, source: &str) -> PResult<PtxModule<'a>> {
    let toks = tokenize(text, source)?;
    let mut p = Parser {
        text,
        toks,
        pos: 0,
        source,
    };
    p.module()
}

struct Parser<'a, 's> {
    text: &'a str,
    toks: Vec<Token<'a>>,
    pos: usize,
    source: &'s str,
}

#[derive(Default)]
struct Scope<'a> {
    exact: FxMap<&'a str, VarId>,
    /// `%r<10>`: prefix -> (first var, count).
    ranges: FxMap<&'a str, (VarId, u32)>,
}

/// Function-scoped names while a function is parsed.
struct FnScopes<'a> {
    vars: Vec<Var<'a>>,
    stack: Vec<(u32, Scope<'a>)>,
    parents: Vec<u32>,
}

impl<'a> FnScopes<'a> {
    fn new() -> Self {
        FnScopes {
            vars: Vec::new(),
            stack: vec![(0, Scope::default())],
            parents: vec![0],
        }
    }
    fn current(&self) -> u32 {
        self.stack.last().map(|s| s.0).unwrap_or(0)
    }
    fn push(&mut self) {
        let id = self.parents.len() as u32;
        self.parents.push(self.current());
        self.stack.push((id, Scope::default()));
    }
    fn pop(&mut self) {
        if self.stack.len() > 1 {
            self.stack.pop();
        }
    }
    fn declare(&mut self, name: &'a str, kind: VarKind<'a>) -> VarId {
        let id = self.vars.len() as VarId;
        self.vars.push(Var { name, kind });
        if let Some((_, s)) = self.stack.last_mut() {
            s.exact.insert(name, id);
        }
        id
    }
    fn declare_range(&mut self, prefix: &'a str, count: u32, ty: PTy) {
        let first = self.vars.len() as VarId;
        self.vars.reserve(count as usize);
        for _ in 0..count {
            self.vars.push(Var {
                name: prefix,
                kind: VarKind::Reg(ty),
            });
        }
        if let Some((_, s)) = self.stack.last_mut() {
            s.ranges.insert(prefix, (first, count));
        }
    }
    fn lookup(&self, name: &str) -> Option<VarId> {
        let digits = name
            .bytes()
            .rev()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let (prefix, num) = name.split_at(name.len() - digits);
        let index: Option<u32> = if digits > 0 && (digits == 1 || !num.starts_with('0')) {
            num.parse().ok()
        } else {
            None
        };
        for (_, s) in self.stack.iter().rev() {
            if let Some(&v) = s.exact.get(name) {
                return Some(v);
            }
            if let Some(i) = index {
                if let Some(&(first, count)) = s.ranges.get(prefix) {
                    if i < count {
                        return Some(first + i);
                    }
                }
            }
        }
        None
    }
}

/// The most names (registers included) one function may declare.
const MAX_VARS: u64 = 1 << 24;

fn is_perf_directive(s: &str) -> bool {
    matches!(
        s,
        "maxntid"
            | "reqntid"
            | "minnctapersm"
            | "maxnctapersm"
            | "maxnreg"
            | "maxclusterrank"
            | "reqnctapercluster"
            | "explicitcluster"
            | "blocksareclusters"
            | "noreturn"
    )
}

impl<'a> Parser<'a, '_> {
    fn peek(&self) -> &Token<'a> {
        // The token list always ends with `Eof`, and `pos` never passes it.
        &self.toks[self.pos.min(self.toks.len() - 1)]
    }
    fn peek_at(&self, n: usize) -> &Token<'a> {
        &self.toks[(self.pos + n).min(self.toks.len() - 1)]
    }
    fn bump(&mut self) -> Token<'a> {
        let t = *self.peek();
        if t.kind != TokKind::Eof {
            self.pos += 1;
        }
        t
    }
    fn loc_of(t: &Token<'_>) -> SrcLoc {
        SrcLoc {
            line: t.line,
            col: t.col,
        }
    }
    fn err_at(&self, t: &Token<'_>, msg: impl Into<String>) -> Diagnostic {
        Diagnostic::new("bad-ptx", msg).at(Location::file_line_col(self.source, t.line, t.col))
    }
    fn describe(t: &Token<'_>) -> String {
        match t.kind {
            TokKind::Eof => "end of file".to_string(),
            TokKind::Dot => format!("'.{}'", t.text),
            TokKind::Str => format!("\"{}\"", t.text),
            _ => format!("'{}'", t.text),
        }
    }
    /// `expected X, found Y` at the next token.
    fn expected(&self, what: &str) -> Diagnostic {
        let t = self.peek();
        self.err_at(t, format!("expected {what}, found {}", Self::describe(t)))
    }
    fn eat_punct(&mut self, c: u8) -> bool {
        if self.peek().is_punct(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    fn expect_punct(&mut self, c: u8) -> PResult<Token<'a>> {
        if self.peek().is_punct(c) {
            Ok(self.bump())
        } else {
            Err(self.expected(&format!("'{}'", c as char)))
        }
    }
    fn expect_ident(&mut self, what: &str) -> PResult<Token<'a>> {
        if self.peek().kind == TokKind::Ident {
            Ok(self.bump())
        } else {
            Err(self.expected(what))
        }
    }
    fn expect_int(&mut self, what: &str) -> PResult<u64> {
        let t = *self.peek();
        if t.kind != TokKind::Int {
            return Err(self.expected(what));
        }
        self.pos += 1;
        int_value(t.text)
            .ok_or_else(|| self.err_at(&t, format!("bad integer literal '{}'", t.text)))
    }
    fn expect_u32(&mut self, what: &str) -> PResult<u32> {
        let t = *self.peek();
        let v = self.expect_int(what)?;
        u32::try_from(v).map_err(|_| self.err_at(&t, format!("{what} out of range")))
    }
    /// Skip the rest of the source line of the previous token.
    fn skip_line(&mut self) {
        let line = if self.pos == 0 {
            0
        } else {
            self.toks[self.pos - 1].line
        };
        while self.peek().kind != TokKind::Eof && self.peek().line == line {
            self.pos += 1;
        }
    }
    fn skip_to_semicolon(&mut self) -> PResult<()> {
        loop {
            let t = self.bump();
            match t.kind {
                TokKind::Punct(b';') => return Ok(()),
                TokKind::Eof => return Err(self.err_at(&t, "expected ';', found end of file")),
                _ => {}
            }
        }
    }
    /// Skip a balanced `{ ... }` group starting at the next token.
    fn skip_braces(&mut self) -> PResult<()> {
        self.expect_punct(b'{')?;
        let mut depth = 1;
        while depth > 0 {
            let t = self.bump();
            match t.kind {
                TokKind::Punct(b'{') => depth += 1,
                TokKind::Punct(b'}') => depth -= 1,
                TokKind::Eof => return Err(self.err_at(&t, "expected '}', found end of file")),
                _ => {}
            }
        }
        Ok(())
    }
    /// Skip a balanced `( ... )` group starting at the next token, if there is one.
    fn skip_parens(&mut self) -> PResult<()> {
        if !self.peek().is_punct(b'(') {
            return Ok(());
        }
        let mut depth = 0;
        loop {
            let t = self.bump();
            match t.kind {
                TokKind::Punct(b'(') => depth += 1,
                TokKind::Punct(b')') => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(());
                    }
                }
                TokKind::Eof => return Err(self.err_at(&t, "expected ')', found end of file")),
                _ => {}
            }
        }
    }
    /// An identifier plus any dotted words glued to it (`llvm.nvvm.x`).
    fn glued_name(&mut self, first: Token<'a>) -> &'a str {
        let mut end = first.end;
        while self.peek().kind == TokKind::Dot && self.peek().start == end {
            end = self.bump().end;
        }
        &self.text[first.start as usize..end as usize]
    }

    fn module(&mut self) -> PResult<PtxModule<'a>> {
        let mut m = PtxModule {
            version: (0, 0),
            target: Vec::new(),
            address_size: 64,
            items: Vec::new(),
        };
        loop {
            let t = *self.peek();
            match t.kind {
                TokKind::Eof => break,
                TokKind::Dot => {}
                _ => return Err(self.expected("a directive")),
            }
            match t.text {
                "version" => {
                    self.bump();
                    let v = *self.peek();
                    if !matches!(v.kind, TokKind::Float | TokKind::Int) {
                        return Err(self.expected("a version number"));
                    }
                    self.bump();
                    let mut parts = v.text.splitn(2, '.');
                    let major = parts.next().and_then(|s| s.parse().ok());
                    let minor = parts.next().unwrap_or("0").parse().ok();
                    match (major, minor) {
                        (Some(a), Some(b)) => m.version = (a, b),
                        _ => return Err(self.err_at(&v, "bad .version number")),
                    }
                }
                "target" => {
                    self.bump();
                    loop {
                        let id = self.expect_ident("a target name")?;
                        m.target.push(id.text);
                        if !self.eat_punct(b',') {
                            break;
                        }
                    }
                }
                "address_size" => {
                    self.bump();
                    m.address_size = self.expect_u32("an address size")?;
                }
                "file" | "loc" => {
                    self.bump();
                    self.skip_line();
                }
                "section" => {
                    self.bump();
                    while self.peek().kind != TokKind::Eof && !self.peek().is_punct(b'{') {
                        self.bump();
                    }
                    self.skip_braces()?;
                }
                "pragma" | "alias" => {
                    self.bump();
                    self.skip_to_semicolon()?;
                }
                _ => {
                    let item = self.module_item()?;
                    m.items.push(item);
                }
            }
        }
        Ok(m)
    }

    fn module_item(&mut self) -> PResult<Item<'a>> {
        let mut linkage = Linkage::None;
        loop {
            let t = *self.peek();
            if t.kind != TokKind::Dot {
                return Err(self.expected("a declaration"));
            }
            let l = match t.text {
                "visible" => Linkage::Visible,
                "weak" => Linkage::Weak,
                "extern" => Linkage::Extern,
                "common" => Linkage::Common,
                _ => break,
            };
            self.bump();
            linkage = l;
        }
        let t = *self.peek();
        match t.text {
            "entry" | "func" => Ok(Item::Func(self.function(linkage)?)),
            "global" | "const" | "shared" | "local" => {
                let mut decls = self.var_decl_stmt(linkage)?;
                if decls.len() != 1 {
                    return Err(
                        self.err_at(&t, "one variable per module-level declaration is supported")
                    );
                }
                Ok(Item::Var(decls.remove(0)))
            }
            _ => Err(self.expected("'.entry', '.func' or a variable declaration")),
        }
    }

    /// A variable declaration after its linkage, up to and including the `;`, e.g.
    /// `.shared .align 4 .b8 s[1024];`. Returns the declarators.
    fn var_decl_stmt(&mut self, linkage: Linkage) -> PResult<Vec<VarDecl<'a>>> {
        let space_tok = self.bump();
        let space = Space::parse(space_tok.text)
            .ok_or_else(|| self.err_at(&space_tok, "expected a state space"))?;
        let mut out = Vec::new();
        let (align, vec, ty, ptr_space) = self.decl_attrs()?;
        loop {
            let name_tok = self.expect_ident("a variable name")?;
            let name = self.glued_name(name_tok);
            let dims = self.dims()?;
            let init = if self.eat_punct(b'=') {
                Some(self.initializer()?)
            } else {
                None
            };
            out.push(VarDecl {
                name,
                space,
                align,
                ty,
                vec,
                dims,
                init,
                linkage,
                ptr_space,
                loc: Self::loc_of(&name_tok),
            });
            if !self.eat_punct(b',') {
                break;
            }
        }
        self.expect_punct(b';')?;
        Ok(out)
    }

    /// `.align N`, `.vN`, the type, and a parameter's `.ptr .space .align N`.
    fn decl_attrs(&mut self) -> PResult<(Option<u64>, u32, PTy, Option<Space>)> {
        let mut align = None;
        let mut vec = 1;
        let mut ty = None;
        let mut ptr = false;
        let mut ptr_space = None;
        while self.peek().kind == TokKind::Dot {
            let t = *self.peek();
            match t.text {
                "align" => {
                    self.bump();
                    let a = self.expect_int("an alignment")?;
                    if !ptr {
                        align = Some(a);
                    }
                }
                "v2" | "v4" | "v8" => {
                    self.bump();
                    vec = t.text[1..].parse().unwrap_or(1);
                }
                "ptr" => {
                    self.bump();
                    ptr = true;
                }
                "attribute" => {
                    self.bump();
                    self.skip_parens()?;
                }
                "texref" | "samplerref" | "surfref" => {
                    return Err(Diagnostic::new(
                        "unsupported-ptx",
                        format!("unsupported PTX variable type '.{}'", t.text),
                    )
                    .at(Location::file_line_col(self.source, t.line, t.col)));
                }
                s if ptr && Space::parse(s).is_some() => {
                    self.bump();
                    ptr_space = Space::parse(s);
                }
                s => match PTy::parse(s) {
                    Some(p) if ty.is_none() => {
                        self.bump();
                        ty = Some(p);
                    }
                    _ if ty.is_some() && !ptr => break,
                    _ => return Err(self.err_at(&t, format!("expected a type, found '.{s}'"))),
                },
            }
        }
        let ty = ty.ok_or_else(|| self.expected("a type"))?;
        if ptr && ptr_space.is_none() {
            ptr_space = Some(Space::Generic);
        }
        Ok((align, vec, ty, ptr_space))
    }

    fn dims(&mut self) -> PResult<Vec<Option<u64>>> {
        let mut dims = Vec::new();
        while self.eat_punct(b'[') {
            if self.eat_punct(b']') {
                dims.push(None);
            } else {
                dims.push(Some(self.expect_int("an array size")?));
                self.expect_punct(b']')?;
            }
        }
        Ok(dims)
    }

    fn initializer(&mut self) -> PResult<Vec<InitVal<'a>>> {
        let mut out = Vec::new();
        self.init_into(&mut out, 0)?;
        Ok(out)
    }

    fn init_into(&mut self, out: &mut Vec<InitVal<'a>>, depth: u32) -> PResult<()> {
        if depth > 16 {
            return Err(self.expected("a shallower initializer"));
        }
        if self.eat_punct(b'{') {
            if self.eat_punct(b'}') {
                return Ok(());
            }
            loop {
                self.init_into(out, depth + 1)?;
                if self.eat_punct(b'}') {
                    return Ok(());
                }
                self.expect_punct(b',')?;
            }
        }
        let neg = self.eat_punct(b'-');
        let t = *self.peek();
        let v = match t.kind {
            TokKind::Int | TokKind::Float | TokKind::HexF32 | TokKind::HexF64 => {
                match self.number(neg)? {
                    Operand::Int(v) => InitVal::Int(v),
                    Operand::F32(b) => InitVal::F32(b),
                    Operand::F64(b) => InitVal::F64(b),
                    _ => return Err(self.expected("a constant")),
                }
            }
            TokKind::Ident if !neg => {
                self.bump();
                let (name, paren) = if t.text == "generic" && self.eat_punct(b'(') {
                    (self.expect_ident("a symbol")?.text, true)
                } else {
                    (t.text, false)
                };
                if paren {
                    self.expect_punct(b')')?;
                }
                let off = self.offset_suffix()?;
                InitVal::Addr(name, off)
            }
            _ => return Err(self.expected("an initializer value")),
        };
        out.push(v);
        Ok(())
    }

    /// `+N`, `+-N` or `-N` after a base name; 0 when absent.
    fn offset_suffix(&mut self) -> PResult<i64> {
        let mut off: i64 = 0;
        loop {
            let sign = if self.peek().is_punct(b'+') {
                self.bump();
                if self.eat_punct(b'-') {
                    -1
                } else {
                    1
                }
            } else if self.peek().is_punct(b'-') {
                self.bump();
                -1
            } else {
                return Ok(off);
            };
            let v = self.expect_int("an offset")? as i64;
            off = off.wrapping_add(v.wrapping_mul(sign));
        }
    }

    /// A numeric literal (after an optional consumed `-`).
    fn number(&mut self, neg: bool) -> PResult<Operand<'a>> {
        let t = self.bump();
        let hex = |s: &str| u64::from_str_radix(s, 16).ok();
        match t.kind {
            TokKind::Int => {
                let v = int_value(t.text)
                    .ok_or_else(|| self.err_at(&t, format!("bad integer literal '{}'", t.text)))?;
                Ok(Operand::Int(if neg { v.wrapping_neg() } else { v }))
            }
            TokKind::Float => {
                let v: f64 = t
                    .text
                    .parse()
                    .map_err(|_| self.err_at(&t, format!("bad float literal '{}'", t.text)))?;
                Ok(Operand::F64(if neg { -v } else { v }.to_bits()))
            }
            TokKind::HexF32 => {
                let b =
                    hex(&t.text[2..]).ok_or_else(|| self.err_at(&t, "bad float literal"))? as u32;
                Ok(Operand::F32(if neg { b ^ 0x8000_0000 } else { b }))
            }
            TokKind::HexF64 => {
                let b = hex(&t.text[2..]).ok_or_else(|| self.err_at(&t, "bad float literal"))?;
                Ok(Operand::F64(if neg { b ^ (1 << 63) } else { b }))
            }
            _ => Err(self.err_at(
                &t,
                format!("expected a number, found {}", Self::describe(&t)),
            )),
        }
    }

    fn function(&mut self, linkage: Linkage) -> PResult<Func<'a>> {
        let kw = self.bump();
        let is_entry = kw.text == "entry";
        let mut scopes = FnScopes::new();
        let mut rets = Vec::new();
        if !is_entry && self.peek().is_punct(b'(') {
            rets = self.param_list(&mut scopes, true)?;
        }
        let name_tok = self.expect_ident("a function name")?;
        let name = self.glued_name(name_tok);
        let mut params = Vec::new();
        if self.peek().is_punct(b'(') {
            params = self.param_list(&mut scopes, false)?;
        }
        let mut reqntid = None;
        let mut maxntid = None;
        loop {
            let t = *self.peek();
            if t.kind != TokKind::Dot {
                break;
            }
            if t.text == "pragma" {
                self.bump();
                self.skip_to_semicolon()?;
                continue;
            }
            if t.text == "attribute" {
                self.bump();
                self.skip_parens()?;
                continue;
            }
            if !is_perf_directive(t.text) {
                return Err(self.err_at(&t, format!("unexpected directive '.{}'", t.text)));
            }
            self.bump();
            let mut nums = Vec::new();
            if self.peek().kind == TokKind::Int {
                loop {
                    nums.push(self.expect_u32("a number")?);
                    if !self.eat_punct(b',') {
                        break;
                    }
                }
            }
            let dims = [
                nums.first().copied().unwrap_or(1),
                nums.get(1).copied().unwrap_or(1),
                nums.get(2).copied().unwrap_or(1),
            ];
            match t.text {
                "reqntid" => reqntid = Some(dims),
                "maxntid" => maxntid = Some(dims),
                _ => {}
            }
        }
        let body = if self.eat_punct(b';') {
            None
        } else if self.peek().is_punct(b'{') {
            self.bump();
            Some(self.body(&mut scopes)?)
        } else {
            return Err(self.expected("'{' or ';' after the function header"));
        };
        Ok(Func {
            name,
            is_entry,
            linkage,
            params,
            rets,
            body,
            vars: scopes.vars,
            scope_parent: scopes.parents,
            reqntid,
            maxntid,
            loc: Self::loc_of(&kw),
        })
    }

    fn param_list(&mut self, scopes: &mut FnScopes<'a>, rets: bool) -> PResult<Vec<VarId>> {
        self.expect_punct(b'(')?;
        let mut out = Vec::new();
        if self.eat_punct(b')') {
            return Ok(out);
        }
        loop {
            let t = *self.peek();
            let space = match t.kind {
                TokKind::Dot if t.text == "param" || t.text == "reg" => {
                    Space::parse(t.text).unwrap_or(Space::Param)
                }
                _ => return Err(self.expected("'.param' or '.reg'")),
            };
            self.bump();
            let (align, vec, ty, ptr_space) = self.decl_attrs()?;
            let name_tok = self.expect_ident("a parameter name")?;
            let dims = self.dims()?;
            let decl = VarDecl {
                name: name_tok.text,
                space,
                align,
                ty,
                vec,
                dims,
                init: None,
                linkage: Linkage::None,
                ptr_space,
                loc: Self::loc_of(&name_tok),
            };
            let index = out.len() as u32;
            let kind = if rets {
                VarKind::Ret(index, decl)
            } else {
                VarKind::Param(index, decl)
            };
            out.push(scopes.declare(name_tok.text, kind));
            if self.eat_punct(b')') {
                return Ok(out);
            }
            self.expect_punct(b',')?;
        }
    }

    fn body(&mut self, scopes: &mut FnScopes<'a>) -> PResult<Vec<Stmt<'a>>> {
        let mut stmts = Vec::new();
        let mut depth = 0u32;
        loop {
            let t = *self.peek();
            match t.kind {
                TokKind::Eof => return Err(self.expected("'}' at the end of the function")),
                TokKind::Punct(b'}') => {
                    self.bump();
                    if depth == 0 {
                        return Ok(stmts);
                    }
                    depth -= 1;
                    scopes.pop();
                }
                TokKind::Punct(b'{') => {
                    self.bump();
                    depth += 1;
                    scopes.push();
                }
                TokKind::Punct(b'@') => {
                    self.bump();
                    let neg = self.eat_punct(b'!');
                    let r = self.expect_ident("a predicate register")?;
                    let v = scopes.lookup(r.text).ok_or_else(|| {
                        self.err_at(&r, format!("undeclared register '{}'", r.text))
                    })?;
                    let op = self.expect_ident("an instruction")?;
                    let mut inst = self.instruction(op, scopes)?;
                    inst.guard = Some((v, neg));
                    stmts.push(Stmt::Instr(inst));
                }
                TokKind::Ident => {
                    if self.peek_at(1).is_punct(b':') {
                        self.bump();
                        self.bump();
                        stmts.push(Stmt::Label {
                            name: t.text,
                            scope: scopes.current(),
                            loc: Self::loc_of(&t),
                        });
                        continue;
                    }
                    self.bump();
                    let inst = self.instruction(t, scopes)?;
                    stmts.push(Stmt::Instr(inst));
                }
                TokKind::Dot => match t.text {
                    "reg" => {
                        self.bump();
                        self.reg_decl(scopes)?;
                    }
                    "param" | "local" | "shared" | "const" | "global" => {
                        let decls = self.var_decl_stmt(Linkage::None)?;
                        for d in decls {
                            let kind = match d.space {
                                Space::Param => VarKind::Slot(d.clone()),
                                Space::Local => VarKind::Local(d.clone()),
                                _ => VarKind::Static(d.clone()),
                            };
                            scopes.declare(d.name, kind);
                        }
                    }
                    "pragma" | "callprototype" | "branchtargets" | "calltargets" => {
                        self.bump();
                        self.skip_to_semicolon()?;
                    }
                    "loc" | "file" => {
                        self.bump();
                        self.skip_line();
                    }
                    _ => return Err(self.err_at(&t, format!("unexpected directive '.{}'", t.text))),
                },
                _ => return Err(self.expected("an instruction")),
            }
        }
    }

    fn reg_decl(&mut self, scopes: &mut FnScopes<'a>) -> PResult<()> {
        let (_, vec, ty, _) = self.decl_attrs()?;
        if vec != 1 {
            let t = *self.peek();
            return Err(
                Diagnostic::new("unsupported-ptx", "unsupported PTX vector registers")
                    .at(Location::file_line_col(self.source, t.line, t.col)),
            );
        }
        loop {
            let name = self.expect_ident("a register name")?;
            if self.eat_punct(b'<') {
                let ct = *self.peek();
                let count = self.expect_u32("a register count")?;
                self.expect_punct(b'>')?;
                if scopes.vars.len() as u64 + u64::from(count) > MAX_VARS {
                    return Err(self.err_at(&ct, "too many registers in one function"));
                }
                scopes.declare_range(name.text, count, ty);
            } else {
                scopes.declare(name.text, VarKind::Reg(ty));
            }
            if !self.eat_punct(b',') {
                break;
            }
        }
        self.expect_punct(b';')?;
        Ok(())
    }

    fn instruction(&mut self, op: Token<'a>, scopes: &FnScopes<'a>) -> PResult<Instr<'a>> {
        let mut mods = Vec::new();
        let mut end = op.end;
        while self.peek().kind == TokKind::Dot && self.peek().start == end {
            let m = self.bump();
            end = m.end;
            mods.push(m.text);
        }
        let full = &self.text[op.start as usize..end as usize];
        let mut operands = Vec::new();
        if !self.eat_punct(b';') {
            loop {
                operands.push(self.operand(scopes, 0)?);
                if self.eat_punct(b';') {
                    break;
                }
                if !self.eat_punct(b',') {
                    return Err(self.expected("',' or ';'"));
                }
            }
        }
        Ok(Instr {
            guard: None,
            opcode: op.text,
            mods,
            operands,
            loc: Self::loc_of(&op),
            scope: scopes.current(),
            full,
        })
    }

    fn operand(&mut self, scopes: &FnScopes<'a>, depth: u32) -> PResult<Operand<'a>> {
        let t = *self.peek();
        match t.kind {
            TokKind::Punct(c @ (b'{' | b'(')) if depth < 4 => {
                self.bump();
                let close = if c == b'{' { b'}' } else { b')' };
                let mut items = Vec::new();
                if !self.eat_punct(close) {
                    loop {
                        items.push(self.operand(scopes, depth + 1)?);
                        if self.eat_punct(close) {
                            break;
                        }
                        if !self.eat_punct(b',') {
                            return Err(self.expected(&format!("',' or '{}'", close as char)));
                        }
                    }
                }
                Ok(if c == b'{' {
                    Operand::Vec(items)
                } else {
                    Operand::List(items)
                })
            }
            TokKind::Punct(b'[') => {
                self.bump();
                let b = *self.peek();
                let (base, mut off) = match b.kind {
                    TokKind::Ident => {
                        self.bump();
                        let name = self.glued_name(b);
                        match scopes.lookup(name) {
                            Some(v) => (AddrBase::Var(v), 0),
                            None if name.starts_with('%') => {
                                return Err(self.err_at(&b, format!("undeclared register '{name}'")))
                            }
                            None => (AddrBase::Sym(name), 0),
                        }
                    }
                    TokKind::Int => (AddrBase::Abs, self.expect_int("an address")? as i64),
                    _ => return Err(self.expected("an address")),
                };
                off = off.wrapping_add(self.offset_suffix()?);
                if self.eat_punct(b',') && depth < 4 {
                    // `[tex, {%r1, %r2}]` (textures, surfaces): kept as a list.
                    let first = match base {
                        AddrBase::Var(v) => Operand::Var(v),
                        AddrBase::Sym(s) => Operand::Sym(s, off),
                        AddrBase::Abs => Operand::Int(off as u64),
                    };
                    let mut items = vec![first];
                    loop {
                        items.push(self.operand(scopes, depth + 1)?);
                        if self.eat_punct(b']') {
                            return Ok(Operand::Bracket(items));
                        }
                        if !self.eat_punct(b',') {
                            return Err(self.expected("',' or ']'"));
                        }
                    }
                }
                self.expect_punct(b']')?;
                Ok(Operand::Addr(base, off))
            }
            TokKind::Punct(b'!') => {
                self.bump();
                let r = self.expect_ident("a predicate register")?;
                let v = scopes
                    .lookup(r.text)
                    .ok_or_else(|| self.err_at(&r, format!("undeclared register '{}'", r.text)))?;
                Ok(Operand::NotVar(v))
            }
            TokKind::Punct(b'-') => {
                self.bump();
                self.number(true)
            }
            TokKind::Int | TokKind::Float | TokKind::HexF32 | TokKind::HexF64 => self.number(false),
            TokKind::Ident => {
                self.bump();
                if t.text == "_" {
                    return Ok(Operand::Sink);
                }
                let name = self.glued_name(t);
                if name.starts_with('%') {
                    let Some(v) = scopes.lookup(name) else {
                        return Ok(Operand::Special(name));
                    };
                    if self.eat_punct(b'|') {
                        let q = self.expect_ident("a predicate register")?;
                        let w = scopes.lookup(q.text).ok_or_else(|| {
                            self.err_at(&q, format!("undeclared register '{}'", q.text))
                        })?;
                        return Ok(Operand::Pair(v, w));
                    }
                    return Ok(Operand::Var(v));
                }
                if let Some(v) = scopes.lookup(name) {
                    if !self.peek().is_punct(b'+') {
                        return Ok(Operand::Var(v));
                    }
                }
                let off = self.offset_suffix()?;
                Ok(Operand::Sym(name, off))
            }
            _ => Err(self.expected("an operand")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_small_module() {
        let src = r#"
.version 7.8
.target sm_80
.address_size 64
.extern .shared .align 4 .b8 sm[];
.global .align 4 .b8 tbl[4] = {1, 2, 3, 4};
.visible .entry k(
    .param .u64 k_param_0,
    .param .align 8 .b8 k_param_1[16]
)
.maxntid 128, 1, 1
{
    .reg .pred %p<2>;
    .reg .b32 %r<4>;
    .reg .b64 %rd<3>;
    ld.param.u64 %rd1, [k_param_0];
    mov.u32 %r1, %tid.x;
    setp.ne.s32 %p1, %r1, 0;
    @!%p1 bra $L__BB0_2;
    { .reg .b32 t; mov.b64 {t, %r2}, %rd1; }
$L__BB0_2:
    st.global.v2.f32 [%rd1+-8], {%r1, %r2};
    ret;
}
"#;
        let m = parse(src, "t.ptx").unwrap();
        assert_eq!(m.version, (7, 8));
        assert_eq!(m.items.len(), 3);
        let Item::Func(f) = &m.items[2] else {
            panic!("not a function")
        };
        assert!(f.is_entry);
        assert_eq!(f.params.len(), 2);
        assert_eq!(f.maxntid, Some([128, 1, 1]));
        let body = f.body.as_ref().unwrap();
        assert_eq!(body.len(), 8);
        let Stmt::Instr(i) = &body[1] else { panic!() };
        assert_eq!(i.operands[1], Operand::Special("%tid.x"));
        let Stmt::Instr(i) = &body[3] else { panic!() };
        assert!(i.guard.is_some_and(|g| g.1));
        let Stmt::Instr(i) = &body[6] else { panic!() };
        assert_eq!(i.full, "st.global.v2.f32");
        assert!(matches!(i.operands[0], Operand::Addr(AddrBase::Var(_), -8)));
    }

    #[test]
    fn reports_positions() {
        let e = parse(".version 7.8\n.entry k() {\n  add.s32 %r1 %r2;\n}", "x.ptx").unwrap_err();
        assert!(
            e.to_string().starts_with("x.ptx:3:15: error[bad-ptx]: "),
            "{e}"
        );
    }
}
