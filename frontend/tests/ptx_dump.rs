//! Debugging aid:
//! `PTX_DUMP=file.ptx cargo test -p frontend --test ptx_dump -- --ignored --nocapture` prints
//! the kernel IR of a file; with a directory, it reads every `.ptx` in it and prints one
//! line per file (ok / the error).

use std::path::Path;

fn load(p: &Path) -> Result<frontend::ir::Module, frontend::Diagnostic> {
    let text = std::fs::read_to_string(p)
        .map_err(|e| frontend::Diagnostic::new("io", format!("{}: {e}", p.display())))?;
    let m = frontend::ptx::parse_ptx_str(&text, &p.display().to_string())?;
    frontend::ir::verify::verify_module(&m)?;
    Ok(m)
}

#[test]
#[ignore]
fn dump() {
    let Ok(path) = std::env::var("PTX_DUMP") else {
        return;
    };
    let path = Path::new(&path);
    if path.is_dir() {
        let mut files: Vec<_> = std::fs::read_dir(path)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "ptx"))
            .collect();
        files.sort();
        for p in files {
            match load(&p) {
                Ok(m) => println!(
                    "ok    {} ({} functions, {} globals)",
                    p.display(),
                    m.functions.len(),
                    m.globals.len()
                ),
                Err(e) => println!("ERROR {e}"),
            }
        }
        return;
    }
    match load(path) {
        Ok(m) => print!("{}", frontend::ir::print::print_module(&m)),
        Err(e) => println!("ERROR: {e}"),
    }
}
