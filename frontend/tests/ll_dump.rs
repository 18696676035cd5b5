//! Debugging aids:
//! `LL_DUMP=file.ll cargo test -p frontend --test ll_dump -- --ignored --nocapture` prints
//! the kernel IR of a file; with a directory, it reads every `.ll` in it and prints one
//! line per file (ok / the error).

use std::path::Path;

#[test]
#[ignore]
fn dump() {
    let Ok(path) = std::env::var("LL_DUMP") else {
        return;
    };
    let path = Path::new(&path);
    if path.is_dir() {
        let mut files: Vec<_> = std::fs::read_dir(path)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "ll"))
            .collect();
        files.sort();
        for p in files {
            match frontend::ll::parse_ll_file(&p) {
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
    match frontend::ll::parse_ll_file(path) {
        Ok(m) => print!("{}", frontend::ir::print::print_module(&m)),
        Err(e) => println!("ERROR: {e}"),
    }
}
