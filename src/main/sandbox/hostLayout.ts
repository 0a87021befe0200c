// The host's file system as the sandbox's profile reads it (sandbox.ts builds each command's profile
// from it): whether a system directory is a folder or a link, whether a path exists or can be read,
// and a folder's names for the deny list's cover check.
import fs from 'node:fs';
import type { SystemLayout } from './profile';

/** The host's system directories as the profile reads them: a link, a folder, or nothing. */
export const hostLayout: SystemLayout = {
  kind(dir) {
    try {
      const st = fs.lstatSync(dir);
      if (st.isSymbolicLink()) return { link: fs.readlinkSync(dir) };
      return st.isDirectory() ? 'dir' : 'absent';
    } catch {
      return 'absent';
    }
  },
  exists(p) {
    try {
      fs.lstatSync(p);
      return true;
    } catch {
      return false;
    }
  },
  readable(p) {
    try {
      fs.accessSync(p, fs.constants.R_OK);
      return true;
    } catch {
      return false;
    }
  },
};

/** What the deny list's cover check reads of the host: a path's kind, a folder's names. */
export const hostProbe = {
  kind(p: string): 'dir' | 'file' | 'absent' {
    try {
      const st = fs.lstatSync(p);
      if (st.isDirectory()) return 'dir';
      return 'file';
    } catch {
      return 'absent';
    }
  },
  list(dir: string): string[] {
    try {
      return fs.readdirSync(dir);
    } catch {
      return [];
    }
  },
};
