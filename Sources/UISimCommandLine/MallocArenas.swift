import Foundation

/// glibc's malloc gives each thread that allocates an arena of its own, reserving 64 MB of
/// address space for it. uisim's own work is on the main thread, but Pango sorts fonts in short
/// threads of its own: under a limit on the address space (`ulimit -v`) a new arena was what ran
/// out, inside fontconfig, which then crashed on the allocation it does not check (SIGSEGV, no
/// message) or GLib aborted. The command line keeps one arena for the process, as
/// `MALLOC_ARENA_MAX=1` would (set at start, before any thread allocates).
enum MallocArenas {
    static func useOne() {
        // `mallopt` is glibc's (malloc.h, which Swift's Glibc module leaves out): looked up by name.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        let arenaMax: Int32 = -8   // M_ARENA_MAX
        _ = mallopt(arenaMax, 1)
    }
}
