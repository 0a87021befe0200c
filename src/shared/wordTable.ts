// A table looked up by a word that comes from outside (a program's name, a subcommand, a file's
// name): it answers only its own entries. A plain object literal also answers Object.prototype's
// members, so `TABLE['constructor']` would be Object itself and `TABLE['__proto__']` the prototype.

/** `entries` as a frozen object with no prototype: `table[word]` is undefined for every word it does not list. */
export function wordTable<T>(entries: Readonly<Record<string, T>>): Readonly<Record<string, T>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, T>, entries));
}

/** A table of tables (a program's flags by program), each level answering only its own entries. */
export function wordTables<T>(
  entries: Readonly<Record<string, Readonly<Record<string, T>>>>,
): Readonly<Record<string, Readonly<Record<string, T>>>> {
  return wordTable(Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, wordTable(v)])));
}
