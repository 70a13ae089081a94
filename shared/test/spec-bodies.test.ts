import { describe, expect, it } from 'vitest';
import {
  addProductBody,
  deleteCustomPricingBody,
  documentNameProblem,
  imageTypeOfName,
  saveFilterBody,
  setMarginBody,
  uploadUrlBody,
} from '../src/index';

/** The bodies a client written from spec section 7 sends, and how the schemas read them. */

const issues = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  result.error?.issues.map((i) => [i.path.join('.'), i.message]);

describe('products/addNew with the sku from createSKU', () => {
  const body = { name: 'Kush', brandID: 'b1', typeID: 't1', basePrice: 25 };

  it('accepts the sku and drops it: the server assigns the SKU', () => {
    const parsed = addProductBody.parse({ ...body, sku: 'ACM-FLO-0007' });
    expect(parsed).not.toHaveProperty('sku');
    expect(parsed).toMatchObject({ ...body, status: 'ACTIVE', stock: 0 });
  });

  it('still refuses a sku that is not a string, and unknown fields', () => {
    expect(issues(addProductBody.safeParse({ ...body, sku: 7 }))).toEqual([
      ['sku', 'Invalid input: expected string, received number'],
    ]);
    expect(issues(addProductBody.safeParse({ ...body, id: 'p1' }))).toEqual([['', 'Unrecognized key: "id"']]);
  });
});

describe('storage/getUploadURL with fileName and bucket only', () => {
  it('takes the content type from the extension, any case', () => {
    expect(uploadUrlBody.parse({ fileName: 'Logo.PNG', bucket: 'images' }).contentType).toBe('image/png');
    expect(uploadUrlBody.parse({ fileName: 'a b.jpeg', bucket: 'images' }).contentType).toBe('image/jpeg');
    expect(imageTypeOfName('x.webp')).toBe('image/webp');
    expect(imageTypeOfName('x.gif')).toBe('image/gif');
    expect(imageTypeOfName('x')).toBeUndefined();
  });

  it('keeps a contentType that agrees and refuses one that does not', () => {
    expect(uploadUrlBody.parse({ fileName: 'a.jpg', bucket: 'images', contentType: 'image/jpeg' }).contentType).toBe(
      'image/jpeg',
    );
    expect(issues(uploadUrlBody.safeParse({ fileName: 'a.jpg', bucket: 'images', contentType: 'image/png' }))).toEqual([
      ['contentType', 'Content type image/png does not match the file name (image/jpeg)'],
    ]);
  });

  it('refuses names that are not raster images (SVG included)', () => {
    for (const fileName of ['logo.svg', 'page.html', 'noextension'])
      expect(issues(uploadUrlBody.safeParse({ fileName, bucket: 'images' }))).toEqual([
        [
          'fileName',
          'Only PNG, JPEG, WebP or GIF images can be uploaded: the file name must end in .png, .jpg, .jpeg, .webp or .gif',
        ],
      ]);
  });
});

describe('documents named after the customer', () => {
  it('allow spaces, still no paths', () => {
    expect(documentNameProblem('Green Leaf Co_1042_ab12cd.pdf')).toBeUndefined();
    expect(documentNameProblem('../Green Leaf.pdf')).toBe('File name must not contain slashes or ..');
    expect(documentNameProblem(' lead.pdf')).toBe('File name may hold letters, digits, spaces and . _ - ( ) only');
  });
});

describe('preferences/saveFilter/ as the dialogs save it', () => {
  const save = (filters: unknown) =>
    saveFilterBody.safeParse({ userId: 'u1', filterData: { filterName: 'Mine', filters } });

  it('renames the dialog fields and makes single values lists', () => {
    const parsed = save({
      search: 'kush',
      type: 't1',
      'extract type': ['e1'],
      genetics: 'HYBRID',
      weights: 3.5,
      stock: 'out',
    });
    expect(parsed.data?.filterData.filters).toEqual({
      brands: [],
      types: ['t1'],
      extractTypes: ['e1'],
      genetics: ['HYBRID'],
      weights: [3.5],
      stock: ['out'],
      searchTerm: 'kush',
    });
  });

  it('keeps the stored shape as it was, defaults included', () => {
    expect(save({ brands: ['b1'], stock: ['in', 'out'] }).data?.filterData.filters).toEqual({
      brands: ['b1'],
      types: [],
      genetics: [],
      extractTypes: [],
      weights: [],
      stock: ['in', 'out'],
      searchTerm: '',
    });
  });

  it('names what is wrong: a bad stock value, or both names of one field', () => {
    expect(issues(save({ stock: 'all' }))).toEqual([
      ['filterData.filters.stock.0', 'Invalid option: expected one of "in"|"out"'],
    ]);
    expect(issues(save({ search: 'a', searchTerm: 'b' }))).toEqual([
      ['filterData.filters', 'Unrecognized key: "search"'],
    ]);
  });
});

describe('customers/setMargin in both forms', () => {
  const rule = { direction: '+', kind: '%', basis: 'basePrice', value: 10 } as const;

  it("reads the spec's list mapping productId to the new price", () => {
    expect(
      setMarginBody.parse([
        { p1: 27.75, p2: 3 },
        { productId: 'p3', customPrice: 4 },
      ]),
    ).toEqual({
      prices: [
        { productId: 'p1', customPrice: 27.75 },
        { productId: 'p2', customPrice: 3 },
        { productId: 'p3', customPrice: 4 },
      ],
    });
  });

  it('checks each listed price like any other', () => {
    expect(issues(setMarginBody.safeParse([{ p1: 1.234 }]))).toEqual([
      ['prices.0.customPrice', 'At most two decimals'],
    ]);
    expect(issues(setMarginBody.safeParse([]))).toEqual([['prices', 'No products to price']]);
  });

  it("keeps the app's rule form, and wants rule and scope together", () => {
    const body = { rule, scope: { type: 'all' }, prices: [{ productId: 'p1', customPrice: 11 }] };
    expect(setMarginBody.parse(body)).toEqual(body);
    expect(issues(setMarginBody.safeParse({ rule, prices: body.prices }))).toEqual([
      ['', 'Send rule and scope together (or neither, to set the prices as given)'],
    ]);
  });
});

describe('customers/deleteCustomPricing', () => {
  it('takes productId or productIds and says so otherwise', () => {
    expect(deleteCustomPricingBody.parse({ productId: 'p1' })).toEqual({ productId: 'p1' });
    expect(deleteCustomPricingBody.parse({ productIds: ['p1', 'p2'] })).toEqual({ productIds: ['p1', 'p2'] });
    expect(issues(deleteCustomPricingBody.safeParse({}))).toEqual([
      ['', 'Send productId, or productIds (a list of product ids)'],
    ]);
  });
});
