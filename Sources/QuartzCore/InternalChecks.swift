/// Whether this build checks its structures' invariants after every change (the compilation
/// condition `UISIM_INTERNAL_CHECKS`, which Package.swift defines for the debug configuration
/// only, the one the tests build): a damage region's rectangles (`PixelRegion._checkInvariants`)
/// and the layer tree's links (`CALayer._checkInvariants`).
package enum QuartzCoreInternalChecks {
    #if UISIM_INTERNAL_CHECKS
    package static let areOn = true
    #else
    package static let areOn = false
    #endif
}
