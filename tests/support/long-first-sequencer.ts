import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The projects in the order their files should start: the browser flows first (two files of about ten minutes
 * each), then the projects whose files run for minutes (the stream figures' properties, the CDK app, the purge,
 * the bundled stack), and the many short unit files last, so they fill the workers while the long ones end rather
 * than leaving one long file to finish alone. Within a project, Vitest's order (the longest or largest first).
 */
const PROJECT_ORDER = ['e2e', 'events', 'infra', 'functions', 'api-bundles', 'api', 'web-mocks', 'web', 'shared'];

export class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const at = PROJECT_ORDER.indexOf(spec.project.name);
      return at < 0 ? PROJECT_ORDER.length : at;
    };
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}
