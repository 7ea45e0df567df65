import Connectors
import Foundation
import NetworkRules
import SchedulerCore
import SchedulerDomain

/// Publishing to a network that settles doubts by a key (see ``KeyedPublishing``): the key of each part is read from the
/// store before the part is sent, and a new one is stored, durably and while this daemon holds the claim, before the
/// request that carries it. A look-up asks the network about that key and nothing else.
extension Engine {
    /// A part's key, as the store holds it.
    package struct StoredKeySlot: PublishKeySlot {
        package let store: any DeliveryStore
        package let claim: ClaimedDelivery
        package let part: Int
        package let kept: StoredPublishKey?
        package let now: @Sendable () -> Date

        package var stored: String? { kept?.key }

        /// How long ago the key was stored, on the boot-time clock (``MonotonicStamp``): unknown when it was stored on
        /// another boot or machine, or before keys carried a reading.
        package var age: KeyAge {
            guard let stamp = kept?.stamp.flatMap(MonotonicStamp.init), let seconds = stamp.seconds(until: .now()) else { return .unknown }
            return .measured(seconds)
        }

        package func store(_ key: String) async throws(ConnectorError) {
            let kept: Bool
            do {
                kept = try await store.storePublishKey(claim, part: part, key: key, stamp: MonotonicStamp.now().description, now: now())
            } catch {
                throw ConnectorError(code: .retryable, message: "the key of part \(part) could not be stored, so nothing was sent: \(error)")
            }
            guard kept else {
                throw ConnectorError(code: .retryable, message: "this daemon no longer holds the claim, so nothing was sent")
            }
        }
    }

    package func keySlot(_ claim: ClaimedDelivery, part: Int) async throws(ConnectorError) -> StoredKeySlot {
        do {
            return StoredKeySlot(store: store, claim: claim, part: part, kept: try await store.publishKey(deliveryID: claim.deliveryID, part: part),
                                 now: now)
        } catch {
            throw ConnectorError(code: .retryable, message: "the key of part \(part) could not be read, so nothing was sent: \(error)")
        }
    }

    /// Part `number` as the keyed network gets it: the post, a thread's next part, or the first comment, which on these
    /// networks is a reply to the last part out.
    package func keyedRequest(_ number: Int, of claim: ClaimedDelivery) -> PublishRequest {
        switch claim.kind(ofPart: number) {
        case .post: request(claim)
        case .reply: reply(number, of: claim)
        case .comment: keyedComment(of: claim)
        }
    }

    /// The first comment as a reply to the last part out, with the post's visibility, warning and language.
    private func keyedComment(of claim: ClaimedDelivery) -> PublishRequest {
        PublishRequest(text: claim.firstComment ?? "", accountRemoteID: claim.accountRemoteID, replyTo: claim.publishedParts.last?.remoteID,
                       options: claim.options)
    }

    /// What the network holds under part `number`'s key. A part with no key stored was never sent.
    package func settleByKey(_ claim: ClaimedDelivery, part number: Int, through connector: any KeyedPublishing,
                     credentials: AccountCredentials) async throws(ConnectorError) -> KeyedLookUp {
        let slot = try await keySlot(claim, part: number)
        guard let key = slot.stored else { return .sendAgain }
        return try await connector.settle(keyedRequest(number, of: claim), key: key, since: claim.firstClaimedAt, keyAge: slot.age,
                                          credentials: credentials)
    }
}
