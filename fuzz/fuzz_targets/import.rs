//! Fuzz target: arbitrary text through `sow::fuzzing::import`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        sow::fuzzing::import(text);
    }
});
