// Double.rounded() and squareRoot() call into libm. The module imports nothing else from the platform,
// so on Linux this import is what makes the linker add libm.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
