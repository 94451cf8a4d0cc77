import Foundation
import Geometry
import QuartzCore
import Replay
import RunLoop
import Testing
import Traces
@testable import UIKit

/// A spinner and a progress bar with UIKit's sizes; the spinner turns on the render server (its
/// frames are render-only: no layout, no redraw) and does not keep a replay going.
@MainActor
@Suite struct ActivityIndicatorTests {
    @Test func sizesAndStates() {
        #expect(UIActivityIndicatorView(style: .large).intrinsicContentSize == CGSize(width: 37, height: 37))
        let spinner = UIActivityIndicatorView(style: .medium)
        #expect(spinner.frame.size == CGSize(width: 20, height: 20) && spinner.isHidden && !spinner.isAnimating)
        spinner.startAnimating()
        #expect(!spinner.isHidden && spinner.isAnimating && spinner.layer.animationKeys() == ["spin"])
        spinner.stopAnimating()
        #expect(spinner.isHidden && spinner.layer.animationKeys() == nil)
        spinner.hidesWhenStopped = false
        #expect(!spinner.isHidden)

        let bar = UIProgressView(progressViewStyle: .default)
        #expect(bar.intrinsicContentSize.height == 4 && UIProgressView(progressViewStyle: .bar).intrinsicContentSize.height == 2.5)
        bar.progress = 1.7
        #expect(bar.progress == 1)
        bar.setProgress(-2, animated: true)
        #expect(bar.progress == 0)
    }

    /// A spinner turning for ever does not keep a replay going: the replay ends with the trace's
    /// finger, the spinner still turning, and it never redrew (the turning is its layer's
    /// rotation, the render server's). uisim's idle rule makes no frame for an endless animation
    /// alone (issue 25: a replay must end), so the spinner is drawn turning only in frames
    /// something else made.
    @Test func aSpinnerDoesNotKeepTheReplayGoing() throws {
        try UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let spinner = UIActivityIndicatorView(style: .large)
            spinner.center = CGPoint(x: 195, y: 422)
            spinner.hidesWhenStopped = false
            window.addSubview(spinner)
            window.makeKeyAndVisible()
            window.commit(at: 0)
            spinner.startAnimating()
            var trace = Trace()
            trace.drag(1, from: CGPoint(x: 10, y: 800), to: CGPoint(x: 10, y: 700), time: 0.1, duration: 1)
            var draws = 0
            let replay = Replay(window: window, clock: VirtualClock(measuresWork: false))
            replay.afterFrame = { record, _ in draws += record.counts.draws }
            let result = try replay.run(trace)
            #expect(!result.stopped && result.duration < 2 && spinner.isAnimating && spinner.layer.animationKeys() == ["spin"])
            #expect(draws == 0)
        }
    }
}
