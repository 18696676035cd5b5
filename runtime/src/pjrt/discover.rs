//! Finding a PJRT plugin shared library.

use crate::RuntimeError;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Environment variable naming a plugin `.so` directly.
pub const PLUGIN_ENV: &str = "RAISE_PJRT_PLUGIN";
/// Environment variable naming a Python virtual environment to search.
pub const VENV_ENV: &str = "RAISE_VENV";
/// Environment variable naming a Python interpreter to ask for its site-packages.
pub const PYTHON_ENV: &str = "RAISE_PYTHON";

/// Where the known plugin wheels put their library, relative to `site-packages`, in
/// order of preference: XLA CPU (`xla-cpu-pjrt`), XLA CUDA (`jax-cuda12-pjrt`,
/// `jax-cuda13-pjrt`), TPU (`libtpu`). A `*` matches any `.so` in that folder.
const SITE_CANDIDATES: &[&str] = &[
    "xla_plugins/xla_cpu_pjrt/xla_cpu_pjrt.so",
    "xla_cpu_pjrt/*",
    "xla_plugins/xla_cpu_pjrt/*",
    "jax_plugins/xla_cuda12/xla_cuda_plugin.so",
    "jax_plugins/xla_cuda13/xla_cuda_plugin.so",
    "libtpu/libtpu.so",
];

/// Finds a PJRT plugin: `explicit` (e.g. `--pjrt-plugin`), then `$RAISE_PJRT_PLUGIN`,
/// then the plugin wheels in Python environments: `$RAISE_VENV`, `$VIRTUAL_ENV`, a
/// `.venv` next to the executable or the current directory (or any of their parents),
/// and finally the site-packages of `$RAISE_PYTHON` / `python3`. The CPU plugin is
/// preferred over CUDA and TPU within one environment.
pub fn find_plugin(explicit: Option<&Path>) -> Result<PathBuf, RuntimeError> {
    if let Some(p) = explicit {
        return existing(p, "--pjrt-plugin");
    }
    if let Some(p) = std::env::var_os(PLUGIN_ENV).filter(|v| !v.is_empty()) {
        return existing(Path::new(&p), PLUGIN_ENV);
    }
    let mut searched = Vec::new();

    let venvs = venv_roots();
    if venvs.is_empty() {
        let here =
            |p: std::io::Result<PathBuf>| p.map(|p| p.display().to_string()).unwrap_or_default();
        searched.push(format!(
            "no virtual environment (${VENV_ENV} and $VIRTUAL_ENV unset, no .venv above {} or {})",
            here(std::env::current_exe()),
            here(std::env::current_dir())
        ));
    }
    let mut sites = Vec::new();
    for v in &venvs {
        let found = venv_site_packages(v);
        if found.is_empty() {
            searched.push(format!("{} (no lib/python*/site-packages)", v.display()));
        }
        sites.extend(found);
    }
    if let Some(p) = search_sites(&sites, &mut searched) {
        return Ok(p);
    }

    let mut py_sites = Vec::new();
    for py in pythons() {
        match python_site_packages(&py) {
            Ok(found) => py_sites.extend(found.into_iter().filter(|s| !sites.contains(s))),
            Err(e) => searched.push(format!("{py}: {e}")),
        }
    }
    if let Some(p) = search_sites(&py_sites, &mut searched) {
        return Ok(p);
    }
    if searched.is_empty() {
        searched.push("no Python environment found".to_string());
    }
    Err(RuntimeError::PluginNotFound { searched })
}

fn existing(p: &Path, source_name: &str) -> Result<PathBuf, RuntimeError> {
    if p.is_file() {
        Ok(p.to_path_buf())
    } else {
        Err(RuntimeError::PluginMissing {
            path: p.to_path_buf(),
            source_name: source_name.to_string(),
        })
    }
}

/// Candidate virtual-environment roots, most specific first, without duplicates.
pub(crate) fn venv_roots() -> Vec<PathBuf> {
    let mut roots: Vec<PathBuf> = Vec::new();
    let mut push = |p: PathBuf| {
        let p = p.canonicalize().unwrap_or(p);
        if !roots.contains(&p) {
            roots.push(p);
        }
    };
    for var in [VENV_ENV, "VIRTUAL_ENV"] {
        if let Some(v) = std::env::var_os(var).filter(|v| !v.is_empty()) {
            push(PathBuf::from(v));
        }
    }
    let starts = [std::env::current_exe().ok(), std::env::current_dir().ok()];
    for start in starts.into_iter().flatten() {
        for dir in start.ancestors() {
            let venv = dir.join(".venv");
            if venv.is_dir() {
                push(venv);
                break;
            }
        }
    }
    roots
}

