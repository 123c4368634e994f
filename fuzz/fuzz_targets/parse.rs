//! Reads arbitrary UTF-8 as positions: the parser must never panic, and every
//! position it accepts must be written back to text that reads the same.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for result in tysiac::parse_positions(text, "<fuzz>") {
        match result {
            Ok(position) => {
                let written = position.to_string();
                let again = tysiac::parse_position(&written);
                assert_eq!(again.as_ref(), Ok(&position), "written as:\n{written}");
            }
            Err(error) => {
                let _ = error.to_string();
            }
        }
    }
});
