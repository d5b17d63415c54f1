/**
 * A message a test sends in the wrong shape on purpose, to see a service refuse it: RpcClient.call
 * takes only the shapes of the contract, so the test says out loud that this one is not.
 */
export function wrongOnPurpose(payload: unknown): never {
  return payload as never;
}
