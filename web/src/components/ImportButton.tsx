import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import { IMPORT_KIND_LABELS, mayImport, type ImportKind } from '@bo/shared';
import { useSession } from '../auth/session';
import { importsHref } from '../access/pages';
import { useFollow } from './navigation';

export interface ImportButtonProps {
  /** What the page's records are; a page with two (customers and their prices) offers a menu. */
  kinds: readonly ImportKind[];
}

/**
 * The list pages' "Import" button (issue 24, section 1), beside their Export: opens the imports page for the kind.
 * Only the kinds the user may import are offered; none, no button.
 */
export default function ImportButton({ kinds }: ImportButtonProps) {
  const session = useSession();
  const follow = useFollow();
  const allowed = kinds.filter((k) => mayImport(k, session.roles));
  if (allowed.length === 0) return null;
  if (allowed.length === 1)
    return (
      <Button href={importsHref(allowed[0])} onFollow={follow}>
        Import
      </Button>
    );
  return (
    <ButtonDropdown
      items={allowed.map((k) => ({ id: k, text: IMPORT_KIND_LABELS[k], href: importsHref(k) }))}
      onItemFollow={(event) => follow({ preventDefault: () => event.preventDefault(), detail: event.detail })}
    >
      Import
    </ButtonDropdown>
  );
}
