/// The sandbox apps' credentials, the LinkedIn products and sandboxd's announcement live in `SandboxContract`, which
/// `schedulerd` shares without the emulations; re-exported so code that imports `Sandbox` keeps seeing them here.
@_exported import SandboxContract
