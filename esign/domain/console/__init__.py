"""The staff console's room: members of an organisation, sign-in by a single-use link sent by email,
and console sessions (docs/console.md). It sits above the other rooms: it may use them, none uses it."""
