//! A small, safe view of an LLVM module through the LLVM C API (`llvm-sys`).
//!
//! All `unsafe` code of the `.ll` frontend lives here. [`LlvmModule`] owns an LLVM context
//! and the module parsed into it; the handles [`V`] (a value), [`T`] (a type) and [`B`]
//! (a basic block) borrow the module, so they cannot outlive it. Every accessor checks
//! the kind of the value before calling a C function that assumes it (the C API does not
//! check, and LLVM is built without assertions).

use llvm_sys::analysis::{LLVMVerifierFailureAction, LLVMVerifyModule};
use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::target::*;
use llvm_sys::{LLVMDiagnosticSeverity, LLVMValueKind};
use std::ffi::{c_char, c_uint, c_void, CStr, CString};
use std::marker::PhantomData;
use std::sync::Mutex;

pub use llvm_sys::{
    LLVMAtomicRMWBinOp as RmwOp, LLVMIntPredicate as IntPred, LLVMOpcode as Opcode,
    LLVMRealPredicate as RealPred, LLVMTypeKind as TypeKind, LLVMValueKind as ValueKind,
};

/// The NVPTX data layout, used when a module does not give one.
const NVPTX_LAYOUT: &str = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64";

/// Messages LLVM reports through the context's diagnostic handler while parsing.
struct DiagSink {
    errors: Mutex<Vec<String>>,
}

extern "C" fn diag_handler(info: LLVMDiagnosticInfoRef, ctx: *mut c_void) {
    if ctx.is_null() || info.is_null() {
        return;
    }
    // SAFETY: `ctx` is the `DiagSink` registered with the context, which outlives it.
    let sink = unsafe { &*(ctx as *const DiagSink) };
    // SAFETY: `info` is valid for the duration of the callback.
    let severity = unsafe { LLVMGetDiagInfoSeverity(info) };
    if severity != LLVMDiagnosticSeverity::LLVMDSError {
        return;
    }
    // SAFETY: as above; the returned message is ours to dispose.
    let text = unsafe { take_message(LLVMGetDiagInfoDescription(info)) };
    if let Ok(mut errors) = sink.errors.lock() {
        errors.push(text);
    }
}

/// Copy and dispose an LLVM-allocated message.
unsafe fn take_message(msg: *mut c_char) -> String {
    if msg.is_null() {
        return String::new();
    }
    let s = CStr::from_ptr(msg).to_string_lossy().into_owned();
    LLVMDisposeMessage(msg);
    s
}

/// Copy a (pointer, length) string owned by LLVM.
unsafe fn borrowed_str(ptr: *const c_char, len: usize) -> String {
    if ptr.is_null() || len == 0 {
        return String::new();
    }
    let bytes = std::slice::from_raw_parts(ptr as *const u8, len);
    String::from_utf8_lossy(bytes).into_owned()
}

/// An LLVM context with one parsed module.
pub struct LlvmModule {
    ctx: LLVMContextRef,
    module: LLVMModuleRef,
    /// Target data created by us (when the module has no layout string); disposed on drop.
    own_td: Option<LLVMTargetDataRef>,
    td: LLVMTargetDataRef,
    _sink: Box<DiagSink>,
}

impl Drop for LlvmModule {
    fn drop(&mut self) {
        // SAFETY: we own all three; the module belongs to the context, so it goes first.
        unsafe {
            if let Some(td) = self.own_td.take() {
                LLVMDisposeTargetData(td);
            }
            LLVMDisposeModule(self.module);
            LLVMContextDispose(self.ctx);
        }
    }
}

