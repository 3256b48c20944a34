//! "Did you mean ...?" suggestions by edit distance.

/// The candidate closest to `given` by Levenshtein distance, if that
/// distance is less than 3.
///
/// # Examples
///
/// ```
/// use hcl_core::suggest_name;
/// assert_eq!(suggest_name("nmae", ["name", "port"]), Some("name"));
/// assert_eq!(suggest_name("zzzz", ["name", "port"]), None);
/// ```
pub fn suggest_name<'a>(
    given: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let mut best: Option<(usize, &str)> = None;
    for candidate in candidates {
        let distance = levenshtein(given, candidate);
        if distance < 3
            && best.is_none_or(|(d, c)| distance < d || (distance == d && candidate < c))
        {
            best = Some((distance, candidate));
        }
    }
    best.map(|(_, c)| c)
}

/// The first of `candidates`, in their order, within two edits of `given`:
/// the reference's choice where the candidates come in a fixed order (a
/// schema's names), so that the same one is suggested.
pub(crate) fn first_close_name<'a>(
    given: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    candidates
        .into_iter()
        .find(|candidate| levenshtein(given, candidate) < 3)
}

fn levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row.first().copied().unwrap_or(0);
        if let Some(first) = row.first_mut() {
            *first = i + 1;
        }
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != *cb);
            let above = row.get(j + 1).copied().unwrap_or(0);
            let left = row.get(j).copied().unwrap_or(0);
            let value = (above + 1).min(left + 1).min(prev + cost);
            prev = above;
            if let Some(cell) = row.get_mut(j + 1) {
                *cell = value;
            }
        }
    }
    row.last().copied().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances() {
        assert_eq!(levenshtein("kitten", "sitting"), 3);
        assert_eq!(levenshtein("", "abc"), 3);
        assert_eq!(levenshtein("café", "cafe"), 1);
        assert_eq!(suggest_name("lenght", ["length", "lower"]), Some("length"));
        assert_eq!(suggest_name("ab", ["aa", "ac"]), Some("aa"));
        assert_eq!(first_close_name("ab", ["ac", "aa"]), Some("ac"));
        assert_eq!(first_close_name("ab", ["xyz"]), None);
    }
}
