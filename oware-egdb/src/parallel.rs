//! Work spread over the machine's cores: plain scoped threads pulling
//! pieces from a shared list. On WebAssembly, which has no threads here, the
//! pieces run one after another on the caller's thread.

/// Runs `work` on every item, on as many threads as there are cores.
pub(crate) fn for_each<T: Send>(items: Vec<T>, work: impl Fn(T) + Sync) {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        if threads > 1 && items.len() > 1 {
            let queue = std::sync::Mutex::new(items.into_iter());
            let next = || {
                queue
                    .lock()
                    .expect("no worker panics holding the queue")
                    .next()
            };
            std::thread::scope(|scope| {
                for _ in 1..threads {
                    scope.spawn(|| {
                        while let Some(item) = next() {
                            work(item);
                        }
                    });
                }
                while let Some(item) = next() {
                    work(item);
                }
            });
            return;
        }
    }
    items.into_iter().for_each(work);
}