/// LLVM's IR reader verifies modules that carry debug info while upgrading it and aborts
/// the process (`report_fatal_error`) when that verification fails. Turn the upgrade off
/// once per process; [`LlvmModule::parse`] runs the verifier itself, returning errors.
fn configure_llvm() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let args: Vec<CString> = ["raise", "-disable-auto-upgrade-debug-info"]
            .iter()
            .filter_map(|a| CString::new(*a).ok())
            .collect();
        let ptrs: Vec<*const c_char> = args.iter().map(|a| a.as_ptr()).collect();
        let overview = CString::default();
        // SAFETY: argv points at NUL-terminated strings that outlive the call; the option
        // exists in LLVM 19 (an unknown option would make LLVM exit).
        unsafe {
            llvm_sys::support::LLVMParseCommandLineOptions(
                ptrs.len() as i32,
                ptrs.as_ptr(),
                overview.as_ptr(),
            );
        }
    });
}

impl LlvmModule {
    /// Parse LLVM IR text or bitcode (sniffed by LLVM) and run LLVM's verifier. `name`
    /// names the buffer in LLVM's messages. On failure gives LLVM's first message line.
    pub fn parse(bytes: &[u8], name: &str) -> Result<LlvmModule, String> {
        configure_llvm();
        let cname = CString::new(name.replace('\0', "?")).unwrap_or_default();
        let sink = Box::new(DiagSink {
            errors: Mutex::new(Vec::new()),
        });
        // SAFETY: plain C API calls on objects we create and own; the buffer is copied
        // by LLVM and handed over to the parser, which takes ownership of it.
        unsafe {
            let ctx = LLVMContextCreate();
            LLVMContextSetDiagnosticHandler(
                ctx,
                Some(diag_handler),
                &*sink as *const DiagSink as *mut c_void,
            );
            let buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(
                bytes.as_ptr() as *const c_char,
                bytes.len(),
                cname.as_ptr(),
            );
            let mut module: LLVMModuleRef = std::ptr::null_mut();
            let mut msg: *mut c_char = std::ptr::null_mut();
            let failed = llvm_sys::ir_reader::LLVMParseIRInContext(ctx, buf, &mut module, &mut msg);
            if failed != 0 || module.is_null() {
                let mut text = take_message(msg);
                if text.trim().is_empty() {
                    if let Ok(errors) = sink.errors.lock() {
                        text = errors.join("; ");
                    }
                }
                if !module.is_null() {
                    LLVMDisposeModule(module);
                }
                LLVMContextDispose(ctx);
                return Err(first_line(&text));
            }
            let mut vmsg: *mut c_char = std::ptr::null_mut();
            let broken = LLVMVerifyModule(
                module,
                LLVMVerifierFailureAction::LLVMReturnStatusAction,
                &mut vmsg,
            );
            let vtext = take_message(vmsg);
            if broken != 0 {
                LLVMDisposeModule(module);
                LLVMContextDispose(ctx);
                return Err(format!(
                    "{name}: invalid module: {}",
                    first_line(&vtext).trim_end_matches('!')
                ));
            }
            let layout = CStr::from_ptr(LLVMGetDataLayoutStr(module)).to_bytes();
            let (td, own_td) = if layout.is_empty() {
                let s = CString::new(NVPTX_LAYOUT).unwrap_or_default();
                let td = LLVMCreateTargetData(s.as_ptr());
                (td, Some(td))
            } else {
                (LLVMGetModuleDataLayout(module), None)
            };
            Ok(LlvmModule {
                ctx,
                module,
                own_td,
                td,
                _sink: sink,
            })
        }
    }

    pub fn data_layout(&self) -> String {
        // SAFETY: as above.
        unsafe {
            CStr::from_ptr(LLVMGetDataLayoutStr(self.module))
                .to_string_lossy()
                .into_owned()
        }
    }

