import { Children, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';
import Button from '@cloudscape-design/components/button';
import Header, { type HeaderProps } from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';

export interface ListPageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** The number of items, shown as `(n)` once they loaded; a string as given, e.g. `(12/40)`. */
  counter?: number | string;
  /** `awsui-h1-sticky` for a full-page table (the default), `h1` for a page header, `h2` inside a page. */
  variant?: HeaderProps['variant'];
  /** The refresh icon button: what it refreshes (for its label, `Refresh <noun>`) and its state. */
  refresh?: { noun: string; loading: boolean; onRefresh: () => void };
  /** Further actions after the refresh button, primary action last; left out for a role that may not use them. */
  actions?: ReactNode;
}

/** Actions given as a fragment become separate items, spaced like the rest (React 19 keeps fragments whole). */
const flatten = (node: ReactNode): ReactNode[] =>
  Children.toArray(node).flatMap((child) =>
    isValidElement(child) && child.type === Fragment
      ? flatten((child as ReactElement<{ children?: ReactNode }>).props.children)
      : [child],
  );

/**
 * The header of every list page and its table: title, count, description, a refresh button and the page's
 * actions in one row, the same on each page (Cloudscape demos' `FullPageHeader`).
 */
export default function ListPageHeader({
  title,
  description,
  counter,
  variant = 'awsui-h1-sticky',
  refresh,
  actions,
}: ListPageHeaderProps) {
  const refreshButton = refresh && (
    <Button
      iconName="refresh"
      ariaLabel={`Refresh ${refresh.noun}`}
      loading={refresh.loading}
      onClick={refresh.onRefresh}
    />
  );
  const items = flatten(actions);
  return (
    <Header
      variant={variant}
      counter={typeof counter === 'number' ? `(${counter})` : counter}
      description={description}
      actions={
        refreshButton || items.length > 0 ? (
          <SpaceBetween direction="horizontal" size="xs">
            {refreshButton}
            {items}
          </SpaceBetween>
        ) : undefined
      }
    >
      {title}
    </Header>
  );
}
