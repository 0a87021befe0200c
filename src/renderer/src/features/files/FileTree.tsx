import { memo, useMemo, useState } from 'react';
import type { FileEntryView } from '../../../../shared/ipc';

interface TreeNode {
  name: string;
  path: string;
  type: 'file' | 'dir';
  children: TreeNode[];
}

function buildTree(entries: FileEntryView[]): TreeNode[] {
  const root: TreeNode = { name: '', path: '', type: 'dir', children: [] };
  const dirs = new Map<string, TreeNode>([['', root]]);
  const sorted = [...entries].sort((a, b) => a.path.localeCompare(b.path));
  for (const entry of sorted) {
    const parts = entry.path.split('/');
    let parent = root;
    for (let depth = 0; depth < parts.length; depth += 1) {
      const path = parts.slice(0, depth + 1).join('/');
      const last = depth === parts.length - 1;
      let node = dirs.get(path);
      if (!node) {
        node = { name: parts[depth] ?? path, path, type: last ? entry.type : 'dir', children: [] };
        parent.children.push(node);
        if (node.type === 'dir') dirs.set(path, node);
      }
      parent = node;
    }
  }
  const order = (nodes: TreeNode[]): TreeNode[] =>
    nodes
      .sort((a, b) => (a.type === b.type ? a.name.localeCompare(b.name) : a.type === 'dir' ? -1 : 1))
      .map((node) => ({ ...node, children: order(node.children) }));
  return order(root.children);
}

const NONE: Record<string, true> = {};

/** Whether a directory holds a changed path: a closed folder still shows that something inside changed. */
function holdsChange(dir: string, changed: Record<string, true>): boolean {
  const prefix = `${dir}/`;
  return Object.keys(changed).some((path) => path.startsWith(prefix));
}

const Branch = memo(function Branch({
  nodes,
  onOpen,
  selected,
  changed,
}: {
  nodes: TreeNode[];
  onOpen(path: string): void;
  selected: string | null;
  changed: Record<string, true>;
}) {
  const [open, setOpen] = useState<Record<string, boolean>>({});
  return (
    <ul role="group" className="tree-group">
      {nodes.map((node) =>
        node.type === 'dir' ? (
          <li key={node.path} role="treeitem" aria-expanded={open[node.path] ?? false} aria-selected={false}>
            <button
              type="button"
              className="tree-item"
              onClick={() => setOpen({ ...open, [node.path]: !open[node.path] })}
            >
              <span aria-hidden="true">{open[node.path] ? '▾' : '▸'}</span> {node.name}/
              {holdsChange(node.path, changed) && (
                <span className="tree-changed" aria-label="changed inside" title="changed inside">
                  ●
                </span>
              )}
            </button>
            {open[node.path] && <Branch nodes={node.children} onOpen={onOpen} selected={selected} changed={changed} />}
          </li>
        ) : (
          <li key={node.path} role="treeitem" aria-selected={node.path === selected}>
            <button
              type="button"
              className={`tree-item tree-file ${node.path === selected ? 'selected' : ''} ${changed[node.path] ? 'tree-item-changed' : ''}`}
              onClick={() => onOpen(node.path)}
            >
              {node.name}
              {changed[node.path] && (
                <span className="tree-changed" aria-label="changed" title="changed since you opened the tab">
                  ●
                </span>
              )}
            </button>
          </li>
        ),
      )}
    </ul>
  );
});

/** The workspace as the core lists it (the `list` rules: ignored and denied entries are not here). */
export function FileTree({
  entries,
  onOpen,
  selected,
  changed = NONE,
}: {
  entries: FileEntryView[];
  onOpen(path: string): void;
  selected: string | null;
  changed?: Record<string, true>;
}) {
  const nodes = useMemo(() => buildTree(entries), [entries]);
  return (
    <div role="tree" aria-label="Workspace files" className="file-tree">
      <Branch nodes={nodes} onOpen={onOpen} selected={selected} changed={changed} />
    </div>
  );
}
