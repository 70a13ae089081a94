import type { CloudAssembly, TemplateResource } from './cloud-assembly';

/** A resource of the assembly, as a binder sees it. */
export interface ResourceRef {
  readonly stack: string;
  readonly logicalId: string;
  readonly type: string;
  /** Its construct path (`backoffice-data/ImagesBucket/Resource`), from the `aws:cdk:path` metadata. */
  readonly path?: string;
  /** Its template properties as written (a queue's `QueueName`). */
  readonly properties?: Readonly<Record<string, unknown>>;
}

/** What a resource is locally: the value of `Ref` and of the attributes `Fn::GetAtt` may ask for. */
export interface LocalResource {
  readonly ref: string;
  readonly attributes?: Readonly<Record<string, string>>;
}

/** The local counterpart of a resource, or undefined when the local stack has none. */
export type ResourceBinder = (resource: ResourceRef) => LocalResource | undefined;

/** `AWS::Region`, `AWS::AccountId`, ... as the local stack answers them. */
export interface PseudoParameters {
  readonly region: string;
  readonly accountId: string;
  readonly partition?: string;
  readonly urlSuffix?: string;
}

/** A reference in a template that has no value here: a configuration mistake, reported with what it was. */
export class UnresolvedReferenceError extends Error {
  override name = 'UnresolvedReferenceError';
}

type Value = string | number | boolean | Value[];

const describe = (value: unknown) => JSON.stringify(value);

/**
 * Evaluates CloudFormation intrinsic functions (Ref, Fn::GetAtt, Fn::ImportValue, Fn::GetStackOutput,
 * Fn::Join, Fn::Select, Fn::Split, Fn::Sub) against the templates of one cloud assembly, with every resource
 * replaced by its local counterpart. Anything it cannot evaluate throws UnresolvedReferenceError: an import
 * nobody exports, a stack output that does not exist, a resource the local stack has no counterpart for, an
 * attribute it does not know, or a function it does not implement (Fn::If, Fn::FindInMap, ...).
 */
