import type { NextFunction, Request, Response } from 'express';
import { FILE_CONTENT_SECURITY_POLICY, securityHeaders } from '../../cdk/lib/security-headers';

/**
 * The largest request body the gateway reads: a Lambda's synchronous invocation payload is at most 6 MB,
 * so API Gateway never hands a handler more.
 */
export const MAX_BODY_BYTES = 6 * 1024 * 1024;

/**
 * A declared body over the limit is refused at once, unread (body-parser would drain it first); a chunked one
 * is counted by body-parser as it reads.
 */
export function refuseLargeBodies(req: Request, res: Response, next: NextFunction) {
  if (Number(req.headers['content-length'] ?? 0) <= MAX_BODY_BYTES) {
    next();
    return;
  }
  res.setHeader('connection', 'close');
  res.status(413).json({ message: MESSAGES['entity.too.large']![1] });
}

/** Every response gets the security headers; the app's pages the site policy, files and API answers the file one. */
export function withSecurityHeaders(siteCsp: string) {
  const site = securityHeaders(siteCsp);
  const files = securityHeaders(FILE_CONTENT_SECURITY_POLICY);
  return (req: Request, res: Response, next: NextFunction) => {
    const headers = /^\/(api|images)(\/|$)/.test(req.path) ? files : site;
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    next();
  };
}

/** body-parser's and Express's error types, in words for the caller (never the error's stack or file paths). */
const MESSAGES: Record<string, [number, string]> = {
  'entity.too.large': [413, `The request body is too large (at most ${MAX_BODY_BYTES / 1024 / 1024} MB)`],
  'charset.unsupported': [415, 'Unsupported charset: send the body as UTF-8'],
  'encoding.unsupported': [415, 'Unsupported Content-Encoding: send the body plain or gzip/deflate encoded'],
  'request.size.invalid': [400, 'The request body does not match its Content-Length'],
  'request.aborted': [400, 'The request body was cut off'],
};

const statusOf = (error: unknown): number => {
  const status =
    (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
};

/**
 * The last middleware: whatever failed (an unreadable body, a garbage gzip stream, a malformed URL), the
 * caller gets a JSON message, never Express's HTML page with a stack trace.
 */
export function jsonErrors(error: unknown, req: Request, res: Response, next: NextFunction) {
  if (res.headersSent) {
    next(error);
    return;
  }
  const type = (error as { type?: unknown }).type;
  const known = typeof type === 'string' ? MESSAGES[type] : undefined;
  const status = known?.[0] ?? statusOf(error);
  const message =
    known?.[1] ??
    (status >= 500
      ? 'Something went wrong on our side; please try again'
      : error instanceof URIError || /decode/i.test(String((error as Error).message))
        ? 'The address is not correctly encoded'
        : 'The request could not be read');
  if (status >= 500) console.error(`[gateway] ${req.method} ${req.path} failed`, error);
  // The connection may still carry the unread part of a refused body: close it rather than read it.
  if (status === 413) res.setHeader('connection', 'close');
  res.status(status).json({ message });
}

/** Unknown addresses answer JSON too. */
export const jsonNotFound = (_req: Request, res: Response) => {
  res.status(404).json({ message: 'Not Found' });
};

/**
 * The image name an `/images/<name>` address stands for, decoded, or why it stands for none. The S3 emulator
 * resolves keys as file paths, so `..%2F..%2Fbackoffice-documents%2F…` would reach the other bucket: a name is
 * one plain path segment, never a separator, `..` or a control character.
 */
export function imageName(pathname: string): { name: string } | { status: 400 | 404; message: string } {
  const raw = pathname.replace(/^\/images\//, '');
  let name: string;
  try {
    name = decodeURIComponent(raw);
  } catch {
    return { status: 400, message: 'The address is not correctly encoded' };
  }
  // eslint-disable-next-line no-control-regex
  if (!name || /[\\/\u0000-\u001f\u007f]/.test(name) || name.includes('..'))
    return { status: 404, message: 'Not Found' };
  return { name };
}
