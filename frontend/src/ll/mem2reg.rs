//! Promotion of non-escaping scalar allocas to SSA values (not yet implemented).

use crate::ir::Function;

/// Promote scalar allocas whose address never escapes to SSA values.
pub(crate) fn promote(_f: &mut Function) {}
