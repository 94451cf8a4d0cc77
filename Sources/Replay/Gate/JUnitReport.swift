import Foundation
import QuartzCore

/// A check's findings as JUnit XML, the way CI servers read it (Jenkins' JUnit plugin, GitLab's
/// test reports, GitHub test reporters): one `testsuite` per trace, named by its file
/// (`fling.trace`); one `testcase` per gated figure, its name the figure (`counts.draws`) and its
/// classname the trace's file name without the extension (`fling`, see `caseClass`); a first
/// `replayed` case carrying the replay's wall time, failures with baseline → now and the
/// tolerance, passing cases with their values in `system-out`. Counts add up: `tests` and
/// `failures` of the root are the sums of the suites', which are the numbers of their cases and
/// failed cases.
public enum JUnitReport {
    /// The XML for `report`; with `strict`, improvements and new figures fail too.
    public static func xml(_ report: CheckReport, properties: [(String, String)], strict: Bool) -> String {
        func failed(_ f: Baseline.Finding) -> Bool {
            f.verdict == .regression || strict && f.verdict != .same
        }
        let tests = report.findings.count
        let failures = report.findings.filter(failed).count
        let total = report.suites.reduce(0.0) { $0 + ($1.replaySeconds ?? 0) }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"uisim check\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\" time=\"\(seconds(total))\">\n"
        for suite in report.suites {
            let classname = escape(caseClass(suite.trace))
            let suiteFailures = suite.findings.filter(failed).count
            xml += "  <testsuite name=\"\(escape(suite.trace))\" tests=\"\(suite.findings.count)\" failures=\"\(suiteFailures)\""
                + " errors=\"0\" skipped=\"0\" time=\"\(seconds(suite.replaySeconds ?? 0))\">\n"
            xml += "    <properties>\n"
            for (name, value) in properties + [("time-tolerance", "\(report.timeTolerance)"), ("strict", "\(strict)")] {
                xml += "      <property name=\"\(escape(name))\" value=\"\(escape(value))\"/>\n"
            }
            xml += "    </properties>\n"
            for finding in suite.findings {
                let time = finding.name == "replayed" ? suite.replaySeconds ?? 0 : 0
                xml += "    <testcase classname=\"\(classname)\" name=\"\(escape(finding.name))\" time=\"\(seconds(time))\">\n"
                if failed(finding) {
                    let message = escape("\(finding.verdict.rawValue): \(finding.message)")
                    xml += "      <failure type=\"\(finding.verdict.rawValue)\" message=\"\(message)\">\(message)</failure>\n"
                } else {
                    xml += "      <system-out>\(escape(finding.message))</system-out>\n"
                }
                xml += "    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    /// A trace's test-case class: its file name without the extension (`fling` for
    /// `fling.trace`, as its output folder is named in a run of several), any dot left in it made
    /// `_`: Jenkins reads the dots of a class name as packages, and would show `fling.trace` as
    /// class `trace` of package `fling`.
    static func caseClass(_ trace: String) -> String {
        (trace as NSString).deletingPathExtension.replacingOccurrences(of: ".", with: "_")
    }

    private static func seconds(_ value: Double) -> String {
        String(format: "%.3f", value)
    }

    static func escape(_ s: String) -> String {
        Markup.escape(s)
    }
}