/// `VENV/lib*/python*/site-packages` folders that exist.
fn venv_site_packages(venv: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for lib in ["lib", "lib64"] {
        let Ok(rd) = std::fs::read_dir(venv.join(lib)) else {
            continue;
        };
        let mut entries: Vec<PathBuf> = rd
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().starts_with("python"))
            .map(|e| e.path().join("site-packages"))
            .filter(|p| p.is_dir())
            .collect();
        entries.sort();
        for e in entries {
            let e = e.canonicalize().unwrap_or(e);
            if !out.contains(&e) {
                out.push(e);
            }
        }
    }
    out
}

fn pythons() -> Vec<String> {
    let mut v = Vec::new();
    if let Some(p) = std::env::var_os(PYTHON_ENV).filter(|v| !v.is_empty()) {
        v.push(p.to_string_lossy().into_owned());
    }
    if !v.iter().any(|p| p == "python3") {
        v.push("python3".to_string());
    }
    v
}

/// Asks a Python interpreter for its site-packages folders.
fn python_site_packages(python: &str) -> Result<Vec<PathBuf>, String> {
    let script = "import site, sys\n\
                  dirs = list(getattr(site, 'getsitepackages', lambda: [])())\n\
                  dirs.append(site.getusersitepackages())\n\
                  dirs += [p for p in sys.path if p.endswith('-packages')]\n\
                  print('\\n'.join(dirs))";
    let out = Command::new(python)
        .arg("-c")
        .arg(script)
        .output()
        .map_err(|e| format!("not runnable ({e})"))?;
    if !out.status.success() {
        return Err(format!("exited with {}", out.status));
    }
    let mut dirs = Vec::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let p = PathBuf::from(line.trim());
        if !line.trim().is_empty() && p.is_dir() {
            let p = p.canonicalize().unwrap_or(p);
            if !dirs.contains(&p) {
                dirs.push(p);
            }
        }
    }
    Ok(dirs)
}

/// Tries every candidate in every site folder (candidates outermost, so the CPU plugin
/// wins over the GPU one wherever they are).
fn search_sites(sites: &[PathBuf], searched: &mut Vec<String>) -> Option<PathBuf> {
    for cand in SITE_CANDIDATES {
        for site in sites {
            if let Some(dir) = cand.strip_suffix("/*") {
                let d = site.join(dir);
                if let Ok(rd) = std::fs::read_dir(&d) {
                    let mut sos: Vec<PathBuf> = rd
                        .flatten()
                        .map(|e| e.path())
                        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "so"))
                        .collect();
                    sos.sort();
                    if let Some(p) = sos.into_iter().next() {
                        return Some(p);
                    }
                }
            } else {
                let p = site.join(cand);
                if p.is_file() {
                    return Some(p);
                }
            }
        }
    }
    for site in sites {
        searched.push(format!(
            "{}/{{{}}}",
            site.display(),
            SITE_CANDIDATES.join(",")
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn explicit_missing_path_is_an_error() {
        let e = find_plugin(Some(Path::new("/nonexistent/plugin.so")));
        let msg = match e {
            Err(e) => e.to_string(),
            Ok(p) => format!("unexpectedly found {}", p.display()),
        };
        assert!(msg.contains("/nonexistent/plugin.so"), "{msg}");
        assert!(msg.contains("--pjrt-plugin"), "{msg}");
    }

    #[test]
    fn venv_layout_is_searched() {
        let tmp = std::env::temp_dir().join(format!("raise-rt-discover-{}", std::process::id()));
        let site = tmp.join("lib/python3.11/site-packages");
        let dir = site.join("jax_plugins/xla_cuda12");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("xla_cuda_plugin.so"), b"").unwrap();
        let sites = venv_site_packages(&tmp);
        assert_eq!(sites.len(), 1);
        let mut searched = Vec::new();
        let found = search_sites(&sites, &mut searched);
        assert_eq!(
            found.as_deref().and_then(|p| p.file_name()),
            Some("xla_cuda_plugin.so".as_ref())
        );
        let cpu = site.join("xla_plugins/xla_cpu_pjrt");
        std::fs::create_dir_all(&cpu).unwrap();
        std::fs::write(cpu.join("xla_cpu_pjrt.so"), b"").unwrap();
        let found = search_sites(&sites, &mut searched);
        assert_eq!(
            found.as_deref().and_then(|p| p.file_name()),
            Some("xla_cpu_pjrt.so".as_ref())
        );
        std::fs::remove_dir_all(&tmp).unwrap();
    }
}
