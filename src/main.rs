//! Wires the panic hook and mounts the app.

fn main() {
    // A panic would kill the page: log a readable message to the console first.
    console_error_panic_hook::set_once();
    yew::Renderer::<keylab_app::components::app::App>::new().render();
}
