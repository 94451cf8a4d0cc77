import Foundation
import Geometry
import Replay
import RunLoop
import Testing
import Traces
@testable import UIKit

/// The system as an app asks it: the device (the replay's preset, iOS 17.0), URLs to open
/// (recorded, not opened), the launch notifications a replay posts as its scene comes on screen.
@MainActor
@Suite struct SystemTests {
    @Test func theDeviceIsTheReplaysPreset() {
        UIApplication.withNewApplication(screen: UIScreen(model: .iPhone14)) {
            let device = UIDevice.current
            #expect(device.name == "iPhone 14" && device.model == "iPhone" && device.systemName == "iOS" && device.systemVersion == "17.0")
            #expect(device.userInterfaceIdiom == .phone && device.orientation.isPortrait && device.batteryLevel == -1)
        }
        UIApplication.withNewApplication(screen: UIScreen(model: .iPadPro11)) {
            #expect(UIDevice.current.model == "iPad" && UIDevice.current.systemName == "iPadOS" && UIDevice.current.userInterfaceIdiom == .pad)
        }
    }

    @Test func openIsRecordedNotPerformed() throws {
        try UIApplication.withNewApplication {
            var answered: Bool?
            let url = try #require(URL(string: "https://example.com/help"))
            UIApplication.shared.open(url) { answered = $0 }
            #expect(UIApplication.shared.openedURLs == [url] && answered == true)
            let own = try #require(URL(string: "myapp://x"))
            #expect(UIApplication.shared.canOpenURL(url) && !UIApplication.shared.canOpenURL(own))
            #expect(UIApplication.shared.applicationState == .active)
        }
    }

    /// A replay posts did-finish-launching then did-become-active once, with its app as the object.
    @Test func aReplayPostsTheLaunch() throws {
        try UIApplication.withNewApplication {
            let app = UIApplication.shared
            var heard: [String] = []
            let names = [UIApplication.didFinishLaunchingNotification, UIApplication.didBecomeActiveNotification]
            let observers = names.map { name in
                NotificationCenter.default.addObserver(forName: name, object: app, queue: nil) { note in
                    let name = note.name.rawValue
                    MainActor.assumeIsolated { heard.append(name) }
                }
            }
            defer { observers.forEach(NotificationCenter.default.removeObserver) }
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            var trace = Trace()
            trace.tap(1, at: CGPoint(x: 10, y: 10), time: 0.1)
            _ = try Replay(window: window, clock: VirtualClock()).run(trace)
            _ = try Replay(window: window, clock: VirtualClock()).run(trace)
            #expect(heard == ["UIApplicationDidFinishLaunchingNotification", "UIApplicationDidBecomeActiveNotification"])
        }
    }
}
