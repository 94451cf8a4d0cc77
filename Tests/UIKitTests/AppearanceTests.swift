import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import Testing
@testable import UIKit

/// Light and dark: the app's appearance (a replay's `--appearance`), a view's or a controller's
/// `overrideUserInterfaceStyle`, what resolves with them and who hears the change.
@MainActor
@Suite struct AppearanceTests {
    final class Canvas: UIView {
        var changes: [UIUserInterfaceStyle] = []
        var drawnWith: UIUserInterfaceStyle?
        override func draw(_ rect: CGRect) {
            drawnWith = UITraitCollection.current.userInterfaceStyle
            UIColor.label.setFill()
            UIBezierPath(rect: bounds).fill()
        }
        override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
            changes.append(previousTraitCollection?.userInterfaceStyle ?? .unspecified)
        }
    }

    func black(_ layer: CALayer) -> Bool { layer.backgroundColor == UIColor.black.cgColor }
    func white(_ layer: CALayer) -> Bool { layer.backgroundColor == UIColor.white.cgColor }

    /// In a dark app, `.systemBackground` is black; in a light one white.
    @Test func theAppsAppearanceResolvesTheSystemColors() {
        for style in [UIUserInterfaceStyle.light, .dark] {
            UIApplication.withNewApplication(userInterfaceStyle: style) {
                let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                view.backgroundColor = .systemBackground
                #expect(style == .dark ? black(view.layer) : white(view.layer))
                #expect(view.traitCollection.userInterfaceStyle == style)
            }
        }
    }

    /// A view overriding dark: it and its subviews (one added later too) resolve dark, the
    /// drawing view redraws under dark traits and hears the change from light; its sibling stays
    /// light. Back to unspecified: light again.
    @Test func anOverrideResolvesItsSubtree() {
        UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            window.makeKeyAndVisible()
            let panel = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100)), sibling = UIView(frame: .zero)
            let canvas = Canvas(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
            for view in [panel, sibling] { view.backgroundColor = .systemBackground; window.addSubview(view) }
            canvas.backgroundColor = .secondarySystemBackground
            panel.addSubview(canvas)
            window.commit()
            #expect(canvas.drawnWith == .light)
            panel.overrideUserInterfaceStyle = .dark
            #expect(black(panel.layer) && white(sibling.layer) && canvas.traitCollection.userInterfaceStyle == .dark)
            #expect(canvas.layer.backgroundColor == UIColor(red: 0x1C / 255.0, green: 0x1C / 255.0, blue: 0x1E / 255.0, alpha: 1).cgColor)
            #expect(canvas.changes == [.light])
            window.commit()
            #expect(canvas.drawnWith == .dark)
            let late = UIView(frame: .zero)
            late.backgroundColor = .systemBackground
            #expect(white(late.layer))
            panel.addSubview(late)
            #expect(black(late.layer))
            panel.overrideUserInterfaceStyle = .unspecified
            #expect(white(panel.layer) && white(late.layer) && canvas.changes == [.light, .dark])
        }
    }

    /// A controller's override reaches its view and the controllers it holds.
    @Test func aControllersOverrideReachesItsView() {
        UIApplication.withNewApplication {
            let screen = UIViewController()
            let navigation = UINavigationController(rootViewController: screen)
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            window.rootViewController = navigation
            window.makeKeyAndVisible()
            screen.view.backgroundColor = .systemBackground
            navigation.overrideUserInterfaceStyle = .dark
            #expect(screen.traitCollection.userInterfaceStyle == .dark && black(screen.view.layer))
        }
    }

    /// Size classes from the device: an iPhone compact wide and regular tall in portrait; an
    /// iPad regular both ways.
    @Test func sizeClassesFollowTheDevice() {
        for (model, horizontal, vertical) in [(UIScreen.Model.iPhone14, UIUserInterfaceSizeClass.compact, UIUserInterfaceSizeClass.regular),
                                              (.iPadPro11, .regular, .regular)] {
            let window = UIWindow(frame: CGRect(origin: .zero, size: model.pointSize))
            window.screen = UIScreen(model: model)
            let traits = window.traitCollection
            #expect(traits.horizontalSizeClass == horizontal && traits.verticalSizeClass == vertical && traits.layoutDirection == .leftToRight)
        }
    }
}
