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
  Image,
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

/** One icon per tool (lucide, bundled); an MCP server's tools share the plug, anything else the wrench. */
const ICONS: Record<string, LucideIcon> = {
  bash: SquareTerminal,
  run: Play,
  edit: FilePen,
  write: FilePlus,
  read: FileText,
  read_image: Image,
  readImage: Image,
  list: FolderTree,
  search: Search,
  git: GitBranch,
  start: Rocket,
  stop: CircleStop,
  output: ScrollText,
  preview: Globe,
  screenshot: Camera,
  summarise: ListChecks,
  workspace: FolderOpen,
  delegate: MessagesSquare,
};

export function ToolIcon({ tool }: { tool: string }) {
  const Icon = ICONS[tool] ?? (tool.includes('__') || tool.startsWith('mcp') ? Plug : Wrench);
  return <Icon className="tool-icon" size={14} aria-hidden="true" focusable="false" />;
}
