//
// This source file is part of the Hummingbird server framework project
// Copyright (c) the Hummingbird authors
//
// See LICENSE.txt for license information
// SPDX-License-Identifier: Apache-2.0
//

/// The name in a tag, split on "." once when the template is parsed rather than on every lookup while rendering.
struct MustacheName: Sendable, Equatable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// How a name is looked up.
    enum Kind: Sendable, Equatable {
        /// "." is the object on top of the context stack.
        case implicitIterator
        /// "" reads nothing (a transform applied to the sequence context, as in `{{first()}}`).
        case empty
        /// ".a.b" starts at the top of the stack and does not climb it.
        case anchored
        /// "a.b" looks for "a" from the top of the stack down.
        case stack
    }

    let text: String
    let components: [String]
    let kind: Kind

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

    init(stringLiteral value: String) {
        self.init(value)
    }

    static func == (lhs: MustacheName, rhs: MustacheName) -> Bool {
        lhs.text == rhs.text
    }

    var description: String { self.text }
}
