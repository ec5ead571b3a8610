//! Deflate and base64url, shared by share links and by saved work too large to store
//! as it is. What is unpacked is untrusted: inflating stops at a limit.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use miniz_oxide::deflate::core::{
    compress_to_output, create_comp_flags_from_zip_params, CompressorOxide, TDEFLFlush, TDEFLStatus,
};
use miniz_oxide::inflate::TINFLStatus;

/// Text deflated at `level` (1 fast to 9 small) and base64url-encoded: links, and
/// saved work too large to store as it is.
pub fn pack(text: &str, level: u8) -> String {
    URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(text.as_bytes(), level))
}

/// Text deflated as it is fed, some at a time, for saved work too large to deflate in
/// one task; [`Packer::finish`] gives what [`pack`] gives for the whole text.
pub struct Packer {
    compressor: Box<CompressorOxide>,
    out: Vec<u8>,
}

impl Packer {
    pub fn new(level: u8) -> Packer {
        // Raw deflate (no zlib header), as `compress_to_vec` writes it.
        let flags = create_comp_flags_from_zip_params(level.into(), 0, 0);
        Packer {
            compressor: Box::new(CompressorOxide::new(flags)),
            out: Vec::new(),
        }
    }

    pub fn feed(&mut self, text: &[u8]) {
        self.run(text, TDEFLFlush::None);
    }

    /// The deflated text, base64url-encoded.
    pub fn finish(mut self) -> String {
        self.run(&[], TDEFLFlush::Finish);
        URL_SAFE_NO_PAD.encode(&self.out)
    }

    fn run(&mut self, mut input: &[u8], flush: TDEFLFlush) {
        loop {
            let before = self.out.len();
            let out = &mut self.out;
            let (status, used) = compress_to_output(&mut self.compressor, input, flush, |bytes| {
                out.extend_from_slice(bytes);
                true
            });
            input = input.get(used..).unwrap_or_default();
            let fed = input.is_empty() && flush != TDEFLFlush::Finish;
            // Done, or all taken in; a call that takes nothing and gives nothing would
            // only repeat itself.
            if status != TDEFLStatus::Okay || fed || (used == 0 && self.out.len() == before) {
                return;
            }
        }
    }
}

/// The inverse of [`pack`], refusing to inflate past `limit` bytes. Each refusal is
/// said in a person's words ("it is cut short"), never the decoder's internal names.
pub fn unpack(data: &str, limit: usize) -> Result<String, String> {
    let packed = URL_SAFE_NO_PAD
        .decode(data.trim_end_matches('='))
        .map_err(|e| match e {
            base64::DecodeError::InvalidByte(at, byte) => format!(
                "it is damaged: it holds {:?} at character {}, which a keylab link never has",
                char::from(byte),
                at + 1
            ),
            // A length or a last character no encoder writes: the end is missing.
            _ => "it is cut short".to_string(),
        })?;
    let bytes = inflate(&packed, limit).map_err(|status| match status {
        TINFLStatus::HasMoreOutput => {
            format!(
                "it would open to more than {} MB, more than keylab reads",
                limit / (1024 * 1024)
            )
        }
        TINFLStatus::FailedCannotMakeProgress => "it is cut short".to_string(),
        _ => "it is damaged".to_string(),
    })?;
    String::from_utf8(bytes).map_err(|_| "it is damaged: it does not hold text".to_string())
}

/// Raw deflate inflated, up to `limit` bytes. `decompress_to_vec_with_limit` starts
/// at twice the input and doubles: saved work opens to about three times its packed
/// size, so starting at four times spares a copy and a zeroing of megabytes (a tenth
/// of a reload at 100,000 items).
fn inflate(mut packed: &[u8], limit: usize) -> Result<Vec<u8>, TINFLStatus> {
    use miniz_oxide::inflate::core::{decompress, inflate_flags, DecompressorOxide};
    let flags = inflate_flags::TINFL_FLAG_USING_NON_WRAPPING_OUTPUT_BUF;
    let mut out = vec![0; packed.len().saturating_mul(4).max(1024).min(limit)];
    let mut inflater = Box::<DecompressorOxide>::default();
    let mut at = 0;
    loop {
        let (status, read, written) = decompress(&mut inflater, packed, &mut out, at, flags);
        at += written;
        match status {
            TINFLStatus::Done => {
                out.truncate(at);
                return Ok(out);
            }
            TINFLStatus::HasMoreOutput if out.len() < limit => {
                packed = packed.get(read..).unwrap_or_default();
                out.resize(out.len().saturating_mul(2).min(limit), 0);
            }
            other => return Err(other),
        }
    }
}

// Property tests run natively only.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Fed in any slices, the packer gives what packing the whole text gives.
        #[test]
        fn packing_in_slices_is_packing_the_whole(text in "[a-c{}\":,0-9]{0,3000}", cuts in proptest::collection::vec(0usize..3000, 0..6)) {
            let mut cuts: Vec<usize> = cuts.into_iter().map(|c| c.min(text.len())).collect();
            cuts.sort_unstable();
            let mut packer = Packer::new(1);
            let mut from = 0;
            for cut in cuts.into_iter().chain([text.len()]) {
                packer.feed(&text.as_bytes()[from..cut]);
                from = cut;
            }
            let packed = packer.finish();
            prop_assert_eq!(unpack(&packed, 1 << 20), Ok(text.clone()));
            prop_assert_eq!(packed, pack(&text, 1));
        }

        /// Inflating agrees with miniz_oxide's own, at any ratio (the buffer starts at
        /// four times the input) and at any limit.
        #[test]
        fn inflating_is_miniz_oxides_inflating(unit in "[a-c{}é]{1,40}", times in 1usize..3000, limit in 0usize..60_000) {
            let text = unit.repeat(times);
            let packed = miniz_oxide::deflate::compress_to_vec(text.as_bytes(), 6);
            let theirs = miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, limit).map_err(|e| e.status);
            prop_assert_eq!(inflate(&packed, limit), theirs);
            prop_assert_eq!(unpack(&pack(&text, 6), 1 << 20), Ok(text));
        }
    }
}
