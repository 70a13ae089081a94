/** The timeouts when `SDK_CONNECTION_TIMEOUT_MS` / `SDK_REQUEST_TIMEOUT_MS` do not set them. */
export const DEFAULT_CONNECTION_TIMEOUT_MS = 1_000;
export const DEFAULT_REQUEST_TIMEOUT_MS = 2_000;

const fromEnv = (name: string, fallback: number) => {
  const configured = Number(process.env[name]);
  return Number.isFinite(configured) && configured > 0 ? configured : fallback;
};

/**
 * How long an SDK call may take, for every client (DynamoDB, Cognito; S3 beside them): a dependency that
 * does not answer fails fast with a TimeoutError (answered 503) instead of hanging until the Lambda's own
 * timeout (15 s). The SDK tries a call up to 4 times (DynamoDB; 3 for the others), so the worst case is
 * about 4 × 2 s plus its backoff (measured: 8.1 s), well under that. DynamoDB and Cognito answer in
 * milliseconds; the local stack raises both timeouts, since DynamoDB Local on a busy machine can take
 * seconds to accept a connection or answer. A plain options object, which the client's own Node handler
 * takes, so no second HTTP handler is bundled; without `throwOnRequestTimeout` it would only log a warning.
 */
export const sdkTimeouts = () => ({
  connectionTimeout: fromEnv('SDK_CONNECTION_TIMEOUT_MS', DEFAULT_CONNECTION_TIMEOUT_MS),
  requestTimeout: fromEnv('SDK_REQUEST_TIMEOUT_MS', DEFAULT_REQUEST_TIMEOUT_MS),
  throwOnRequestTimeout: true,
});
