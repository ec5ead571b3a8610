use keylab_app::document::{Action, Playground, Workspace};
fn main() {
    let start = keylab_app::presets::leaderboard();
    let p: Playground = Workspace::new(start).reduce_edit(Action::Generate {
        count: 100_000,
        seed: 7,
    });
    let which = std::env::args().nth(1).unwrap_or_default();
    let keys = p.item_keys();
    for _ in 0..5 {
        match which.as_str() {
            "lint" => {
                std::hint::black_box(p.lint(&keys));
            }
            "preview" => {
                std::hint::black_box(p.preview());
            }
            "keys" => {
                std::hint::black_box(p.item_keys());
            }
            _ => {
                std::hint::black_box(storage_read(&p));
            }
        }
    }
}
fn storage_read(p: &Playground) -> usize {
    let t = keylab_app::browser::storage::saved_text(p);
    keylab_app::browser::storage::read(&t)
        .map(|x| x.0.rows.len())
        .unwrap_or(0)
}
