/// Whether this build checks its structures' invariants after every change (the compilation
/// condition `UISIM_INTERNAL_CHECKS`, which Package.swift defines for the debug configuration
/// only, the one the tests build): a view's links to its subviews and their layers
/// (`UIView._checkHierarchyInvariants`), a table's and a collection view's reuse queues
/// (`_checkReuseInvariants`), a scroll view's scrolling state (`_checkScrollInvariants`).
package enum UIKitInternalChecks {
    #if UISIM_INTERNAL_CHECKS
    package static let areOn = true
    #else
    package static let areOn = false
    #endif
}
