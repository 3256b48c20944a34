//! The attributes of processed content, by name.

use std::collections::HashMap;

use super::content::Attribute;
use super::definition::BodySchema;
use crate::analysis::Location;
use crate::diagnostic::{Code, Diagnostic, Diagnostics};
use crate::value::go_quote;

/// The attributes a body defines, by name: each name once, in name order.
///
/// What [`Body::content`](super::Body::content) and
/// [`Body::just_attributes`](super::Body::just_attributes) give: a map
/// from name to [`Attribute`], kept as a vector sorted by name, which is
/// cheaper to build and to read than a tree for the few attributes of a
/// body.
///
/// # Examples
///
/// ```
/// use hcl_core::schema::Body;
///
/// let file = hcl_core::parse("port = 80\nname = \"web\"\n", "app.hcl").unwrap();
/// let attributes = Body::from_file(&file).just_attributes().unwrap();
/// assert_eq!(attributes.len(), 2);
/// assert_eq!(attributes.get("port").unwrap().expr.location().text(), "80");
/// assert!(attributes.contains_key("name"));
/// let names: Vec<&str> = attributes.keys().collect();
/// assert_eq!(names, ["name", "port"]);
/// ```
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Attributes<'a> {
    /// Sorted by name, names distinct.
    items: Vec<Attribute<'a>>,
}

impl<'a> Attributes<'a> {
    /// No attributes.
    pub fn new() -> Self {
        Attributes { items: Vec::new() }
    }

    /// The attributes of `items`, whose names are distinct, in any order.
    pub(crate) fn from_distinct(mut items: Vec<Attribute<'a>>) -> Self {
        items.sort_by(|a, b| a.name.cmp(b.name));
        Attributes { items }
    }

    /// How many attributes there are.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The attribute named `name`.
    pub fn get(&self, name: &str) -> Option<&Attribute<'a>> {
        let at = self.items.binary_search_by(|a| a.name.cmp(name)).ok()?;
        self.items.get(at)
    }

    /// Whether an attribute is named `name`.
    pub fn contains_key(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    /// The attributes in name order.
    pub fn iter(&self) -> std::slice::Iter<'_, Attribute<'a>> {
        self.items.iter()
    }

    /// The attributes in name order (the same as [`Attributes::iter`], by
    /// the name a map's readers look for).
    pub fn values(&self) -> std::slice::Iter<'_, Attribute<'a>> {
        self.items.iter()
    }

    /// The names in order.
    pub fn keys(&self) -> impl Iterator<Item = &'a str> + '_ {
        self.items.iter().map(|a| a.name)
    }

    /// The attributes in name order, taken.
    pub fn into_values(self) -> std::vec::IntoIter<Attribute<'a>> {
        self.items.into_iter()
    }
}

impl<'s, 'a> IntoIterator for &'s Attributes<'a> {
    type Item = &'s Attribute<'a>;
    type IntoIter = std::slice::Iter<'s, Attribute<'a>>;

    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

impl<'a> IntoIterator for Attributes<'a> {
    type Item = Attribute<'a>;
    type IntoIter = std::vec::IntoIter<Attribute<'a>>;

    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter()
    }
}

/// Attributes being gathered one by one, each name once: the first
/// definition of a name is kept and a later one can be reported against
/// it.
#[derive(Default)]
pub(crate) struct Gathered<'a> {
    items: Vec<Attribute<'a>>,
    by_name: HashMap<&'a str, usize>,
}

impl<'a> Gathered<'a> {
    /// Adds `attr`, or gives back the one of its name gathered before.
    pub(crate) fn add(&mut self, attr: Attribute<'a>) -> Result<(), &Attribute<'a>> {
        match self.by_name.get(attr.name) {
            Some(&i) => match self.items.get(i) {
                Some(existing) => Err(existing),
                None => Ok(()),
            },
            None => {
                self.by_name.insert(attr.name, self.items.len());
                self.items.push(attr);
                Ok(())
            }
        }
    }

    pub(crate) fn finish(self) -> Attributes<'a> {
        Attributes::from_distinct(self.items)
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The attributes gathered, in the order they came.
    pub(crate) fn into_items(self) -> Vec<Attribute<'a>> {
        self.items
    }
}

/// Up to how many schema attributes [`Slots`] keeps on the stack.
const FEW_ATTRIBUTES: usize = 24;

/// For each attribute of a schema, its definition once found (`T`: the
/// attribute, or what it is made from at the end, such as a JSON
/// property), as a body is read through the schema: one pass over the
/// body, each name looked up in the schema. Kept on the stack for a schema
/// of a few attributes (a struct's), which is most.
pub(crate) struct Slots<T> {
    few: [Option<T>; FEW_ATTRIBUTES],
    many: Vec<Option<T>>,
    len: usize,
}

impl<T: Clone> Slots<T> {
    /// A slot for each attribute of `schema`, none found yet.
    pub(crate) fn new(schema: &BodySchema) -> Self {
        let len = schema.attributes().len();
        Slots {
            few: [const { None }; FEW_ATTRIBUTES],
            many: if len > FEW_ATTRIBUTES {
                vec![None; len]
            } else {
                Vec::new()
            },
            len,
        }
    }

    fn all(&mut self) -> &mut [Option<T>] {
        match self.few.get_mut(..self.len) {
            Some(few) => few,
            None => &mut self.many,
        }
    }

    /// The slot of the attribute named `name`, if `schema` (the one the
    /// slots were made for) declares it.
    pub(crate) fn slot(&mut self, schema: &BodySchema, name: &str) -> Option<&mut Option<T>> {
        let at = schema.attribute_position(name)?;
        self.all().get_mut(at)
    }

    /// "Missing required argument", at `missing` (where the body begins,
    /// as the reference reports it), for each required attribute of
    /// `schema` not found.
    pub(crate) fn report_missing(
        &mut self,
        schema: &BodySchema,
        missing: Location<'_>,
        diags: &mut Diagnostics,
    ) {
        for (attr, slot) in schema.attributes().iter().zip(self.all().iter()) {
            if attr.required && slot.is_none() {
                diags.push(missing_argument(missing, &attr.name));
            }
        }
    }

    /// The attributes found, made by `attribute` from what the slots hold,
    /// which are taken (by reference: the slots are not moved). Read in
    /// the schema's order of names, they need no sorting.
    pub(crate) fn finish<'a>(
        &mut self,
        schema: &BodySchema,
        attribute: impl FnMut(T) -> Attribute<'a>,
    ) -> Attributes<'a> {
        let slots = self.all();
        let mut items = Vec::with_capacity(slots.iter().filter(|s| s.is_some()).count());
        items.extend(
            schema
                .attribute_positions_by_name()
                .filter_map(|i| slots.get_mut(i).and_then(Option::take))
                .map(attribute),
        );
        Attributes { items }
    }
}

/// "Missing required argument" about the argument `name`, at `missing`
/// (where the body begins, as the reference reports it): the error of a
/// body that lacks a required argument.
///
/// # Examples
///
/// ```
/// use hcl_core::schema::{missing_argument, Body};
/// let file = hcl_core::parse("a = 1\n", "f.hcl").unwrap();
/// let at = Body::from_file(&file).missing_item().unwrap();
/// let diag = missing_argument(at, "b");
/// assert_eq!(diag.detail, "The argument \"b\" is required, but no definition was found.");
/// ```
pub fn missing_argument(missing: Location<'_>, name: &str) -> Diagnostic {
    missing.error(
        Code::MissingRequiredArgument,
        "Missing required argument",
        format!(
            "The argument {} is required, but no definition was found.",
            go_quote(name)
        ),
    )
}
