//! The answers are the same to the bit natively and in the browser
//! (docs/web.md): every transcendental function the library computes with
//! goes through the pure-Rust `libm` crate, not `f64`'s methods, which call
//! the platform's own libm (glibc natively, another in WebAssembly) and
//! differ in the last bit for some inputs. `sqrt` and `powi` are exact
//! (correctly rounded or plain products) and stay.

use std::fs;
use std::path::Path;

const PLATFORM: [&str; 13] = [
    ".exp()",
    ".ln()",
    ".powf(",
    ".log10()",
    ".log2()",
    ".log(",
    ".exp2()",
    ".exp_m1()",
    ".ln_1p()",
    ".tanh()",
    ".sin()",
    ".cos()",
    ".cbrt()",
];

fn scan(dir: &Path, found: &mut Vec<String>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            scan(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = fs::read_to_string(&path).unwrap();
            for (n, line) in text.lines().enumerate() {
                let code = line.split("//").next().unwrap();
                for f in PLATFORM {
                    if code.contains(f) {
                        found.push(format!("{}:{}: {}", path.display(), n + 1, line.trim()));
                    }
                }
            }
        }
    }
}

#[test]
fn no_platform_transcendentals_in_the_library() {
    let mut found = Vec::new();
    for dir in ["src", "web/src"] {
        scan(&Path::new(env!("CARGO_MANIFEST_DIR")).join(dir), &mut found);
    }
    assert!(
        found.is_empty(),
        "use libm::exp / libm::log (the same bits natively and in wasm), not f64's methods:\n{}",
        found.join("\n")
    );
}
