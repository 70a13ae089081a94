import { describe, expect, it } from 'vitest';
import { addBrandBody, addCustomerBody, isWebLink, routeList, updateUserBody, WEB_LINK_MESSAGE, webLink } from '../src';
import { leavesOf } from './support/schema-leaves';

const SCRIPTED = [
  'javascript:alert(1)',
  'JavaScript:alert(document.cookie)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://example.com/x',
  'mailto:a@example.com',
];
const NOT_ADDRESSES = [
  'example.com',
  'www.example.com',
  '/images/a.png',
  '//evil.example/x',
  'http:example.com',
  'https:/x',
  'http://',
];
const ADDRESSES = ['https://example.com', 'http://localhost:3000/images/a.png', 'HTTPS://Example.com/a?b=c#d'];

describe('links people store (issue 21: http(s) only)', () => {
  it('isWebLink takes absolute http(s) addresses only', () => {
    for (const value of ADDRESSES) expect(isWebLink(value), value).toBe(true);
    for (const value of [...SCRIPTED, ...NOT_ADDRESSES, '', undefined, null, 42])
      expect(isWebLink(value), String(value)).toBe(false);
  });

  it('a link field takes nothing (empty) or a trimmed web address, within its length', () => {
    const field = webLink(100);
    expect(field.parse('')).toBe('');
    expect(field.parse('  https://example.com/a  ')).toBe('https://example.com/a');
    expect(webLink(40).safeParse(`https://example.com/${'a'.repeat(30)}`).error?.issues[0]?.message).toBe(
      'Must be at most 40 characters',
    );
    for (const value of [...SCRIPTED, ...NOT_ADDRESSES.slice(0, 5)]) {
      const result = field.safeParse(value);
      expect(result.success, value).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(WEB_LINK_MESSAGE);
    }
  });

  it('refuses a javascript: website, image or avatar in the bodies, naming the field', () => {
    const brand = addBrandBody.safeParse({ name: 'Acme', website: 'javascript:alert(1)' });
    expect(brand.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['website', WEB_LINK_MESSAGE]]);
    const customer = addCustomerBody.safeParse({ customerName: 'Leaf', image: 'data:text/html,x' });
    expect(customer.error?.issues.map((i) => i.path.join('.'))).toContain('image');
    const user = updateUserBody.safeParse({ avatar: 'javascript:alert(1)' });
    expect(user.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['avatar', WEB_LINK_MESSAGE]]);
    expect(addBrandBody.safeParse({ name: 'Acme', website: 'https://acme.example', image: '' }).success).toBe(true);
  });

  it('every link field of every request body refuses script and takes a web address', () => {
    // A payroll row's image is read back and ignored: the server shows the user's own avatar.
    const ignored = (name: string) => /^payroll\.(update|submit) body\.(.*\.)?image$/.test(name);
    const links = routeList().flatMap((row) =>
      (['params', 'query', 'body'] as const).flatMap((part) =>
        row[part]
          ? leavesOf(row[part])
              .filter(
                (leaf) => leaf.kind === 'string' && /(image|website|avatar|url|link)$/i.test(String(leaf.path.at(-1))),
              )
              .map((leaf) => ({ ...leaf, name: `${row.id} ${part}.${leaf.path.join('.')}` }))
          : [],
      ),
    );
    const names = links.map((l) => l.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'brands.addNew body.website',
        'brands.update body.website',
        'brands.addNew body.image',
        'customers.addNew body.website',
        'customers.update body.image',
        'products.addNew body.image',
        'products.addNewProductType body.image',
        'users.update body.avatar',
      ]),
    );
    const wrong = links
      .filter((l) => !ignored(l.name))
      .flatMap((l) => [
        ...SCRIPTED.filter((v) => l.schema.safeParse(v).success).map((v) => `${l.name} took ${v}`),
        ...(l.schema.safeParse('https://example.com/a.png').success ? [] : [`${l.name} refused a web address`]),
      ]);
    expect(wrong).toEqual([]);
  });
});