    /// All functions, defined or declared, in module order.
    pub fn functions(&self) -> Vec<V<'_>> {
        let mut out = Vec::new();
        // SAFETY: iterating the module's function list.
        unsafe {
            let mut f = LLVMGetFirstFunction(self.module);
            while !f.is_null() {
                out.push(V::new(f));
                f = LLVMGetNextFunction(f);
            }
        }
        out
    }

    /// All global variables, in module order.
    pub fn globals(&self) -> Vec<V<'_>> {
        let mut out = Vec::new();
        // SAFETY: iterating the module's global list.
        unsafe {
            let mut g = LLVMGetFirstGlobal(self.module);
            while !g.is_null() {
                out.push(V::new(g));
                g = LLVMGetNextGlobal(g);
            }
        }
        out
    }

    /// The operands of each node of a named metadata list (`!nvvm.annotations`), as
    /// values (`None` for operands that are not values, e.g. nested nodes).
    pub fn named_metadata(&self, name: &str) -> Vec<Vec<MdOperand<'_>>> {
        let Ok(cname) = CString::new(name) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        // SAFETY: the named-metadata C API fills arrays we size from its own counts.
        unsafe {
            let n = LLVMGetNamedMetadataNumOperands(self.module, cname.as_ptr());
            if n == 0 {
                return out;
            }
            let mut nodes: Vec<LLVMValueRef> = vec![std::ptr::null_mut(); n as usize];
            LLVMGetNamedMetadataOperands(self.module, cname.as_ptr(), nodes.as_mut_ptr());
            for node in nodes {
                if node.is_null() || LLVMIsAMDNode(node).is_null() {
                    continue;
                }
                let k = LLVMGetMDNodeNumOperands(node);
                let mut ops: Vec<LLVMValueRef> = vec![std::ptr::null_mut(); k as usize];
                LLVMGetMDNodeOperands(node, ops.as_mut_ptr());
                let row = ops
                    .into_iter()
                    .map(|op| {
                        if op.is_null() {
                            return MdOperand::Other;
                        }
                        if !LLVMIsAMDString(op).is_null() {
                            let mut len: c_uint = 0;
                            let p = LLVMGetMDString(op, &mut len);
                            return MdOperand::Str(borrowed_str(p, len as usize));
                        }
                        if LLVMGetValueKind(op) == LLVMValueKind::LLVMMetadataAsValueValueKind {
                            return MdOperand::Other;
                        }
                        MdOperand::Value(V::new(op))
                    })
                    .collect();
                out.push(row);
            }
        }
        out
    }

    /// Allocation size of a type in bytes (`getTypeAllocSize`).
    pub fn alloc_size(&self, t: T<'_>) -> u64 {
        if !t.is_sized() {
            return 0;
        }
        // SAFETY: `t` is a sized type of this module's context.
        unsafe { LLVMABISizeOfType(self.td, t.0) }
    }

    /// Store size of a type in bytes (`getTypeStoreSize`).
    pub fn store_size(&self, t: T<'_>) -> u64 {
        if !t.is_sized() {
            return 0;
        }
        // SAFETY: as above.
        unsafe { LLVMStoreSizeOfType(self.td, t.0) }
    }

    pub fn abi_align(&self, t: T<'_>) -> u64 {
        if !t.is_sized() {
            return 1;
        }
        // SAFETY: as above.
        u64::from(unsafe { LLVMABIAlignmentOfType(self.td, t.0) })
    }

    /// Byte offset of field `i` of a (non-opaque) struct type.
    pub fn field_offset(&self, t: T<'_>, i: u32) -> Option<u64> {
        if t.kind() != TypeKind::LLVMStructTypeKind || !t.is_sized() || i >= t.struct_len() {
            return None;
        }
        // SAFETY: checked that `t` is a sized struct with more than `i` fields.
        Some(unsafe { LLVMOffsetOfElement(self.td, t.0, i) })
    }

    #[allow(dead_code)]
    fn context(&self) -> LLVMContextRef {
        self.ctx
    }
}

fn first_line(s: &str) -> String {
    s.lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("unknown LLVM error")
        .to_string()
}

/// An operand of a metadata node.
#[derive(Clone, Debug)]
pub enum MdOperand<'m> {
    Value(V<'m>),
    Str(String),
    Other,
}

/// An LLVM value (instruction, argument, constant, global, function, ...).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct V<'m>(LLVMValueRef, PhantomData<&'m LlvmModule>);

/// An LLVM type.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct T<'m>(LLVMTypeRef, PhantomData<&'m LlvmModule>);

/// An LLVM basic block.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct B<'m>(LLVMBasicBlockRef, PhantomData<&'m LlvmModule>);

