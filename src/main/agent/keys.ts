// Model API keys (SPEC §8): encrypted with Electron safeStorage when the host can, otherwise kept in
// a 0600 file and described as unencrypted. Keys are read only by the provider factory: they never
// reach logs, the transcript or the window.
import fs from 'node:fs';
import path from 'node:path';

export interface SecretStore {
  get(agentId: string): string | null;
  set(agentId: string, key: string): void;
  delete(agentId: string): void;
  /** The sentence Settings shows about where keys live and whether they are encrypted. */
  describe(): string;
}

/** The Electron host passes safeStorage.encryptString / decryptString here; no electron import in the core. */
export interface SecretCipher {
  encrypt(plain: string): Buffer;
  decrypt(encrypted: Buffer): string;
}

interface KeysFile {
  version: 1;
  encrypted: boolean;
  /** agentId → key (plain) or base64 of the cipher's output. */
  keys: Record<string, string>;
}

export function keysFilePath(dataDir: string): string {
  return path.join(dataDir, 'credentials', 'keys.json');
}

export function createFileSecretStore(dataDir: string, cipher?: SecretCipher): SecretStore {
  const file = keysFilePath(dataDir);
  const encrypted = cipher !== undefined;

  // The file as last read, with the stat it had: every model request asks for a key, and a stat is
  // cheaper than a read and a parse. A write by anyone (a rename gives a new inode) is read afresh.
  let cached: { stamp: string; contents: KeysFile } | null = null;

  function load(): KeysFile {
    const stat = fs.statSync(file, { throwIfNoEntry: false, bigint: true });
    if (stat === undefined) return { version: 1, encrypted, keys: {} };
    const stamp = `${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}`;
    if (cached && cached.stamp === stamp) return { ...cached.contents, keys: { ...cached.contents.keys } };
    const contents = read();
    cached = { stamp, contents };
    return { ...contents, keys: { ...contents.keys } };
  }

  function read(): KeysFile {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, encrypted, keys: {} };
      throw new Error(`cannot read the API key file ${file}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}`);
    }
    let parsed: KeysFile;
    try {
      parsed = JSON.parse(text) as KeysFile;
    } catch {
      throw new Error(`the API key file ${file} is not valid JSON; delete it and enter the keys again`);
    }
    if (parsed.encrypted !== encrypted) {
      // Keys written encrypted cannot be read without the keychain (and plain ones must not be
      // silently trusted as encrypted): the owner re-enters them rather than Paddock guessing.
      throw new Error(
        `the API key file ${file} was written ${parsed.encrypted ? 'encrypted' : 'unencrypted'} and this host stores keys ${encrypted ? 'encrypted' : 'unencrypted'}; enter the keys again in Settings`,
      );
    }
    return { version: 1, encrypted, keys: parsed.keys ?? {} };
  }

  function save(contents: KeysFile): void {
    const dir = path.dirname(file);
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    fs.chmodSync(dir, 0o700);
    // Written to a 0600 temp file and renamed over: the key is never in a file others can read.
    const temp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, JSON.stringify(contents, null, 2), { mode: 0o600 });
    fs.chmodSync(temp, 0o600);
    fs.renameSync(temp, file);
  }

  return {
    get(agentId) {
      const stored = load().keys[agentId];
      if (stored === undefined) return null;
      return cipher ? cipher.decrypt(Buffer.from(stored, 'base64')) : stored;
    },
    set(agentId, key) {
      const trimmed = key.trim();
      if (trimmed.length === 0) throw new Error('an API key cannot be empty');
      const contents = load();
      contents.keys[agentId] = cipher ? cipher.encrypt(trimmed).toString('base64') : trimmed;
      save(contents);
    },
    delete(agentId) {
      const contents = load();
      if (!(agentId in contents.keys)) return;
      delete contents.keys[agentId];
      save(contents);
    },
    describe() {
      return encrypted
        ? `API keys are encrypted with the operating system's keychain and kept in ${file}.`
        : `API keys are stored unencrypted on disk in ${file}, readable only by your user (mode 0600). Anything running as you, including an agent's shell, can read them.`;
    },
  };
}
