//! JSON lines in, JSON lines out. A bad line is reported on stderr with its number and
//! the run stops or goes on, as `--on-error` says; nothing is dropped without a word.
//! Input is read one line at a time, so memory stays flat however long it is (`sort`,
//! `lint` and `query` keep what their answer needs).

use std::io::{self, BufRead, BufWriter, IsTerminal, Write};

/// What to do with a line that cannot be read or processed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum OnError {
    /// Report it and stop: exit code 3.
    Stop,
    /// Report it and go on: exit code 1 at the end.
    Continue,
}

/// The exit codes, as `--help` lists them.
pub mod exit {
    pub const OK: u8 = 0;
    pub const SOME_LINES_BAD: u8 = 1;
    pub const WRONG_COMMAND_LINE: u8 = 2;
    pub const STOPPED: u8 = 3;
    pub const UNREADABLE_FILE: u8 = 4;
    pub const FINDINGS: u8 = 5;
    /// `import`: the file was read, but part of it is not in the design.
    pub const LEFT_OUT: u8 = 6;
}

/// Counts lines, reports bad ones, and shows progress on a terminal.
pub struct Run {
    pub on_error: OnError,
    bad: usize,
    done: usize,
    progress: bool,
    out: BufWriter<io::StdoutLock<'static>>,
    /// Messages for stderr, buffered too: a warning on each of a million lines must
    /// not cost a million unbuffered writes.
    pub err: BufWriter<io::Stderr>,
}

/// Whether the run may go on after a bad line.
pub enum Next {
    Go,
    Stop,
}

impl Run {
    pub fn new(on_error: OnError) -> Run {
        Run {
            on_error,
            bad: 0,
            done: 0,
            progress: io::stderr().is_terminal(),
            out: BufWriter::with_capacity(1 << 16, io::stdout().lock()),
            err: BufWriter::with_capacity(1 << 14, io::stderr()),
        }
    }

    /// Reports line `n` (1-based) as bad, with why.
    pub fn bad(&mut self, n: usize, why: &str) -> Next {
        self.bad += 1;
        // As the page does: a 50 MB value quoted in `why` is not echoed whole.
        let _ = writeln!(
            self.err,
            "line {n}: {}",
            keylab::elide::shortened(why, keylab::elide::MESSAGE)
        );
        match self.on_error {
            OnError::Stop => Next::Stop,
            OnError::Continue => Next::Go,
        }
    }

    /// Writes one JSON line of output.
    pub fn write(&mut self, value: &impl serde::Serialize) -> io::Result<()> {
        serde_json::to_writer(&mut self.out, value)?;
        self.out.write_all(b"\n")
    }

    /// Writes text as it is (lines already made).
    pub fn write_text(&mut self, text: &str) -> io::Result<()> {
        self.out.write_all(text.as_bytes())
    }

    /// Counts a line read, and every 100,000 says how far on a terminal.
    pub fn tick(&mut self) {
        self.done += 1;
        if self.progress && self.done.is_multiple_of(100_000) {
            let _ = write!(self.err, "\r{} lines", self.done);
            let _ = self.err.flush();
        }
    }

    /// Flushes the output and gives the exit code.
    pub fn finish(mut self, stopped: bool) -> u8 {
        if self.progress && self.done >= 100_000 {
            let _ = writeln!(self.err, "\r{} lines", self.done);
        }
        let _ = self.err.flush();
        if let Err(e) = self.out.flush() {
            eprintln!("cannot write the output: {e}");
            return exit::STOPPED;
        }
        if stopped {
            exit::STOPPED
        } else if self.bad > 0 {
            eprintln!("{} bad line(s) reported above; the others were done", self.bad);
            exit::SOME_LINES_BAD
        } else {
            exit::OK
        }
    }
}

/// Feeds every non-empty line of stdin (with its 1-based number) to `each`, through
/// one reused buffer, under the run's `--on-error` policy; `Ok(Next::Stop)` ends the
/// run (the output cannot be written). Returns whether it stopped.
pub fn each_line(run: &mut Run, mut each: impl FnMut(usize, &str, &mut Run) -> Result<Next, String>) -> bool {
    let mut stdin = io::stdin().lock();
    let mut line = String::new();
    let mut n = 0;
    loop {
        line.clear();
        n += 1;
        let outcome = match stdin.read_line(&mut line) {
            Ok(0) => return false,
            Ok(_) if line.trim().is_empty() => continue,
            Ok(_) => {
                run.tick();
                each(n, line.trim_end_matches(['\n', '\r']), run)
            }
            // Invalid UTF-8 has been consumed with its line; any other failure would
            // repeat forever, so it ends the run.
            Err(e) if e.kind() == io::ErrorKind::InvalidData => Err(format!("cannot be read: {e}")),
            Err(e) => {
                run.bad(n, &format!("cannot be read: {e}"));
                return true;
            }
        };
        if stops(run, n, outcome) {
            return true;
        }
    }
}

/// Whether a line's outcome ends the run, reporting a bad line.
fn stops(run: &mut Run, n: usize, outcome: Result<Next, String>) -> bool {
    match outcome {
        Ok(Next::Go) => false,
        Ok(Next::Stop) => true,
        Err(why) => matches!(run.bad(n, &why), Next::Stop),
    }
}

/// As [`each_line`], and also a Scan's whole output as the AWS CLI prints it
/// (`aws dynamodb scan --output json`: one document over many lines, which no line of
/// JSON lines is): each of its `Items` is given as an export's line, `{"Item": ...}`,
/// numbered from 1. A Scan cut short (`NextToken`, `LastEvaluatedKey`) is refused, since
/// the items after it would be missing without a word.
pub fn each_line_or_scan(run: &mut Run, mut each: impl FnMut(usize, &str, &mut Run) -> Result<Next, String>) -> bool {
    let document = {
        let mut stdin = io::stdin().lock();
        match stdin.fill_buf() {
            Ok(head) => {
                let head = String::from_utf8_lossy(head);
                let first = head.trim_start().lines().next().unwrap_or_default();
                first.trim() == "{"
            }
            Err(_) => false,
        }
    };
    if !document {
        return each_line(run, each);
    }
    let items = match scan_items(io::stdin().lock()) {
        Ok(items) => items,
        Err(why) => {
            run.bad(1, &why);
            return true;
        }
    };
    for (i, item) in items.into_iter().enumerate() {
        run.tick();
        let line = serde_json::json!({ "Item": item }).to_string();
        let outcome = each(i + 1, &line, run);
        if stops(run, i + 1, outcome) {
            return true;
        }
    }
    false
}

/// The `Items` of a Scan's output.
fn scan_items(mut input: impl io::Read) -> Result<Vec<serde_json::Value>, String> {
    let mut text = String::new();
    input
        .read_to_string(&mut text)
        .map_err(|e| format!("cannot be read: {e}"))?;
    let mut doc: serde_json::Value = serde_json::from_str(&text).map_err(|e| {
        format!("the input is one JSON document over many lines, as a Scan's output is, but not valid JSON: {e}")
    })?;
    if let Some(cut) = ["NextToken", "LastEvaluatedKey"]
        .into_iter()
        .find(|k| doc.get(k).is_some())
    {
        return Err(format!(
            "the Scan's output has a {cut}: it holds one page of the table; run the scan without --max-items or --no-paginate"
        ));
    }
    match doc.get_mut("Items").map(serde_json::Value::take) {
        Some(serde_json::Value::Array(items)) => Ok(items),
        _ => Err("the input is one JSON document, but has no \"Items\" list: give a Scan's output (aws dynamodb scan --output json) or an export's {\"Item\": ...} lines".into()),
    }
}
