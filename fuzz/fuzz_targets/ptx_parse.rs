//! Fuzz the PTX frontend: parsing and lifting arbitrary text must never panic, and a
//! module that lifts must pass the kernel-IR verifier.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(m) = frontend::ptx::parse_ptx_str(text, "fuzz.ptx") {
        if let Err(e) = frontend::ir::verify::verify_module(&m) {
            panic!("lifted module does not verify: {e}");
        }
    }
});
