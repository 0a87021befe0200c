// A sed script read command by command, as GNU sed's compiler reads it (and BSD's, where they agree):
// addresses, then one command letter; `s` and `y` with their delimiter (a `[…]` set in a pattern
// holds the delimiter as a character), `a`, `i` and `c` with their text to the end of the line, `#`
// a comment only where a command would start. What a script may do beyond the lines it prints is
// in three places: the `e` command and the `s///e` flag run a command, and `r`, `R`, `w`, `W` and
// `s///w` open another file. A script this reading cannot follow to its end is not read.

/** Why the script is not one this rule runs without a card, or null: it only edits and prints lines. */
export function sedScriptProblem(script: string): string | null {
  try {
    readScript(script);
    return null;
  } catch (error) {
    if (error instanceof SedRefusal) return error.message;
    throw error;
  }
}

class SedRefusal {
  constructor(readonly message: string) {}
}

const UNREAD = "sed's script is not one this rule can read to its end";

function refuse(message: string): never {
  throw new SedRefusal(message);
}

/** Commands of one letter and nothing after them. */
const BARE = new Set(['=', 'd', 'D', 'g', 'G', 'h', 'H', 'n', 'N', 'p', 'P', 'x', 'z', 'F']);

function readScript(s: string): void {
  let i = 0;
  const at = (k: number): string => s[k] ?? '';
  const skipBlanks = (): void => {
    while (at(i) === ' ' || at(i) === '\t') i++;
  };
  /** Past a delimited part (`/re/`, a replacement), from just after its opening delimiter. */
  const delimited = (delim: string, brackets: boolean): void => {
    while (i < s.length) {
      const ch = s[i]!;
      if (ch === '\\') {
        i += 2;
        continue;
      }
      if (ch === delim) {
        i++;
        return;
      }
      if (ch === '\n' && delim !== '\n') refuse(UNREAD);
      if (brackets && ch === '[') {
        i = pastBracket(s, i);
        continue;
      }
      i++;
    }
    refuse(UNREAD);
  };
  const address = (): boolean => {
    const ch = at(i);
    if (/[0-9]/.test(ch)) {
      while (/[0-9]/.test(at(i))) i++;
      if (at(i) === '~') {
        i++;
        while (/[0-9]/.test(at(i))) i++;
      }
      return true;
    }
    if (ch === '$') {
      i++;
      return true;
    }
    if (ch === '/' || ch === '\\') {
      let delim = '/';
      if (ch === '\\') {
        delim = at(i + 1);
        if (delim === '' || delim === '\n' || delim === '\\') refuse(UNREAD);
        i++;
      }
      i++;
      delimited(delim, true);
      while (at(i) === 'I' || at(i) === 'M') i++;
      return true;
    }
    return false;
  };
  /** To the end of the line: a label, or a command's argument. */
  const toLineEnd = (): void => {
    while (i < s.length && s[i] !== '\n') i++;
  };
  /** A label (after `:`, b, t, T; v's version): blanks, then to a blank, `;` or the end of the line, as GNU reads it. */
  const label = (): void => {
    skipBlanks();
    while (i < s.length && !/[\s;]/.test(s[i]!)) i++;
  };
  /** a, i, c: the text runs to the end of the line, and on while a line ends with a backslash. */
  const text = (): void => {
    skipBlanks();
    if (at(i) === '\\') {
      i++;
      if (at(i) === '\n') i++;
    }
    for (;;) {
      while (i < s.length && s[i] !== '\n') i += s[i] === '\\' ? 2 : 1;
      // A backslash just before the newline continues the text on the next line.
      let slashes = 0;
      for (let k = i - 1; k >= 0 && s[k] === '\\'; k--) slashes++;
      if (i >= s.length || slashes % 2 === 0) return;
      i++;
    }
  };

  while (i < s.length) {
    skipBlanks();
    const start = at(i);
    if (start === '') return;
    if (start === '\n' || start === ';') {
      i++;
      continue;
    }
    if (start === '#') {
      toLineEnd();
      continue;
    }
    if (start === '}') {
      i++;
      continue;
    }
    if (address()) {
      skipBlanks();
      if (at(i) === ',') {
        i++;
        skipBlanks();
        if (at(i) === '+' || at(i) === '~') {
          i++;
          if (!/[0-9]/.test(at(i))) refuse(UNREAD);
          while (/[0-9]/.test(at(i))) i++;
        } else if (!address()) refuse(UNREAD);
      }
    }
    skipBlanks();
    while (at(i) === '!') {
      i++;
      skipBlanks();
    }
    const command = at(i);
    i++;
    // A block's first command may follow its brace at once.
    if (command === '{') continue;
    if (BARE.has(command)) {
      // A command of one letter ends there (what follows is a separator, or the end).
    } else if (command === 'a' || command === 'i' || command === 'c') {
      text();
    } else if (command === ':') {
      if (at(i) === '') refuse(UNREAD);
      label();
    } else if (command === 'b' || command === 't' || command === 'T') {
      label();
    } else if (command === 'q' || command === 'Q' || command === 'l' || command === 'L') {
      skipBlanks();
      while (/[0-9]/.test(at(i))) i++;
    } else if (command === 'v') {
      label();
    } else if (command === 's' || command === 'y') {
      const delim = at(i);
      if (delim === '' || delim === '\n' || delim === '\\') refuse(UNREAD);
      i++;
      delimited(delim, command === 's');
      delimited(delim, false);
      if (command === 's') {
        for (;;) {
          const flag = at(i);
          if (flag === 'e') refuse(`sed's s///e runs the line as a command, which this rule does not read`);
          if (flag === 'w') refuse(`sed's s///w writes to another file, which this rule does not read`);
          if (!/^[gpiImM0-9]$/.test(flag)) break;
          i++;
        }
      }
    } else if (command === 'e') {
      refuse("sed's `e` command runs a command, which this rule does not read");
    } else if (command === 'r' || command === 'R' || command === 'w' || command === 'W') {
      refuse(`sed's \`${command}\` command opens another file, which this rule does not read`);
    } else {
      refuse(UNREAD);
    }
    // After a command: blanks, then a separator, a closing brace, a comment, or the end.
    skipBlanks();
    const next = at(i);
    if (next !== '' && next !== ';' && next !== '\n' && next !== '}' && next !== '#') refuse(UNREAD);
  }
}

/** Past a `[…]` set in a pattern, from its `[`: `]` first (or after `^`) is a member, as are `[:class:]` and the like. */
function pastBracket(s: string, open: number): number {
  let k = open + 1;
  if (s[k] === '^') k++;
  if (s[k] === ']') k++;
  while (k < s.length) {
    if (s[k] === '[' && /[:.=]/.test(s[k + 1] ?? '')) {
      const kind = s[k + 1]!;
      const end = s.indexOf(`${kind}]`, k + 2);
      if (end < 0) refuse(UNREAD);
      k = end + 2;
      continue;
    }
    if (s[k] === ']') return k + 1;
    if (s[k] === '\n') refuse(UNREAD);
    k++;
  }
  refuse(UNREAD);
}
