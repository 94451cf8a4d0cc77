// Combine on Linux: Apple's publishers, subscribers and operators come from OpenCombine (a
// reimplementation with the same names), re-exported here under Combine's module name, so a
// file that says `import Combine` compiles unchanged. What Apple's Foundation adds to Combine
// is here on uisim's terms: `DispatchQueue` and `RunLoop` as schedulers on the replay's clock
// (Schedulers.swift), `NotificationCenter.publisher(for:object:)` (NotificationPublisher.swift)
// and key-value observing's `publisher(for:)` (KeyValueObservingPublisher.swift).
@_exported import OpenCombine
