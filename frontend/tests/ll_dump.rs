//! `LL_DUMP=file.ll cargo test -p frontend --test ll_dump -- --ignored --nocapture` prints
//! the kernel IR of a file (a debugging aid).

#[test]
#[ignore]
fn dump() {
    let Ok(path) = std::env::var("LL_DUMP") else {
        return;
    };
    match frontend::ll::parse_ll_file(std::path::Path::new(&path)) {
        Ok(m) => print!("{}", frontend::ir::print::print_module(&m)),
        Err(e) => println!("ERROR: {e}"),
    }
}
