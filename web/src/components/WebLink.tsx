import Box from '@cloudscape-design/components/box';
import Link from '@cloudscape-design/components/link';
import { webHref } from './safe-links';

/**
 * A stored web address (a brand's or customer's website): a link that opens in a new tab when it is an
 * http(s) address, otherwise the value as plain text, so a stored `javascript:` address can never be clicked.
 */
export default function WebLink({ value }: { value: string }) {
  const href = webHref(value);
  if (!href)
    return (
      <Box variant="span" color="text-body-secondary">
        {value}
      </Box>
    );
  return (
    <Link href={href} external target="_blank" rel="noopener noreferrer" externalIconAriaLabel="(opens in a new tab)">
      {href.replace(/^https?:\/\//i, '').replace(/\/$/, '')}
    </Link>
  );
}
