//! Starts `tysiac serve` on a free loopback port for the API and browser
//! tests, and stops it when dropped.

#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

pub struct Server {
    child: Child,
    pub url: String,
}

impl Server {
    /// `tysiac serve --addr 127.0.0.1:0` with `args`; waits for the URL it prints.
    pub fn start(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tysiac"))
            .args(["serve", "--addr", "127.0.0.1:0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("tysiac serve starts");
        let stdout = child.stdout.take().expect("stdout");
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("reads the URL line");
        let url = line
            .trim()
            .strip_prefix("tysiac serving on ")
            .unwrap_or_else(|| panic!("unexpected first line: {line:?}"))
            .trim_end_matches('/')
            .to_string();
        assert!(url.starts_with("http://127.0.0.1:"), "{url}");
        Server { child, url }
    }

    /// POSTs `body` to `/api/{path}`: the status and the JSON answer.
    pub fn post(&self, path: &str, body: &serde_json::Value) -> (u16, serde_json::Value) {
        self.send("POST", path, Some(body.to_string()))
    }

    pub fn get(&self, path: &str) -> (u16, serde_json::Value) {
        self.send("GET", path, None)
    }

    pub fn delete(&self, path: &str) -> (u16, serde_json::Value) {
        self.send("DELETE", path, None)
    }

    pub fn send(&self, method: &str, path: &str, body: Option<String>) -> (u16, serde_json::Value) {
        let url = format!("{}/api/{path}", self.url);
        let req = ureq::request(method, &url).set("Content-Type", "application/json");
        let result = match body {
            Some(b) => req.send_string(&b),
            None => req.call(),
        };
        let resp = match result {
            Ok(r) => r,
            Err(ureq::Error::Status(_, r)) => r,
            Err(e) => panic!("{method} {url}: {e}"),
        };
        let status = resp.status();
        let text = resp.into_string().expect("body");
        let json =
            serde_json::from_str(&text).unwrap_or_else(|_| serde_json::Value::String(text.clone()));
        (status, json)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
