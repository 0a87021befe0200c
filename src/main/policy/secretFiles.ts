// Which files are secrets (issue 31 §1): `.env` and `.env.*` but the examples, `.npmrc`, `.pypirc`,
// `.netrc`, private keys, credentials and service-account files, and what lies in `.ssh`, `.aws`,
// `.gnupg` and the like. Read, search and list treat them so in every mode; contained run mode asks
// before a command shows one to the model. Pure: names only, no filesystem.
import path from 'node:path';

/** `.env.example`, `.env.local.sample`: examples end so (`.env.example.local` is a real one's name). */
const ENV_EXAMPLES = /^\.env(?:\..+)?\.(?:example|sample|template|dist|defaults)$/i;
/** An editor's or a tool's copy of a file (`.env~`, `#.env#`, vim's `..env.swp`, `.npmrc.bak`): the same text. */
const COPIES = [/^#(.+)#$/, /^(.+)~$/, /^\.(.+)\.sw[a-p]$/i, /^(.+)\.(?:swp|bak|orig|old|save|backup|tmp)$/i];
const PUBLIC_PEM = /(^|[-_.])(ca|cacert|cert|certificate|chain|fullchain|bundle|public|pub|root)([-_.]|$)/i;
const SECRET_DIRS = new Set(['.ssh', '.aws', '.gnupg', '.gpg', '.kube', '.docker', '.azure', '.config/gcloud']);

/** Whether a file name (its base name) is a secrets file's: `.env*`, `.npmrc`, private keys, credentials. */
export function isSecretName(base: string): boolean {
  for (const copy of COPIES) {
    const original = copy.exec(base)?.[1];
    if (original !== undefined && isSecretName(original)) return true;
  }
  const lower = base.toLowerCase();
  if (lower === '.env' || lower.startsWith('.env.')) return !ENV_EXAMPLES.test(lower);
  if (
    [
      '.npmrc',
      '.pypirc',
      '.netrc',
      '_netrc',
      '.git-credentials',
      '.pgpass',
      '.dockercfg',
      '.htpasswd',
      '.yarnrc.yml',
      '.secrets',
      '.vault-token',
      '.envrc',
      '.dev.vars',
    ].includes(lower)
  )
    return true;
  if (/^id_(rsa|dsa|ecdsa|ed25519)(_sk)?$/.test(lower)) return true;
  if (/\.(key|p12|pfx|jks|keystore|ppk|asc|gpg)$/.test(lower)) return !lower.endsWith('.pub.asc');
  if (lower.endsWith('.pem')) return !PUBLIC_PEM.test(lower.slice(0, -4));
  if (/^credentials.*\.json$/.test(lower) || /^client_secret.*\.json$/.test(lower)) return true;
  if (/service[-_]?account.*\.json$/.test(lower)) return true;
  if (/^secrets?\.(json|ya?ml|toml|env)$/.test(lower)) return true;
  return false;
}

/** Whether a workspace-relative path is a secrets file, or lies in a secrets folder (`.ssh`, `.aws`, `.gnupg`…). */
export function isSecretPath(rel: string): boolean {
  const parts = rel.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.length === 0) return false;
  // A folder of one component (`.ssh`) or two (`.config/gcloud`) anywhere on the path.
  const folders = parts.map((p, i) => [p, i > 0 ? `${parts[i - 1]}/${p}` : p]);
  if (folders.some((names) => names.some((n) => SECRET_DIRS.has(n!.toLowerCase())))) return true;
  return isSecretName(parts[parts.length - 1]!);
}

/** A word of code (python -c, awk's program) that names a secrets file anywhere in it. */
export function mentionsSecret(code: string): string | null {
  for (const token of code.split(/[^A-Za-z0-9._/~-]+/)) {
    if (token === '') continue;
    const base = path.posix.basename(token);
    if (isSecretName(base) || token.split('/').some((p) => SECRET_DIRS.has(p.toLowerCase()))) return token;
  }
  return null;
}
