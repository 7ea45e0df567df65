/// The API's views carry ``JSONValue`` (request previews, what the sandbox received), so every user of the views sees
/// the one JSON value type without importing its target; it lives below both the core and OAuth, which share it.
@_exported import JSONValue
