//! A program run on a pseudo terminal made by util-linux's `script`
//! (Debian package bsdutils): what it shows is collected as it comes, and
//! bytes are typed to it. Without `script` the tests that need it fail,
//! saying so, rather than pass having checked nothing.

use std::io::{Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// Fails the test at once when `script` is missing.
pub fn need_script() {
    let ok = Command::new("script")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        ok,
        "`script` (util-linux; Debian package bsdutils) is needed to test terminal behaviour"
    );
}

/// A command running on a pseudo terminal.
pub struct Terminal {
    pub child: Child,
    pub stdin: ChildStdin,
    /// Everything the terminal has shown so far.
    pub shown: Arc<Mutex<Vec<u8>>>,
    reader: JoinHandle<()>,
}

impl Terminal {
    /// Starts `command` (a shell command line) on a pseudo terminal.
    pub fn start(command: &str) -> Terminal {
        let mut child = Command::new("script")
            .args(["-qfc", command, "/dev/null"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let shown = Arc::new(Mutex::new(Vec::new()));
        let reader = {
            let shown = Arc::clone(&shown);
            std::thread::spawn(move || {
                let mut buf = [0u8; 4096];
                while let Ok(n) = stdout.read(&mut buf) {
                    if n == 0 {
                        break;
                    }
                    shown.lock().unwrap().extend_from_slice(&buf[..n]);
                }
            })
        };
        Terminal {
            child,
            stdin,
            shown,
            reader,
        }
    }

    /// What the terminal has shown so far, as text.
    pub fn screen(&self) -> String {
        String::from_utf8_lossy(&self.shown.lock().unwrap()).into_owned()
    }

    /// Types `bytes`.
    pub fn type_bytes(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).unwrap();
        self.stdin.flush().unwrap();
    }

    /// Waits for the program to end; returns everything it showed.
    pub fn finish(mut self) -> Vec<u8> {
        let _ = self.child.wait().unwrap();
        drop(self.stdin);
        self.reader.join().unwrap();
        let out = self.shown.lock().unwrap().clone();
        out
    }
}
