import {
  Camera,
  CircleStop,
  FilePen,
  FilePlus,
  FileText,
  FolderOpen,
  FolderTree,
  GitBranch,
  Globe,
  ListChecks,
  MessagesSquare,
  Play,
  Plug,
  Rocket,
  ScrollText,
  Search,
  SquareTerminal,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import type { ToolIcon as ToolIconKind } from '../../../../shared/domain';

/** The picture of each kind of tool (lucide, bundled); the kind is the tool's own declaration, carried by the call's record. */
const ICONS: Record<ToolIconKind, LucideIcon> = {
  shell: SquareTerminal,
  command: Play,
  'file-read': FileText,
  'file-write': FilePlus,
  'file-edit': FilePen,
  'file-list': FolderTree,
  'file-search': Search,
  git: GitBranch,
  'process-start': Rocket,
  'process-stop': CircleStop,
  'process-output': ScrollText,
  preview: Globe,
  screenshot: Camera,
  summary: ListChecks,
  workspace: FolderOpen,
  helper: MessagesSquare,
  mcp: Plug,
  other: Wrench,
};

/** `icon`: what the call's record says its tool draws; absent (no record yet), the generic one. */
export function ToolIcon({ icon }: { icon: ToolIconKind | undefined }) {
  const Icon = ICONS[icon ?? 'other'];
  return <Icon className="tool-icon" size={14} aria-hidden="true" focusable="false" />;
}
