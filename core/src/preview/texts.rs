//! Texts, some absent, one per item, in chunks of [`CHUNK`] items that each hold their
//! texts in one string. A column after an edit shares every chunk the edit did not
//! touch with the column before it: at 100,000 items, setting one key copied all of
//! them (4.6 MB) while the earlier column was still held by the views.

use std::rc::Rc;

/// Items per chunk: a set copies at most this many texts. Small in tests, so that a
/// few items cross several chunks.
const CHUNK: usize = if cfg!(test) { 4 } else { 4096 };

#[derive(Clone, Debug, Default)]
pub(super) struct Texts {
    chunks: Vec<Rc<Chunk>>,
    len: usize,
}

/// A text set after the others is written at the end of its chunk's string, so the
/// string may hold texts no item refers to any more.
#[derive(Clone, Debug, Default)]
struct Chunk {
    text: String,
    spans: Vec<Option<(u32, u32)>>,
}

impl Chunk {
    fn span_of(&mut self, text: Option<&str>) -> Option<(u32, u32)> {
        text.map(|t| {
            let start = self.text.len();
            self.text.push_str(t);
            (start as u32, self.text.len() as u32)
        })
    }

    #[inline]
    fn get(&self, at: usize) -> Option<&str> {
        let (start, end) = (*self.spans.get(at)?)?;
        self.text.get(start as usize..end as usize)
    }
}

impl Texts {
    /// Texts for `items` items, with room for `bytes` bytes of them.
    pub(super) fn with_capacity(items: usize, bytes: usize) -> Texts {
        let chunks = items.div_ceil(CHUNK).max(1);
        let mut texts = Texts::default();
        texts.chunks.reserve(chunks);
        texts.chunks.push(Rc::new(Chunk {
            text: String::with_capacity(bytes / chunks),
            spans: Vec::with_capacity(items.min(CHUNK)),
        }));
        texts
    }

    /// Sets the text of item `at` (at most one past the end).
    pub(super) fn set(&mut self, at: usize, text: Option<&str>) {
        if at >= self.len {
            return self.push(text);
        }
        let chunk = Rc::make_mut(&mut self.chunks[at / CHUNK]);
        chunk.spans[at % CHUNK] = chunk.span_of(text);
    }

    pub(super) fn push(&mut self, text: Option<&str>) {
        if self.len == self.chunks.len() * CHUNK {
            // Every chunk is full: the next one, sized like the one before it.
            let bytes = self.chunks.last().map_or(0, |c| c.text.len());
            self.chunks.push(Rc::new(Chunk {
                text: String::with_capacity(bytes),
                spans: Vec::with_capacity(CHUNK),
            }));
        }
        let chunk = Rc::make_mut(&mut self.chunks[self.len / CHUNK]);
        let span = chunk.span_of(text);
        chunk.spans.push(span);
        self.len += 1;
    }

    #[inline]
    pub(super) fn get(&self, at: usize) -> Option<&str> {
        self.chunks.get(at / CHUNK)?.get(at % CHUNK)
    }

    pub(super) fn len_of(&self, at: usize) -> Option<usize> {
        self.get(at).map(str::len)
    }

    /// Every text in order, in one pass.
    pub(super) fn iter(&self) -> impl Iterator<Item = Option<&str>> + '_ {
        (0..self.len).map(move |at| self.get(at))
    }

    pub(super) fn len(&self) -> usize {
        self.len
    }

    pub(super) fn bytes(&self) -> usize {
        self.chunks.iter().map(|c| c.text.len()).sum()
    }
}

/// Equal when every item has the same text, however the strings lay them out.
impl PartialEq for Texts {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Pushed and set in any order, across chunks, the texts are a list's; a copy
        /// taken midway keeps what it held while the original changes.
        #[test]
        fn texts_are_a_list_and_a_copy_keeps_its_own(
            pushed in proptest::collection::vec(proptest::option::of("[a-c]{0,3}"), 0..(3 * CHUNK)),
            sets in proptest::collection::vec((0usize..(3 * CHUNK + 1), proptest::option::of("[a-c]{0,3}")), 0..20),
        ) {
            let mut texts = Texts::with_capacity(pushed.len(), 0);
            let mut model: Vec<Option<String>> = Vec::new();
            for p in &pushed {
                texts.push(p.as_deref());
                model.push(p.clone());
            }
            let copy = texts.clone();
            let held = model.clone();
            for (at, text) in sets {
                let at = at.min(model.len());
                texts.set(at, text.as_deref());
                match model.get_mut(at) {
                    Some(slot) => *slot = text,
                    None => model.push(text),
                }
            }
            prop_assert_eq!(texts.len(), model.len());
            let read: Vec<Option<String>> = texts.iter().map(|t| t.map(str::to_string)).collect();
            prop_assert_eq!(&read, &model);
            for (at, text) in model.iter().enumerate() {
                prop_assert_eq!(texts.get(at), text.as_deref());
                prop_assert_eq!(texts.len_of(at), text.as_ref().map(String::len));
            }
            let kept: Vec<Option<String>> = copy.iter().map(|t| t.map(str::to_string)).collect();
            prop_assert_eq!(kept, held);
        }
    }
}
