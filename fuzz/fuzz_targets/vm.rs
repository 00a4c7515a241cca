//! Fuzz target: arbitrary bytes choose a variant within the documented
//! limits and the moves to play (`sow::fuzzing::vm`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    sow::fuzzing::vm(data);
});
