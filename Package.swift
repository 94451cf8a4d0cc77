// swift-tools-version:6.2
// uisim — a headless simulator of UIKit's runtime interaction model.
// Modules named as Apple's frameworks, bottom up (an import only points down): see
// Documentation/Architecture.md.
import PackageDescription

/// UISim and every module it re-exports.
let reexportedNames = ["UISim", "Support", "Geometry", "FoundationCompat", "HID", "CoreGraphics", "UIFoundation", "RunLoop", "QuartzCore", "UIKit", "Traces", "Replay", "Scenes"]

/// Swift Testing cross-imports `_Testing_UIKit` into a file that imports Testing and UIKit (and
/// `_Testing_CoreGraphics` with CoreGraphics): modules the toolchain ships only on Apple's platforms.
/// These two stand in for them (they re-export Testing), so a test imports both as on a Mac.
let testingOverlays = ["_Testing_UIKit", "_Testing_CoreGraphics"]
let overlays = testingOverlays.map { Target.Dependency(stringLiteral: $0) }
let reexported = reexportedNames.map { Target.Dependency(stringLiteral: $0) }

/// Test targets that touch UIKit's types run on the main actor, as an iOS app's tests do (the
/// default isolation of an app target in Xcode); suites that need no UI say `nonisolated`.
let uiTests: [SwiftSetting] = [.defaultIsolation(MainActor.self)]

/// The modules whose structures check their invariants after every change in a debug build (the
/// tests' build; never in release): the Cassowary tableau, damage regions and the layer tree,
/// views' links to their layers, reuse queues, scroll state. Architecture.md, "Invariant checks".
let internalChecks: [SwiftSetting] = [.define("UISIM_INTERNAL_CHECKS", .when(configuration: .debug))]

