import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '@bo/shared';
import ProductImage, { PLACEHOLDER_IMAGE } from '../src/components/ProductImage';
import WebLink from '../src/components/WebLink';
import { imageSrc, webHref } from '../src/components/safe-links';
import { fakeApi, makeSession, makeUser, preloadLazyModules, renderApp } from './helpers';

/**
 * Issue 21: the API keeps only http(s) links now; what was stored before is still rendered safely. A stored
 * `javascript:` or `data:` address is shown as text (never a link to click) and never loaded as an image.
 */
beforeAll(async () => {
  await preloadLazyModules();
  await import('../src/pages/customers/CustomersPage');
});

const SCRIPTED = [
  'javascript:alert(document.cookie)',
  ' JavaScript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
];

describe('stored links in the browser', () => {
  it('links only absolute http(s) addresses; images also from this site, never another host by //', () => {
    expect(webHref(' https://leaf.example.com/shop ')).toBe('https://leaf.example.com/shop');
    expect(webHref('http://localhost:3000/x')).toBe('http://localhost:3000/x');
    for (const value of [...SCRIPTED, '/images/a.png', 'leaf.example.com', '', undefined, null])
      expect(webHref(value), String(value)).toBeUndefined();

    expect(imageSrc('https://site.example/images/a.png')).toBe('https://site.example/images/a.png');
    expect(imageSrc('/images/a.png')).toBe('/images/a.png');
    for (const value of [...SCRIPTED, '//evil.example/a.png', 'a.png', '', undefined])
      expect(imageSrc(value), String(value)).toBeUndefined();
  });

  it('WebLink: a web address opens in a new tab; a scripted one is plain text, not a link', () => {
    const { unmount } = render(<WebLink value="https://leaf.example.com/" />);
    const link = screen.getByRole('link', { name: /leaf\.example\.com/ });
    expect(link).toHaveAttribute('href', 'https://leaf.example.com/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    unmount();

    for (const value of SCRIPTED) {
      const { container, unmount: done } = render(<WebLink value={value} />);
      expect(screen.queryByRole('link')).not.toBeInTheDocument();
      expect(container.querySelector('a')).toBeNull();
      expect(container).toHaveTextContent(value.trim());
      done();
    }
  });

  it('ProductImage never loads a scripted or data: address (the placeholder instead)', () => {
    for (const value of SCRIPTED) {
      const { unmount } = render(<ProductImage src={value} alt="Brand" />);
      expect(screen.getByRole('img', { name: 'Brand' })).toHaveAttribute('src', PLACEHOLDER_IMAGE);
      unmount();
    }
    render(<ProductImage src="https://site.example/images/a.png" alt="Brand" />);
    expect(screen.getByRole('img', { name: 'Brand' })).toHaveAttribute('src', 'https://site.example/images/a.png');
  });

  it("the Customers list shows a customer's stored javascript: website as text, and a web address as a link", async () => {
    const customer = (id: string, customerName: string, website: string): Customer => ({
      id,
      customerName,
      website,
      commpref: 'EMAIL',
      type: 'RETAIL',
      orderType: 'DELIVERY',
      priceAdjustment: 0,
      creditAvailable: 0,
      autoRefreshPricing: false,
      customPricingCount: 0,
      createdAt: '2025-03-04T05:06:07.000Z',
      modifiedOn: '2025-03-04T05:06:07.000Z',
    });
    fakeApi()
      .on('GET', '/api/db/customers/getAll', {
        body: [
          customer('c-1', 'Old Shop', 'javascript:alert(document.cookie)'),
          customer('c-2', 'Green Leaf', 'https://greenleaf.example.com'),
        ],
      })
      .on('GET', '/api/db/users/getAll', { body: { res: [makeUser({ id: 'u-sales', name: 'Sam Sales' })] } });
    renderApp('/customers', makeSession({ roles: ['SALES'] }));
    const table = await screen.findByRole('grid', { name: 'Customers' });
    const oldShop = (await within(table).findByText('Old Shop')).closest('tr')!;
    expect(within(oldShop).getByText('javascript:alert(document.cookie)')).toBeInTheDocument();
    expect(within(oldShop).queryByRole('link', { name: /javascript/ })).not.toBeInTheDocument();
    expect(oldShop.querySelector('a[href^="javascript"]')).toBeNull();
    const leaf = within(table).getByText('Green Leaf').closest('tr')!;
    expect(within(leaf).getByRole('link', { name: /greenleaf\.example\.com/ })).toHaveAttribute(
      'href',
      'https://greenleaf.example.com',
    );
  });
});
