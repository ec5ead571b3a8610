#![no_main]
// The property lives in keylab::fuzzing, so the corpus also runs as a native test.
libfuzzer_sys::fuzz_target!(|data: &[u8]| keylab::fuzzing::encode_order(data));
