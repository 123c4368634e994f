//! The house in layers (docs/design.md): each room of `src/` is one layer,
//! and a file imports only from its own room or the rooms below it; no two
//! files import each other, directly or round a circle.
//!
//! The test reads the source as text: every path that starts `crate::`,
//! `super::` or `self::` (in `use` lines and in code), after comments and
//! string literals are removed, is resolved to the file that defines the
//! item, following `pub use` re-exports. A failure names the file, the line
//! and the import.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The rooms, bottom first. A room may import from the rooms before it.
const LAYERS: &[(&str, &str)] = &[
    (
        "engine",
        "cards, rules, a hand's state, deals, positions, the score",
    ),
    (
        "game",
        "the game's rules: redeals, the auction, the table, records",
    ),
    ("solver", "the double-dummy solver and its pool of workers"),
    ("view", "one seat's view: what it knows, its layouts"),
    ("estimate", "sampling estimates: bids, exchanges"),
    ("players", "computer players and the reading of the others"),
    (
        "drivers",
        "self-play, the arena, fitting and checking models, batch",
    ),
    ("analysis", "post-mortems, reviews, judged calls, puzzles"),
    (
        "shell",
        "what the shells share: JSON, the server, the browser",
    ),
    ("cli", "the command line (the binary)"),
];

/// Files at the root of `src/` that are not rooms: the crate's front door
/// (re-exports only) and the binary's `main`.
const FRONT: &[&str] = &["lib.rs", "main.rs"];

struct File {
    rel: String,
    module: Vec<String>,
    text: String,
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// The module path of a file: `src/game/table.rs` is `game::table`,
/// `src/game/mod.rs` is `game`, `src/lib.rs` the root.
fn module_of(rel: &str) -> Vec<String> {
    let stem = rel.strip_suffix(".rs").unwrap();
    let mut parts: Vec<String> = stem.split('/').map(String::from).collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// The source without comments, string and char literals (each replaced by
/// spaces, so line numbers hold).
fn code_only(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    let blank = |out: &mut Vec<u8>, c: u8| out.push(if c == b'\n' { b'\n' } else { b' ' });
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    out.push(b' ');
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let mut depth = 0;
                while i < b.len() {
                    if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
                        depth += 1;
                        out.extend_from_slice(b"  ");
                        i += 2;
                    } else if b[i] == b'*' && b.get(i + 1) == Some(&b'/') {
                        depth -= 1;
                        out.extend_from_slice(b"  ");
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        blank(&mut out, b[i]);
                        i += 1;
                    }
                }
            }
            b'r' if (b.get(i + 1) == Some(&b'"') || b.get(i + 1) == Some(&b'#'))
                && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_')) =>
            {
                let mut j = i + 1;
                let mut hashes = 0;
                while b.get(j) == Some(&b'#') {
                    hashes += 1;
                    j += 1;
                }
                if b.get(j) != Some(&b'"') {
                    out.push(b[i]);
                    i += 1;
                    continue;
                }
                let close: Vec<u8> = std::iter::once(b'"')
                    .chain(std::iter::repeat_n(b'#', hashes))
                    .collect();
                j += 1;
                while j < b.len() && !b[j..].starts_with(&close) {
                    j += 1;
                }
                j = (j + close.len()).min(b.len());
                for &c in &b[i..j] {
                    blank(&mut out, c);
                }
                i = j;
            }
            b'"' => {
                out.push(b' ');
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    if b[i] == b'\\' {
                        blank(&mut out, b[i]);
                        i += 1;
                    }
                    if i < b.len() {
                        blank(&mut out, b[i]);
                        i += 1;
                    }
                }
                out.push(b' ');
                i += 1;
            }
            b'\'' => {
                // A char literal ('x', '\n', '\u{..}'), or a lifetime.
                let end = if b.get(i + 1) == Some(&b'\\') {
                    b[i + 2..]
                        .iter()
                        .position(|&c| c == b'\'')
                        .map(|k| i + 2 + k)
                } else {
                    let ch = std::str::from_utf8(&b[i + 1..])
                        .ok()
                        .and_then(|s| s.chars().next());
                    ch.and_then(|c| {
                        let k = i + 1 + c.len_utf8();
                        (b.get(k) == Some(&b'\'')).then_some(k)
                    })
                };
                match end {
                    Some(k) => {
                        out.extend(std::iter::repeat_n(b' ', k + 1 - i));
                        i = k + 1;
                    }
                    None => {
                        out.push(b'\'');
                        i += 1;
                    }
                }
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Expands a use tree (`a::{b, c::{d, e}}`) into whole paths; `self` in a
/// group names the group's own path.
fn expand_tree(tree: &str) -> Vec<String> {
    let tree: String = tree.chars().filter(|c| !c.is_whitespace()).collect();
    fn go(prefix: &str, t: &str, out: &mut Vec<String>) {
        if let Some(open) = t.find('{') {
            let head = &t[..open];
            let inner = &t[open + 1..t.len() - 1];
            let base = format!("{prefix}{head}");
            let mut depth = 0;
            let mut start = 0;
            for (k, c) in inner.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        go(&base, &inner[start..k], out);
                        start = k + 1;
                    }
                    _ => {}
                }
            }
            go(&base, &inner[start..], out);
        } else if !t.is_empty() {
            let t = t.split(" as ").next().unwrap();
            let t = t.split("as").next().unwrap_or(t);
            if t == "self" {
                out.push(prefix.trim_end_matches("::").to_string());
            } else {
                out.push(format!("{prefix}{t}"));
            }
        }
    }
    let mut out = Vec::new();
    go("", &tree, &mut out);
    out
}

