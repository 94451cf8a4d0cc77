// `import QuartzCore` brings Core Graphics, as Apple's QuartzCore does (and through it Foundation's
// CG geometry).
@_exported import CoreGraphics
