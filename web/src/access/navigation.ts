import type { Role } from '@bo/shared';
import { canOpen, PAGES, type AppPage } from './pages';

export interface NavPage {
  title: string;
  href: string;
  description: string;
  /** Who may open it comes from the page's routes (`PAGES`), never from a list kept here. */
  page: AppPage;
}

export interface NavSection {
  title: string;
  pages: NavPage[];
}

const nav = (page: AppPage, description: string): NavPage => ({
  title: page.title,
  href: page.path,
  description,
  page,
});

/**
 * The side navigation and the home page's cards.
 */
export const NAV_SECTIONS: NavSection[] = [
  {
    title: 'Catalogue',
    pages: [
      nav(PAGES.products, 'Products, brands, types, stock limits and catalogue visibility.'),
      nav(PAGES.brands, 'Brands, product types and extract types; stock limits and catalogue visibility per brand.'),
      nav(PAGES.inventory, 'Stock of each brand against its brand, type and weight limits.'),
      nav(PAGES.locations, 'Where orders are packed and picked up, and which location is the default.'),
    ],
  },
  {
    title: 'Sales',
    pages: [
      nav(PAGES.customers, 'Customers and their custom pricing.'),
      nav(PAGES.orders, 'Sales orders, invoices and deliveries.'),
      nav(PAGES.deliveries, 'Open delivery orders assigned to you; mark them delivered.'),
      nav(PAGES.deliveryBoard, "Every driver's stops of a day, what happened at each, and the money collected."),
      nav(PAGES.returns, 'Goods returned from delivered orders, their credit notes and restock checks.'),
    ],
  },
  {
    title: 'Payments',
    pages: [
      nav(PAGES.payments, 'Customer payments by date and customer; record and edit payments.'),
      nav(PAGES.receivables, 'Open balances per customer by age, with a link to record a payment.'),
      nav(PAGES.collections, 'Cash and checks drivers collected at the door: confirm them as payments or reject them.'),
      nav(PAGES.accounting, 'Invoices, payments, credit notes and refunds as files for QuickBooks Online or Xero.'),
    ],
  },
  {
    title: 'Reports',
    pages: [
      nav(
        PAGES.salesReport,
        'Revenue, units and orders by day, week, month or quarter; by rep, customer, brand or product type.',
      ),
      nav(
        PAGES.purchasesReport,
        'Spend, units and purchase orders by month or quarter; by brand or product type; what is on order now.',
      ),
      nav(PAGES.commissionReport, "Commission paid by rep and pay period over a year, with each period's state."),
      nav(
        PAGES.inventoryReport,
        "Stock value by brand and type, now or at a past month's end; slow movers; stock limits against stock.",
      ),
      nav(
        PAGES.receivablesReport,
        'Owed today by age; invoiced, received, credited, owed and days sales outstanding by month.',
      ),
    ],
  },
  {
    title: 'Purchasing',
    pages: [nav(PAGES.purchases, 'Purchase orders to brands: restock, receive into stock, PDFs.')],
  },
  {
    title: 'Payroll',
    pages: [
      nav(PAGES.payroll, 'Pay periods: base pay, commission, bonuses and reimbursements per user; submit a period.'),
      nav(PAGES.commission, 'Your own commission in a pay period.'),
    ],
  },
  {
    title: 'Administration',
    pages: [
      nav(PAGES.imports, 'Create or update brands, products, customers and custom prices from a spreadsheet.'),
      nav(PAGES.users, 'Staff accounts and roles.'),
      { ...nav(PAGES.profile, 'Your details and password.'), title: 'My profile' },
    ],
  },
];

/** The sections with at least one page these roles may open, holding only those pages. */
export const visibleSections = (roles: readonly Role[]): NavSection[] =>
  NAV_SECTIONS.map((section) => ({
    ...section,
    pages: section.pages.filter((entry) => canOpen(entry.page, roles)),
  })).filter((section) => section.pages.length > 0);