/// A path found in a file, with its line, and whether it is a re-export.
struct Found {
    line: usize,
    path: String,
    reexport: bool,
    /// The inline modules (`mod tests { .. }`) the path sits in, outermost first.
    inline: Vec<String>,
}

/// The inline modules of a file: (name, first byte, last byte).
fn inline_modules(code: &str) -> Vec<(String, usize, usize)> {
    let mut out = Vec::new();
    for (at, _) in code.match_indices("mod ") {
        if code[..at].chars().next_back().is_some_and(is_ident) {
            continue;
        }
        let rest = &code[at + 4..];
        let name: String = rest
            .trim_start()
            .chars()
            .take_while(|&c| is_ident(c))
            .collect();
        let after = rest.trim_start()[name.len()..].trim_start();
        if name.is_empty() || !after.starts_with('{') {
            continue;
        }
        let open = code.len() - after.len();
        let mut depth = 0;
        for (k, c) in code[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        out.push((name.clone(), open, open + k));
                        break;
                    }
                }
                _ => {}
            }
        }
    }
    out
}

/// Every path in `code` that names an item of this crate: `use` trees
/// (with `crate::`, `super::`, `self::` or a child module's name first) and
/// paths in code starting `crate::`, `super::` or `self::`.
fn paths_in(code: &str, children: &BTreeSet<String>) -> Vec<Found> {
    let mut out = Vec::new();
    let line_at = |pos: usize| code[..pos].matches('\n').count() + 1;
    let inline = inline_modules(code);
    let inside = |pos: usize| -> Vec<String> {
        let mut m: Vec<&(String, usize, usize)> = inline
            .iter()
            .filter(|(_, a, b)| *a < pos && pos < *b)
            .collect();
        m.sort_by_key(|x| x.1);
        m.into_iter().map(|x| x.0.clone()).collect()
    };
    let mut in_use = vec![false; code.len()];
    // `use` statements.
    let mut k = 0;
    while let Some(off) = code[k..].find("use ") {
        let at = k + off;
        k = at + 4;
        let before = code[..at].chars().next_back();
        if before.is_some_and(is_ident) {
            continue;
        }
        let reexport = code[..at].trim_end().ends_with("pub")
            || code[..at].trim_end().ends_with(')') && code[..at].trim_end().contains("pub(");
        let Some(end) = code[at..].find(';') else {
            break;
        };
        let tree = &code[at + 4..at + end];
        for c in &mut in_use[at..at + end] {
            *c = true;
        }
        let first: String = tree.trim().chars().take_while(|&c| is_ident(c)).collect();
        if first == "crate" || first == "super" || first == "self" || children.contains(&first) {
            for p in expand_tree(tree) {
                out.push(Found {
                    line: line_at(at),
                    path: p,
                    reexport,
                    inline: inside(at),
                });
            }
        }
    }
    // Paths in code.
    let starts: Vec<String> = ["crate", "super", "self"]
        .iter()
        .map(|s| s.to_string())
        .chain(children.iter().cloned())
        .map(|s| format!("{s}::"))
        .collect();
    for start in &starts {
        let mut k = 0;
        while let Some(off) = code[k..].find(start.as_str()) {
            let at = k + off;
            k = at + start.len();
            if in_use[at]
                || code[..at]
                    .chars()
                    .next_back()
                    .is_some_and(|c| is_ident(c) || c == ':')
            {
                continue;
            }
            let rest = &code[at..];
            let mut end = 0;
            let bytes = rest.as_bytes();
            while end < bytes.len() {
                let c = bytes[end] as char;
                if is_ident(c) {
                    end += 1;
                } else if rest[end..].starts_with("::")
                    && rest[end + 2..].chars().next().is_some_and(is_ident)
                {
                    end += 2;
                } else {
                    break;
                }
            }
            out.push(Found {
                line: line_at(at),
                path: rest[..end].to_string(),
                reexport: false,
                inline: inside(at),
            });
        }
    }
    out
}

