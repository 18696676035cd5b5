//! Placeholder (in progress).
