import CryptoPrimitives

/// The identity of one start of the sandbox. The emulations keep their tokens in memory only, so a new instance knows
/// none that an earlier one issued; a daemon that linked accounts on another instance tells them so (issue 48).
public enum SandboxInstance {
    /// A new instance identity: 16 random letters and digits, never a secret.
    public static func make() -> String {
        SecureRandom.alphanumeric(16)
    }
}
