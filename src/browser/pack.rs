//! Deflate and base64url, shared by share links and by saved work too large to store
//! as it is. What is unpacked is untrusted: inflating stops at a limit.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;

/// Text deflated at `level` (1 fast to 9 small) and base64url-encoded: links, and
/// saved work too large to store as it is.
pub fn pack(text: &str, level: u8) -> String {
    URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(text.as_bytes(), level))
}

/// The inverse of [`pack`], refusing to inflate past `limit` bytes.
pub fn unpack(data: &str, limit: usize) -> Result<String, String> {
    let packed = URL_SAFE_NO_PAD
        .decode(data.trim_end_matches('='))
        .map_err(|e| format!("it is damaged (it is not base64url: {e})"))?;
    let bytes = miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, limit)
        .map_err(|e| format!("it is truncated or damaged ({:?})", e.status))?;
    String::from_utf8(bytes).map_err(|_| "it does not hold text".to_string())
}
