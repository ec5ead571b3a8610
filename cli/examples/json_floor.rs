//! The physical floor of a JSON-lines tool, for `bench/cli.sh`: each stdin line read
//! into a serde_json value and written back, through the same 64 KB buffers `keylab`
//! uses. `keylab migrate` does this much and re-keys as well; its rate is held against
//! this one in the same run (docs/performance.md §5).

use std::io::{self, BufRead, BufWriter, Write};

fn main() -> io::Result<()> {
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut line = String::new();
    let mut input = io::stdin().lock();
    while input.read_line(&mut line)? > 0 {
        let value: serde_json::Value = serde_json::from_str(&line).map_err(io::Error::other)?;
        serde_json::to_writer(&mut out, &value)?;
        out.write_all(b"\n")?;
        line.clear();
    }
    out.flush()
}
