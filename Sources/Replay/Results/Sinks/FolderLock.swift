import Foundation
import Traces
import Support

/// An exclusive lock on an output folder (`flock` on the folder itself: no lock file to leave
/// behind), held from the first output opened to the last written, so that two replays into one
/// `--out` cannot interleave their files: the second is refused at once.
package final class FolderLock {
    private let descriptor: Int32

    package init(_ folder: URL) throws {
        descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw FileError.unwritable(folder.path, "cannot open the output folder: \(String(cString: strerror(errno)))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw FileError.unwritable(folder.path, "another uisim is writing into this folder; wait for it, or give another --out")
        }
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
