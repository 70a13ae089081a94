import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import { routeList, type RouteDef } from '@bo/shared';
import { siteContentSecurityPolicy, viteDevContentSecurityPolicy } from '../../cdk/lib/security-headers';
import {
  imageName,
  jsonErrors,
  jsonNotFound,
  MAX_BODY_BYTES,
  refuseLargeBodies,
  withSecurityHeaders,
} from './gateway-guards';
import { createTokenVerifier, flattenClaims } from './jwt';
import { fromRoot } from './paths';

export type LambdaHandler = (
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

export interface WebConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  userPoolEndpoint: string;
  authFlowType: 'USER_PASSWORD_AUTH';
}

export interface GatewayOptions {
  port: number;
  issuer: string;
  clientId: string;
  webConfig: WebConfig;
  /** Where `/images/*` is read from (bucket URL on the S3 emulator), as CloudFront's `/images/*` behaviour does. */
  imagesOrigin: string;
  /** `vite`: dev server with HMR; `static`: serve web/dist; `none`: API only. */
  web: 'vite' | 'static' | 'none';
  /** The handler behind a route; default: its TypeScript module, imported in process. */
  handlerFor?: (row: RouteDef) => LambdaHandler | Promise<LambdaHandler>;
}

const handlerCache = new Map<string, Promise<LambdaHandler>>();
const loadHandler = (module: string) => {
  let loaded = handlerCache.get(module);
  if (!loaded) {
    const file = fromRoot('functions/src/handlers', `${module}.ts`);
    loaded = import(pathToFileURL(file).href).then((m: { handler: LambdaHandler }) => m.handler);
    handlerCache.set(module, loaded);
  }
  return loaded;
};

const lambdaContext = (name: string, requestId: string): Context => {
  const deadline = Date.now() + 29_000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: name,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${name}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${name}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
};

/** The API Gateway HTTP API (payload v2) event for a request that passed the JWT authorizer. */
function toEvent(req: Request, row: RouteDef & { id: string }, claims: Record<string, string>, requestId: string) {
  const url = new URL(req.originalUrl, 'http://localhost');
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers))
    if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(',') : v;
  const query = Object.fromEntries(url.searchParams);
  const params = req.params as Record<string, string>;
  const now = new Date();
  const body = typeof req.body === 'string' && req.body.length > 0 ? req.body : undefined;
  const routeKey = `${row.method} ${row.path}`;
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(Object.keys(params).length ? { pathParameters: params } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: row.method,
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: req.ip ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
      authorizer: { principalId: '', integrationLatency: 0, jwt: { claims, scopes: [] } },
    },
    ...(body ? { body } : {}),
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
}

