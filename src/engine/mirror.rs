//! The generic entity mirror every game uses to keep a list of plain values (one per
//! unit, HQ, leader, marker...) in entities: each entity carries an id component (its
//! index in the list) and a status component (its value). [`gather`] reads the list back,
//! [`scatter`] writes back only the entries that changed (so Bevy's change detection
//! stays meaningful for views that redraw on `Changed<>`), [`spawn`] makes one entity per
//! entry and [`despawn`] removes them all.
//!
//! A component may be its own id (a single marker with index 0): the mirror reads the id
//! and the status of an entity one after the other, never in the same query.

use bevy::ecs::component::Mutable;
use bevy::prelude::*;

/// The component naming an entity's index in its list.
pub trait MirrorId: Component {
    fn index(&self) -> usize;
}

/// The component holding an entity's value.
pub trait MirrorStatus: Component<Mutability = Mutable> {
    type Value: Clone + PartialEq;
    fn new(value: Self::Value) -> Self;
    fn value(&self) -> &Self::Value;
    fn value_mut(&mut self) -> &mut Self::Value;
}

/// Implements [`MirrorStatus`] for a newtype component `$status($value)`.
#[macro_export]
macro_rules! mirror_status {
    ($status:ty, $value:ty) => {
        impl $crate::engine::mirror::MirrorStatus for $status {
            type Value = $value;
            fn new(value: $value) -> Self {
                Self(value)
            }
            fn value(&self) -> &$value {
                &self.0
            }
            fn value_mut(&mut self) -> &mut $value {
                &mut self.0
            }
        }
    };
}

/// The entities with an id, and their indices.
fn indexed<I: MirrorId>(world: &mut World) -> Vec<(Entity, usize)> {
    world
        .query::<(Entity, &I)>()
        .iter(world)
        .map(|(e, id)| (e, id.index()))
        .collect()
}

/// The list held by the entities with both components; `defaults` gives the length and
/// the value of every index no entity holds. Ids past the end are ignored.
pub fn gather<I: MirrorId, S: MirrorStatus>(
    world: &mut World,
    mut defaults: Vec<S::Value>,
) -> Vec<S::Value> {
    for (e, i) in indexed::<I>(world) {
        if let Some(slot) = defaults.get_mut(i)
            && let Some(s) = world.get::<S>(e)
        {
            *slot = s.value().clone();
        }
    }
    defaults
}

/// Writes `values` back into the entities, touching only those whose value changed.
pub fn scatter<I: MirrorId, S: MirrorStatus>(world: &mut World, values: &[S::Value]) {
    for (e, i) in indexed::<I>(world) {
        if let Some(new) = values.get(i)
            && let Some(mut s) = world.get_mut::<S>(e)
            && s.value() != new
        {
            *s.value_mut() = new.clone();
        }
    }
}

/// Spawns one entity per value: its status and the components `with` gives for the
/// index (the id and any others).
pub fn spawn<S: MirrorStatus, B: Bundle>(
    world: &mut World,
    values: &[S::Value],
    mut with: impl FnMut(usize) -> B,
) {
    for (i, v) in values.iter().enumerate() {
        world.spawn((S::new(v.clone()), with(i)));
    }
}

