import type { Role } from '../../roles';
import type { SalesDimension } from './sales';

/**
 * Which sales figures a caller may read (issue 25): ADMIN reads every rep's; SALES reads only the customers
 * they own, as the rep filter set to themselves (the API sets it, whatever the query says). Cost, profit and
 * margin are stripped by the API's redaction for SALES (`canSeeCosts`).
 */
export function salesReportScope(caller: { userId: string; roles: readonly Role[] }): {
  rep?: string;
  refuse?: (filter: SalesDimension) => string | undefined;
} {
  if (caller.roles.includes('ADMIN')) return {};
  return {
    rep: caller.userId,
    refuse: (filter) => (filter === 'rep' ? undefined : 'A sales report of your own customers filters by nothing else'),
  };
}
