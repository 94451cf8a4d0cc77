// Declarations only: see include/CFuzzing.h.
