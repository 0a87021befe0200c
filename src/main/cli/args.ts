// A small flag reader for the CLI: `--name value`, `--name=value` and boolean `--flag`.
export class UsageError extends Error {}

export interface ParsedArgs {
  flags: Map<string, string | true>;
  positionals: string[];
}

export function parseArgs(args: readonly string[], spec: { values: string[]; booleans: string[] }): ParsedArgs {
  const flags = new Map<string, string | true>();
  const positionals: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const word = args[i];
    if (word === '--') {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (!word!.startsWith('--') || word === '--') {
      positionals.push(word!);
      continue;
    }
    const eq = word!.indexOf('=');
    const name = eq >= 0 ? word!.slice(2, eq) : word!.slice(2);
    if (spec.booleans.includes(name)) {
      if (eq >= 0) throw new UsageError(`--${name} takes no value`);
      flags.set(name, true);
    } else if (spec.values.includes(name)) {
      const value = eq >= 0 ? word!.slice(eq + 1) : args[++i];
      if (value === undefined) throw new UsageError(`--${name} needs a value`);
      flags.set(name, value);
    } else {
      throw new UsageError(`unknown option --${name}`);
    }
  }
  return { flags, positionals };
}

export function stringFlag(parsed: ParsedArgs, name: string): string | undefined {
  const value = parsed.flags.get(name);
  return typeof value === 'string' ? value : undefined;
}
