import Foundation
import Geometry
import Testing
@testable import UIKit

/// The class-level key-value coding PanModal reaches the app with.
@MainActor
@Suite struct ApplicationKeyValueCodingTests {
    @Test func theClassAnswersSharedAndItsKeyWindow() {
        UIApplication.withNewApplication {
            #expect(UIApplication.value(forKeyPath: "shared") as? UIApplication === UIApplication.shared)
            #expect(UIApplication.value(forKey: "sharedApplication") as? UIApplication === UIApplication.shared)
            #expect(UIApplication.value(forKey: "windows") == nil)
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            window.makeKeyAndVisible()
            #expect(UIApplication.value(forKeyPath: "shared.keyWindow") as? UIWindow === window)
            #expect(UIApplication.value(forKeyPath: "shared.statusBarFrame") == nil)
        }
    }
}
