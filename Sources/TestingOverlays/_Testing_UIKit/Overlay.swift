// Swift Testing's cross-import overlay for UIKit (Testing.swiftcrossimport names it): the compiler
// imports it into every file that imports both Testing and UIKit. The toolchain ships it only on
// Apple's platforms; this one re-exports Testing and adds nothing, so such a file builds here.
@_exported import Testing
