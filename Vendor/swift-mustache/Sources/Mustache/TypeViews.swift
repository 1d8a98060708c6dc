//
// This source file is part of the Hummingbird server framework project
// Copyright (c) the Hummingbird authors
//
// See LICENSE.txt for license information
// SPDX-License-Identifier: Apache-2.0
//

/// One type's conformances, and views of a value of exactly that type as the protocols rendering asks for
/// most, made once per type with the conformance found then (a cast from `Any` finds it again every time).
struct MustacheTypeViews {
    let conformances: MustacheConformances
    private(set) var renderable: (any RenderableView)?
    private(set) var parent: (any ParentView)?
    private(set) var transformable: (any TransformableView)?

    init(_ type: Any.Type, conformances: MustacheConformances) {
        self.conformances = conformances
        if conformances.contains(.customRenderable), let type = type as? any MustacheCustomRenderable.Type {
            self.renderable = Self.renderableView(type)
        }
        if conformances.contains(.parent), let type = type as? any MustacheParent.Type {
            self.parent = Self.parentView(type)
        }
        if conformances.contains(.transformable), let type = type as? any MustacheTransformable.Type {
            self.transformable = Self.transformableView(type)
        }
    }

    private static func renderableView<T: MustacheCustomRenderable>(_: T.Type) -> any RenderableView { View<T>() }
    private static func parentView<T: MustacheParent>(_: T.Type) -> any ParentView { View<T>() }
    private static func transformableView<T: MustacheTransformable>(_: T.Type) -> any TransformableView { View<T>() }
}

protocol RenderableView {
    /// `value`, which holds exactly the view's type, as a `MustacheCustomRenderable`.
    func view(_ value: Any) -> MustacheCustomRenderable?
}

protocol ParentView {
    /// `value`, which holds exactly the view's type, as a `MustacheParent`.
    func view(_ value: Any) -> MustacheParent?
}

protocol TransformableView {
    /// `value`, which holds exactly the view's type, as a `MustacheTransformable`.
    func view(_ value: Any) -> MustacheTransformable?
}

/// Views values of type `T`. Callers pass only values whose dynamic type is `T` (the cache is keyed by it);
/// when the `Any` holds `T` itself, opening it and reinterpreting its contents as `T` is a copy, not a cast.
/// An `Any` may also hold another existential that holds `T` (`type(of:)` sees through both): that one is cast.
/// Each view forms its protocol's existential itself: returning a `T?` would look up `Optional<T>`'s metadata
/// on every call.
private struct View<T> {}

extension View: RenderableView where T: MustacheCustomRenderable {
    func view(_ value: Any) -> MustacheCustomRenderable? {
        func open<U>(_ opened: U) -> MustacheCustomRenderable? {
            U.self == T.self ? unsafeBitCast(opened, to: T.self) : opened as? MustacheCustomRenderable
        }
        return open(value)
    }
}

extension View: ParentView where T: MustacheParent {
    func view(_ value: Any) -> MustacheParent? {
        func open<U>(_ opened: U) -> MustacheParent? {
            U.self == T.self ? unsafeBitCast(opened, to: T.self) : opened as? MustacheParent
        }
        return open(value)
    }
}

extension View: TransformableView where T: MustacheTransformable {
    func view(_ value: Any) -> MustacheTransformable? {
        func open<U>(_ opened: U) -> MustacheTransformable? {
            U.self == T.self ? unsafeBitCast(opened, to: T.self) : opened as? MustacheTransformable
        }
        return open(value)
    }
}
