//! The report's paragraphs as Markdown beside the code (`text/<section>.md`), with named
//! placeholders for the figures the code computes.
//!
//! A text is a run of fragments, each opened by a line `<!-- name -->` (name: lower-case
//! letters, digits and `-`) and running to the next such line. A fragment's lines join with
//! single spaces (Markdown's soft line break) and the blank lines around it drop, so a fragment
//! is one paragraph, or a sentence or clause the code joins into one. `{key}` (key: lower-case
//! letters, digits and `_`) stands for a value the code gives; the text has no other braces.
//!
//! A section declares each fragment with the keys it fills ([`Prose::fragments`]). The test
//! `every_prose_matches_its_text` checks every declaration against its text: no fragment or
//! placeholder missing, none unused. [`Prose::fill`] panics when the values given are not
//! exactly the declared keys.

use std::fmt::Display;

/// A section's text and the fragments the code fills from it.
pub struct Prose {
    /// The Markdown (`include_str!` of `text/<section>.md`).
    pub text: &'static str,
    /// Every fragment's name and its placeholders' keys.
    pub fragments: &'static [(&'static str, &'static [&'static str])],
}

impl Prose {
    /// Fragment `name` with each `{key}` replaced by its value in `values`.
    ///
    /// # Panics
    /// When `name` is not declared or not in the text, or the keys of `values` are not
    /// exactly the declared ones.
    pub fn fill(&self, name: &str, values: &[(&str, &dyn Display)]) -> String {
        let declared = self
            .fragments
            .iter()
            .find(|(n, _)| *n == name)
            .unwrap_or_else(|| panic!("prose fragment `{name}` is not declared"))
            .1;
        let mut given: Vec<&str> = values.iter().map(|(k, _)| *k).collect();
        let mut expected = declared.to_vec();
        given.sort_unstable();
        expected.sort_unstable();
        assert_eq!(given, expected, "prose fragment `{name}`: the values given are not its declared keys");
        let fragment = fragments(self.text)
            .unwrap_or_else(|e| panic!("{e}"))
            .into_iter()
            .find(|(n, _)| *n == name)
            .unwrap_or_else(|| panic!("prose fragment `{name}` is not in the text"))
            .1;
        substitute(&fragment, values)
    }

    /// Fragment `name`, which has no placeholders.
    pub fn words(&self, name: &str) -> String {
        self.fill(name, &[])
    }

    /// Whether the text has exactly the declared fragments, each with exactly its declared
    /// placeholders; the first difference otherwise.
    pub fn check(&self) -> Result<(), String> {
        let found = fragments(self.text)?;
        for (name, keys) in self.fragments {
            let (_, body) = found
                .iter()
                .find(|(n, _)| n == name)
                .ok_or_else(|| format!("fragment `{name}` is declared but not in the text"))?;
            let mut used = placeholders(body)?;
            used.sort_unstable();
            used.dedup();
            let mut declared = keys.to_vec();
            declared.sort_unstable();
            if used != declared {
                return Err(format!("fragment `{name}`: placeholders {used:?} in the text, {declared:?} declared"));
            }
        }
        for (name, _) in &found {
            if !self.fragments.iter().any(|(n, _)| n == name) {
                return Err(format!("fragment `{name}` is in the text but not declared"));
            }
        }
        Ok(())
    }
}

/// The fragments of `text`, in order: name and body (lines joined by single spaces).
fn fragments(text: &str) -> Result<Vec<(&str, String)>, String> {
    let mut out: Vec<(&str, Vec<&str>)> = Vec::new();
    for line in text.lines() {
        let marker = line.strip_prefix("<!-- ").and_then(|l| l.strip_suffix(" -->"));
        match marker {
            Some(name)
                if !name.is_empty()
                    && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-') =>
            {
                if out.iter().any(|(n, _)| *n == name) {
                    return Err(format!("fragment `{name}` appears twice"));
                }
                out.push((name, Vec::new()));
            }
            Some(_) => return Err(format!("not a fragment marker: `{line}`")),
            None => match out.last_mut() {
                Some((_, lines)) => lines.push(line.trim()),
                None if line.trim().is_empty() => {}
                None => return Err(format!("text before the first fragment: `{line}`")),
            },
        }
    }
    Ok(out
        .into_iter()
        .map(|(name, lines)| {
            let body: Vec<&str> = lines.into_iter().filter(|l| !l.is_empty()).collect();
            (name, body.join(" "))
        })
        .collect())
}

/// The keys of the placeholders of `fragment`, in order.
fn placeholders(fragment: &str) -> Result<Vec<&str>, String> {
    let mut keys = Vec::new();
    let mut rest = fragment;
    while let Some(open) = rest.find(['{', '}']) {
        let after = &rest[open..];
        let close = after.find('}').filter(|_| after.starts_with('{'));
        let key = close.map(|c| &after[1..c]);
        match key {
            Some(k) if !k.is_empty() && k.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_') => {
                keys.push(k);
                rest = &after[k.len() + 2..];
            }
            _ => return Err(format!("a brace that opens no placeholder in `{fragment}`")),
        }
    }
    Ok(keys)
}

/// `fragment` with each `{key}` replaced by its value (values are not scanned again).
fn substitute(fragment: &str, values: &[(&str, &dyn Display)]) -> String {
    let mut out = String::with_capacity(fragment.len());
    let mut rest = fragment;
    while let Some(open) = rest.find('{') {
        out += &rest[..open];
        let close = open + rest[open..].find('}').expect("a checked placeholder closes");
        let key = &rest[open + 1..close];
        let (_, value) = values.iter().find(|(k, _)| *k == key).expect("a declared key has a value");
        out += &value.to_string();
        rest = &rest[close + 1..];
    }
    out + rest
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "<!-- greeting -->\nHello {name},\nthe answer is **{answer}**.\n\n<!-- plain -->\nNo figures.\n";

    const PROSE: Prose = Prose { text: TEXT, fragments: &[("greeting", &["name", "answer"]), ("plain", &[])] };

    #[test]
    fn fills_placeholders_and_joins_lines() {
        assert_eq!(PROSE.check(), Ok(()));
        let s = PROSE.fill("greeting", &[("answer", &42), ("name", &"{name}")]);
        assert_eq!(s, "Hello {name}, the answer is **42**.");
        assert_eq!(PROSE.words("plain"), "No figures.");
    }

    #[test]
    fn a_missing_or_unused_placeholder_fails_the_check() {
        let missing = Prose { text: TEXT, fragments: &[("greeting", &["name"]), ("plain", &[])] };
        assert!(missing.check().unwrap_err().contains("greeting"));
        let unused = Prose { text: TEXT, fragments: &[("greeting", &["name", "answer", "date"]), ("plain", &[])] };
        assert!(unused.check().unwrap_err().contains("greeting"));
        let undeclared = Prose { text: TEXT, fragments: &[("greeting", &["name", "answer"])] };
        assert!(undeclared.check().unwrap_err().contains("plain"));
        let absent = Prose { text: TEXT, fragments: &[("greeting", &["name", "answer"]), ("plain", &[]), ("x", &[])] };
        assert!(absent.check().unwrap_err().contains("`x`"));
        let stray = Prose { text: "<!-- a -->\nsets {1, 2}\n", fragments: &[("a", &[])] };
        assert!(stray.check().is_err());
    }

    #[test]
    #[should_panic(expected = "not its declared keys")]
    fn filling_other_keys_panics() {
        PROSE.fill("greeting", &[("name", &"x")]);
    }
}
