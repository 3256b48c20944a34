//! [`Place`]: an item of the document read, as an identity across passes.
//!
//! A place is the path from the top-level body to the item: which
//! attribute (by name), which block (by type and its number among the
//! blocks of that type), which label (by number), which part of a JSON
//! value (by where it starts in the value). Each pass reads the same
//! document through the same schemas, so the same item has the same path
//! in every pass; and two items have different paths even where they come
//! from one piece of source (the same file merged twice into one body, or
//! blocks a body generates from one written block).
//!
//! The path is kept as a 64-bit hash of its steps, made one step at a
//! time as the decoder goes down, so that a place costs a few
//! instructions and no allocation. Two different paths of one decode
//! share a hash with a chance of about `n² / 2⁶⁵` for `n` items, which
//! at worst makes a failed decode report one error fewer.

/// An item of the document, by its path from the top-level body: see the
/// module's documentation.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Place(u64);

/// What a step of a path goes to, as its first word.
#[derive(Clone, Copy)]
#[repr(u64)]
enum Step {
    Attribute = 1,
    Block = 2,
    Label = 3,
    Rest = 4,
    Part = 5,
}

impl Place {
    /// The top-level body's, and that of any body read on its own.
    pub(crate) const ROOT: Place = Place(0x243f_6a88_85a3_08d3);

    /// The attribute `name` of the body at this place.
    pub(crate) fn attribute(self, name: &str) -> Place {
        self.step(Step::Attribute, hash_str(name))
    }

    /// Block `index` among the blocks of type `block_type` of the body at
    /// this place (or of the JSON value at this place).
    pub(crate) fn block(self, block_type: &str, index: usize) -> Place {
        self.step(Step::Block, hash_str(block_type))
            .step(Step::Block, index as u64)
    }

    /// Label `index` of the block at this place.
    pub(crate) fn label(self, index: usize) -> Place {
        self.step(Step::Label, index as u64)
    }

    /// What the other fields of the body at this place did not take.
    pub(crate) fn rest(self) -> Place {
        self.step(Step::Rest, 0)
    }

    /// The part of the JSON value at this place that starts `offset`
    /// bytes into the file.
    pub(crate) fn part(self, offset: u32) -> Place {
        self.step(Step::Part, u64::from(offset))
    }

    fn step(self, step: Step, word: u64) -> Place {
        Place(mix(mix(self.0 ^ step as u64) ^ word))
    }
}

/// The 64-bit FNV-1a hash of `text`.
fn hash_str(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// A bijective mix of the 64 bits of `x` (splitmix64's finaliser), so that
/// the steps of a path do not cancel out.
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

#[cfg(test)]
impl Place {
    /// A place for tests of what keeps places.
    pub(crate) fn test(n: u64) -> Place {
        Place::ROOT.step(Step::Part, n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn every_step_leads_somewhere_else() {
        let root = Place::ROOT;
        let places = [
            root,
            root.attribute("a"),
            root.attribute("b"),
            root.block("a", 0),
            root.block("a", 1),
            root.block("b", 0),
            root.block("a", 0).label(0),
            root.block("a", 0).label(1),
            root.block("a", 0).attribute("a"),
            root.block("a", 1).attribute("a"),
            root.block("a", 0).block("a", 0),
            root.rest(),
            root.rest().attribute("a"),
            root.attribute("a").part(7),
            root.attribute("a").part(7).block("a", 0),
            root.attribute("a").block("a", 0),
        ];
        let distinct: HashSet<Place> = places.iter().copied().collect();
        assert_eq!(distinct.len(), places.len());
        // The same path is the same place.
        assert_eq!(
            root.block("web", 3).attribute("port"),
            root.block("web", 3).attribute("port")
        );
    }

    #[test]
    fn the_blocks_of_a_long_body_get_places_of_their_own() {
        let root = Place::ROOT;
        let mut seen = HashSet::new();
        for i in 0..100_000 {
            assert!(seen.insert(root.block("resource", i)));
            assert!(seen.insert(root.block("resource", i).label(0)));
        }
    }
}