impl<'m> V<'m> {
    fn new(v: LLVMValueRef) -> Self {
        V(v, PhantomData)
    }

    fn opt(v: LLVMValueRef) -> Option<Self> {
        if v.is_null() {
            None
        } else {
            Some(V::new(v))
        }
    }

    pub fn kind(self) -> ValueKind {
        // SAFETY: any value has a kind.
        unsafe { LLVMGetValueKind(self.0) }
    }

    pub fn ty(self) -> T<'m> {
        // SAFETY: any value has a type.
        T(unsafe { LLVMTypeOf(self.0) }, PhantomData)
    }

    /// The value's name (empty when unnamed).
    pub fn name(self) -> String {
        let mut len = 0usize;
        // SAFETY: the name is owned by the value.
        unsafe {
            let p = LLVMGetValueName2(self.0, &mut len);
            borrowed_str(p, len)
        }
    }

    /// The value printed in LLVM syntax, on one line, without metadata attachments.
    pub fn print(self) -> String {
        // SAFETY: printing any value is allowed; we own the result.
        let s = unsafe { take_message(LLVMPrintValueToString(self.0)) };
        let line = s.lines().next().unwrap_or("").trim();
        let line = match line.find(", !") {
            Some(k) => &line[..k],
            None => line,
        };
        let mut out: String = line.chars().take(160).collect();
        if line.chars().count() > 160 {
            out.push_str("...");
        }
        out
    }

    pub fn is_instruction(self) -> bool {
        self.kind() == ValueKind::LLVMInstructionValueKind
    }

    /// The opcode of an instruction or a constant expression.
    pub fn opcode(self) -> Option<Opcode> {
        // SAFETY: each call is guarded by the value's kind.
        unsafe {
            match self.kind() {
                ValueKind::LLVMInstructionValueKind => Some(LLVMGetInstructionOpcode(self.0)),
                ValueKind::LLVMConstantExprValueKind => Some(LLVMGetConstOpcode(self.0)),
                _ => None,
            }
        }
    }

    fn is_user(self) -> bool {
        matches!(
            self.kind(),
            ValueKind::LLVMInstructionValueKind
                | ValueKind::LLVMConstantExprValueKind
                | ValueKind::LLVMConstantArrayValueKind
                | ValueKind::LLVMConstantStructValueKind
                | ValueKind::LLVMConstantVectorValueKind
                | ValueKind::LLVMGlobalVariableValueKind
                | ValueKind::LLVMFunctionValueKind
        )
    }

    pub fn num_operands(self) -> u32 {
        if !self.is_user() {
            return 0;
        }
        // SAFETY: `self` is a User.
        let n = unsafe { LLVMGetNumOperands(self.0) };
        n.max(0) as u32
    }

    pub fn operand(self, i: u32) -> Option<V<'m>> {
        if i >= self.num_operands() {
            return None;
        }
        // SAFETY: index checked against the operand count.
        V::opt(unsafe { LLVMGetOperand(self.0, i) })
    }

    /// Number of uses of the value.
    pub fn use_count(self) -> usize {
        let mut n = 0;
        // SAFETY: walking the use list of a valid value.
        unsafe {
            let mut u = LLVMGetFirstUse(self.0);
            while !u.is_null() {
                n += 1;
                u = LLVMGetNextUse(u);
            }
        }
        n
    }

    /// The block an instruction is in.
    pub fn parent_block(self) -> Option<B<'m>> {
        if !self.is_instruction() {
            return None;
        }
        // SAFETY: `self` is an instruction.
        let b = unsafe { LLVMGetInstructionParent(self.0) };
        if b.is_null() {
            None
        } else {
            Some(B(b, PhantomData))
        }
    }

    /// `(line, col)` of the instruction's or function's debug location, if any.
    pub fn debug_loc(self) -> Option<(u32, u32)> {
        // SAFETY: the C API accepts instructions, globals and functions.
        unsafe {
            match self.kind() {
                ValueKind::LLVMInstructionValueKind => {
                    let line = LLVMGetDebugLocLine(self.0);
                    if line == 0 {
                        return None;
                    }
                    Some((line, LLVMGetDebugLocColumn(self.0)))
                }
                ValueKind::LLVMFunctionValueKind => {
                    if llvm_sys::debuginfo::LLVMGetSubprogram(self.0).is_null() {
                        return None;
                    }
                    let line = LLVMGetDebugLocLine(self.0);
                    (line != 0).then_some((line, 0))
                }
                _ => None,
            }
        }
    }

    /// The source file named by the instruction's debug location, if any.
    pub fn debug_file(self) -> Option<String> {
        if !self.is_instruction() {
            return None;
        }
        let mut len: c_uint = 0;
        // SAFETY: an instruction; the C API gives null when it has no location.
        let name = unsafe {
            let p = LLVMGetDebugLocFilename(self.0, &mut len);
            borrowed_str(p, len as usize)
        };
        (!name.is_empty()).then_some(name)
    }

    // ---- constants ----

    /// The zero-extended value of an integer constant of at most 64 bits.
    pub fn const_int(self) -> Option<u64> {
        if self.kind() != ValueKind::LLVMConstantIntValueKind || self.ty().int_width()? > 64 {
            return None;
        }
        // SAFETY: a ConstantInt of at most 64 bits.
        Some(unsafe { LLVMConstIntGetZExtValue(self.0) })
    }

    /// The value of a floating-point constant, as a double (exact for half, bfloat,
    /// float and double).
    pub fn const_real(self) -> Option<f64> {
        if self.kind() != ValueKind::LLVMConstantFPValueKind {
            return None;
        }
        let mut loses: LLVMBool = 0;
        // SAFETY: a ConstantFP.
        Some(unsafe { LLVMConstRealGetDouble(self.0, &mut loses) })
    }

    /// Element `i` of a constant aggregate (array, struct, vector, data array/vector,
    /// zero, undef, poison).
    pub fn aggregate_element(self, i: u32) -> Option<V<'m>> {
        match self.kind() {
            ValueKind::LLVMConstantArrayValueKind
            | ValueKind::LLVMConstantStructValueKind
            | ValueKind::LLVMConstantVectorValueKind
            | ValueKind::LLVMConstantDataArrayValueKind
            | ValueKind::LLVMConstantDataVectorValueKind
            | ValueKind::LLVMConstantAggregateZeroValueKind
            | ValueKind::LLVMUndefValueValueKind
            | ValueKind::LLVMPoisonValueKind => {
                if u64::from(i) >= self.ty().aggregate_len() {
                    return None;
                }
                // SAFETY: a constant aggregate, index in range.
                V::opt(unsafe { LLVMGetAggregateElement(self.0, i) })
            }
            _ => None,
        }
    }

    /// Raw bytes of an `i8` constant data array (a string).
    pub fn const_bytes_i8(self) -> Option<Vec<u8>> {
        if self.kind() != ValueKind::LLVMConstantDataArrayValueKind {
            return None;
        }
        let elem = self.ty().element_type()?;
        if elem.int_width() != Some(8) {
            return None;
        }
        let mut len = 0usize;
        // SAFETY: an i8 ConstantDataArray (the C API asserts `isString`).
        unsafe {
            let p = LLVMGetAsString(self.0, &mut len);
            if p.is_null() {
                return None;
            }
            Some(std::slice::from_raw_parts(p as *const u8, len).to_vec())
        }
    }

    // ---- globals and functions ----

    pub fn is_declaration(self) -> bool {
        match self.kind() {
            // SAFETY: a global value.
            ValueKind::LLVMFunctionValueKind | ValueKind::LLVMGlobalVariableValueKind => unsafe {
                LLVMIsDeclaration(self.0) != 0
            },
            _ => false,
        }
    }

    /// The value type of a global variable.
    pub fn global_value_type(self) -> Option<T<'m>> {
        if self.kind() != ValueKind::LLVMGlobalVariableValueKind
            && self.kind() != ValueKind::LLVMFunctionValueKind
        {
            return None;
        }
        // SAFETY: a global value.
        Some(T(unsafe { LLVMGlobalGetValueType(self.0) }, PhantomData))
    }

    pub fn initializer(self) -> Option<V<'m>> {
        if self.kind() != ValueKind::LLVMGlobalVariableValueKind || self.is_declaration() {
            return None;
        }
        // SAFETY: a defined global variable.
        V::opt(unsafe { LLVMGetInitializer(self.0) })
    }

    /// Explicit alignment of a global, alloca, load or store (0 if none).
    pub fn alignment(self) -> u32 {
        let ok = match self.kind() {
            ValueKind::LLVMGlobalVariableValueKind => true,
            ValueKind::LLVMInstructionValueKind => matches!(
                self.opcode(),
                Some(Opcode::LLVMAlloca | Opcode::LLVMLoad | Opcode::LLVMStore)
            ),
            _ => false,
        };
        if !ok {
            return 0;
        }
        // SAFETY: checked kinds the C API accepts.
        unsafe { LLVMGetAlignment(self.0) }
    }

    pub fn call_conv(self) -> u32 {
        if self.kind() != ValueKind::LLVMFunctionValueKind {
            return 0;
        }
        // SAFETY: a function.
        unsafe { LLVMGetFunctionCallConv(self.0) }
    }

    pub fn params(self) -> Vec<V<'m>> {
        if self.kind() != ValueKind::LLVMFunctionValueKind {
            return Vec::new();
        }
        // SAFETY: a function; indices below its parameter count.
        unsafe {
            let n = LLVMCountParams(self.0);
            (0..n)
                .filter_map(|i| V::opt(LLVMGetParam(self.0, i)))
                .collect()
        }
    }

    pub fn blocks(self) -> Vec<B<'m>> {
        let mut out = Vec::new();
        if self.kind() != ValueKind::LLVMFunctionValueKind {
            return out;
        }
        // SAFETY: walking a function's block list.
        unsafe {
            let mut b = LLVMGetFirstBasicBlock(self.0);
            while !b.is_null() {
                out.push(B(b, PhantomData));
                b = LLVMGetNextBasicBlock(b);
            }
        }
        out
    }

    /// The function type of a function.
    pub fn function_type(self) -> Option<T<'m>> {
        self.global_value_type()
    }

    // ---- instructions ----

    fn is_inst(self, op: Opcode) -> bool {
        self.is_instruction() && self.opcode() == Some(op)
    }

    pub fn icmp_predicate(self) -> Option<IntPred> {
        if self.opcode() != Some(Opcode::LLVMICmp) {
            return None;
        }
        // SAFETY: an icmp instruction or constant expression.
        Some(unsafe { LLVMGetICmpPredicate(self.0) })
    }

    pub fn fcmp_predicate(self) -> Option<RealPred> {
        if !self.is_inst(Opcode::LLVMFCmp) {
            return None;
        }
        // SAFETY: an fcmp instruction.
        Some(unsafe { LLVMGetFCmpPredicate(self.0) })
    }

    /// Source element type of a GEP (instruction or constant expression).
    pub fn gep_source_type(self) -> Option<T<'m>> {
        if self.opcode() != Some(Opcode::LLVMGetElementPtr) {
            return None;
        }
        // SAFETY: a GEP operator.
        Some(T(
            unsafe { LLVMGetGEPSourceElementType(self.0) },
            PhantomData,
        ))
    }

    pub fn allocated_type(self) -> Option<T<'m>> {
        if !self.is_inst(Opcode::LLVMAlloca) {
            return None;
        }
        // SAFETY: an alloca.
        Some(T(unsafe { LLVMGetAllocatedType(self.0) }, PhantomData))
    }

    /// Indices of extractvalue / insertvalue.
    pub fn agg_indices(self) -> Option<Vec<u32>> {
        if !self.is_inst(Opcode::LLVMExtractValue) && !self.is_inst(Opcode::LLVMInsertValue) {
            return None;
        }
        // SAFETY: an extractvalue/insertvalue; the array has `n` entries.
        unsafe {
            let n = LLVMGetNumIndices(self.0);
            let p = LLVMGetIndices(self.0);
            if p.is_null() {
                return Some(Vec::new());
            }
            Some(std::slice::from_raw_parts(p, n as usize).to_vec())
        }
    }

    /// The mask of a shufflevector (`None` entries are undefined lanes).
    pub fn shuffle_mask(self) -> Option<Vec<Option<u32>>> {
        if !self.is_inst(Opcode::LLVMShuffleVector) {
            return None;
        }
        // SAFETY: a shufflevector; mask indices below its element count.
        unsafe {
            let n = LLVMGetNumMaskElements(self.0);
            let undef = LLVMGetUndefMaskElem();
            Some(
                (0..n)
                    .map(|i| {
                        let m = LLVMGetMaskValue(self.0, i);
                        if m == undef || m < 0 {
                            None
                        } else {
                            Some(m as u32)
                        }
                    })
                    .collect(),
            )
        }
    }

    pub fn rmw_op(self) -> Option<RmwOp> {
        if !self.is_inst(Opcode::LLVMAtomicRMW) {
            return None;
        }
        // SAFETY: an atomicrmw.
        Some(unsafe { LLVMGetAtomicRMWBinOp(self.0) })
    }

    /// Whether the instruction carries the `contract` fast-math flag.
    pub fn allows_contract(self) -> bool {
        if !self.is_instruction() {
            return false;
        }
        // SAFETY: an instruction; flags are read only where the C API says they exist.
        unsafe {
            LLVMCanValueUseFastMathFlags(self.0) != 0
                && LLVMGetFastMathFlags(self.0) & llvm_sys::LLVMFastMathAllowContract != 0
        }
    }

    /// The called operand of a call (function, inline asm, or a pointer value).
    pub fn called_value(self) -> Option<V<'m>> {
        if !self.is_inst(Opcode::LLVMCall) && !self.is_inst(Opcode::LLVMInvoke) {
            return None;
        }
        // SAFETY: a call-like instruction.
        V::opt(unsafe { LLVMGetCalledValue(self.0) })
    }

    /// The argument operands of a call.
    pub fn call_args(self) -> Vec<V<'m>> {
        if !self.is_inst(Opcode::LLVMCall) {
            return Vec::new();
        }
        // SAFETY: a call; argument operands come first.
        let n = unsafe { LLVMGetNumArgOperands(self.0) };
        (0..n).filter_map(|i| self.operand(i)).collect()
    }

    /// Incoming `(value, block)` pairs of a phi.
    pub fn incoming(self) -> Vec<(V<'m>, B<'m>)> {
        if !self.is_inst(Opcode::LLVMPHI) {
            return Vec::new();
        }
        // SAFETY: a phi; indices below its incoming count.
        unsafe {
            let n = LLVMCountIncoming(self.0);
            (0..n)
                .filter_map(|i| {
                    let v = V::opt(LLVMGetIncomingValue(self.0, i))?;
                    let b = LLVMGetIncomingBlock(self.0, i);
                    (!b.is_null()).then_some((v, B(b, PhantomData)))
                })
                .collect()
        }
    }

    /// Successor blocks of a terminator, in order (for `switch`: default first).
    pub fn successors(self) -> Vec<B<'m>> {
        if !self.is_instruction() {
            return Vec::new();
        }
        // SAFETY: `LLVMIsATerminatorInst` guards the successor calls.
        unsafe {
            if LLVMIsATerminatorInst(self.0).is_null() {
                return Vec::new();
            }
            let n = LLVMGetNumSuccessors(self.0);
            (0..n)
                .filter_map(|i| {
                    let b = LLVMGetSuccessor(self.0, i);
                    (!b.is_null()).then_some(B(b, PhantomData))
                })
                .collect()
        }
    }
}

