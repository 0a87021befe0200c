// API keys on disk (SPEC §8): a 0600 file in a 0700 directory, described plainly as unencrypted,
// or encrypted through the host's cipher (Electron safeStorage) so the file never holds the key.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileSecretStore, keysFilePath, type SecretCipher } from '../../../src/main/agent/keys';

const tempDir = (): string => fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-keys-'));
const KEY = 'sk-ant-abcdefghijklmnop';

// Stands in for safeStorage: reversible, and the output does not contain the input.
const cipher: SecretCipher = {
  encrypt: (plain) => Buffer.from(Buffer.from(plain, 'utf8').map((byte) => byte ^ 0x5a)),
  decrypt: (data) => Buffer.from(data.map((byte) => byte ^ 0x5a)).toString('utf8'),
};

describe('the file secret store', () => {
  it('keeps keys unencrypted in a 0600 file under a 0700 directory, and says so', () => {
    const dataDir = tempDir();
    const store = createFileSecretStore(dataDir);
    expect(store.get('developer')).toBeNull();
    store.set('developer', `  ${KEY}\n`);
    expect(store.get('developer')).toBe(KEY);
    const file = keysFilePath(dataDir);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(store.describe()).toContain('stored unencrypted on disk');
    expect(store.describe()).toContain(file);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['keys.json']);
    store.delete('developer');
    expect(createFileSecretStore(dataDir).get('developer')).toBeNull();
    expect(() => store.set('developer', '  ')).toThrow('an API key cannot be empty');
  });

  it('stores only ciphertext when the host gives a cipher, and refuses to mix the two', () => {
    const dataDir = tempDir();
    const store = createFileSecretStore(dataDir, cipher);
    store.set('developer', KEY);
    expect(fs.readFileSync(keysFilePath(dataDir), 'utf8')).not.toContain(KEY);
    expect(createFileSecretStore(dataDir, cipher).get('developer')).toBe(KEY);
    expect(store.describe()).toContain('encrypted');
    expect(() => createFileSecretStore(dataDir).get('developer')).toThrow(
      /was written encrypted .* enter the keys again/,
    );
  });
});
