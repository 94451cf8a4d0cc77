// swift-tools-version:6.1
// An app's package that profiles its own screens with uisim: the screen's code (InboxScreens),
// an executable that is the uisim command line with the app's scenes (inbox-sim), and unit tests
// that replay a trace and assert on the summary. README.md shows the three steps.
import PackageDescription

let package = Package(
    name: "Inbox",
    dependencies: [
        // Your package names uisim by URL and version; this example, inside uisim's repository,
        // by path.
        .package(name: "uisim", path: "../.."),
    ],
    targets: [
        .target(name: "InboxScreens", dependencies: [.product(name: "UISim", package: "uisim")]),
        .executableTarget(
            name: "inbox-sim",
            dependencies: ["InboxScreens", .product(name: "UISimCommandLine", package: "uisim")]),
        .testTarget(name: "InboxScreensTests", dependencies: ["InboxScreens", .product(name: "UISim", package: "uisim"),
                                                             .product(name: "UISimTesting", package: "uisim")]),
        // A test target as a team with Swift 5 code has it: a view that hops to the main queue,
        // replayed the documented way (XCTest on the main thread, `Replay(window:)`).
        .testTarget(name: "MainQueueHopTests", dependencies: [.product(name: "UISim", package: "uisim")],
                    swiftSettings: [.swiftLanguageMode(.v5)]),
    ]
)
