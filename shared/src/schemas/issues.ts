import type * as z from '../zod';

/** A problem with a request, at a path such as `body.users.0.modifiedOn`. */
export interface RequestIssue {
  path: string;
  message: string;
}

type Issue = z.core.$ZodIssue;

/** Issues that say the input is another shape altogether (a missing key, a stray one, a wrong type). */
const isStructural = (issue: Issue) =>
  issue.code === 'invalid_type' || issue.code === 'unrecognized_keys' || issue.code === 'invalid_union';

/**
 * The option of a union the input was meant for: the one with the fewest structural issues, then the one
 * whose issues reach deepest. A body either of two shapes (a payroll row or its paid orders) is then refused
 * with the message of the field that is wrong, not zod's "Invalid input" for the union as a whole.
 */
function closestOption(options: readonly Issue[][]): Issue[] | undefined {
  const score = (issues: Issue[]) => ({
    structural: issues.filter(isStructural).length,
    depth: Math.max(0, ...issues.map((i) => i.path.length)),
  });
  return options
    .filter((o) => o.length > 0)
    .map((issues) => ({ issues, ...score(issues) }))
    .sort((a, b) => a.structural - b.structural || b.depth - a.depth)[0]?.issues;
}

/** zod's message for a union that was given none of its own; a union with its own message keeps it. */
const UNION_DEFAULT = 'Invalid input';

const flatten = (issues: readonly Issue[], at: PropertyKey[]): Array<{ path: PropertyKey[]; message: string }> =>
  issues.flatMap((issue) => {
    const path = [...at, ...issue.path];
    const option =
      issue.code === 'invalid_union' && issue.message === UNION_DEFAULT ? closestOption(issue.errors) : undefined;
    return option ? flatten(option, path) : [{ path, message: issue.message }];
  });

/** A schema's issues as the API reports them: `where` (path, query, body) first, unions resolved to a field. */
export const requestIssues = (issues: readonly Issue[], where: string): RequestIssue[] =>
  flatten(issues, [where]).map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
