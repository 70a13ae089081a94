import * as z from '../zod';

/**
 * Links people store (a brand's or customer's website, an avatar, an image address) are opened or loaded by
 * other people's browsers, so only absolute http(s) addresses are kept: `javascript:`, `data:`, `file:` and
 * the like could run script or leak data where they are shown. The web also renders a stored value as a
 * link or image only when it passes `isWebLink` (data stored before this rule).
 */
export const WEB_LINK_MESSAGE = 'Must be a web address starting with http:// or https://';

// The same pattern as zod's `regexes.httpProtocol` (which then also insists on `://`), without importing all its regexes.
const httpUrl = z.url({ protocol: /^https?$/ });

/** An absolute http(s) address with a host (`https://example.com/x`); anything else is not a web link. */
export const isWebLink = (value: unknown): value is string =>
  typeof value === 'string' && httpUrl.safeParse(value).success;

/** A link field of a request body: '' (none) or an http(s) address of at most `max` characters. */
export const webLink = (max: number) =>
  z.string().check(
    z.trim(),
    z.maxLength(max, `Must be at most ${max} characters`),
    z.refine((value) => value === '' || isWebLink(value), WEB_LINK_MESSAGE),
  );
