import Foundation
import Testing
@testable import UIKit

/// Constraints UIKit refuses with an exception (a location equal to a constant, a location paired
/// with a size, leading with left, a constant that is not a number) are reported with UIKit's
/// words and stay inactive; the layout goes on with the rest, and no frame is ever NaN.
@Suite struct IllegalConstraintTests {
    func container() -> (UIView, UIView) {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = UIView()
        child.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(child)
        NSLayoutConstraint.activate([child.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 10),
                                     child.topAnchor.constraint(equalTo: container.topAnchor),
                                     child.widthAnchor.constraint(equalToConstant: 30), child.heightAnchor.constraint(equalToConstant: 10)])
        return (container, child)
    }

    @Test(arguments: [CGFloat.nan, .infinity, -.infinity]) func aConstantThatIsNotANumberIsRefused(_ c: CGFloat) {
        UIApplication.withNewApplication {
            let (container, child) = container()
            let bad = child.widthAnchor.constraint(greaterThanOrEqualToConstant: c)
            bad.isActive = true
            #expect(!bad.isActive)
            let good = child.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 10)
            good.priority = .defaultLow
            good.isActive = true
            good.constant = c
            #expect(good.constant == 10)
            container.layoutIfNeeded()
            #expect(child.frame == CGRect(x: 10, y: 0, width: 30, height: 10))
            #expect(UIApplication.shared.layoutIssues.count == 2)
            #expect(UIApplication.shared.layoutIssues.allSatisfy { $0.contains("finite") })
        }
    }

    @Test func illegalPairingsAreRefusedWithUIKitsWords() {
        UIApplication.withNewApplication {
            let (container, child) = container()
            let location = NSLayoutConstraint(item: child, attribute: .leading, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute,
                                              multiplier: 1, constant: 20)
            let mixed = NSLayoutConstraint(item: child, attribute: .width, relatedBy: .equal, toItem: container, attribute: .centerX,
                                           multiplier: 1, constant: 0)
            let directional = NSLayoutConstraint(item: child, attribute: .leading, relatedBy: .equal, toItem: container, attribute: .left,
                                                 multiplier: 1, constant: 0)
            let axes = NSLayoutConstraint(item: child, attribute: .top, relatedBy: .equal, toItem: container, attribute: .left,
                                          multiplier: 1, constant: 0)
            NSLayoutConstraint.activate([location, mixed, directional, axes])
            container.addConstraint(location)
            #expect(![location, mixed, directional, axes].contains { $0.isActive })
            container.layoutIfNeeded()
            #expect(child.frame == CGRect(x: 10, y: 0, width: 30, height: 10))
            let issues = UIApplication.shared.layoutIssues
            #expect(issues.count == 4, "\(issues)")
            #expect(issues.contains { $0.hasPrefix("A multiplier of 0 or a nil second item together with a location for the first attribute") })
            #expect(issues.filter { $0.hasPrefix("Invalid pairing of layout attributes.") }.count == 2)
            #expect(issues.contains { $0.hasPrefix("A constraint cannot be made between a leading/trailing attribute and a right/left attribute.") })
            // Legal ones UIKit allows: a width twice a height, leading to a centre.
            NSLayoutConstraint.activate([child.widthAnchor.constraint(equalTo: child.heightAnchor, multiplier: 2, constant: 0).withPriority(.defaultLow),
                                         child.leadingAnchor.constraint(equalTo: container.centerXAnchor).withPriority(.defaultLow)])
            #expect(UIApplication.shared.layoutIssues.count == 4)
        }
    }

    /// A view whose intrinsic size is not a number has none; fitting at an infinite target is
    /// fitting at the expanded size.
    @Test func intrinsicSizesAndTargetsThatAreNotNumbers() {
        final class Broken: UIView {
            override var intrinsicContentSize: CGSize { CGSize(width: CGFloat.nan, height: .infinity) }
        }
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let broken = Broken()
        broken.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(broken)
        NSLayoutConstraint.activate([broken.leadingAnchor.constraint(equalTo: container.leadingAnchor),
                                     broken.trailingAnchor.constraint(equalTo: container.trailingAnchor),
                                     broken.topAnchor.constraint(equalTo: container.topAnchor), broken.heightAnchor.constraint(equalToConstant: 5)])
        container.layoutIfNeeded()
        #expect(broken.frame == CGRect(x: 0, y: 0, width: 100, height: 5))
        let size = broken.systemLayoutSizeFitting(CGSize(width: CGFloat.infinity, height: .nan))
        #expect(size.width.isFinite && size.height == 5)
    }
}

extension NSLayoutConstraint {
    func withPriority(_ priority: UILayoutPriority) -> NSLayoutConstraint {
        self.priority = priority
        return self
    }
}
