fn main() {
    eprintln!("raise: not yet wired");
    std::process::exit(1);
}
