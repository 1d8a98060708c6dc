//
// This source file is part of the Hummingbird server framework project
// Copyright (c) the Hummingbird authors
//
// See LICENSE.txt for license information
// SPDX-License-Identifier: Apache-2.0
//

/// The name in a tag, split on "." once when the template is parsed rather than on every lookup while rendering.
public struct MustacheName: Sendable, Equatable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// How a name is looked up.
    public enum Kind: Sendable, Equatable {
        /// "." is the object on top of the context stack.
        case implicitIterator
        /// "" reads nothing (a transform applied to the sequence context, as in `{{first()}}`).
        case empty
        /// ".a.b" starts at the top of the stack and does not climb it.
        case anchored
        /// "a.b" looks for "a" from the top of the stack down.
        case stack
    }

    public let text: String
    public let components: [String]
    public let kind: Kind

    init(_ text: String) {
        self.text = text
        self.components = text.split(separator: ".").map { String($0) }
        if text == "." {
            self.kind = .implicitIterator
        } else if text.isEmpty {
            self.kind = .empty
        } else if text.first == "." {
            self.kind = .anchored
        } else {
            self.kind = .stack
        }
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public static func == (lhs: MustacheName, rhs: MustacheName) -> Bool {
        lhs.text == rhs.text
    }

    public var description: String { self.text }
}
