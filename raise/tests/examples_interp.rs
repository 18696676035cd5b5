//! Every example runs on the exact CUDA interpreter from its -O0 and -O2 LLVM IR and its
//! PTX (clang's, or numba-cuda's for the Numba examples), and matches the numpy
//! reference's expected outputs.

mod common;

#[test]
fn examples_from_o0_ll_on_interp() {
    common::check_all("kernel.O0.ll", "interp");
}

#[test]
fn examples_from_o2_ll_on_interp() {
    common::check_all("kernel.O2.ll", "interp");
}

#[test]
fn examples_from_ptx_on_interp() {
    common::check_all("kernel.ptx", "interp");
}
