import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import SpaceBetween from '@cloudscape-design/components/space-between';
import BrandPricingTable from './BrandPricingTable';
import { pricedText, type BrandGroup, type PricingRow } from './pricing-model';

export const GROUPS_TEXT = {
  noMatch: 'No products found. Try adjusting your filters.',
  empty: 'No products found',
} as const;

interface BrandPricingGroupsProps {
  groups: readonly BrandGroup[];
  /** No products at all (rather than none matching the filters). */
  noProducts: boolean;
  selectedIds: ReadonlySet<string>;
  onSelectionChange: (brandRows: readonly PricingRow[], chosen: readonly PricingRow[]) => void;
  onEdit: (row: PricingRow, price: number | null) => void;
  onClearFilters: () => void;
}

/** Edit Customer Pricing's accordion: one section per brand ('priced / total'), its product table inside. */
export default function BrandPricingGroups({
  groups,
  noProducts,
  selectedIds,
  onSelectionChange,
  onEdit,
  onClearFilters,
}: BrandPricingGroupsProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  if (noProducts) return <Box textAlign="center">{GROUPS_TEXT.empty}</Box>;
  if (groups.length === 0)
    return (
      <Box textAlign="center" padding="l">
        <SpaceBetween size="xs">
          <span>{GROUPS_TEXT.noMatch}</span>
          <Button onClick={onClearFilters}>Clear filters</Button>
        </SpaceBetween>
      </Box>
    );
  return (
    <SpaceBetween size="s">
      <Box color="text-body-secondary" fontSize="body-s">
        Brands show priced / total products. Click a custom price to change it, or select products and set one price for
        all; Update saves the changes.
      </Box>
      {groups.map((group) => {
        const open = expanded.has(group.brandID);
        return (
          <ExpandableSection
            key={group.brandID}
            variant="container"
            headingTagOverride="h3"
            headerText={group.brandName}
            headerCounter={`(${pricedText(group)})`}
            headerAriaLabel={`${group.brandName}, ${pricedText(group)} priced`}
            expanded={open}
            onChange={({ detail }) =>
              setExpanded((current) => {
                const next = new Set(current);
                if (detail.expanded) next.add(group.brandID);
                else next.delete(group.brandID);
                return next;
              })
            }
          >
            {/* Tables render only while open: 5,000 products stay fast. */}
            {open && (
              <BrandPricingTable
                brandName={group.brandName}
                rows={group.rows}
                selected={group.rows.filter((r) => selectedIds.has(r.id))}
                onSelectionChange={(chosen) => onSelectionChange(group.rows, chosen)}
                onEdit={onEdit}
              />
            )}
          </ExpandableSection>
        );
      })}
    </SpaceBetween>
  );
}
