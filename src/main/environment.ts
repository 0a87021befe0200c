// Facts read once at start from the environment; passed down, never read again deep inside.
import os from 'node:os';
import path from 'node:path';

/** The owner's home directory: $HOME when set (tests set it), else the OS's answer. */
export function ownerHome(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.HOME && env.HOME.length > 0 ? env.HOME : os.homedir());
}

/**
 * Where Paddock keeps its state when not told otherwise: `PADDOCK_DATA_DIR`, else the place
 * Electron's app.getPath('userData') would use for an app named Paddock.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PADDOCK_DATA_DIR) return path.resolve(env.PADDOCK_DATA_DIR);
  const home = ownerHome(env);
  switch (process.platform) {
    case 'darwin':
      return path.join(home, 'Library', 'Application Support', 'Paddock');
    case 'win32':
      return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'Paddock');
    default:
      return path.join(env.XDG_CONFIG_HOME ?? path.join(home, '.config'), 'Paddock');
  }
}