/// A file's re-exports: name -> absolute path, and the paths of its globs.
type Reexports = (BTreeMap<String, Vec<String>>, Vec<Vec<String>>);

struct Crate {
    files: Vec<File>,
    /// Module path -> file index.
    modules: BTreeMap<Vec<String>, usize>,
    /// Per file: its re-exports.
    reexports: Vec<Reexports>,
}

impl Crate {
    fn absolute(&self, from: &[String], path: &str) -> Vec<String> {
        let mut segs: Vec<String> = path.split("::").map(String::from).collect();
        let mut base: Vec<String> = match segs[0].as_str() {
            "crate" => Vec::new(),
            _ => from.to_vec(),
        };
        if segs[0] == "crate" || segs[0] == "self" {
            segs.remove(0);
        }
        while segs.first().map(String::as_str) == Some("super") {
            base.pop();
            segs.remove(0);
        }
        base.extend(segs);
        base
    }

    /// The file that defines the item at `path` (absolute), following
    /// re-exports; `None` for a path outside the crate's files.
    fn resolve(&self, path: &[String], depth: usize) -> Option<usize> {
        // The deepest module that is a file.
        let mut k = path.len();
        while k > 0 && !self.modules.contains_key(&path[..k]) {
            k -= 1;
        }
        let file = *self.modules.get(&path[..k])?;
        if k == path.len() || depth > 8 {
            return Some(file);
        }
        let name = &path[k];
        let (named, globs) = &self.reexports[file];
        if let Some(target) = named.get(name) {
            let mut t = target.clone();
            t.extend_from_slice(&path[k + 1..]);
            return self.resolve(&t, depth + 1).or(Some(file));
        }
        if !defines(&self.files[file].text, name) {
            for g in globs {
                let mut t = g.clone();
                t.extend_from_slice(&path[k..]);
                if let Some(f) = self.resolve(&t, depth + 1) {
                    if f != file && (self.modules.values().any(|&m| m == f)) {
                        let m = &self.files[f].module;
                        if defines(&self.files[f].text, name) || m.len() > g.len() {
                            return Some(f);
                        }
                    }
                }
            }
        }
        Some(file)
    }
}

/// Whether `code` defines an item called `name` at some level.
fn defines(code: &str, name: &str) -> bool {
    [
        "fn",
        "struct",
        "enum",
        "const",
        "static",
        "type",
        "trait",
        "mod",
        "union",
        "macro_rules!",
    ]
    .iter()
    .any(|kw| {
        code.match_indices(&format!("{kw} {name}")).any(|(at, m)| {
            let after = code[at + m.len()..].chars().next();
            let before = code[..at].chars().next_back();
            !after.is_some_and(is_ident) && !before.is_some_and(is_ident)
        })
    })
}

fn load() -> Crate {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut paths = Vec::new();
    rust_files(&root, &mut paths);
    let mut files = Vec::new();
    for p in paths {
        let rel = p
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if rel.starts_with("bin/") {
            continue;
        }
        let text = code_only(&fs::read_to_string(&p).unwrap());
        files.push(File {
            module: module_of(&rel),
            rel,
            text,
        });
    }
    // main.rs is its own crate's root: its modules (cli) sit beside lib's.
    let modules = files
        .iter()
        .enumerate()
        .filter(|(_, f)| f.rel != "main.rs")
        .map(|(i, f)| (f.module.clone(), i))
        .collect();
    let mut c = Crate {
        files,
        modules,
        reexports: Vec::new(),
    };
    for f in &c.files {
        let children = children_of(&f.text);
        let mut named = BTreeMap::new();
        let mut globs = Vec::new();
        for found in paths_in(&f.text, &children)
            .into_iter()
            .filter(|x| x.reexport)
        {
            let from: Vec<String> = f.module.iter().chain(&found.inline).cloned().collect();
            let abs = c.absolute(&from, &found.path);
            match abs.last().map(String::as_str) {
                Some("*") => globs.push(abs[..abs.len() - 1].to_vec()),
                Some(last) => {
                    named.insert(last.to_string(), abs);
                }
                None => {}
            }
        }
        c.reexports.push((named, globs));
    }
    c
}

/// The child modules a file declares (`mod x;`, `pub mod x;`).
fn children_of(code: &str) -> BTreeSet<String> {
    code.match_indices("mod ")
        .filter(|(at, _)| !code[..*at].chars().next_back().is_some_and(is_ident))
        .filter_map(|(at, _)| {
            let name: String = code[at + 4..]
                .trim_start()
                .chars()
                .take_while(|&c| is_ident(c))
                .collect();
            (!name.is_empty()).then_some(name)
        })
        .collect()
}

