//
// This source file is part of the Hummingbird server framework project
// Copyright (c) the Hummingbird authors
//
// See LICENSE.txt for license information
// SPDX-License-Identifier: Apache-2.0
//

/// An object on the context stack, with what name lookups need of it worked out once, when it is pushed.
///
/// A lookup climbs the stack and asks each object for the name; finding out whether an object has a custom
/// representation and whether it is a `MustacheParent` takes two dynamic casts, which were made again at every
/// level of every lookup. Now they are made once per push, and only when `MustacheConformances` says the type
/// conforms. It is a class: every push copies the stack, and a lookup reads entries as it climbs, so an entry
/// is shared by one reference rather than copied as three existentials.
final class MustacheStackEntry {
    /// The object as it was pushed.
    let object: Any
    /// The object's `MustacheCustomRepresentation`, or the object itself.
    let represented: Any?
    /// `represented` as a `MustacheParent`, when it is one.
    let parent: MustacheParent?

    init(_ object: Any, conformances cache: MustacheConformanceCache) {
        self.object = object
        let conformances = cache.of(object)
        if conformances.contains(.customRepresentation), let custom = object as? MustacheCustomRepresentation {
            self.represented = custom.representation
            self.parent = custom.representation as? MustacheParent
        } else {
            self.represented = object
            self.parent = conformances.contains(.parent) ? cache.parent(object) : nil
        }
    }

    /// The child `name` of this object: asked of a `MustacheParent`, otherwise read by reflection.
    func child(named name: String) -> Any? {
        if let parent {
            return parent.child(named: name)
        } else if let represented {
            return Mirror(reflecting: represented).getValue(forKey: name)
        } else {
            return nil
        }
    }
}