/** Serves the route table in process (with the real handlers), `/config.json`, and the web app, on one origin. */
export async function startGateway(
  options: GatewayOptions,
): Promise<{ server: Server; url: string; close: () => Promise<void> }> {
  const verify = createTokenVerifier(options.issuer, options.clientId);
  const app = express();
  app.disable('x-powered-by');
  const origin = (url: string) => new URL(url).origin;
  const sources = {
    connect: [origin(options.webConfig.userPoolEndpoint), origin(options.imagesOrigin)],
    images: [origin(options.imagesOrigin)],
  };
  app.use(
    withSecurityHeaders(
      options.web === 'vite' ? viteDevContentSecurityPolicy(sources) : siteContentSecurityPolicy(sources),
    ),
  );

  // As API Gateway's JWT authorizer: the token is checked before a byte of the body is read.
  const authenticate = async (req: Request, res: Response, next: NextFunction) => {
    const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    try {
      if (!token) throw new Error('no token');
      res.locals.claims = flattenClaims(await verify(token));
    } catch {
      // Leave a sent body unread: close the connection instead of draining it.
      if (req.headers['content-length'] || req.headers['transfer-encoding']) res.setHeader('connection', 'close');
      res.status(401).json({ message: 'Unauthorized' });
      return;
    }
    next();
  };
  const readBody = express.text({ type: () => true, limit: MAX_BODY_BYTES });
  const handlerFor = options.handlerFor ?? ((row: RouteDef) => loadHandler(row.handler));

  for (const row of routeList()) {
    const expressPath = row.path.replace(/\{(\w+)\}/g, ':$1');
    const method = row.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    app[method](expressPath, authenticate, refuseLargeBodies, readBody, async (req: Request, res: Response) => {
      const claims = res.locals.claims as Record<string, string>;
      const requestId = randomUUID();
      try {
        const handler = await handlerFor(row);
        const result = await handler(toEvent(req, row, claims, requestId), lambdaContext(row.id, requestId));
        res.status(result.statusCode ?? 200);
        for (const [k, v] of Object.entries(result.headers ?? {})) res.setHeader(k, String(v));
        res.send(result.isBase64Encoded && result.body ? Buffer.from(result.body, 'base64') : (result.body ?? ''));
      } catch (error) {
        console.error(`[gateway] ${row.id} crashed`, error);
        res.status(500).json({ message: 'Internal Server Error' });
      }
    });
  }
  app.all('/api/{*rest}', jsonNotFound);
  // CloudFront maps `/images/<name>` onto the images bucket's key `images/<name>` (S3 takes keys literally);
  // the S3 emulator resolves keys as file paths, so the name is decoded and confined to one segment first.
  app.get('/images/{*key}', async (req, res) => {
    const image = imageName(new URL(req.originalUrl, 'http://x').pathname);
    if (!('name' in image)) {
      res.status(image.status).json({ message: image.message });
      return;
    }
    const upstream = await fetch(`${options.imagesOrigin}/images/${encodeURIComponent(image.name)}`);
    if (upstream.status !== 200) {
      res.status(404).json({ message: 'Not Found' });
      return;
    }
    for (const header of ['content-type', 'content-length', 'etag', 'last-modified'])
      if (upstream.headers.get(header)) res.setHeader(header, upstream.headers.get(header)!);
    res.setHeader('cache-control', 'public, max-age=60');
    res.send(Buffer.from(await upstream.arrayBuffer()));
  });
  // Shareable document links (`/documents/invoices/x.pdf`) are app routes although they end in .pdf: the SPA
  // page asks the API, with the reader's token, for a short-lived presigned GET (CloudFront does the same
  // rewrite in SPA_REWRITE_CODE).
  app.get('/documents/{*key}', (req, _res, next) => {
    req.url = '/index.html';
    next();
  });
  // The driver's phone app (issue 26) is a page of its own: `/driver` and its routes get driver.html, files under
  // `/driver/` (a name with a dot) are left alone (CloudFront does the same in SPA_REWRITE_CODE).
  app.get(['/driver', '/driver/{*rest}'], (req, _res, next) => {
    if (!req.path.slice(req.path.lastIndexOf('/') + 1).includes('.')) req.url = '/driver.html';
    next();
  });
  app.get('/config.json', (_req, res) => {
    // The image origins the policy allows, so the app shows only images the browser may load.
    res.json({ ...options.webConfig, imageOrigins: sources.images });
  });

  const server = createServer(app);
  let closeWeb = async () => {};
  if (options.web === 'vite') {
    const { createServer: createVite } = await import('vite');
    const vite = await createVite({
      root: fromRoot('web'),
      configFile: fromRoot('web/vite.config.ts'),
      server: { middlewareMode: true, hmr: { server } },
      appType: 'spa',
      // Scan every source file up front, so a dialog's first lazy import never makes Vite re-bundle deps and reload the page.
      optimizeDeps: { entries: ['index.html', 'src/**/*.{ts,tsx}'] },
    });
    app.use(vite.middlewares);
    closeWeb = () => vite.close();
  } else if (options.web === 'static') {
    const dist = fromRoot('web/dist');
    if (!existsSync(`${dist}/index.html`)) throw new Error('web/dist is missing: run `npm run build:web` first');
    // Compressed as CloudFront compresses the site (brotli, else gzip, text types over 1 KB), so a page load
    // measured locally moves the bytes a user's browser gets.
    app.use(compression());
    app.use(express.static(dist, { index: 'index.html', maxAge: '1h' }));
    app.get('/{*spa}', (_req, res) => res.sendFile(`${dist}/index.html`));
  }
  app.use(jsonNotFound);
  app.use(jsonErrors);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    server,
    url: `http://localhost:${port}`,
    close: async () => {
      await closeWeb();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
