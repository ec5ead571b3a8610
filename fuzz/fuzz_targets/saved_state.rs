#![no_main]
// The property lives in keylab_app::fuzzing, so the corpus also runs as a native test.
libfuzzer_sys::fuzz_target!(|data: &[u8]| keylab_app::fuzzing::saved_state(data));
