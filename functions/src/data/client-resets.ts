/**
 * How each adapter's cached SDK client is dropped, so the next call reads the endpoint variables again (a tool
 * moving between stacks). Apart from the clients themselves, so the storage and identity adapters can register
 * without bundling the DynamoDB client into functions that never touch the table.
 */
const resets = new Set<() => void>();

/** An adapter's own client registers how to drop it. */
export const onResetClients = (reset: () => void) => resets.add(reset);

/** Drops every cached client. */
export const resetClients = () => {
  for (const reset of resets) reset();
};