fn room_of(rel: &str) -> &str {
    let first = rel.split('/').next().unwrap();
    first.strip_suffix(".rs").unwrap_or(first)
}

fn layer_of(room: &str) -> Option<usize> {
    LAYERS.iter().position(|(r, _)| *r == room)
}

/// Every import from one file to another: (from, line, path, to). Re-exports
/// are aliases, not uses, and are left out.
fn imports(c: &Crate) -> Vec<(usize, usize, String, usize)> {
    let mut out = Vec::new();
    for (i, f) in c.files.iter().enumerate() {
        let children = children_of(&f.text);
        let module = if f.rel == "main.rs" {
            Vec::new()
        } else {
            f.module.clone()
        };
        for found in paths_in(&f.text, &children) {
            if found.reexport {
                continue;
            }
            let from: Vec<String> = module.iter().chain(&found.inline).cloned().collect();
            let mut abs = c.absolute(&from, &found.path);
            if f.rel == "main.rs" && abs.first().map(String::as_str) != Some("cli") {
                continue;
            }
            if abs.last().map(String::as_str) == Some("*") {
                abs.pop();
            }
            if let Some(to) = c.resolve(&abs, 0) {
                if to != i {
                    out.push((i, found.line, found.path, to));
                }
            }
        }
    }
    out
}

#[test]
fn every_room_is_a_layer_and_imports_go_down() {
    let c = load();
    let mut wrong = Vec::new();
    for f in &c.files {
        if FRONT.contains(&f.rel.as_str()) {
            continue;
        }
        if layer_of(room_of(&f.rel)).is_none() {
            wrong.push(format!(
                "src/{}: not in a room of docs/design.md's layers ({})",
                f.rel,
                LAYERS.iter().map(|l| l.0).collect::<Vec<_>>().join(", ")
            ));
        }
    }
    for (from, line, path, to) in imports(&c) {
        let (a, b) = (&c.files[from].rel, &c.files[to].rel);
        if FRONT.contains(&a.as_str()) || FRONT.contains(&b.as_str()) {
            continue;
        }
        let (la, lb) = (layer_of(room_of(a)), layer_of(room_of(b)));
        if let (Some(la), Some(lb)) = (la, lb) {
            if lb > la {
                wrong.push(format!(
                    "src/{a}:{line}: imports {path} (src/{b}): {} is above {}",
                    room_of(b),
                    room_of(a)
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} upward imports:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn no_two_files_import_each_other() {
    let c = load();
    let n = c.files.len();
    let mut edges: Vec<BTreeMap<usize, (usize, String)>> = vec![BTreeMap::new(); n];
    for (from, line, path, to) in imports(&c) {
        edges[from].entry(to).or_insert((line, path));
    }
    // Tarjan's strongly connected components.
    struct T<'a> {
        edges: &'a [BTreeMap<usize, (usize, String)>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        stack: Vec<usize>,
        on: Vec<bool>,
        next: usize,
        circles: Vec<Vec<usize>>,
    }
    fn visit(t: &mut T, v: usize) {
        t.index[v] = Some(t.next);
        t.low[v] = t.next;
        t.next += 1;
        t.stack.push(v);
        t.on[v] = true;
        let targets: Vec<usize> = t.edges[v].keys().copied().collect();
        for w in targets {
            match t.index[w] {
                None => {
                    visit(t, w);
                    t.low[v] = t.low[v].min(t.low[w]);
                }
                Some(iw) if t.on[w] => t.low[v] = t.low[v].min(iw),
                _ => {}
            }
        }
        if Some(t.low[v]) == t.index[v] {
            let mut circle = Vec::new();
            loop {
                let w = t.stack.pop().unwrap();
                t.on[w] = false;
                circle.push(w);
                if w == v {
                    break;
                }
            }
            if circle.len() > 1 {
                t.circles.push(circle);
            }
        }
    }
    let mut t = T {
        edges: &edges,
        index: vec![None; n],
        low: vec![0; n],
        stack: Vec::new(),
        on: vec![false; n],
        next: 0,
        circles: Vec::new(),
    };
    for v in 0..n {
        if t.index[v].is_none() {
            visit(&mut t, v);
        }
    }
    let mut report = Vec::new();
    for circle in &t.circles {
        let members: BTreeSet<usize> = circle.iter().copied().collect();
        let mut lines = Vec::new();
        for &a in circle {
            for (&b, (line, path)) in &edges[a] {
                if members.contains(&b) {
                    lines.push(format!(
                        "  src/{}:{line}: {path} (src/{})",
                        c.files[a].rel, c.files[b].rel
                    ));
                }
            }
        }
        report.push(format!(
            "a circle of {} files:\n{}",
            circle.len(),
            lines.join("\n")
        ));
    }
    assert!(report.is_empty(), "{}", report.join("\n"));
}
