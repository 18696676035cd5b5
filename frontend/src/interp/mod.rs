//! The kernel-IR interpreter: exact CUDA semantics, the semantic reference of the project.
//!
//! Public contract (used by the `raise` driver):
//! * [`Memory`] holds device memory: the spec's buffers and the module's global/constant
//!   variables. A pointer is a `u64`: `((allocation + 1) << 40) | byte_offset`, so integer
//!   address arithmetic (PTX, `ptrtoint`) works; pointer 0 is null.
//! * [`launch`] runs one kernel launch over every block and thread.

use crate::diag::Diagnostic;
use crate::ir::{FuncId, Module};

/// Grid and block sizes and dynamic shared memory of one launch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LaunchConfig {
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub dynamic_shared_bytes: u64,
}

/// Device memory of one run (a sequence of launches of one module).
#[derive(Debug, Default)]
pub struct Memory {
    allocations: Vec<Allocation>,
}

#[derive(Debug)]
struct Allocation {
    name: String,
    bytes: Vec<u8>,
}

impl Memory {
    /// Memory holding the module's global and constant variables (with initialisers).
    pub fn new(module: &Module) -> Self {
        let _ = module;
        Memory::default()
    }
    /// Add a device buffer; gives the pointer to its first byte.
    pub fn add_buffer(&mut self, name: &str, bytes: Vec<u8>) -> u64 {
        self.allocations.push(Allocation {
            name: name.to_string(),
            bytes,
        });
        (self.allocations.len() as u64) << 40
    }
    /// The bytes of the allocation `ptr` points to the start of.
    pub fn buffer(&self, ptr: u64) -> Option<&[u8]> {
        let index = (ptr >> 40).checked_sub(1)? as usize;
        self.allocations.get(index).map(|a| a.bytes.as_slice())
    }
    /// The name of the allocation `ptr` points into.
    pub fn name_of(&self, ptr: u64) -> Option<&str> {
        let index = (ptr >> 40).checked_sub(1)? as usize;
        self.allocations.get(index).map(|a| a.name.as_str())
    }
}

/// Run one launch of `kernel` with `params` (one `u64` per kernel parameter: integers
/// zero-extended, floats as IEEE bits, pointers from [`Memory`]).
pub fn launch(
    module: &Module,
    kernel: FuncId,
    config: &LaunchConfig,
    params: &[u64],
    memory: &mut Memory,
) -> Result<(), Diagnostic> {
    let _ = (module, kernel, config, params, memory);
    Err(Diagnostic::new(
        "not-implemented",
        "the interpreter is not implemented yet",
    ))
}
