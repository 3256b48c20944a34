//! `Serialize` for the types only the decoder fills: each writes back
//! what it was read from. To another serializer, a [`Spanned`] is its
//! value, an [`Expression`] the string of its source text, and a
//! [`RawBody`] a sequence of `(name, source text)` pairs, one per
//! attribute or block, in source order (one per property, `"name": value`,
//! for a body of the JSON syntax, which the HCL writer refuses: only a
//! schema tells its attributes from its blocks). Comments between a body's
//! items are not part of any item, and are not written back.

use serde::ser::{Error as _, Serialize, Serializer};

use crate::special::{EXPRESSION, RAW_BODY, RAW_JSON_BODY};
use crate::{Expression, RawBody, Spanned};

impl<T: Serialize> Serialize for Spanned<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.get_ref().serialize(serializer)
    }
}

impl Serialize for Expression {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_newtype_struct(EXPRESSION, self.source_text())
    }
}

impl Serialize for RawBody {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (items, json) = self.items().map_err(S::Error::custom)?;
        let name = if json { RAW_JSON_BODY } else { RAW_BODY };
        serializer.serialize_newtype_struct(name, &items)
    }
}
