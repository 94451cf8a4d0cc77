// libFuzzer's driver entry point (compiler-rt's FuzzerInterface.h), for harnesses whose main
// is their own: SwiftPM renames an executable's entry point, so libFuzzer's main cannot be used.
// Only referenced when a harness is built with -sanitize=fuzzer -D FUZZING.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
