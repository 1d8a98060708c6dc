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

    /// The conformances of `value`'s dynamic type.
    static func of(_ value: Any) -> MustacheConformances {
        let type = ObjectIdentifier(Swift.type(of: value))
        if let known = lock.withLock({ known[type] }) {
            return known
        }
        // An optional's casts see through it to the value it wraps, so what they find depends on the value,
        // not only the type: ask every time (every cast is made, as before).
        if value is AnyOptional {
            return [.customRepresentation, .sequence, .customRenderable, .parent]
        }
        var found: MustacheConformances = []
        if value is MustacheCustomRepresentation { found.insert(.customRepresentation) }
        if value is any MustacheSequence { found.insert(.sequence) }
        if value is MustacheCustomRenderable { found.insert(.customRenderable) }
        if value is MustacheParent { found.insert(.parent) }
        lock.withLock { known[type] = found }
        return found
    }

    private static let lock = NSLock()
    #if compiler(>=6.0)
    nonisolated(unsafe) private static var known: [ObjectIdentifier: MustacheConformances] = [:]
    #else
    private static var known: [ObjectIdentifier: MustacheConformances] = [:]
    #endif
}
