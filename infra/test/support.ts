import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { type Backoffice, type BuildOptions, buildBackoffice } from '../cdk/lib/backoffice';
import { REPO_ROOT } from '../cdk/lib/paths';

/** The context of cdk.json (feature flags and app defaults), so tests synthesize what `cdk synth` does. */
export const cdkJsonContext = (): Record<string, unknown> =>
  (JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> }).context;

/** A throwaway web build: index.html, a hashed asset and a public file. */
export function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bo-web-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
  return dir;
}

export interface Synth extends Backoffice {
  readonly app: App;
  readonly stacks: Stack[];
  readonly template: (stack: Stack) => Template;
  /**
   * A stack's annotations (level, path, text) from the app's one synthesis. `Annotations.fromStack` synthesizes the
   * whole app again each time it is called (4–5 s, once per stack: most of what the file took).
   */
  readonly messages: (stack: Stack) => Array<{ level: string; id: string; text: string }>;
}

/** Builds and synthesizes the whole app once, without bundling (the handler files need not compile). */
export function synthBackoffice(options: BuildOptions & { context?: Record<string, unknown> } = {}): Synth {
  const app = new App({
    context: {
      ...cdkJsonContext(),
      webDist: fakeWebDist(),
      ...options.context,
      'aws:cdk:bundling-stacks': [],
    },
  });
  const built = buildBackoffice(app, options);
  app.synth(); // runs cdk-nag (policy validation) and throws on any unacknowledged finding
  const cache = new Map<Stack, Template>();
  return {
    ...built,
    app,
    stacks: [built.data, built.api, built.web, ...built.routes, built.jobs, built.monitoring],
    template: (stack) => {
      if (!cache.has(stack)) cache.set(stack, Template.fromStack(stack));
      return cache.get(stack)!;
    },
    messages: (stack) =>
      app
        .synth()
        .getStackArtifact(stack.artifactId)
        .messages.map((m) => ({ level: m.level, id: m.id, text: String(m.entry.data) })),
  };
}

/** cdk-nag's AwsSolutions findings left unacknowledged, as `rule @ path` lines. */
export function nagFindings(app: App): string[] {
  const report = new AwsSolutionsChecks().validateScope(app);
  return report.violations.flatMap((v) =>
    v.violatingResources.map((r) => `${v.ruleName} (${v.severity}) @ ${r.constructPath}`),
  );
}

export const resourceCount = (t: Template): number => Object.keys(t.toJSON().Resources ?? {}).length;

/**
 * A value one stack takes from another (CDK writes a cross-stack reference as `Fn::GetStackOutput` of an output
 * the other stack publishes) as that output holds it, e.g. `{ Ref: '<queue>' }`; any other value as it is.
 */
export function crossStackValue(s: Synth, value: unknown): unknown {
  const ref = (value as { 'Fn::GetStackOutput'?: { StackName: string; OutputName: string } } | null)?.[
    'Fn::GetStackOutput'
  ];
  if (!ref) return value;
  const stack = s.stacks.find((st) => st.stackName === ref.StackName);
  const output =
    stack && (s.template(stack).toJSON().Outputs as Record<string, { Value: unknown }> | undefined)?.[ref.OutputName];
  if (!output) throw new Error(`${ref.StackName} has no output ${ref.OutputName}`);
  return output.Value;
}
