/**
 * Which client a file given with --config belongs to: by its name and folder first (the paths each
 * client documents), then by its shape (`servers` is VS Code's key). Anything else is read in the
 * common `mcpServers` shape.
 */
import type { ClientId } from './clients';

export function guessClient(file: string, text: string): ClientId {
  const parts = file.split(/[\\/]/).filter(Boolean);
  const base = (parts.at(-1) ?? '').toLowerCase();
  const parent = (parts.at(-2) ?? '').toLowerCase();
  if (base === 'claude_desktop_config.json') return 'claude-desktop';
  if (base === '.claude.json' || base === '.mcp.json' || base === 'managed-mcp.json') return 'claude-code';
  if (base === 'mcp_config.json') return 'windsurf';
  if (base === 'settings.json' && parent === '.gemini') return 'gemini';
  if (base === 'mcp.json' && parent === '.cursor') return 'cursor';
  if (base === 'mcp.json' && (parent === '.vscode' || parent === 'user')) return 'vscode';
  return /^\s*(?:\/\/[^\n]*\n\s*|\/\*[\s\S]*?\*\/\s*)*\{\s*(?:\/\/[^\n]*\n\s*)*"servers"\s*:/.test(text)
    ? 'vscode'
    : 'file';
}
