/**
 * The playground's tool picker (issue 49): the tools whose name, title or description hold every word
 * typed (any case), in listing order; and each tool's line in the picker: its rank in the listing's
 * risk order and its worst flag (both from the server's analysis, lib/server/playground/surface.ts).
 */
import type { PlaygroundSurface } from '@/lib/core/playground/schema';

type Tool = PlaygroundSurface['tools'][number];

export function filterTools(tools: readonly Tool[], query: string): Tool[] {
  const words = query
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '');
  if (words.length === 0) return [...tools];
  return tools.filter((tool) => {
    const text = `${tool.name} ${tool.title ?? ''} ${tool.description ?? ''}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** "#1 get-env (Get env) · high: exposes-secrets": an option's text. */
export function toolLine(tool: Tool): string {
  const rank = tool.rank === undefined ? '' : `#${String(tool.rank)} `;
  const title = tool.title === undefined ? '' : ` (${tool.title})`;
  const flag = tool.topFlag === undefined ? '' : ` · ${tool.topFlag.severity}: ${tool.topFlag.id}`;
  return `${rank}${tool.name}${title}${flag}`;
}
