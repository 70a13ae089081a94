import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's order (project by project, then the longest or largest file first), with the browser flows moved to
 * the front: they are two files of about twelve minutes each, so starting them first lets the third worker run the
 * rest of the suite beside them instead of the flows finishing alone at the end.
 */
export class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = (spec: TestSpecification) => (spec.project.name === 'e2e' ? 0 : 1);
    return [...sorted].sort((a, b) => first(a) - first(b));
  }
}