/// Despawns every entity with the id component.
pub fn despawn<I: MirrorId>(world: &mut World) {
    for (e, _) in indexed::<I>(world) {
        world.despawn(e);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Component, Clone, Copy, Debug)]
    struct Id(usize);

    impl MirrorId for Id {
        fn index(&self) -> usize {
            self.0
        }
    }

    #[derive(Component, Clone, Copy, Debug, PartialEq)]
    struct Status(u32);
    mirror_status!(Status, u32);

    #[derive(Component)]
    struct Tag(usize);

    /// A component that is its own id, like a single marker.
    #[derive(Component, Clone, Copy, Debug, PartialEq)]
    struct Single(Option<u8>);
    mirror_status!(Single, Option<u8>);

    impl MirrorId for Single {
        fn index(&self) -> usize {
            0
        }
    }

    fn world_with(values: &[u32]) -> World {
        let mut w = World::new();
        spawn::<Status, _>(&mut w, values, |i| (Id(i), Tag(i)));
        w
    }

    #[test]
    fn spawn_makes_one_entity_per_value_with_extra_components() {
        let mut w = world_with(&[5, 6, 7]);
        let mut got: Vec<(usize, u32, usize)> = w
            .query::<(&Id, &Status, &Tag)>()
            .iter(&w)
            .map(|(i, s, t)| (i.0, s.0, t.0))
            .collect();
        got.sort();
        assert_eq!(got, vec![(0, 5, 0), (1, 6, 1), (2, 7, 2)]);
        assert_eq!(gather::<Id, Status>(&mut w, vec![0; 3]), vec![5, 6, 7]);
    }

    #[test]
    fn gather_uses_the_default_for_missing_ids_and_ignores_ids_past_the_end() {
        let mut w = World::new();
        w.spawn((Id(1), Status(11)));
        w.spawn((Id(9), Status(99)));
        // an id without a status is missing too
        w.spawn(Id(2));
        assert_eq!(gather::<Id, Status>(&mut w, vec![7; 4]), vec![7, 11, 7, 7]);
    }

    #[test]
    fn scatter_changes_only_the_changed_entity() {
        let mut w = world_with(&[1, 2, 3]);
        w.clear_trackers();
        let mut changed = w.query_filtered::<&Id, Changed<Status>>();
        assert_eq!(changed.iter(&w).count(), 0);
        scatter::<Id, Status>(&mut w, &[1, 20, 3]);
        let ids: Vec<usize> = changed.iter(&w).map(|i| i.0).collect();
        assert_eq!(ids, vec![1]);
        let mut refs = w.query::<(&Id, Ref<Status>)>();
        for (id, s) in refs.iter(&w) {
            assert_eq!(s.is_changed(), id.0 == 1, "entity {}", id.0);
        }
        assert_eq!(gather::<Id, Status>(&mut w, vec![0; 3]), vec![1, 20, 3]);
        // writing the same values again changes nothing
        w.clear_trackers();
        scatter::<Id, Status>(&mut w, &[1, 20, 3]);
        assert_eq!(changed.iter(&w).count(), 0);
    }

    #[test]
    fn scatter_ignores_ids_past_the_end_of_the_values() {
        let mut w = world_with(&[1, 2, 3]);
        scatter::<Id, Status>(&mut w, &[4]);
        assert_eq!(gather::<Id, Status>(&mut w, vec![0; 3]), vec![4, 2, 3]);
    }

    #[test]
    fn despawn_removes_every_entity_with_the_id_and_nothing_else() {
        let mut w = world_with(&[1, 2, 3]);
        w.spawn(Tag(42));
        assert_eq!(w.query::<&Id>().iter(&w).count(), 3);
        despawn::<Id>(&mut w);
        assert_eq!(w.query::<&Id>().iter(&w).count(), 0);
        assert_eq!(w.query::<&Status>().iter(&w).count(), 0);
        let tags: Vec<usize> = w.query::<&Tag>().iter(&w).map(|t| t.0).collect();
        assert_eq!(tags, vec![42]);
    }

    #[test]
    fn a_component_can_be_its_own_id() {
        let mut w = World::new();
        spawn::<Single, _>(&mut w, &[Some(3)], |_| ());
        assert_eq!(w.query::<&Single>().iter(&w).count(), 1);
        assert_eq!(gather::<Single, Single>(&mut w, vec![None]), vec![Some(3)]);
        w.clear_trackers();
        scatter::<Single, Single>(&mut w, &[Some(3)]);
        assert_eq!(
            w.query_filtered::<&Single, Changed<Single>>()
                .iter(&w)
                .count(),
            0
        );
        scatter::<Single, Single>(&mut w, &[None]);
        assert_eq!(
            w.query_filtered::<&Single, Changed<Single>>()
                .iter(&w)
                .count(),
            1
        );
        assert_eq!(gather::<Single, Single>(&mut w, vec![Some(9)]), vec![None]);
        despawn::<Single>(&mut w);
        assert_eq!(w.query::<&Single>().iter(&w).count(), 0);
        assert_eq!(gather::<Single, Single>(&mut w, vec![None]), vec![None]);
    }
}
