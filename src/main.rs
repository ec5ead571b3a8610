//! Wires the panic hook, clears the loading line and mounts the app.

fn main() {
    std::panic::set_hook(Box::new(|info| {
        // A panic aborts the wasm instance: log a readable message, then say so on the
        // page, so it never just goes blank. The last autosave holds the work.
        console_error_panic_hook::hook(info);
        keylab_app::browser::boot::show_fatal(&format!(
            "keylab hit an internal error and stopped: {info}. Your work up to the last change is saved in this browser; reload the page to continue."
        ));
    }));
    if let Some(boot) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("boot"))
    {
        boot.remove();
    }
    yew::Renderer::<keylab_app::ui::app::App>::new().render();
}
