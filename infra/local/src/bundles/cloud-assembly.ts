import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** A CloudFormation template as `cdk synth` writes it (only what the local stack reads). */
export interface Template {
  Parameters?: Record<string, { Type?: string; Default?: unknown }>;
  Resources?: Record<string, TemplateResource>;
  Outputs?: Record<string, { Value: unknown; Export?: { Name: unknown } }>;
}

export interface TemplateResource {
  Type: string;
  Properties?: Record<string, unknown>;
  Metadata?: Record<string, unknown>;
}

export interface AssemblyStack {
  /** The CloudFormation stack name (`backoffice-routes-users`). */
  readonly name: string;
  readonly template: Template;
}

/** What a `cdk synth` output folder (cdk.out) holds: its stacks' templates and their file assets. */
export interface CloudAssembly {
  readonly dir: string;
  readonly stacks: readonly AssemblyStack[];
  stack(name: string): AssemblyStack | undefined;
  /** The folder of a file asset (a Lambda's code), from the asset manifests: S3 object key → source path. */
  assetDir(objectKey: string): string | undefined;
}

interface Manifest {
  artifacts?: Record<
    string,
    { type: string; displayName?: string; properties?: { templateFile?: string; stackName?: string; file?: string } }
  >;
}

interface AssetManifest {
  files?: Record<string, { source: { path?: string }; destinations: Record<string, { objectKey: string }> }>;
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

/**
 * Reads a cloud assembly (`cdk synth` output): manifest.json names every stack's template and every asset
 * manifest; an asset manifest maps the S3 key a template's `Code` points at to the folder holding that code.
 */
export function readCloudAssembly(folder: string): CloudAssembly {
  const dir = resolve(folder);
  const manifestFile = join(dir, 'manifest.json');
  if (!existsSync(manifestFile))
    throw new Error(`${dir} is not a cdk synth output (no manifest.json): run \`npm run synth\` first`);
  const artifacts = Object.entries(readJson<Manifest>(manifestFile).artifacts ?? {});

  const stacks: AssemblyStack[] = artifacts
    .filter(([, a]) => a.type === 'aws:cloudformation:stack' && a.properties?.templateFile)
    .map(([id, a]) => ({
      name: a.properties?.stackName ?? id,
      template: readJson<Template>(join(dir, a.properties!.templateFile!)),
    }));

  const assets = new Map<string, string>();
  for (const [, artifact] of artifacts) {
    if (artifact.type !== 'cdk:asset-manifest' || !artifact.properties?.file) continue;
    const manifest = readJson<AssetManifest>(join(dir, artifact.properties.file));
    for (const file of Object.values(manifest.files ?? {})) {
      if (!file.source.path) continue;
      for (const destination of Object.values(file.destinations))
        assets.set(destination.objectKey, join(dir, file.source.path));
    }
  }

  const byName = new Map(stacks.map((s) => [s.name, s]));
  return { dir, stacks, stack: (name) => byName.get(name), assetDir: (key) => assets.get(key) };
}
