//! Deflate and base64url, shared by share links and by saved work too large to store
//! as it is. What is unpacked is untrusted: inflating stops at a limit.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;

/// Text deflated at `level` (1 fast to 9 small) and base64url-encoded: links, and
/// saved work too large to store as it is.
pub fn pack(text: &str, level: u8) -> String {
    URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(text.as_bytes(), level))
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
    let bytes = miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, limit).map_err(|e| match e.status {
        miniz_oxide::inflate::TINFLStatus::HasMoreOutput => {
            format!(
                "it would open to more than {} MB, more than keylab reads",
                limit / (1024 * 1024)
            )
        }
        miniz_oxide::inflate::TINFLStatus::FailedCannotMakeProgress => "it is cut short".to_string(),
        _ => "it is damaged".to_string(),
    })?;
    String::from_utf8(bytes).map_err(|_| "it is damaged: it does not hold text".to_string())
}
