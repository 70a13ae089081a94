import { isAllowed, type Role, type RouteAccess } from '@bo/shared';

export interface NavPage {
  title: string;
  href: string;
  description: string;
  /** Who sees the page (architecture's role matrix); ADMIN sees everything. */
  access: RouteAccess;
  /** Pages not built yet stay listed here but hidden. */
  available: boolean;
}

export interface NavSection {
  title: string;
  pages: NavPage[];
}

/** The side navigation. Flip `available` as each area lands. */
export const NAV_SECTIONS: NavSection[] = [
  {
    title: 'Catalogue',
    pages: [
      {
        title: 'Products',
        href: '/products',
        description: 'Products, brands, types, stock limits and catalogue visibility.',
        access: 'ALL',
        available: true,
      },
      {
        title: 'Brands',
        href: '/brands',
        description: 'Brands, product types and extract types; stock limits and catalogue visibility per brand.',
        access: 'ALL',
        available: true,
      },
      {
        title: 'Inventory overview',
        href: '/inventory',
        description: 'Stock of each brand against its brand, type and weight limits.',
        access: 'ALL',
        available: true,
      },
      {
        title: 'Pickup locations',
        href: '/locations',
        description: 'Where orders are packed and picked up, and which location is the default.',
        access: 'ALL',
        available: true,
      },
    ],
  },
  {
    title: 'Sales',
    pages: [
      {
        title: 'Customers',
        href: '/customers',
        description: 'Customers and their custom pricing.',
        access: ['SALES'],
        available: true,
      },
      {
        title: 'Orders',
        href: '/orders',
        description: 'Sales orders, invoices and deliveries.',
        // Who may list orders (`orders.getByWeek`); drivers see their own deliveries on the next page instead.
        access: ['SALES', 'PURCHASING', 'INVENTORY'],
        available: true,
      },
      {
        title: 'My deliveries',
        href: '/deliveries',
        description: 'Open delivery orders assigned to you; mark them delivered.',
        access: ['DRIVER'],
        available: true,
      },
    ],
  },
  {
    title: 'Purchasing',
    pages: [
      {
        title: 'Purchase orders',
        href: '/purchases',
        description: 'Purchase orders to brands.',
        access: ['PURCHASING', 'INVENTORY'],
        available: false,
      },
    ],
  },
  {
    title: 'Finance',
    pages: [
      {
        title: 'Payments',
        href: '/payments',
        description: 'Customer payments and credit.',
        access: ['SALES'],
        available: false,
      },
      {
        title: 'Payroll',
        href: '/payroll',
        description: 'Commission and payroll periods.',
        access: ['PAYROLL'],
        available: false,
      },
    ],
  },
  {
    title: 'Administration',
    pages: [
      {
        title: 'Users',
        href: '/users',
        description: 'Staff accounts and roles.',
        access: 'ALL',
        available: true,
      },
      {
        title: 'My profile',
        href: '/profile',
        description: 'Your details and password.',
        access: 'ALL',
        available: true,
      },
    ],
  },
];

/** The sections with at least one page this user may open, holding only those pages. */
export const visibleSections = (roles: readonly Role[]): NavSection[] =>
  NAV_SECTIONS.map((section) => ({
    ...section,
    pages: section.pages.filter((page) => page.available && isAllowed(page.access, roles)),
  })).filter((section) => section.pages.length > 0);