export function createResolver(assembly: CloudAssembly, bind: ResourceBinder, pseudo: PseudoParameters) {
  const pseudoValue = (name: string, stack: string): string | undefined =>
    ({
      'AWS::Region': pseudo.region,
      'AWS::AccountId': pseudo.accountId,
      'AWS::Partition': pseudo.partition ?? 'aws',
      'AWS::URLSuffix': pseudo.urlSuffix ?? 'amazonaws.com',
      'AWS::StackName': stack,
    })[name];

  const resourceOf = (stack: string, logicalId: string): { ref: ResourceRef; local: LocalResource } => {
    const resource: TemplateResource | undefined = assembly.stack(stack)?.template.Resources?.[logicalId];
    if (!resource) throw new UnresolvedReferenceError(`${stack} has no resource ${logicalId}`);
    const ref: ResourceRef = {
      stack,
      logicalId,
      type: resource.Type,
      path: typeof resource.Metadata?.['aws:cdk:path'] === 'string' ? resource.Metadata['aws:cdk:path'] : undefined,
      properties: resource.Properties,
    };
    const local = bind(ref);
    if (!local)
      throw new UnresolvedReferenceError(
        `the local stack has no counterpart for ${ref.type} ${ref.path ?? `${stack}/${logicalId}`}`,
      );
    return { ref, local };
  };

  const ref = (name: string, stack: string): string => {
    const fromPseudo = pseudoValue(name, stack);
    if (fromPseudo !== undefined) return fromPseudo;
    const parameter = assembly.stack(stack)?.template.Parameters?.[name];
    if (parameter) {
      if (typeof parameter.Default === 'string' && !parameter.Type?.startsWith('AWS::SSM::')) return parameter.Default;
      throw new UnresolvedReferenceError(`parameter ${name} of ${stack} has no value before deployment`);
    }
    return resourceOf(stack, name).local.ref;
  };

  const getAtt = (logicalId: string, attribute: string, stack: string): string => {
    const { ref: resource, local } = resourceOf(stack, logicalId);
    const value = local.attributes?.[attribute];
    if (value === undefined)
      throw new UnresolvedReferenceError(
        `no local value for the ${attribute} of ${resource.type} ${resource.path ?? `${stack}/${logicalId}`}`,
      );
    return value;
  };

  let exports: Map<string, { stack: string; value: unknown }> | undefined;
  const exported = (name: string) => {
    if (!exports) {
      exports = new Map();
      for (const stack of assembly.stacks)
        for (const output of Object.values(stack.template.Outputs ?? {})) {
          if (output.Export === undefined) continue;
          exports.set(String(resolve(output.Export.Name, stack.name)), { stack: stack.name, value: output.Value });
        }
    }
    return exports.get(name);
  };

  const sub = (template: string, variables: Record<string, unknown>, stack: string): string =>
    template.replace(/\$\{(!?)([^}]+)\}/g, (_, literal: string, name: string) => {
      if (literal) return `\${${name}}`;
      if (name in variables) return String(resolve(variables[name], stack));
      const dot = name.indexOf('.');
      if (dot > 0 && !name.startsWith('AWS::')) return getAtt(name.slice(0, dot), name.slice(dot + 1), stack);
      return ref(name, stack);
    });

  function resolve(value: unknown, stack: string, depth = 0): Value {
    if (depth > 50) throw new UnresolvedReferenceError(`references nest too deeply: ${describe(value)}`);
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
    if (Array.isArray(value)) return value.map((v) => resolve(v, stack, depth + 1));
    if (value === null || typeof value !== 'object')
      throw new UnresolvedReferenceError(`not a value: ${describe(value)}`);
    const entries = Object.entries(value);
    if (entries.length !== 1) throw new UnresolvedReferenceError(`not an intrinsic function: ${describe(value)}`);
    const [fn, arg] = entries[0]!;
    const str = (v: unknown) => String(resolve(v, stack, depth + 1));
    const list = (v: unknown): Value[] => {
      const resolved = resolve(v, stack, depth + 1);
      if (!Array.isArray(resolved)) throw new UnresolvedReferenceError(`${fn} needs a list: ${describe(v)}`);
      return resolved;
    };
    switch (fn) {
      case 'Ref':
        return ref(str(arg), stack);
      case 'Fn::GetAtt': {
        const [logicalId, attribute] = Array.isArray(arg) ? arg.map(str) : str(arg).split(/\.(.*)/);
        return getAtt(logicalId!, attribute!, stack);
      }
      case 'Fn::ImportValue': {
        const name = str(arg);
        const found = exported(name);
        if (!found) throw new UnresolvedReferenceError(`Fn::ImportValue "${name}": no stack of the app exports it`);
        return resolve(found.value, found.stack, depth + 1);
      }
      case 'Fn::GetStackOutput': {
        const { StackName, OutputName } = arg as { StackName: unknown; OutputName: unknown };
        const [stackName, outputName] = [str(StackName), str(OutputName)];
        const output = assembly.stack(stackName)?.template.Outputs?.[outputName];
        if (!output) throw new UnresolvedReferenceError(`Fn::GetStackOutput: ${stackName} has no output ${outputName}`);
        return resolve(output.Value, stackName, depth + 1);
      }
      case 'Fn::Join': {
        const [separator, items] = arg as [unknown, unknown];
        return list(items).map(String).join(str(separator));
      }
      case 'Fn::Select': {
        const [index, items] = arg as [unknown, unknown];
        const all = list(items);
        const at = Number(str(index));
        if (!Number.isInteger(at) || at < 0 || at >= all.length)
          throw new UnresolvedReferenceError(`Fn::Select index ${at} is outside ${describe(all)}`);
        return all[at]!;
      }
      case 'Fn::Split': {
        const [separator, source] = arg as [unknown, unknown];
        return str(source).split(str(separator));
      }
      case 'Fn::Sub': {
        const [template, variables] = Array.isArray(arg) ? (arg as [unknown, Record<string, unknown>]) : [arg, {}];
        return sub(str(template), variables ?? {}, stack);
      }
      default:
        throw new UnresolvedReferenceError(`${fn} is not evaluated locally: ${describe(value)}`);
    }
  }

  return {
    /** The value of a template expression in `stack`'s context. */
    resolve: (value: unknown, stack: string): Value => resolve(value, stack),
    /** The same, for a property that must be a string (an environment variable, a route key). */
    resolveString(value: unknown, stack: string): string {
      const resolved = resolve(value, stack);
      if (Array.isArray(resolved))
        throw new UnresolvedReferenceError(`a list where a string belongs: ${describe(value)}`);
      return String(resolved);
    },
  };
}

export type Resolver = ReturnType<typeof createResolver>;