let package = Package(
    name: "uisim",
    products: [
        // Each product lists the modules UISim re-exports: a client package then depends on them
        // directly, and SwiftPM rebuilds it when one changes (see the executable's note below).
        .library(name: "UISim", targets: reexportedNames + ["Combine"]),
        // For test targets that use Swift Testing: its overlays for UIKit and CoreGraphics (not in
        // UISim, so an app's executable does not link Testing).
        .library(name: "UISimTesting", targets: testingOverlays),
        // The command line as a library: an app's executable gets every command for its own scenes.
        .library(name: "UISimCommandLine", targets: ["UISimCommandLine"] + reexportedNames),
        .executable(name: "uisim", targets: ["uisim"]),
        // Ports a target's iOS sources as it builds (`uisim port`, no copy kept): README, "Real UIKit code".
        .plugin(name: "UISimPort", targets: ["UISimPort"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        // C libraries, each wrapped by exactly one Swift file (RunLoop/EventBase.swift, CoreGraphics/Cairo.swift,
        // UIFoundation/Text/Pango.swift, CoreGraphics/PNG.swift, CoreGraphics/Images/JPEG.swift).
        .systemLibrary(
            name: "CLibevent", path: "Sources/CLibevent", pkgConfig: "libevent",
            providers: [.apt(["libevent-dev"])]),
        .systemLibrary(
            name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(
            name: "CPango", path: "Sources/CPango", pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(
            name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(
            name: "CTurboJPEG", path: "Sources/CTurboJPEG", pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"])]),

        // What every layer may need and none owns: errors for resources and files, outputs written
        // whole (AtomicFile), a seeded generator, echoes of input, short numbers.
        .target(name: "Support"),
        .target(name: "Geometry"),
        // What Darwin's Foundation has and swift-corelibs-foundation lacks (NSPredicate format
        // strings, NSDataDetector, DateComponentsFormatter…): UIKit re-exports it.
        .target(name: "FoundationCompat"),
        // The digitizer's reports (`TouchSample`): what the trace readers make and UIKit's event
        // system takes, one type across that seam.
        .target(name: "HID"),
        .target(name: "Constraints", swiftSettings: internalChecks),
        .target(name: "CoreGraphics", dependencies: ["Support", "Geometry", "CCairo", "CZlib", "CTurboJPEG"]),
        .target(name: "UIFoundation", dependencies: ["Support", "Geometry", "CoreGraphics", "CPango"]),
        .target(name: "CSignalRelay"),
        .target(name: "CMainQueue"),
        .target(name: "RunLoop", dependencies: ["Support", "CLibevent", "CSignalRelay", "CMainQueue"]),
        .target(name: "QuartzCore", dependencies: ["Support", "Geometry", "CoreGraphics"], swiftSettings: internalChecks),
        .target(name: "UIKit", dependencies: ["Support", "FoundationCompat", "HID", "QuartzCore", "UIFoundation", "RunLoop", "Constraints"], swiftSettings: internalChecks),
        .target(name: "_Testing_UIKit", path: "Sources/TestingOverlays/_Testing_UIKit"),
        .target(name: "_Testing_CoreGraphics", path: "Sources/TestingOverlays/_Testing_CoreGraphics"),
        .target(name: "Traces", dependencies: ["Support", "Geometry", "HID", .product(name: "Yams", package: "Yams")]),
        // The traces `uisim advice` replays travel with the library (read through `Bundle.module`),
        // so the advice runs from any folder: copies of Traces/fling.trace, pinch.trace and
        // taps.trace, kept equal by a test (HelpAndNamingTests).
        .target(name: "Replay", dependencies: ["Support", "HID", "UIKit", "CoreGraphics", "Traces", "RunLoop", .product(name: "Histogram", package: "hdrhistogram-swift")],
                resources: [.copy("Jobs/AdviceTraces")]),
        .target(name: "Scenes", dependencies: ["Support", "UIKit", "QuartzCore", "RunLoop"]),
        // `import Combine`: OpenCombine under Combine's name, with Foundation's schedulers and
        // publishers on the replay's clock. In the UISim product, not re-exported by UISim (as
        // iOS's UIKit does not re-export Combine).
        .target(name: "Combine", dependencies: ["RunLoop", "UIKit", .product(name: "OpenCombine", package: "OpenCombine")]),
        .target(name: "UISim", dependencies: ["Support", "Geometry", "FoundationCompat", "HID", "CoreGraphics", "UIFoundation", "RunLoop", "QuartzCore", "UIKit", "Traces", "Replay", "Scenes"]),
        // Targets that import UISim also name the modules it re-exports: SwiftPM rebuilds a
        // client only when a module it depends on directly changes, and UISim's own interface
        // never does, so without these a changed class layout would leave stale code behind.
        // `uisim port`: Swift sources rewritten for Linux (its own lexer: no compiler needed).
        .target(name: "Port", dependencies: ["Support"]),
        .executableTarget(name: "uisim-port", dependencies: ["Port", "Support"]),
        .plugin(name: "UISimPort", capability: .buildTool(), dependencies: ["uisim-port"]),
        .target(
            name: "UISimCommandLine",
            dependencies: reexported + ["Port", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .executableTarget(name: "uisim", dependencies: ["UISimCommandLine"]),

        // libFuzzer harnesses, one per trace reader (`make fuzz`; Fuzz/README.md). Built plainly
        // they read the files named on their command line.
        .target(name: "CFuzzing", path: "Fuzz/CFuzzing"),
        .target(name: "FuzzHarness", dependencies: ["Traces", "CFuzzing"], path: "Fuzz/FuzzHarness"),
    ] + [
        // Benchmarks (package-benchmark): `make bench`; Benchmarks/README.md.
        "HitTest", "FramePasses", "Compositing", "TraceParsing", "ReplaySpeed", "TextLayout",
    ].map {
        .executableTarget(name: $0, dependencies: reexported + [.product(name: "Benchmark", package: "benchmark")],
                          path: "Benchmarks/\($0)", plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")])
    } + [
        // The solver's benchmarks (it needs only Constraints), and the executable that
        // Benchmarks/Constraints/kiwi-compare.sh times against kiwisolver.
        .executableTarget(name: "ConstraintSolving", dependencies: ["Constraints", .product(name: "Benchmark", package: "benchmark")],
                          path: "Benchmarks/Constraints", exclude: ["Compare", "kiwi-compare.sh", "kiwi_chain.py"],
                          plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
        .executableTarget(name: "ConstraintsKiwiCompare", dependencies: ["Constraints"], path: "Benchmarks/Constraints/Compare"),
    ] + ["Native", "NativeKeys", "Evemu", "Getevent", "LibinputRecord", "WebDriverActions"].map {
        .executableTarget(name: "Fuzz\($0)", dependencies: ["FuzzHarness"], path: "Fuzz/Fuzz\($0)")
    } + [
        // What the tests of files and processes share: a FIFO's reader, the device-node probe.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // A window on a device, a touch driver and the views that record what they received: the
        // tests of UIKit's events, gestures and controls drive them through the whole pipeline.
        .target(name: "UIKitTestSupport", dependencies: ["UIKit", "Replay", "Traces", "RunLoop"], path: "Tests/UIKitTestSupport",
                swiftSettings: uiTests),
        .testTarget(name: "SupportTests", dependencies: ["Support", "TestSupport"]),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry", "Support"]),
        .testTarget(name: "FoundationCompatTests", dependencies: ["FoundationCompat"]),
        .testTarget(name: "ConstraintsTests", dependencies: ["Constraints", "Geometry", "Support"]),
        .testTarget(name: "CoreGraphicsTests", dependencies: ["CoreGraphics", "UIFoundation"] + overlays),
        .testTarget(name: "UIFoundationTests", dependencies: ["UIFoundation", "CoreGraphics"] + overlays),
        .testTarget(name: "RunLoopTests", dependencies: ["RunLoop"], swiftSettings: uiTests),
        .testTarget(name: "QuartzCoreTests", dependencies: ["QuartzCore", "UIFoundation", "Geometry", "Support"] + overlays),
        .testTarget(name: "UIKitTests", dependencies: ["UIKit", "CoreGraphics", "QuartzCore", "Geometry", "RunLoop", "Replay", "Traces", "UIKitTestSupport"] + overlays,
                    swiftSettings: uiTests),
        .testTarget(name: "PortTests", dependencies: ["Port", "Support"]),
        .testTarget(name: "UIKitDeclarationTests", dependencies: ["Port"], exclude: ["Fixtures"]),
        // A 2019 app's screen (Examples/Classic): its iOS sources as they are, ported by the plugin as
        // it builds, in the Swift 5 mode they were written in; its tests replay it and hold a baseline.
        .target(name: "ClassicApp", dependencies: ["UIKit"], path: "Examples/Classic/ClassicApp", exclude: ["iOS"],
                resources: [.copy("Nibs/EmptyStateView.xib"), .copy("Storyboards/NotesSettings.storyboard")], swiftSettings: [.swiftLanguageMode(.v5)], plugins: ["UISimPort"]),
        .testTarget(name: "ClassicAppTests", dependencies: ["ClassicApp", "Replay", "Traces", "UIKit"] + overlays,
                    path: "Examples/Classic/Tests", swiftSettings: uiTests),
        .testTarget(name: "TracesTests", dependencies: ["Traces", "Geometry", "Support"], exclude: ["Fixtures"]),
        .testTarget(name: "ReplayTests", dependencies: overlays + ["Support", "Replay", "UIKit", "UIKitTestSupport", "Traces", "RunLoop", "Geometry", "CoreGraphics", "QuartzCore",
                                                   .product(name: "Histogram", package: "hdrhistogram-swift")], swiftSettings: uiTests),
        .testTarget(name: "ScenesTests", dependencies: overlays + ["Scenes", "UIKit", "QuartzCore", "Replay", "Traces", "RunLoop"], exclude: ["Fixtures"],
                    swiftSettings: uiTests),
        .testTarget(name: "UISimTests", dependencies: reexported + overlays, swiftSettings: uiTests),
        // Code in the Swift 5 language mode with no isolation annotations, as apps written before
        // Swift concurrency are: it compiles against UIKit as against the iOS SDK. Its iOS folder
        // holds code as iOS has it, which the plugin ports as it builds.
        .testTarget(name: "UIKitSwift5Tests", dependencies: ["UIKit", "Combine"], exclude: ["iOS"], swiftSettings: [.swiftLanguageMode(.v5)],
                    plugins: ["UISimPort"]),
        .testTarget(name: "CombineTests", dependencies: ["Combine", "UIKit", "RunLoop"]),
        .testTarget(name: "UISimCommandLineTests", dependencies: reexported + overlays + ["UISimCommandLine", "uisim", "TestSupport"], swiftSettings: uiTests),
    ],
    swiftLanguageModes: [.v6]
)
