//! Finding repeated attribute names in a body, in time that grows with the
//! body's size as sorting does.
//!
//! A body's attributes are all parsed first; their names are then checked
//! together, by sorting them. A hash table would do as well in theory, but a
//! body of millions of attributes makes each of its lookups a cache miss,
//! and keys from the input would need a hash that resists collisions chosen
//! on purpose; sorting has neither problem, and is the same on every run.

/// Up to this many names, each is compared with those before it.
const SORTED_FROM: usize = 16;

/// The repeated names among `names` (the attribute names of one body, in
/// source order): for each name seen before, its index and that of its
/// first occurrence, in source order of the repetitions.
pub(super) fn repeated<'a>(
    names: impl ExactSizeIterator<Item = &'a str> + Clone,
) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    if names.len() < SORTED_FROM {
        for (i, name) in names.clone().enumerate() {
            if let Some(first) = names.clone().take(i).position(|n| n == name) {
                found.push((i, first));
            }
        }
        return found;
    }
    let mut sorted: Vec<(&str, usize)> = names.enumerate().map(|(i, n)| (n, i)).collect();
    // Stable by index within a name, as the pairs are distinct.
    sorted.sort_unstable();
    let mut first = None;
    for pair in sorted.windows(2) {
        let [(previous, at), (name, i)] = pair else {
            continue;
        };
        if previous == name {
            let first = *first.get_or_insert(*at);
            found.push((*i, first));
        } else {
            first = None;
        }
    }
    found.sort_unstable();
    found
}

#[cfg(test)]
mod tests {
    use super::repeated;

    #[test]
    fn repetitions_name_their_first_occurrence_in_source_order() {
        assert!(repeated(["a", "b", "c"].into_iter()).is_empty());
        assert_eq!(
            repeated(["a", "b", "a", "b", "a"].into_iter()),
            [(2, 0), (3, 1), (4, 0)]
        );
        // The same above the sorting threshold.
        let mut names: Vec<String> = (0..40).map(|i| format!("n{i}")).collect();
        names.extend(["n3", "n39", "n3", "n0"].map(String::from));
        let found = repeated(names.iter().map(String::as_str));
        assert_eq!(found, [(40, 3), (41, 39), (42, 3), (43, 0)]);
    }
}