impl<'m> B<'m> {
    pub fn name(self) -> String {
        // SAFETY: the name is owned by the block.
        unsafe {
            let p = LLVMGetBasicBlockName(self.0);
            if p.is_null() {
                return String::new();
            }
            CStr::from_ptr(p).to_string_lossy().into_owned()
        }
    }

    pub fn instructions(self) -> Vec<V<'m>> {
        let mut out = Vec::new();
        // SAFETY: walking a block's instruction list.
        unsafe {
            let mut i = LLVMGetFirstInstruction(self.0);
            while !i.is_null() {
                out.push(V::new(i));
                i = LLVMGetNextInstruction(i);
            }
        }
        out
    }

    pub fn terminator(self) -> Option<V<'m>> {
        // SAFETY: a valid block.
        V::opt(unsafe { LLVMGetBasicBlockTerminator(self.0) })
    }
}

impl<'m> T<'m> {
    pub fn kind(self) -> TypeKind {
        // SAFETY: any type has a kind.
        unsafe { LLVMGetTypeKind(self.0) }
    }

    pub fn is_sized(self) -> bool {
        // SAFETY: any type.
        unsafe { LLVMTypeIsSized(self.0) != 0 }
    }

    pub fn int_width(self) -> Option<u32> {
        if self.kind() != TypeKind::LLVMIntegerTypeKind {
            return None;
        }
        // SAFETY: an integer type.
        Some(unsafe { LLVMGetIntTypeWidth(self.0) })
    }

