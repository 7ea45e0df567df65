import Hummingbird
import NIOCore
import SchedulerServices

/// The control API's contract: `ControlAPI/openapi.json` (OpenAPI 3.1), compiled into the binary
/// (`resources: [.embedInCode]` in Package.swift), so a daemon installed without its sources serves the document of
/// the routes it has, and the repository's file is the only copy.
///
/// `ControlAPIContractTests` fails when a route is registered and not documented or documented and not registered;
/// `make api-contract-test` checks the document is valid and fuzzes the live daemon against it (docs/control-api.md).
package enum OpenAPIDocument {
    package static var bytes: [UInt8] { PackageResources.openapi_json }

    /// `GET /v1/openapi.json`.
    package static func add(to v1: RouterGroup<ControlContext>) {
        v1.get("openapi.json") { _, _ -> Response in
            Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        }
    }
}
