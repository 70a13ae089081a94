import { createServer, request as forward, type IncomingMessage, type Server } from 'node:http';
import { presignedRequestMatches, signedRequestMatches } from '../../../tests/support/presigned-check';

export interface CheckedRequest {
  readonly method: string;
  /** Path and query as sent. */
  readonly url: string;
  /** How it was signed: in the query (a presigned URL) or in the Authorization header. */
  readonly signedIn: 'query' | 'header';
  readonly accepted: boolean;
}

export interface SignatureProxy {
  readonly endpoint: string;
  readonly requests: CheckedRequest[];
  close(): Promise<void>;
}

/**
 * A stand-in for S3's signature check in front of s3rver (which checks none): every request is verified
 * with S3's algorithm re-derived in tests/support/presigned-check.ts; one that would not match is refused
 * as S3 refuses it (403 SignatureDoesNotMatch), the others go on to s3rver and its answer comes back.
 */
export async function startSignatureProxy(s3rver: string, secretAccessKey: string): Promise<SignatureProxy> {
  const target = new URL(s3rver);
  const requests: CheckedRequest[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    void readBody(incoming).then((body) => {
      const url = `http://${incoming.headers.host}${incoming.url}`;
      const headers = Object.fromEntries(
        Object.entries(incoming.headers).flatMap(([name, value]) =>
          value === undefined || HOP_BY_HOP.has(name) ? [] : [[name, Array.isArray(value) ? value.join(',') : value]],
        ),
      );
      const method = incoming.method ?? 'GET';
      const signedIn = new URL(url).searchParams.has('X-Amz-Signature') ? 'query' : 'header';
      const accepted =
        signedIn === 'query'
          ? presignedRequestMatches(method, url, headers, secretAccessKey)
          : signedRequestMatches(method, url, headers, secretAccessKey, body);
      requests.push({ method, url: incoming.url ?? '', signedIn, accepted });
      if (!accepted) {
        outgoing.writeHead(403, { 'content-type': 'application/xml' });
        outgoing.end(
          '<?xml version="1.0" encoding="UTF-8"?><Error><Code>SignatureDoesNotMatch</Code>' +
            '<Message>The request signature we calculated does not match the signature you provided.</Message></Error>',
        );
        return;
      }
      const upstream = forward(
        { hostname: target.hostname, port: target.port, method, path: incoming.url, headers: incoming.headers },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      upstream.on('error', () => outgoing.destroy());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // the clients keep their connections alive
      }),
  };
}

/** Headers of the connection, not of the request S3 signs or reads. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding']);

const readBody = async (incoming: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};