    pub fn ptr_addr_space(self) -> Option<u32> {
        if self.kind() != TypeKind::LLVMPointerTypeKind {
            return None;
        }
        // SAFETY: a pointer type.
        Some(unsafe { LLVMGetPointerAddressSpace(self.0) })
    }

    /// Element type of an array or vector.
    pub fn element_type(self) -> Option<T<'m>> {
        match self.kind() {
            TypeKind::LLVMArrayTypeKind
            | TypeKind::LLVMVectorTypeKind
            | TypeKind::LLVMScalableVectorTypeKind => {
                // SAFETY: a sequential type.
                Some(T(unsafe { LLVMGetElementType(self.0) }, PhantomData))
            }
            _ => None,
        }
    }

    /// Elements of an array or (fixed) vector, fields of a struct; 0 otherwise.
    pub fn aggregate_len(self) -> u64 {
        // SAFETY: each call guarded by the type kind.
        unsafe {
            match self.kind() {
                TypeKind::LLVMArrayTypeKind => LLVMGetArrayLength2(self.0),
                TypeKind::LLVMVectorTypeKind => u64::from(LLVMGetVectorSize(self.0)),
                TypeKind::LLVMStructTypeKind => {
                    if LLVMIsOpaqueStruct(self.0) != 0 {
                        0
                    } else {
                        u64::from(LLVMCountStructElementTypes(self.0))
                    }
                }
                _ => 0,
            }
        }
    }

    pub fn struct_len(self) -> u32 {
        if self.kind() != TypeKind::LLVMStructTypeKind {
            return 0;
        }
        self.aggregate_len() as u32
    }

    pub fn struct_field(self, i: u32) -> Option<T<'m>> {
        if i >= self.struct_len() {
            return None;
        }
        // SAFETY: a non-opaque struct, index in range.
        Some(T(
            unsafe { LLVMStructGetTypeAtIndex(self.0, i) },
            PhantomData,
        ))
    }

    pub fn fn_return(self) -> Option<T<'m>> {
        if self.kind() != TypeKind::LLVMFunctionTypeKind {
            return None;
        }
        // SAFETY: a function type.
        Some(T(unsafe { LLVMGetReturnType(self.0) }, PhantomData))
    }

    pub fn fn_is_vararg(self) -> bool {
        if self.kind() != TypeKind::LLVMFunctionTypeKind {
            return false;
        }
        // SAFETY: a function type.
        unsafe { LLVMIsFunctionVarArg(self.0) != 0 }
    }

    pub fn print(self) -> String {
        // SAFETY: printing a type; we own the result.
        unsafe { take_message(LLVMPrintTypeToString(self.0)) }
    }
}
