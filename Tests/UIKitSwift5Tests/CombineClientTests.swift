// Combine as MessageKit (4.x) writes it in its view controller: a state object with an
// `@Published` input bar kind and a `Set<AnyCancellable>`; notifications subscribed on a global
// queue, received on the main queue and delayed 50 ms "to lay out the input view"; the input
// container's `center` observed through key-value observing's publisher. Written with the SDK's
// spellings, compiled in the Swift 5 mode, replayed on a loop on a virtual clock.
import Combine
import Foundation
import RunLoop
import UIKit
import XCTest

/// A conversation screen's controller, MessageKit's shape.
final class ConversationController: UIViewController {
    final class State {
        @Published var inputBarType: String = "messageInputBar"
        var disposeBag: Set<AnyCancellable> = .init()
    }

    let state = State()
    let textView = UITextView()
    let inputContainerView = UIView()
    private(set) var events: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        inputContainerView.frame = CGRect(x: 0, y: 790, width: 390, height: 54)
        view.addSubview(inputContainerView)
        inputContainerView.addSubview(textView)

        NotificationCenter.default
            .publisher(for: UITextView.textDidChangeNotification)
            .subscribe(on: DispatchQueue.global())
            .receive(on: DispatchQueue.main)
            .compactMap { $0.object as? UITextView }
            .filter { [weak self] textView in textView == self?.textView }
            .map(\.text)
            .removeDuplicates()
            .delay(for: .milliseconds(50), scheduler: DispatchQueue.main)
            .sink { [weak self] text in self?.note("text \(text ?? "")") }
            .store(in: &state.disposeBag)

        inputContainerView.publisher(for: \.center)
            .receive(on: DispatchQueue.main)
            .removeDuplicates()
            .sink(receiveValue: { [weak self] center in self?.note("center \(center.y)") })
            .store(in: &state.disposeBag)

        state.$inputBarType
            .subscribe(on: DispatchQueue.global())
            .dropFirst()
            .removeDuplicates()
            .receive(on: DispatchQueue.main)
            .sink(receiveValue: { [weak self] newType in self?.note("bar \(newType)") })
            .store(in: &state.disposeBag)
    }

    private func note(_ event: String) {
        let time = MainActor.assumeIsolated { EventRunLoop.current?.clock.now } ?? -1
        events.append("\(event)@\((time * 1000).rounded())ms")
    }
}

final class CombineClientTests: XCTestCase {
    func testMessageKitsPipelinesRunOnTheReplaysClock() {
        MainActor.assumeIsolated {
            let controller = ConversationController()
            controller.loadViewIfNeeded()   // subscribes before the loop runs, as a screen built for a replay does
            let loop = EventRunLoop(clock: VirtualClock())
            func at(_ time: TimeInterval, _ body: @escaping () -> Void) {
                loop.add(LoopTimer(fireAt: time) { _ in body() }, forMode: .common)
            }
            at(0.1) {
                controller.textView.text = "Hi"
                NotificationCenter.default.post(name: UITextView.textDidChangeNotification, object: controller.textView)
            }
            at(0.2) { controller.inputContainerView.center.y -= 300 }   // the keyboard came up
            at(0.3) { controller.state.inputBarType = "custom" }
            at(0.4) {   // the same text again: removeDuplicates lets nothing through
                NotificationCenter.default.post(name: UITextView.textDidChangeNotification, object: controller.textView)
            }
            XCTAssertEqual(loop.run(), .finished)
            // The center's initial value arrives in the loop's first turn (received on the main
            // queue), the text 50 ms after its notification, the rest in the turn they happen.
            XCTAssertEqual(controller.events, ["center 817.0@0.0ms", "text Hi@150.0ms", "center 517.0@200.0ms", "bar custom@300.0ms"])
        }
    }
}
