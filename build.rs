//! Embeds every scenario file (scenarios/**/*.ron) into the binary.
use std::fmt::Write;
use std::path::{Path, PathBuf};

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = rd.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|e| e == "ron") {
            out.push(p);
        }
    }
}

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default());
    let dir = root.join("scenarios");
    println!("cargo:rerun-if-changed=scenarios");
    let mut files = Vec::new();
    collect(&dir, &mut files);
    let mut code = String::from(
        "/// (file name relative to scenarios/, contents)\npub static EMBEDDED_SCENARIOS: &[(&str, &str)] = &[\n",
    );
    for f in &files {
        println!("cargo:rerun-if-changed={}", f.display());
        let rel = f
            .strip_prefix(&dir)
            .unwrap_or(f)
            .to_string_lossy()
            .replace('\\', "/");
        let _ = writeln!(
            code,
            "    ({rel:?}, include_str!({:?})),",
            f.display().to_string()
        );
    }
    code.push_str("];\n");
    let out =
        PathBuf::from(std::env::var("OUT_DIR").unwrap_or_default()).join("embedded_scenarios.rs");
    if let Err(e) = std::fs::write(&out, code) {
        println!("cargo:warning=cannot write {}: {e}", out.display());
    }
}
