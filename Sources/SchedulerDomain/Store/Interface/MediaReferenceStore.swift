/// Which stored files posts still need, so the media sweep removes only files nothing refers to: a post (any
/// state, drafts included, since a published post may be retried or duplicated), a thread's part, or a repeating
/// post's template (an occurrence's media are the template's rows).
package protocol MediaReferenceStore: Sendable {
    /// Those of `sha256s` that at least one post's media names; read through an index on the file's SHA-256.
    func referencedMedia(_ sha256s: [String]) async throws -> Set<String>
}
