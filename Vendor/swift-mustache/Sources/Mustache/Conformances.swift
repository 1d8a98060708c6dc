//
// This source file is part of the Hummingbird server framework project
// Copyright (c) the Hummingbird authors
//
// See LICENSE.txt for license information
// SPDX-License-Identifier: Apache-2.0
//

import Foundation

/// Which of the protocols that rendering asks about a value's type conforms to, found once per type.
///
/// Rendering a tag asks its value several questions by dynamic cast (a custom representation? a sequence?
/// custom renderable? a parent?), and a cast to a protocol costs a look-up in the runtime's conformance cache
/// each time, failed or not. A type's conformances never change while the program runs, so they are looked
/// up once per type and kept here: a cast is made only when it will succeed.
struct MustacheConformances: OptionSet, Sendable {
    let rawValue: UInt8

    static let customRepresentation = MustacheConformances(rawValue: 1 << 0)
    static let sequence = MustacheConformances(rawValue: 1 << 1)
    static let customRenderable = MustacheConformances(rawValue: 1 << 2)
    static let parent = MustacheConformances(rawValue: 1 << 3)
    /// Casts to these concrete types fail for almost every value, and a failed cast from `Any` still costs
    /// hundreds of instructions in the runtime (it looks for bridging and boxed values): they are asked once too.
    static let template = MustacheConformances(rawValue: 1 << 4)
    static let lambda = MustacheConformances(rawValue: 1 << 5)
    static let bool = MustacheConformances(rawValue: 1 << 6)
    /// Asked of every value a transform (`{{money(x)}}`) is applied to.
    static let transformable = MustacheConformances(rawValue: 1 << 7)

    static let all = MustacheConformances(rawValue: .max)

    /// The conformances of `value`'s dynamic type, and whether they hold for every value of that type.
    static func lookUp(_ value: Any) -> (conformances: MustacheConformances, dependsOnValue: Bool) {
        let type = ObjectIdentifier(Swift.type(of: value))
        if let known = lock.withLock({ known[type] }) {
            return (known, false)
        }
        // An optional's casts see through it to the value it wraps, so what they find depends on the value,
        // not only the type: ask every time (every cast is made, as before). An `AnyHashable` does the same.
        if value is AnyOptional || Swift.type(of: value) == AnyHashable.self {
            return (.all, true)
        }
        var found: MustacheConformances = []
        if value is MustacheCustomRepresentation { found.insert(.customRepresentation) }
        if value is any MustacheSequence { found.insert(.sequence) }
        if value is MustacheCustomRenderable { found.insert(.customRenderable) }
        if value is MustacheParent { found.insert(.parent) }
        if value is MustacheTemplate { found.insert(.template) }
        if value is MustacheLambda { found.insert(.lambda) }
        // A class instance (an `NSNumber`) may bridge to `Bool` or not depending on its value: always ask it.
        if value is Bool || Swift.type(of: value) is AnyClass { found.insert(.bool) }
        if value is MustacheTransformable { found.insert(.transformable) }
        lock.withLock { known[type] = found }
        return (found, false)
    }

    private static let lock = NSLock()
    #if compiler(>=6.0)
    nonisolated(unsafe) private static var known: [ObjectIdentifier: MustacheConformances] = [:]
    #else
    private static var known: [ObjectIdentifier: MustacheConformances] = [:]
    #endif
}

/// The conformances met during one render, so that each lookup is a short scan rather than a lock and a hash.
///
/// A render runs on one thread and meets a handful of types (the caller's contexts, rows and values), so a
/// small array compared by type identity answers almost every question; past `capacity` types, or for a type
/// whose answers depend on the value, it asks `MustacheConformances` and casts as before.
///
/// It also keeps, per type, views of a value of exactly that type as the protocols rendering asks for most
/// (`MustacheTypeViews`): a successful cast from `Any` to a protocol looks the conformance up in the Swift
/// runtime every time (about 1,100 instructions), while a view knows the type and its conformance already.
final class MustacheConformanceCache {
    private static let capacity = 16
    // Only the render's own thread touches these: no dynamic exclusivity check (two runtime calls a lookup).
    @exclusivity(unchecked) private var types: [ObjectIdentifier] = []
    @exclusivity(unchecked) private var entries: [MustacheTypeViews] = []

    init() {
        self.types.reserveCapacity(Self.capacity)
        self.entries.reserveCapacity(Self.capacity)
    }

    func of(_ value: Any) -> MustacheConformances {
        guard let index = self.index(of: value) else { return MustacheConformances.lookUp(value).conformances }
        return self.entries[index].conformances
    }

    /// `value as? MustacheCustomRenderable`.
    func renderable(_ value: Any) -> MustacheCustomRenderable? {
        guard let index = self.index(of: value) else { return value as? MustacheCustomRenderable }
        return self.entries[index].renderable?.view(value)
    }

    /// `value as? MustacheParent`.
    func parent(_ value: Any) -> MustacheParent? {
        guard let index = self.index(of: value) else { return value as? MustacheParent }
        return self.entries[index].parent?.view(value)
    }

    /// `value as? MustacheTransformable`.
    func transformable(_ value: Any) -> MustacheTransformable? {
        guard let index = self.index(of: value) else { return value as? MustacheTransformable }
        return self.entries[index].transformable?.view(value)
    }

    /// Where `value`'s type is kept, adding it if there is room; nil when its answers depend on the value.
    private func index(of value: Any) -> Int? {
        let type = ObjectIdentifier(Swift.type(of: value))
        for index in self.types.indices where self.types[index] == type {
            return index
        }
        let (found, dependsOnValue) = MustacheConformances.lookUp(value)
        guard !dependsOnValue, self.types.count < Self.capacity else { return nil }
        self.types.append(type)
        self.entries.append(MustacheTypeViews(Swift.type(of: value), conformances: found))
        return self.types.count - 1
    }
}
