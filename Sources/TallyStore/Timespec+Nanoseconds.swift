import Foundation

extension timespec {
    /// The time as one count of nanoseconds, as the stamps compare it. Wrapping past the year 2262, where the
    /// count no longer fits in 64 bits: a file dated 2300 (`touch -d`) stamps as some number rather than stopping
    /// the build on an overflow, and any change to the time still changes the number.
    public var nanoseconds: Int { tv_sec &* 1_000_000_000 &+ tv_nsec }
}
